"""Development, diplomacy and the order of play; scenarios and their Acts."""

import pytest

from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.runner import act
from engine.games.epireia import GAME, abilities
from engine.games.epireia.battle import league_figures
from engine.games.epireia.diplomacy import destinations
from engine.games.epireia.phases import end_round
from engine.games.epireia.resolution import resolve_territories
from engine.games.epireia.scenarios import check_objectives
from engine.games.epireia.state import HOME, EpireiaState
from tests.games.epireia.helpers import choose, clear_figures, new_game, place, script, set_up


def ids(state: EpireiaState, role: str) -> list[str]:
    return [c.id for c in GAME.prompts(state)[role].choices]


def test_development_order_delians_first_two_actions_each() -> None:
    state = set_up(4)
    assert list(GAME.prompts(state)) == ["delian-1"]
    choose(state, "delian-1", "don:wheat")
    choose(state, "delian-1", "amt:2")
    assert list(GAME.prompts(state)) == ["delian-1"]
    choose(state, "delian-1", "don:wood")
    choose(state, "delian-1", "amt:2")
    assert list(GAME.prompts(state)) == ["delian-2"]
    choose(state, "delian-2", "done")
    assert list(GAME.prompts(state)) == ["peloponnesian-1"]
    choose(state, "peloponnesian-1", "done")
    choose(state, "peloponnesian-2", "done")
    assert state.phase == "diplomacy"
    assert list(GAME.prompts(state)) == ["peloponnesian-1"]  # Peloponnesians move first


def test_donation_two_to_eight_of_one_resource_for_one_prestige() -> None:
    state = set_up(2)
    options = [i for i in ids(state, "delian-1") if i.startswith("don:")]
    assert options == ["don:wheat", "don:wood", "don:copper"]
    turn = state.turn
    choose(state, "delian-1", "don:copper")
    assert ids(state, "delian-1") == ["amt:2", "back"]
    choose(state, "delian-1", "amt:2")
    assert state.seats["delian-1"].resources["copper"] == 0
    assert state.leagues["delian"].treasury["copper"] == 2
    assert state.seats["delian-1"].prestige == 2
    assert state.turn == turn
    assert state.seats["delian-1"].actions_left == 1
    with pytest.raises(IllegalChoice):
        choose(state, "delian-1", "don:copper")  # no Copper left to give
    state.seats["delian-1"].resources["wheat"] = 12
    choose(state, "delian-1", "don:wheat")
    amounts = ids(state, "delian-1")
    assert amounts[0] == "amt:2" and amounts[-2] == "amt:8" and "amt:9" not in amounts
    choose(state, "delian-1", "back")
    assert "don:wheat" in ids(state, "delian-1")


def test_the_development_menu_says_what_a_player_can_really_do() -> None:
    """A player reads true labels: the donation range is what they hold (2 to 5, not "2 to 8"),
    the Trapezites says how much of "up to 3" is in the treasury, and using the Administrator
    is told once (it was told twice: "uses the Merchant's ability", "uses the Merchant: ...")."""
    state = set_up(2)
    seat = state.seats["delian-1"]
    seat.resources = {"wheat": 5, "wood": 2, "copper": 12}
    labels = {c.id: c.label for c in GAME.prompts(state)["delian-1"].choices}
    assert labels["don:wheat"] == "Donate Wheat (2 to 5)"
    assert labels["don:wood"] == "Donate Wood (2)"
    assert labels["don:copper"] == "Donate Copper (2 to 8)"
    seat.administrator = "trapezites"
    seat.buildings.append("archeion")
    state.leagues["delian"].treasury["wood"] = 2
    labels = {c.id: c.label for c in GAME.prompts(state)["delian-1"].choices}
    assert labels["use:wood"] == "Trapezites: Take up to 3 Wood from the league treasury (2 there)"
    before = len(state.log)
    choose(state, "delian-1", "use:wood")
    told = [e.text for e in state.log[before:] if "Trapezites" in e.text and "use" in e.text]
    assert told == ["Athens uses the Trapezites: Take up to 3 Wood from the league treasury."]
    assert seat.resources["wood"] == 4


def test_construct_pays_once_and_each_building_only_once() -> None:
    state = set_up(2)
    seat = state.seats["delian-1"]
    seat.resources = {"wheat": 9, "wood": 9, "copper": 9}
    clear_figures(state)  # no Pericles discount here
    choose(state, "delian-1", "build:granary")
    assert "granary" in seat.buildings
    assert seat.resources == {"wheat": 9, "wood": 7, "copper": 8}
    assert "build:granary" not in ids(state, "delian-1")


def test_produce_tokens_level_two_needs_the_military_building_and_supply_limits() -> None:
    state = set_up(2)
    seat = state.seats["delian-1"]
    seat.resources = {"wheat": 9, "wood": 9, "copper": 9}
    options = ids(state, "delian-1")
    assert "make:hoplites-1" in options and "make:hoplites-2" not in options
    supply = state.supply["hoplites-1"]
    choose(state, "delian-1", "make:hoplites-1")
    assert state.supply["hoplites-1"] == supply - 1
    assert state.leagues["delian"].reserve == ["hoplites-1"]
    state.supply["triremes-1"] = 0
    assert "make:triremes-1" not in ids(state, "delian-1")


