"""The Resolution phase, with the rule book's worked examples."""

from engine.games.epireia import GAME
from engine.games.epireia.resolution import (
    brigand_threshold,
    collect_resources,
    resolve_empires,
    resolve_greek_cities,
    resolve_territories,
)
from engine.games.epireia.state import BRIGANDS, HOME
from tests.games.epireia.helpers import clear_figures, place, script, set_up, solo_game


def test_persia_example_heliodorus_cancels_the_crowding_penalty() -> None:
    """Heliodorus of Larissa and Themistocles of Athens at Persia: 9+ is needed, but
    Heliodorus' +2 with Empires cancels the penalty (rules, Resolution 1)."""
    state = set_up(4)
    clear_figures(state)
    place(state, "heliodorus", "peloponnesian-2", "persia")  # Larissa
    place(state, "themistocles", "delian-1", "persia")  # Athens
    before_larissa = dict(state.seats["peloponnesian-2"].resources)
    before_athens = dict(state.seats["delian-1"].resources)
    script(state, 7, 8)  # Peloponnesians roll first: Heliodorus 7 (+2 = 9), Themistocles 8
    resolve_empires(state)
    assert state.seats["peloponnesian-2"].resources["copper"] == before_larissa["copper"] + 2
    assert state.seats["peloponnesian-2"].prestige == 2
    assert state.seats["delian-1"].resources == before_athens  # 8 < 9: refused
    assert state.figures["heliodorus"].location == HOME
    assert state.figures["themistocles"].location == HOME


def test_an_empire_reward_line_names_only_what_was_received() -> None:
    """Syracuse gives 1 Wheat and a Triremes I token; with the pile empty the token is lost and
    the line says so, instead of "receives 1 Wheat, Triremes I token"."""
    state = set_up(2)
    clear_figures(state)
    state.supply["triremes-1"] = 0
    place(state, "themistocles", "delian-1", "syracuse")
    script(state, 12)
    resolve_empires(state)
    assert state.leagues["delian"].reserve == []
    texts = [e.text for e in state.log[-2:]]
    assert texts == ["No Triremes I token is left in the supply.",
                     "Athens receives 1 Wheat from Syracuse."]


def test_a_lone_figure_needs_the_empires_number() -> None:
    state = set_up(2)
    clear_figures(state)
    place(state, "themistocles", "delian-1", "macedonia")
    script(state, 4)
    resolve_empires(state)
    assert state.seats["delian-1"].resources["wood"] == 2  # 4 < 5
    place(state, "themistocles", "delian-1", "macedonia")
    script(state, 5)
    resolve_empires(state)
    assert state.seats["delian-1"].resources["wood"] == 4  # Macedonia: 2 Wood


def test_cleisthenes_and_pericles_conflict_example() -> None:
    """Cleisthenes (2) and Pericles (3) against Brasidas (2): rolls 4 and 5 make 9 against 7."""
    state = set_up(2)
    clear_figures(state)
    place(state, "cleisthenes", "delian-1", "epirus")
    place(state, "pericles", "delian-1", "epirus")
    place(state, "brasidas", "peloponnesian-1", "epirus")
    script(state, 5, 4)  # the Peloponnesian League rolls first
    resolve_territories(state)
    assert state.territories["epirus"] == "delian-1"
    assert state.figures["brasidas"].location == HOME
    assert state.figures["pericles"].location == "epirus"  # the winners remain
    assert state.seats["delian-1"].resources["wood"] == 2 + 2  # Epirus' tax, once
    assert state.seats["delian-1"].trade_posts == 2
    assert any("9" in e.text and "Conflict" in e.text for e in state.log)
    lines = [e.text for e in state.log if e.text.startswith("Conflict at")]
    assert lines == [  # one figure "rolls", several "roll"
        "Conflict at Epirus: Brasidas (Sparta) rolls 5 + 2 = 7.",
        "Conflict at Epirus: Cleisthenes (Athens), Pericles (Athens) roll 4 + 5 = 9."]


def test_a_tie_sends_every_figure_home() -> None:
    state = set_up(2)
    clear_figures(state)
    place(state, "cleisthenes", "delian-1", "euboea")
    place(state, "brasidas", "peloponnesian-1", "euboea")
    script(state, 6, 6)
    resolve_territories(state)
    assert state.territories["euboea"] == ""
    assert state.figures["cleisthenes"].location == HOME
    assert state.figures["brasidas"].location == HOME


def test_brigand_thresholds() -> None:
    assert [brigand_threshold(a) for a in range(1, 8)] == [7, 7, 5, 5, 3, 3, 3]


def test_brigands_example_cleisthenes_and_pericles_need_three() -> None:
    state = set_up(2)
    clear_figures(state)
    state.territories["illyria"] = BRIGANDS
    place(state, "cleisthenes", "delian-1", "illyria")
    place(state, "pericles", "delian-1", "illyria")
    script(state, 2)
    resolve_territories(state)
    assert state.territories["illyria"] == BRIGANDS
    assert state.figures["pericles"].location == HOME
    place(state, "cleisthenes", "delian-1", "illyria")
    place(state, "pericles", "delian-1", "illyria")
    script(state, 3)
    resolve_territories(state)
    assert state.territories["illyria"] == "delian-1"


