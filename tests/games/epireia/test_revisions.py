"""Rules revisions 2 and 3 (docs "Rules revisions"): each changed rule, under every revision."""

from __future__ import annotations

import re

from engine.games.epireia import GAME, abilities, catalog
from engine.games.epireia.battle import battle_winner, start_battle
from engine.games.epireia.content import CONTENT
from engine.games.epireia.diplomacy import destinations
from engine.games.epireia.phases import end_round
from engine.games.epireia.resolution import (
    collect_resources,
    resolve_greek_cities,
    resolve_territories,
)
from engine.games.epireia.scenarios import check_objectives
from engine.games.epireia.state import HOME, EpireiaState
from tests.games.epireia.helpers import choose, clear_figures, new_game, place, script, set_up


def test_new_games_play_the_newest_revision() -> None:
    assert GAME.revision == 3
    assert set_up(2).options.revision == 3
    assert set_up(2, revision=2).options.revision == 2
    assert set_up(2, revision=1).options.revision == 1


def test_aleuas_fights_at_attack_3_from_revision_3() -> None:
    """Revision 3 (designed data, figures.toml ``before``): Aleuas, Larissa's horse-raiser,
    fights at attack 3 as first designed; games of revisions 1 and 2 keep his 2. Against
    Cleisthenes (2) with equal rolls he wins a Territory only in revision 3."""
    for revision, attack in ((1, 2), (2, 2), (3, 3)):
        state = set_up(2, revision=revision)
        clear_figures(state)
        place(state, "aleuas", "peloponnesian-1", "epirus")
        place(state, "cleisthenes", "delian-1", "epirus")
        script(state, 6, 6)  # the Peloponnesian League rolls first
        resolve_territories(state)
        assert abilities.figure_attack(state, "aleuas") == attack
        assert catalog.figure_text("aleuas", revision).startswith(f"attack {attack}.")
        [line] = [e.text for e in state.log if e.text.startswith("Conflict at Epirus: Aleuas")]
        assert line.endswith(f" rolls 6 + {attack} = {6 + attack}.")
        assert state.territories["epirus"] == ("peloponnesian-1" if attack == 3 else "")
    assert CONTENT.figures["aleuas"].attack == 3
    assert [catalog.figure_card("adeimantus", r).attack for r in (1, 2, 3)] == [2, 2, 1]
    assert all(card.under(3) == card for card in CONTENT.figures.values())  # newest as stored


def test_a_figure_may_go_to_a_greek_city_allied_to_its_league() -> None:
    """"A player can move an Influential Figure to a non-played Greek City": no allegiance
    limit. Revision 1 kept a league's figures off its own allies, so it could never defend
    one against a reclaim."""
    for revision, allowed in ((1, False), (2, True)):
        state = set_up(2, revision=revision)
        clear_figures(state)
        state.greek_cities["corinth"] = "delian"
        state.leagues["delian"].allied.append("corinth")
        place(state, "pericles", "delian-1", HOME)
        place(state, "brasidas", "peloponnesian-1", HOME)
        assert ("corinth" in destinations(state, "delian-1", "pericles")) is allowed
        assert "corinth" in destinations(state, "peloponnesian-1", "brasidas")


def test_a_defender_who_wins_the_conflict_keeps_the_allied_city() -> None:
    """Opposing figures on a Greek City "must first resolve this conflict": the defending
    league wins it, the reclaim never rolls, and the City stays allied."""
    state = set_up(2)
    clear_figures(state)
    state.greek_cities["corinth"] = "delian"
    state.leagues["delian"].allied.append("corinth")
    place(state, "pericles", "delian-1", "corinth")  # attack 3
    place(state, "brasidas", "peloponnesian-1", "corinth")  # attack 2
    copper = state.seats["peloponnesian-1"].resources["copper"]
    script(state, 6, 6)  # Peloponnesians 6 + 2 = 8, Delians 6 + 3 = 9; no third roll
    resolve_greek_cities(state)
    assert state.greek_cities["corinth"] == "delian"
    assert state.leagues["delian"].allied == ["corinth"]
    assert state.seats["peloponnesian-1"].resources["copper"] == copper
    assert state.figures["pericles"].location == HOME
    assert state.figures["brasidas"].location == HOME
    assert "Corinth stays with the Delian League." in [e.text for e in state.log]