def reach_diplomacy(state: EpireiaState) -> None:
    while state.phase == "development":
        role = next(iter(GAME.prompts(state)))
        choose(state, role, "done")


def test_moves_respect_sea_and_per_city_limits() -> None:
    state = set_up(2)
    clear_figures(state)
    place(state, "cleisthenes", "delian-1", HOME)  # no sea ability
    place(state, "pericles", "delian-1", HOME)  # sea ability
    place(state, "brasidas", "peloponnesian-1", HOME)
    reach_diplomacy(state)
    choose(state, "peloponnesian-1", "mv:brasidas")
    choose(state, "peloponnesian-1", "to:persia")
    assert state.figures["brasidas"].location == "persia"
    assert list(GAME.prompts(state)) == ["delian-1"]
    choose(state, "delian-1", "mv:cleisthenes")
    where = ids(state, "delian-1")
    assert "to:egypt" not in where and "to:aigaio-pelagos" not in where  # sea only
    assert "to:persia" in where and "to:corinth" in where
    choose(state, "delian-1", "to:persia")
    choose(state, "delian-1", "mv:pericles")
    where = ids(state, "delian-1")
    assert "to:persia" not in where  # one figure of a City per Empire
    assert "to:egypt" in where and "to:aigaio-pelagos" in where


def test_ending_a_turn_or_a_diplomacy_is_told_in_the_log() -> None:
    # A turn post with nothing in it left the channel guessing what the player did.
    state = set_up(2)
    role = next(iter(GAME.prompts(state)))
    choose(state, role, "done")
    assert "ends its turn with 2 actions unused" in state.log[-1].text
    reach_diplomacy(state)
    role = next(iter(GAME.prompts(state)))
    choose(state, role, "done")
    assert any(e.text.endswith("ends its diplomacy.") for e in state.log[-3:])


def test_one_figure_per_league_per_empire_with_three_players() -> None:
    state = set_up(3)
    clear_figures(state)
    place(state, "pericles", "delian-1", "egypt")
    place(state, "timoleon", "delian-2", HOME)

    assert "egypt" not in destinations(state, "delian-2", "timoleon")
    assert "epirus" in destinations(state, "delian-2", "timoleon")


def test_olympic_games_forbid_subjugating_neutral_cities() -> None:
    state = set_up(2)
    state.scenario.card = "olympic-games"
    clear_figures(state)
    place(state, "pericles", "delian-1", HOME)

    assert not any(d in destinations(state, "delian-1", "pericles")
                   for d in ("corinth", "delphi", "elis", "larissa"))


def test_objective_reward_next_act_next_round_and_act_three_ends_the_game() -> None:
    state = set_up(2)
    state.scenario.card = "long-walls"  # a City with 4 buildings
    seat = state.seats["delian-1"]
    seat.buildings += ["granary", "foundry", "timber-yard"]
    seat.resources = {"wheat": 9, "wood": 9, "copper": 9}
    choose(state, "delian-1", "build:temple")
    assert state.scenario.completed and state.scenario.winner == "delian-1"
    assert "hoplites-2" in state.leagues["delian"].reserve
    assert state.scenario.act == 1 and state.scenario.reveal_next
    reach_diplomacy(state)
    while state.phase == "diplomacy":
        role = next(iter(GAME.prompts(state)))
        choose(state, role, "done")
    assert state.round == 2 and state.scenario.act == 2 and not state.scenario.completed
    state.scenario.act = 3
    state.end_after_round = True
    end_round(state)
    assert state.phase == "battle"


def test_the_round_limit_brings_the_battle() -> None:
    state = set_up(2)
    state.round = state.options.round_limit
    end_round(state)
    assert state.phase == "battle"


def test_invalid_choices_change_nothing() -> None:
    state = set_up(2)
    before = state.model_dump_json()

    with pytest.raises(NotYourTurn):
        act(GAME, state, "peloponnesian-1", "done")
    with pytest.raises(IllegalChoice):
        act(GAME, state, "delian-1", "amt:9")
    assert state.model_dump_json() == before


def test_the_city_whose_action_meets_a_league_objective_is_credited() -> None:
    """Corinth (delian-2) builds the league's 4th building: Corinth meets the objective, not
    Athens, the league's first seat; the reward goes to the league's reserve."""
    state = set_up(3)
    state.scenario.card = "long-walls"
    corinth = state.seats["delian-2"]
    corinth.buildings += ["granary", "foundry", "timber-yard"]
    corinth.resources = {"wheat": 9, "wood": 9, "copper": 9}
    choose(state, "delian-1", "done")
    choose(state, "delian-2", "build:temple")
    assert state.scenario.completed and state.scenario.winner == "delian-2"
    assert state.scenario.winner_league == "delian"
    assert "hoplites-2" in state.leagues["delian"].reserve
    assert any(e.text == "Corinth meets the objective of The Walls of Themistocles and takes "
               "its reward." for e in state.log)
    assert GAME.view(state, None).scenario.winner == "delian-2"