def test_a_lone_weak_figure_needs_seven_against_brigands() -> None:
    state = set_up(2)
    clear_figures(state)
    state.territories["euboea"] = BRIGANDS
    place(state, "cleisthenes", "delian-1", "euboea")  # attack 2
    script(state, 6)
    resolve_territories(state)
    assert state.territories["euboea"] == BRIGANDS


def test_an_unprotected_territory_is_reclaimed_and_the_city_token_returns() -> None:
    state = set_up(2)
    clear_figures(state)
    state.territories["ionia"] = "peloponnesian-1"
    state.seats["peloponnesian-1"].trade_posts = 2
    place(state, "cleisthenes", "delian-1", "ionia")
    resolve_territories(state)
    assert state.territories["ionia"] == "delian-1"
    assert state.seats["peloponnesian-1"].trade_posts == 3
    assert not GAME.invariants(state)


def test_a_protected_territory_means_a_conflict() -> None:
    state = set_up(2)
    clear_figures(state)
    state.territories["ionia"] = "peloponnesian-1"
    state.seats["peloponnesian-1"].trade_posts = 2
    place(state, "brasidas", "peloponnesian-1", "ionia")
    place(state, "cleisthenes", "delian-1", "ionia")
    script(state, 9, 3)
    resolve_territories(state)
    assert state.territories["ionia"] == "peloponnesian-1"
    assert state.figures["cleisthenes"].location == HOME


def test_an_ally_cannot_subjugate_a_league_territory() -> None:
    state = set_up(3)
    clear_figures(state)
    state.territories["aeolis"] = "delian-1"
    state.seats["delian-1"].trade_posts = 2
    place(state, "timoleon", "delian-2", "aeolis")
    resolve_territories(state)
    assert state.territories["aeolis"] == "delian-1"
    assert state.seats["delian-2"].trade_posts == 3


def test_integration_of_a_greek_city_and_its_reclaiming() -> None:
    state = set_up(2)  # Athens and Sparta played: Corinth, Delphi, Elis, Larissa neutral
    clear_figures(state)
    place(state, "pericles", "delian-1", "corinth")
    script(state, 7)
    resolve_greek_cities(state)
    assert state.greek_cities["corinth"] == "delian"
    assert state.leagues["delian"].allied == ["corinth"]
    assert state.seats["delian-1"].resources["copper"] == 3
    assert state.figures["pericles"].location == HOME
    place(state, "brasidas", "peloponnesian-1", "corinth")
    script(state, 5)  # +2 Brasidas' integration ability = 7
    resolve_greek_cities(state)
    assert state.greek_cities["corinth"] == "peloponnesian"
    assert state.leagues["delian"].allied == []
    assert state.leagues["peloponnesian"].allied == ["corinth"]


def test_integration_fails_below_seven_and_follows_the_rules_order() -> None:
    state = set_up(2)
    clear_figures(state)
    place(state, "pericles", "delian-1", "larissa")
    place(state, "cleisthenes", "delian-1", "elis")
    script(state, 6, 6)
    resolve_greek_cities(state)
    assert state.greek_cities["larissa"] == "" and state.greek_cities["elis"] == ""
    asks = [e.text for e in state.log if "asks" in e.text]
    assert "Elis" in asks[-2] and "Larissa" in asks[-1]  # Elis before Larissa


def test_collection_gives_one_of_each_plus_civil_buildings() -> None:
    state = set_up(2)
    state.seats["delian-1"].buildings.append("granary")
    collect_resources(state)
    assert state.seats["delian-1"].resources == {"wheat": 4, "wood": 3, "copper": 3}
    assert state.seats["peloponnesian-1"].resources == {"wheat": 3, "wood": 3, "copper": 3}


def test_the_collection_line_says_what_arrives() -> None:
    """It read "collects 1 Wheat, 1 Wood, 1 Copper and +-1 Wheat" under a Drought."""
    state = set_up(2)
    state.seats["delian-1"].buildings.append("granary")
    state.effects["turn:*:income:wheat::::"] = -1  # Drought
    state.effects["turn:*:income:copper::::"] = 1  # not a real card: two changes at once
    collect_resources(state)
    lines = [e.text for e in state.log[-2:]]
    assert lines == ["Athens collects 1 Wheat, 1 Wood, 2 Copper (1 of each, +1 Copper).",
                     "Sparta collects 0 Wheat, 1 Wood, 2 Copper (1 of each, -1 Wheat, +1 Copper)."]