def test_a_defender_who_loses_the_conflict_leaves_the_reclaim_to_its_roll() -> None:
    state = set_up(2)
    clear_figures(state)
    state.greek_cities["corinth"] = "delian"
    state.leagues["delian"].allied.append("corinth")
    place(state, "pericles", "delian-1", "corinth")
    place(state, "brasidas", "peloponnesian-1", "corinth")
    script(state, 9, 2, 5)  # 11 against 5: Brasidas then asks, 5 + 2 = 7
    resolve_greek_cities(state)
    assert state.greek_cities["corinth"] == "peloponnesian"
    assert state.leagues["peloponnesian"].allied == ["corinth"]


def turn_order(state: EpireiaState, phase: str) -> list[str]:
    """Who is asked, turn after turn, until ``phase`` ends (everyone ends at once)."""
    seen = []
    while state.phase == phase:
        role = next(iter(GAME.prompts(state)))
        seen.append(role)
        choose(state, role, "done")
    return seen


def test_with_four_players_diplomacy_mirrors_the_draft() -> None:
    """"The Peloponnesian League player starts": revision 2 plays P1, D1, D2, P2 (the draft's
    mirror), so that each league has a seat that sees the other league's moves; revision 1
    played both Peloponnesian seats before both Delian seats."""
    for revision, order in ((1, ["peloponnesian-1", "peloponnesian-2", "delian-1", "delian-2"]),
                            (2, ["peloponnesian-1", "delian-1", "delian-2", "peloponnesian-2"])):
        state = set_up(4, revision=revision)
        turn_order(state, "development")
        assert turn_order(state, "diplomacy") == order
    state = set_up(2)
    turn_order(state, "development")
    assert turn_order(state, "diplomacy") == ["peloponnesian-1", "delian-1"]


def test_with_three_players_the_lone_player_takes_a_turn_for_each_delian_turn() -> None:
    """"the two Delian League players start, one after the other, followed by the turns of the
    Peloponnesian League player"."""
    assert turn_order(set_up(3, revision=1), "development") == [
        "delian-1", "delian-2", "peloponnesian-1"]
    state = set_up(3)
    assert turn_order(state, "development") == [
        "delian-1", "delian-2", "peloponnesian-1", "peloponnesian-1"]
    assert turn_order(state, "diplomacy") == ["peloponnesian-1", "delian-1", "delian-2"]
    assert turn_order(set_up(4), "development") == [
        "delian-1", "delian-2", "peloponnesian-1", "peloponnesian-2"]


def tied_battle(revision: int) -> EpireiaState:
    state = set_up(3, revision=revision)
    start_battle(state)
    assert state.battle is not None
    state.battle.front_winners = {"flank": "delian", "centre": "peloponnesian", "maritime": ""}
    return state


def test_the_tie_break_compares_the_leagues_per_city() -> None:
    """"If both leagues have the same Prestige, the player with the most Copper wins": the
    leagues' Prestige, per City. Revision 1 took the single player with the most."""
    tied = {"delian": 1, "peloponnesian": 1}
    state = tied_battle(1)
    state.seats["delian-1"].prestige, state.seats["delian-2"].prestige = 6, 2
    state.seats["peloponnesian-1"].prestige = 5
    assert battle_winner(state, tied)[0] == "delian"  # 6 is the single highest
    state = tied_battle(2)
    state.seats["delian-1"].prestige, state.seats["delian-2"].prestige = 6, 2
    state.seats["peloponnesian-1"].prestige = 5
    winner, reason = battle_winner(state, tied)
    assert winner == "peloponnesian" and reason.endswith("the most Prestige per City")  # 5 > 4
    state.seats["peloponnesian-1"].prestige = 4
    for role, copper in (("delian-1", 9), ("delian-2", 0), ("peloponnesian-1", 5)):
        state.seats[role].resources["copper"] = copper
    assert battle_winner(state, tied)[0] == "peloponnesian"  # Copper: 5 against 4.5
    state.seats["peloponnesian-1"].resources["copper"] = 4
    assert battle_winner(state, tied)[0] == "delian"
    state.seats["delian-1"].resources["copper"] = 8
    assert battle_winner(state, tied)[0] == ""  # level: a draw