def test_a_donation_that_fills_the_treasury_credits_the_donor() -> None:
    state = set_up(3)
    state.scenario.card = "delian-treasury"  # 12 resources in the league treasury
    state.leagues["delian"].treasury = {"wheat": 5, "wood": 5, "copper": 0}
    choose(state, "delian-1", "done")
    state.seats["delian-2"].resources["copper"] = 4
    choose(state, "delian-2", "don:copper")
    choose(state, "delian-2", "amt:2")
    assert state.scenario.winner == "delian-2"


def test_a_territory_taken_in_the_resolution_credits_its_taker() -> None:
    state = set_up(4)
    state.scenario.card = "potidaea"  # control 3 Territories
    clear_figures(state)
    state.territories["illyria"] = "peloponnesian-1"
    state.territories["ionia"] = "peloponnesian-1"
    state.seats["peloponnesian-1"].trade_posts = 1
    place(state, "heliodorus", "peloponnesian-2", "epirus")
    state.phase = "resolution"
    resolve_territories(state)
    assert state.territories["epirus"] == "peloponnesian-2"
    assert state.scenario.winner == "peloponnesian-2"  # Larissa took the third


def test_a_card_revealed_already_met_credits_the_league() -> None:
    state = set_up(3)
    state.scenario.card = "sybota"  # 8 military tokens in the reserve
    for _ in range(8):
        state.supply["hoplites-1"] -= 1
        state.leagues["peloponnesian"].reserve.append("hoplites-1")
    check_objectives(state)
    assert state.scenario.winner == "" and state.scenario.winner_league == "peloponnesian"
    assert any(e.text.startswith("The Peloponnesian League meets the objective")
               for e in state.log)


@pytest.mark.parametrize("players", [1, 2])
def test_prestige_15_in_the_last_round_s_resolution_brings_the_new_figure_to_the_battle(
    players: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Persia's Prestige takes Athens to 15 in the resolution of the last round: the new
    figure is chosen before the Great Battle (it used to be cleared with the stack)."""
    if players == 1:
        state = new_game(1, options={"solo_scenario": "first-peloponnesian-war"})
        while state.phase == "setup":
            choose(state, "solo", "fig:pericles" if "fig:pericles" in ids(state, "solo")
                   else ids(state, "solo")[0])
        role = "solo"
        state.round = state.solo.rounds
        monkeypatch.setattr(abilities, "solo_objectives_met", lambda state: True)
    else:
        state = set_up(2)
        role = "delian-1"
        state.round = state.options.round_limit
    seat = state.seats[role]
    seat.prestige = 14
    seat.bonuses_taken = [3, 5, 7, 9, 11, 13]
    for _ in range(2):
        state.supply["hoplites-1"] -= 1
        state.leagues[seat.league].reserve.append("hoplites-1")
    reach_diplomacy(state)
    while role not in GAME.prompts(state):
        choose(state, next(iter(GAME.prompts(state))), "done")
    choose(state, role, "mv:pericles")
    script(state, 12, 12, 12, 12)  # solo enemies to Syracuse; Pericles succeeds at Persia
    choose(state, role, "to:persia")  # his only figure moved: the resolution follows
    assert seat.prestige == 15 and state.phase == "resolution"
    assert state.stack[-1].name == "ability"
    offered = ids(state, role)
    assert "cimon" in offered
    choose(state, role, "cimon")
    assert state.phase == "battle"
    assert "cimon" in seat.figure_cards
    assert "cimon" in league_figures(state, seat.league)
    assert not GAME.invariants(state)


def test_a_card_both_leagues_already_meet_goes_to_the_league_further_past_it() -> None:
    """Nobody was first: the league further past the objective takes it, not seat order."""

    state = set_up(2)
    state.scenario.card = "sybota"  # 8 military tokens in the reserve
    for league, count in (("delian", 8), ("peloponnesian", 9)):
        for _ in range(count):
            state.supply["hoplites-1"] -= 1
            state.leagues[league].reserve.append("hoplites-1")
    check_objectives(state)
    assert state.scenario.winner_league == "peloponnesian"


def test_a_card_both_leagues_meet_equally_is_rolled_for() -> None:
    state = set_up(2)
    state.scenario.card = "sybota"
    for league in ("delian", "peloponnesian"):
        for _ in range(8):
            state.supply["hoplites-1"] -= 1
            state.leagues[league].reserve.append("hoplites-1")
    script(state, 5, 5, 3, 9)  # a tie, then the Peloponnesians roll higher
    check_objectives(state)
    assert state.scenario.winner_league == "peloponnesian"
    assert sum("Both leagues already meet the objective" in e.text for e in state.log) == 2