def test_allied_figures_make_one_roll_and_the_strongest_city_takes_the_territory() -> None:
    state = set_up(4)
    clear_figures(state)
    place(state, "cleisthenes", "delian-1", "chalkidiki")  # Athens, attack 2
    place(state, "pericles", "delian-1", "chalkidiki")  # Athens, attack 3
    place(state, "timoleon", "delian-2", "chalkidiki")  # Corinth
    place(state, "brasidas", "peloponnesian-1", "chalkidiki")
    script(state, 1, 12)  # Peloponnesians 1 + 2 = 3; Delians 12 + 2 + 3 + 2 = 19
    resolve_territories(state)
    conflict_rolls = [e for e in state.log if e.text.startswith("Conflict at Chalkidiki")]
    assert len(conflict_rolls) == 2  # one roll per league
    assert conflict_rolls[1].text.endswith("= 19.")
    assert state.territories["chalkidiki"] == "delian-1"  # Athens has the most attack there
    assert state.figures["timoleon"].location == "chalkidiki"
    assert state.seats["delian-2"].trade_posts == 3
    clear_figures(state)
    place(state, "cleisthenes", "delian-1", "aeolis")
    place(state, "timoleon", "delian-2", "aeolis")
    resolve_territories(state)
    assert state.territories["aeolis"] == "delian-1"  # 2 against 2: the first seat, Athens


def test_a_greek_city_contested_by_both_leagues_is_a_conflict_first() -> None:
    state = set_up(2)
    clear_figures(state)
    place(state, "pericles", "delian-1", "elis")
    place(state, "brasidas", "peloponnesian-1", "elis")
    script(state, 1, 6, 7)  # Brasidas 1 + 2 = 3; Pericles 6 + 3 = 9; then Pericles rolls 7
    resolve_greek_cities(state)
    assert state.greek_cities["elis"] == "delian"
    assert state.figures["pericles"].location == HOME
    assert state.figures["brasidas"].location == HOME


def test_solo_enemy_figures_fight_for_the_opposing_league() -> None:
    state = solo_game()  # Athens (Delian) against Sparta and Corinth
    for figure in state.seats["solo"].figure_cards:
        state.figures[figure].location = "ionia"
    state.figures["brasidas"].location = "ionia"
    state.figures["timoleon"].location = "illyria"
    script(state, 12, 1)
    resolve_territories(state)
    assert state.territories["ionia"] == "enemy"
    assert state.territories["illyria"] == "enemy"
    assert all(state.figures[f].location == HOME for f in state.seats["solo"].figure_cards)
    assert not GAME.invariants(state)


def test_the_tax_is_paid_once_per_taking_even_when_the_figure_stays() -> None:
    """'This tax is only collected when the Territory is taken': a figure that stays on its
    Territory round after round brings its tax once."""
    state = set_up(2)
    clear_figures(state)
    place(state, "pericles", "delian-1", "epirus")
    for _ in range(3):
        resolve_territories(state)
    assert state.territories["epirus"] == "delian-1"
    assert state.seats["delian-1"].resources["wood"] == 2 + 2


def test_a_city_with_no_city_token_left_takes_nothing_and_collects_no_tax() -> None:
    """Taking is placing a City token: without one the Territory stays free and pays nothing,
    however many rounds the figure stays there (decision 10)."""
    state = set_up(2)
    clear_figures(state)
    for territory in ("illyria", "euboea", "ionia"):
        state.territories[territory] = "delian-1"
    state.seats["delian-1"].trade_posts = 0
    place(state, "pericles", "delian-1", "epirus")
    for _ in range(3):
        resolve_territories(state)
    assert state.territories["epirus"] == ""
    assert state.figures["pericles"].location == "epirus"
    assert state.seats["delian-1"].resources["wood"] == 2
    assert not GAME.invariants(state)


def test_a_city_without_a_token_still_drives_the_other_league_out() -> None:
    state = set_up(2)
    clear_figures(state)
    for territory in ("illyria", "euboea", "epirus"):
        state.territories[territory] = "delian-1"
    state.seats["delian-1"].trade_posts = 0
    state.territories["ionia"] = "peloponnesian-1"
    state.seats["peloponnesian-1"].trade_posts = 2
    place(state, "pericles", "delian-1", "ionia")
    resolve_territories(state)
    assert state.territories["ionia"] == ""
    assert state.seats["peloponnesian-1"].trade_posts == 3
    assert state.seats["delian-1"].resources["copper"] == 2  # no tax
    assert not GAME.invariants(state)


def test_the_allied_city_with_a_token_left_takes_the_territory() -> None:
    state = set_up(3)
    clear_figures(state)
    for territory in ("illyria", "euboea", "ionia"):
        state.territories[territory] = "delian-1"
    state.seats["delian-1"].trade_posts = 0
    place(state, "pericles", "delian-1", "epirus")  # Athens, attack 3, no token
    place(state, "timoleon", "delian-2", "epirus")  # Corinth, attack 2
    resolve_territories(state)
    assert state.territories["epirus"] == "delian-2"
    assert state.seats["delian-2"].resources["wood"] == 2 + 2
    assert not GAME.invariants(state)
