"""The action menu's fast paths give what the plain definitions give, on every state of a few
random games: the raid costs in one pass and cost by cost, whether any action is left,
Insurgent targets, whether a unit can move at all."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.freedom import GAME
from engine.games.freedom.action_menu import Spend
from engine.games.freedom.ap import spend_frame
from engine.games.freedom.combat import RAID_COSTS, raid_costing, raid_costs, raid_targets
from engine.games.freedom.combat import insurgent_targets as fast_insurgent_targets
from engine.games.freedom.data import SPACES
from engine.games.freedom.insurgent_actions import RAIDERS
from engine.games.freedom.movement import (
    can_move_normally,
    can_step,
    imperial_kinds,
    normal_destinations,
    step_destinations,
)
from engine.games.freedom.state import FreedomState


def states(seed: str) -> Iterator[FreedomState]:
    """Every state of one random game (the same object, changed between yields)."""
    state = start(GAME, seed, 2)
    assert isinstance(state, FreedomState)
    chooser = Rng(seed=seed)
    while state.result is None:
        yield state
        [(role, prompt)] = GAME.prompts(state).items()
        act(GAME, state, role, chooser.choice(prompt.choices).id)


def plain_insurgent_targets(state: FreedomState) -> list[str]:
    return sorted(sid for sid, space in state.spaces.items()
                  if space.exp + space.ally > 0 and sid != "CAMP"
                  and any(state.spaces[n].ins > 0 for n in SPACES[sid].neighbours))


@pytest.mark.parametrize("seed", ["fast-1", "fast-2", "fast-3"])
def test_fast_listings_agree_with_the_plain_definitions(seed: str) -> None:
    spends = 0
    for state in states(seed):
        every = {c for src in RAIDERS for _, c in raid_targets(state, src)}
        assert raid_costs(state) == every
        assert {c for c in RAID_COSTS if raid_costing(state, c)} == every
        assert fast_insurgent_targets(state) == plain_insurgent_targets(state)
        for sid in SPACES:
            for kind in imperial_kinds(state, sid):
                for through in (True, False):
                    assert can_move_normally(state, sid, kind, allow_through=through) == bool(
                        normal_destinations(state, sid, kind, allow_through=through))
                assert can_step(state, sid, kind, "slow") == bool(
                    step_destinations(state, sid, kind, "slow"))
        if any(f.name == "spend" for f in state.stack):
            spends += 1
            frame = spend_frame(state)
            # whether any action is left, asked before the menu is listed, agrees with it
            assert Spend().any_action(state, frame) == bool(Spend().menu(state, frame))
    assert spends > 20  # the menu was really exercised
