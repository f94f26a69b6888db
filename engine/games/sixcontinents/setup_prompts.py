"""Set-up questions: each colour chooses a capital (Game Start 2), and a player who lost his
seat chooses a temporary capital (Capital). Choice ids: ``continent:<id>``,
``province:<id>``, ``seat:<id>``."""

from __future__ import annotations

from engine.core.flow import Frame, PromptState
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.board import CONTINENT_OF, CONTINENTS, PROVINCES, capitals_allowed
from engine.games.sixcontinents.content import REALM
from engine.games.sixcontinents.flow import FLOW, colour, place
from engine.games.sixcontinents.realm import held
from engine.games.sixcontinents.state import SixState


def capital_sites(state: SixState) -> list[str]:
    """Provinces still open for a capital: at least 2 spaces from every capital chosen."""
    chosen = [r.capital for r in state.realms.values() if r.capital]
    return [p for p in PROVINCES
            if capitals_allowed(chosen, p, REALM.start.capital_min_distance)]


def place_capital(state: SixState, role: str, province: str) -> None:
    realm = state.realms[role]
    realm.capital = realm.seat = province
    state.provinces[province].owner = role
    state.say(f"{colour(role)} chooses {place(province)} as capital.", role=role)


@FLOW.state
class ChooseCapital(StepAction[SixState]):
    """Game Start 2: a continent, then a province of it."""

    name = "capital"
    steps = ("continent", "province")
    cancel = ""

    def ask_continent(self, state: SixState, frame: Frame,
                      picked: dict[str, str]) -> tuple[str, list[Choice]]:
        sites = capital_sites(state)
        choices = []
        for cid, continent in CONTINENTS.items():
            count = sum(1 for p in sites if CONTINENT_OF[p] == cid)
            if count:
                choices.append(choice(f"continent:{cid}", f"{continent.name} ({count} open)",
                                      group="Continent"))
        taken = [r.capital for r in state.realms.values() if r.capital]
        note = (" Capitals already chosen: " + ", ".join(place(p) for p in taken) + "."
                if taken else "")
        return (f"{colour(frame.role)}: choose your capital, at least "
                f"{REALM.start.capital_min_distance} spaces from any other.{note} "
                "First the continent:", choices)

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        continent = picked["continent"]
        choices = [choice(f"province:{p}", place(p), group=CONTINENTS[continent].name,
                          detail="coastal" if PROVINCES[p].coastal else "inland")
                   for p in capital_sites(state) if CONTINENT_OF[p] == continent]
        return f"{colour(frame.role)}: your capital in {CONTINENTS[continent].name}?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        place_capital(state, frame.role, picked["province"])


@FLOW.state
class ChooseSeat(PromptState[SixState]):
    """Capital: after losing the capital, a temporary one is chosen among one's provinces."""

    name = "seat"

    def prompt(self, state: SixState, frame: Frame) -> tuple[str, list[Choice]]:
        choices = [choice(f"seat:{p}", place(p), group=CONTINENTS[CONTINENT_OF[p]].name)
                   for p in held(state, frame.role)]
        return (f"{colour(frame.role)}: your capital is lost. Choose a temporary capital "
                "(recruits cost 1 more per soldier there).", choices)

    def on_seat(self, state: SixState, frame: Frame, province: str) -> None:
        if province not in held(state, frame.role):
            raise ValueError(f"{frame.role} does not hold {province}")
        state.realms[frame.role].seat = province
        state.say(f"{colour(frame.role)} makes {place(province)} a temporary capital.",
                  role=frame.role)
        FLOW.end(state, frame)
