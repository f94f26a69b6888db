"""Read-only look-ups the rules make in the content (content.py) and the map (board.py)."""

from __future__ import annotations

from functools import cache

from engine.games.epireia.board import CITIES, token_label
from engine.games.epireia.content import CONTENT, Figure, Scenario, SoloScenario


@cache
def figures_of(city: str) -> tuple[str, ...]:
    return tuple(f.id for f in CONTENT.figures_of(city))


@cache
def figure_card(figure: str, revision: int) -> Figure:
    """The figure's card as games of rules ``revision`` read it (revision 3 changed two
    attacks: ``before`` in figures.toml)."""
    return CONTENT.figures[figure].under(revision)


def figure_name(figure: str) -> str:
    return CONTENT.figures[figure].name


def figure_city(figure: str) -> str:
    return CONTENT.figures[figure].city


def figure_text(figure: str, revision: int) -> str:
    card = figure_card(figure, revision)
    sea = ", sea" if card.sea else ""
    return f"attack {card.attack}{sea}. {card.ability}"[:100]


@cache
def building_ids() -> tuple[str, ...]:
    return tuple(CONTENT.buildings)


def building_name(building: str) -> str:
    return CONTENT.buildings[building].name


def building_text(building: str) -> str:
    return CONTENT.buildings[building].text[:100]


def building_family(building: str) -> str:
    return CONTENT.buildings[building].family


@cache
def administrator_ids() -> tuple[str, ...]:
    return tuple(CONTENT.administrators)


def administrator_name(admin: str) -> str:
    return CONTENT.administrators[admin].name if admin else ""


def administrator_text(admin: str) -> str:
    return CONTENT.administrators[admin].text[:100]


@cache
def token_kinds() -> tuple[str, ...]:
    return tuple(CONTENT.tokens)


def token_count(kind: str) -> int:
    return CONTENT.tokens[kind].count


def token_name(kind: str) -> str:
    return token_label(kind)


@cache
def slot_units(front: str, row: int) -> tuple[str, ...]:
    return tuple(CONTENT.slot_accepts(front, row))


@cache
def scenario_ids(act: int) -> tuple[str, ...]:
    return tuple(sorted(s.id for s in CONTENT.scenarios_of_act(act)))


@cache
def scenario_card(card: str, revision: int) -> Scenario:
    """The scenario card as games of rules ``revision`` read it (revision 2 redated one)."""
    scenario = CONTENT.scenarios[card]
    old = scenario.revision_1
    if revision >= 2 or old is None:
        return scenario
    objective = scenario.objective.model_copy(
        update={"text": old.objective or scenario.objective.text})
    return scenario.model_copy(update={"name": old.name or scenario.name,
                                       "story": old.story or scenario.story,
                                       "objective": objective})


def scenario_name(card: str, revision: int) -> str:
    return scenario_card(card, revision).name


def scenario_summary(card: str, revision: int) -> str:
    scenario = scenario_card(card, revision)
    text = (f"Objective: {scenario.objective.text} Reward: a {token_label(scenario.reward)} "
            "token.")
    if scenario.constraint_text:
        text += f" Constraint: {scenario.constraint_text}"
    return text


def solo_scenario_ids() -> tuple[str, ...]:
    return tuple(CONTENT.solo)


def solo_scenario(scenario: str) -> SoloScenario:
    return CONTENT.solo[scenario]


@cache
def augur_ids() -> tuple[str, ...]:
    """The Augur cards (a tuple: callers copy it before shuffling)."""
    return tuple(sorted(CONTENT.augur))


def augur_name(card: str) -> str:
    return CONTENT.augur[card].name


def augur_text(card: str) -> str:
    return CONTENT.augur[card].text


def prestige_max() -> int:
    return CONTENT.prestige.max


def city_league(city: str) -> str:
    """The league a City must join in solo ("" when free)."""
    return CITIES[city].league
