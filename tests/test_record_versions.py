"""Records keep the game's state_version: digests of another version are not compared, while
the dice, the draws and the result still are."""

from __future__ import annotations

from engine.core.record import GameRecord, record_game, verify
from engine.core.runner import Action
from tests.golden.playthrough import actions_of, load_all


def epireia_record_actions() -> tuple[str, int, list[Action]]:
    golden = next(g for name, g in load_all() if name.startswith("epireia-2p"))
    return golden.seed, golden.players, actions_of(golden)


def test_a_record_of_the_current_version_compares_every_state() -> None:
    seed, players, actions = epireia_record_actions()
    record = record_game("epireia", seed, players, {}, actions)
    assert record.state_version == 2
    assert verify(record).ok
    record.actions[5].state_sha256 = "0" * 64
    assert "the game state differs" in verify(record).message


def test_a_record_of_an_earlier_state_version_checks_dice_draws_and_result() -> None:
    seed, players, actions = epireia_record_actions()
    record = record_game("epireia", seed, players, {}, actions)
    record.state_version = 1
    for recorded in record.actions:
        recorded.state_sha256 = "0" * 64  # made by the earlier engine: another shape
    result = verify(record)
    assert result.ok and "earlier engine version" in result.message
    record.actions[3].draws += 1
    assert not verify(record).ok


def test_records_without_a_state_version_are_version_1() -> None:
    seed, players, actions = epireia_record_actions()
    data = record_game("epireia", seed, players, {}, actions).model_dump()
    del data["state_version"]
    assert GameRecord.model_validate(data).state_version == 1
