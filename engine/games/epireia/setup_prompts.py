"""Set-up questions: the City and Administrator drafts, the secret starting figure, and the solo
game's scenario, City and League.

Choice ids: ``city:athens``, ``adm:archon``, ``fig:pericles``, ``scn:<scenario>``,
``lg:delian``.
"""

from __future__ import annotations

from engine.core.errors import IllegalChoice
from engine.core.game import Choice, choice
from engine.games.epireia import catalog
from engine.games.epireia.board import CITIES, CITY_IDS
from engine.games.epireia.flow import PromptState, city_name, end, prompt_state
from engine.games.epireia.solo import place_enemy, prepare_solo_scenario
from engine.games.epireia.state import EpireiaState, Frame


def taken_cities(state: EpireiaState) -> set[str]:
    return {s.city for s in state.seats.values() if s.city}


def figure_choice(state: EpireiaState, figure: str, group: str) -> Choice:
    return choice(id=f"fig:{figure}", label=catalog.figure_name(figure), group=group,
                  detail=catalog.figure_text(figure, state.options.revision))


@prompt_state
class DraftCity(PromptState):
    name = "draft_city"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        taken = taken_cities(state)
        choices = [choice(id=f"city:{c}", label=CITIES[c].name, group="Cities")
                   for c in CITY_IDS if c not in taken]
        league = state.seats[frame.role].league.title()
        return f"Choose your City ({league} League).", choices

    def on_city(self, state: EpireiaState, frame: Frame, city: str) -> None:
        state.seats[frame.role].city = city
        del state.greek_cities[city]
        league = state.seats[frame.role].league.title()
        number = frame.role.rsplit("-", 1)[-1]
        members = state.league_roles(state.seats[frame.role].league)
        who = f"{league} player {number}" if len(members) > 1 else f"The {league} player"
        state.say(f"{who} chooses {CITIES[city].name} for the {league} League.",
                  role=frame.role)
        end(state, frame)


@prompt_state
class DraftAdministrator(PromptState):
    name = "draft_admin"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        taken = {s.administrator for s in state.seats.values()}
        choices = [choice(id=f"adm:{a}", label=catalog.administrator_name(a),
                          group="Administrators", detail=catalog.administrator_text(a))
                   for a in catalog.administrator_ids() if a not in taken]
        return "Choose your Administrator.", choices

    def on_adm(self, state: EpireiaState, frame: Frame, admin: str) -> None:
        state.seats[frame.role].administrator = admin
        state.say(f"{city_name(state, frame.role)} takes the "
                  f"{catalog.administrator_name(admin)}.", role=frame.role)
        end(state, frame)


@prompt_state
class ChooseStartingFigure(PromptState):
    """Every player at once, in secret; the figures are revealed together (phases.py)."""

    name = "choose_figure"
    simultaneous = True
    secret = "Choosing a starting Influential Figure in secret."

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        city = state.seats[frame.role].city
        choices = [figure_choice(state, f, "Influential Figures") for f in catalog.figures_of(city)]
        secret = "" if state.is_solo else " in secret (revealed when everyone has chosen)"
        return f"Choose your starting Influential Figure{secret}.", choices

    def on_fig(self, state: EpireiaState, frame: Frame, figure: str) -> None:
        state.seats[frame.role].figure_choice = figure
        state.say(f"{city_name(state, frame.role)} has chosen a starting figure.",
                  role=frame.role)
        state.say(f"You chose {catalog.figure_name(figure)}.", role=frame.role,
                  visible_to=[frame.role])
        end(state, frame)


def solo_scenario_fits(state: EpireiaState, scenario_id: str) -> bool:
    """A scenario fits the City already chosen (the ``solo_city`` option) unless that City is
    one of its enemies; a scenario that names the player's City replaces the choice."""
    scenario = catalog.solo_scenario(scenario_id)
    city = state.seats["solo"].city
    return bool(scenario.city) or not city or city not in scenario.enemy_cities


@prompt_state
class SoloScenario(PromptState):
    name = "solo_scenario"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        choices = []
        for s in catalog.solo_scenario_ids():
            if not solo_scenario_fits(state, s):
                continue  # the chosen City is its enemy: the player cannot lead it
            scenario = catalog.solo_scenario(s)
            city = f", City: {CITIES[scenario.city].name}" if scenario.city else ""
            choices.append(choice(id=f"scn:{s}", label=scenario.name, group="Solo scenarios",
                                  detail=f"{scenario.rounds} rounds{city}"))
        return "Choose the solo scenario to play.", choices

    def on_scn(self, state: EpireiaState, frame: Frame, scenario: str) -> None:
        if not solo_scenario_fits(state, scenario):  # pragma: no cover - not offered
            raise IllegalChoice("Your City is the enemy in that scenario.")
        prepare_solo_scenario(state, scenario)
        place_enemy(state)
        end(state, frame)


@prompt_state
class SoloCity(PromptState):
    name = "solo_city"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        enemies = set(state.solo.enemy_cities)
        choices = [choice(id=f"city:{c}", label=CITIES[c].name, group="Cities")
                   for c in CITY_IDS if c not in enemies]
        return "Choose your City.", choices

    def on_city(self, state: EpireiaState, frame: Frame, city: str) -> None:
        seat = state.seats["solo"]
        seat.city = city
        seat.league = catalog.city_league(city)
        state.say(f"You lead {CITIES[city].name}.", role="solo")
        end(state, frame)


@prompt_state
class SoloLeague(PromptState):
    name = "solo_league"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        return "Choose the League your City joins.", [
            choice(id="lg:delian", label="Delian League", group="Leagues"),
            choice(id="lg:peloponnesian", label="Peloponnesian League", group="Leagues"),
        ]

    def on_lg(self, state: EpireiaState, frame: Frame, league: str) -> None:
        state.seats["solo"].league = league
        state.say(f"{city_name(state, 'solo')} joins the "
                  f"{state.seats['solo'].league.title()} League.", role="solo")
        end(state, frame)