def test_the_olympic_games_count_the_leagues_prestige_per_city() -> None:
    """"Être la première ligue à posséder 8 de prestige par cité": revision 2 reads the league's
    Prestige, 8 for each of its Cities; revision 1 needed 8 in every City."""
    objective = CONTENT.scenarios["olympic-games"].objective
    for revision, met in ((1, False), (2, True)):
        state = set_up(4, revision=revision)
        state.seats["delian-1"].prestige, state.seats["delian-2"].prestige = 11, 5
        assert abilities.objective_holds(state, "delian-1", objective) is met
        state.seats["delian-1"].prestige = 10
        assert not abilities.objective_holds(state, "delian-1", objective)


def hegemony(revision: int) -> EpireiaState:
    state = new_game(1, options={"revision": revision, "solo_scenario": "hegemony"})
    while state.phase == "setup":
        choose(state, "solo", GAME.prompts(state)["solo"].choices[0].id)
    return state


def test_a_solo_objective_once_met_stays_completed() -> None:
    """"To win the game, you must successfully complete all the objectives": an objective met
    during the game is completed. Revision 1 judged them only after the last round, so a
    Territory lost in the last round lost the game."""
    for revision, battle in ((1, False), (2, True)):
        state = hegemony(revision)
        seat = state.seats["solo"]
        for territory in ("epirus", "illyria", "euboea"):
            state.territories[territory] = "solo"
        state.leagues[seat.league].reserve.extend(["hoplites-1"] * 8)
        seat.prestige = 7
        check_objectives(state)
        assert state.solo.completed == ([0, 1, 2] if revision == 2 else [])
        state.territories["epirus"] = "enemy"  # lost before the end
        state.round = state.solo.rounds
        end_round(state)
        assert (state.phase == "battle") is battle
        assert (state.result is None) is battle


def test_revision_1_states_do_not_name_the_completed_objectives() -> None:
    state = hegemony(1)
    assert "completed" not in state.model_dump(mode="json")["solo"]
    state = hegemony(2)
    state.solo.completed.append(0)
    assert state.model_dump(mode="json")["solo"]["completed"] == [0]


def test_the_acts_run_forward_in_time() -> None:
    """Act I is "the exposition", Act III "the unfortunate outcome": every dated card of an Act
    is no later than every dated card of the next. Revision 1's Act I card The Long Walls (461
    BC) came after the Act II cards of 476 and 464 BC."""
    def years(act: int, revision: int) -> list[int]:
        stories = [catalog.scenario_card(c, revision).story for c in catalog.scenario_ids(act)]
        return [int(m.group(1)) for s in stories if (m := re.match(r"(\d+) BC", s))]

    assert min(years(1, 1)) < max(years(2, 1))  # the defect, kept for revision-1 games
    for act in (1, 2):
        assert min(years(act, 2)) >= max(years(act + 1, 2)), act


def test_a_revision_1_game_reads_the_card_it_was_dealt() -> None:
    assert catalog.scenario_name("long-walls", 1) == "The Long Walls"
    assert catalog.scenario_name("long-walls", 2) == "The Walls of Themistocles"
    assert catalog.scenario_card("long-walls", 1).objective == \
        catalog.scenario_card("long-walls", 2).objective


def test_the_solo_difficulty_sets_the_round_limit() -> None:
    """Revision 2 offers a standard and a hard solo game (a round less); revision 1 had one."""
    assert hegemony(1).solo.rounds == CONTENT.solo["hegemony"].rounds == 9
    assert hegemony(2).solo.rounds == 9
    state = new_game(1, options={"solo_scenario": "ithome", "solo_difficulty": "hard"})
    assert state.solo.rounds == 7 and len(state.augur.deck) == 7
    assert new_game(1, options={"solo_scenario": "ithome"}).solo.rounds == 8
    assert "solo_difficulty" not in hegemony(1).model_dump(mode="json")["options"]



def test_the_lone_three_player_city_collects_twice() -> None:
    for revision, lone in ((1, 3), (2, 4)):
        state = set_up(3, revision=revision)
        collect_resources(state)
        assert state.seats["peloponnesian-1"].resources == {"wheat": lone, "wood": lone,
                                                           "copper": lone}
        assert state.seats["delian-1"].resources == {"wheat": 3, "wood": 3, "copper": 3}
    assert state.log[-2].text.endswith("twice, once for each City of the other league.")
    state = set_up(4)
    collect_resources(state)
    assert state.seats["peloponnesian-1"].resources["wheat"] == 3
