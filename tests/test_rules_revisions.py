"""Rules revisions: a new game plays under the newest rules, a stored game keeps the rules it
started under (so its action log replays exactly), and revision 1 leaves states unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.errors import BadOptions
from engine.core.game import Game
from engine.core.record import parse_record, record_game, verify
from engine.core.registry import get_game
from engine.core.runner import parse_options, start, with_revision
from engine.core.simulate import play_random, simulate


def test_options_without_a_revision_are_a_new_games(duel_at_revision_2: Game[Any, Any]) -> None:
    duel = duel_at_revision_2
    assert parse_options(duel, {}).revision == 2
    assert parse_options(duel, {"revision": 1}).revision == 1
    assert start(duel, "s", 2, {}).options.revision == 2  # type: ignore[attr-defined]
    assert with_revision(duel, {"rounds_to_win": 1}) == {"rounds_to_win": 1, "revision": 2}


def test_a_revision_newer_than_the_code_is_refused(duel_at_revision_2: Game[Any, Any]) -> None:
    with pytest.raises(BadOptions, match="newer than this Strategos knows"):
        parse_options(duel_at_revision_2, {"revision": 3})
    with pytest.raises(BadOptions):
        parse_options(duel_at_revision_2, {"revision": 0})


def test_revision_1_is_left_out_of_a_states_json(duel_at_revision_2: Game[Any, Any]) -> None:
    duel = duel_at_revision_2
    first = start(duel, "s", 2, {"revision": 1})
    assert "revision" not in first.model_dump(mode="json")["options"]
    assert duel.load(first.model_dump_json()).options.revision == 1
    second = start(duel, "s", 2, {})
    assert second.model_dump(mode="json")["options"]["revision"] == 2
    assert duel.load(second.model_dump_json()).options.revision == 2


def test_records_name_their_revision_and_older_records_are_revision_1() -> None:
    _, playout = play_random(get_game("duel"), "seed", 2)
    record = record_game("duel", "seed", 2, {}, playout.history)
    assert record.options == {"revision": 1}
    data = json.loads(record.model_dump_json())
    del data["options"]["revision"]  # as records were written before revisions
    older = parse_record(json.dumps(data))
    assert older.options == {"revision": 1} and verify(older).ok


def test_simulate_counts_how_games_ended() -> None:
    summary = simulate("duel", 2, 20, seed="endings")
    assert sum(summary.endings.values()) == 20
    assert set(summary.endings) <= {"target", "cards"} and summary.endings
