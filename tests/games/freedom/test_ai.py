"""The greedy automatic player (``engine/games/freedom/ai.py``), used to measure balance.

It must pick only listed choices, be deterministic for a seed, never change the state nor
draw from the game's generator, finish games with every invariant holding, and play the
Empire better than random choices do.
"""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.core.rng import Rng
from engine.core.runner import act, canonical_json, start
from engine.core.simulate import play_random, simulate
from engine.games.freedom import GAME
from engine.games.freedom.ai import POLICIES, choose
from engine.games.freedom.ai.doors import (
    before_the_last_word,
    empire_plays_last,
    empire_plays_left,
    open_door,
    thin_doors,
    urgent,
)
from engine.games.freedom.ai.economy import money_kept
from engine.games.freedom.cards import card
from engine.games.freedom.state import FreedomState
from tests.games.freedom.freedom_helpers import (
    card_named,
    card_with,
    empty_board,
    new_game,
    play_ap,
    put,
    to_actions,
)
from tests.games.freedom.freedom_helpers import choose as answer

GREEDY = POLICIES["greedy"]
BOTH = {"empire": GREEDY, "insurgents": GREEDY}


def test_choices_are_listed_and_the_state_is_untouched() -> None:
    state = start(GAME, "greedy-check", 2)
    assert isinstance(state, FreedomState)
    rng = Rng(seed="tie-breaks")
    while state.result is None:
        assert state.actions < 5000
        [(role, prompt)] = GAME.prompts(state).items()
        before = canonical_json(state) if state.actions % 20 == 0 else None
        draws = state.rng.draws
        picked = choose(state, role, prompt.choices, rng)
        assert picked in {c.id for c in prompt.choices}
        assert state.rng.draws == draws
        if before is not None:
            assert canonical_json(state) == before
        act(GAME, state, role, picked)


@pytest.mark.parametrize("seed", ["g-1", "g-2", "g-3", "g-4"])
def test_greedy_games_finish_with_invariants(seed: str) -> None:
    options = {"edition": "v2.2"} if seed == "g-4" else None
    state, playout = play_random(GAME, seed, 2, options, True, BOTH)
    assert isinstance(state, FreedomState)
    assert playout.error is None, playout.error
    assert state.result is not None and state.result.winners in (["empire"], ["insurgents"])
    assert GAME.prompts(state) == {}


def test_greedy_play_is_deterministic_for_a_seed() -> None:
    first = play_random(GAME, "same", 2, None, False, BOTH)[1]
    again = play_random(GAME, "same", 2, None, False, BOTH)[1]
    assert first.history == again.history and first.winners == again.winners


def test_greedy_empire_beats_random_insurgents_more_often_than_random_empire() -> None:
    greedy = simulate("freedom", 2, 12, seed="duelists", check=False, policy={"empire": "greedy"})
    random = simulate("freedom", 2, 12, seed="duelists", check=False)
    assert greedy.errors == random.errors == 0
    assert greedy.policies == {"empire": "greedy"} and random.policies == {}
    assert greedy.wins.get("empire", 0) > random.wins.get("empire", 0) + 3


def test_cli_policy_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "freedom", "--games", "2", "--policy", "insurgents=greedy", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["policies"] == {"insurgents": "greedy"} and summary["errors"] == 0
    assert main(["simulate", "freedom", "--games", "1", "--policy", "greedy"]) == 0
    assert "empire greedy, insurgents greedy" in capsys.readouterr().out


def test_cli_refuses_unknown_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "freedom", "--games", "1", "--policy", "clever"]) == 2
    assert "no automatic player 'clever'" in capsys.readouterr().err
    assert main(["simulate", "freedom", "--games", "1", "--policy", "sultan=greedy"]) == 2
    assert "no role 'sultan'" in capsys.readouterr().err
    # A game without automatic players plays only at random.
    assert main(["simulate", "duel", "--games", "1", "--policy", "greedy"]) == 2
    assert main(["simulate", "duel", "--games", "1", "--policy", "random"]) == 0


def test_the_insurgents_refill_an_empty_beach_the_empire_can_step_onto() -> None:
    """An emptied beach beside Imperial units is an open door: the greedy Insurgents spend
    their card for AP and regroup onto it instead of playing an event (the Agios Spyridon
    landings won most Imperial games while they did not)."""
    state = new_game(revision=2)
    empty_board(state)
    put(state, "W5", ins=2)
    put(state, "W3", ins=1)
    put(state, "S1", exp=3)
    assert open_door(state, "B1") and urgent(state, "insurgents")
    to_actions(state, "insurgents", list(state.hands["insurgents"]))
    [(role, prompt)] = GAME.prompts(state).items()
    picked = choose(state, role, prompt.choices, Rng(seed="t"))
    assert picked.endswith(":ap")
    answer(state, "insurgents", picked)
    while state.spaces["B1"].ins == 0:
        [(role, prompt)] = GAME.prompts(state).items()
        assert role == "insurgents" and state.step == "actions"
        answer(state, role, choose(state, role, prompt.choices, Rng(seed="t")))
    assert not open_door(state, "B1")  # held again
    quiet = new_game(revision=2)
    empty_board(quiet)
    put(quiet, "W5", ins=1)
    put(quiet, "VR", exp=3)  # two slow steps away: no door yet
    assert not open_door(quiet, "B1") and not urgent(quiet, "insurgents")


def _picked(state: FreedomState) -> str:
    [(role, prompt)] = GAME.prompts(state).items()
    return choose(state, role, prompt.choices, Rng(seed="t"))


def test_the_empire_keeps_its_strongest_card_for_its_last_word() -> None:
    """When the Insurgents play first, the Empire's last card comes after theirs and nothing
    can throw its units out of a fort or beach before the position check (2nd edition): the
    greedy Empire plays its weaker cards first and its strongest one last."""
    state = new_game(revision=2)
    four, three, two = (card_with(ap, "insurgents") for ap in (4, 3, 2))
    to_actions(state, "empire", [four, three, two])
    state.played = {"empire": 4, "insurgents": 5}  # the Insurgents played first
    assert empire_plays_last(state) and empire_plays_left(state) == 3
    assert _picked(state) == f"card:{three}:ap"  # the 4-AP card is kept
    state.played = {"empire": 5, "insurgents": 5}  # the Empire plays first: no last word
    assert _picked(state) == f"card:{four}:ap"
    # the last word: a card whose event gives free attacks with the Reward's +2 beats 4 AP
    storm = card_named("Storming the Breach")
    to_actions(state, "empire", [storm, card_with(4, "insurgents", period="B")])
    state.played = {"empire": 6, "insurgents": 7}
    assert _picked(state) == f"card:{storm}:event"
    # Captain Mahmud's free actions stay in the lagoon: worth nothing with no units there
    mahmud, four_b = card_named("Captain Mahmud"), card_with(4, "insurgents", period="B")
    to_actions(state, "empire", [mahmud, four_b])
    state.played = {"empire": 6, "insurgents": 7}
    assert _picked(state) in (f"card:{mahmud}:ap", f"card:{four_b}:ap")
    put(state, "VR", exp=2)
    assert _picked(state) == f"card:{mahmud}:event"
    assert not empire_plays_last(new_game(edition="v2.2"))  # the check is at the round's end


def test_the_last_word_pays_a_reward_for_a_single_attack_on_a_door() -> None:
    """After the Insurgents' last card, one Imperial unit beside a beach held by one defender
    buys the Reward (+2: 6+ instead of 8+ on either die) before it attacks; earlier in the
    phase the same Money is kept for the pay and the last words to come."""
    state = new_game(revision=2)
    empty_board(state)
    put(state, "W5", ins=2)
    put(state, "B1", ins=1)
    put(state, "S1", exp=1)
    state.round, state.money = 5, 3
    play_ap(state, "empire", card_with(3, "insurgents", period="B"), ap=3)
    state.played = {"empire": 7, "insurgents": 7}
    assert _picked(state) == "act:reward"
    assert money_kept(state) == 6 + 2  # round 5's pay, the last words of rounds 5 and 6
    state.played = {"empire": 5, "insurgents": 6}  # the Insurgents still have a card
    put(state, "S1", exp=2)  # three attacks would pay for a Reward, but not from kept Money
    assert _picked(state) != "act:reward"
    state.money = 9
    assert _picked(state) == "act:reward"


def test_the_insurgents_last_card_doubles_a_door_before_the_empires_last_word() -> None:
    """The Insurgents play first; their last card comes before the Empire's last one, which
    nothing can answer before the position check. A beach held by one unit beside three
    Imperial units is the door that card must shut: the greedy Insurgents play it for AP and
    bring a second defender (the limit), instead of playing an event."""
    state = new_game(revision=2)
    empty_board(state)
    put(state, "W5", ins=2)
    put(state, "W3", ins=2)
    put(state, "B1", ins=1)
    put(state, "S1", exp=3)
    events = [c for c in state.hands["insurgents"] if card(c).side == "insurgents"][:2]
    to_actions(state, "insurgents", events, other_hand=list(state.hands["empire"])[:2])
    state.played = {"empire": 6, "insurgents": 6}
    assert before_the_last_word(state) and thin_doors(state) == ["B1"]
    assert urgent(state, "insurgents") and not open_door(state, "B1")
    picked = _picked(state)
    assert picked.endswith(":ap")
    answer(state, "insurgents", picked)
    while state.stack and state.stack[-1].role == "insurgents":
        answer(state, "insurgents", _picked(state))
    assert state.spaces["B1"].ins == 2
    state.played = {"empire": 7, "insurgents": 6}  # the Empire played first: theirs is the last
    assert not before_the_last_word(state)
