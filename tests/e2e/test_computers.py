"""A person against the computer through the real bot and the fake Discord: the host seats
the computer in the lobby, the computer moves by itself as soon as it is asked (woken by the
turn's post, not by a timer), its turns are posted like a person's, and the game ends unrated.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.models import COMPUTER
from engine.core.record import GameRecord, verify
from tests.e2e.harness import Strategos, Table, choice_items, is_board
from tests.fakediscord import FakeDiscord, FakeMessage

pytestmark = pytest.mark.e2e


def computer_picker(lobby: FakeMessage) -> dict[str, Any]:
    return next(s for s in lobby.selects() if "Computer" in str(s.get("placeholder")))


async def settled(strategos: Strategos) -> None:
    """Wait for the computer's moves already under way (no sweep: what woke it is the bot)."""
    cog: Any = strategos.bot.get_cog("ComputerCog")
    await cog.settle()


async def test_a_game_of_epireia_against_the_computer(fake: FakeDiscord,
                                                       strategos: Strategos) -> None:
    ann = fake.add_user("ann")
    table = Table(fake, ann, [ann])
    table.rng.seed(3)
    lobby = await table.open("epireia", sides=2)
    picker = computer_picker(fake.message(lobby))
    assert picker["min_values"] == 0  # the host can take the computer off again
    second = picker["options"][1]
    await fake.select(ann, lobby, picker["custom_id"], [second["value"]])
    shown = fake.message(lobby).text()
    assert "Computer — " in shown and "will not be rated" in shown
    mark = fake.cursor()
    await fake.click(ann, lobby, label="Start")
    first = await fake.wait_for_message(after=mark, where=is_board, what="the first board")
    assert "the computer" in first.text()

    computer_boards = 0
    for _ in range(400):
        if table.over() is not None:
            break
        await settled(strategos)
        if table.over() is not None:
            break
        prompt = await table.prompt(ann)
        assert choice_items(fake.message(prompt)), \
            f"Ann has nothing to choose, yet the computer did not move: {prompt.text()[:300]}"
        mark = fake.cursor()
        while choice_items(fake.message(prompt)) and table.over() is None:
            await table.choose(ann, prompt)
        await settled(strategos)
        computer_boards += sum(1 for m in fake.channel_messages() if m.id > mark and is_board(m)
                               and "the computer" not in m.text())
    end = table.over()
    assert end is not None, "the game did not end"
    assert computer_boards > 0
    assert "Not rated: a computer played." in end.text()
    record_file = next(a for a in end.attachments if a.filename.endswith(".json"))
    record = GameRecord.model_validate_json(record_file.data)
    assert verify(record).ok
    log = await strategos.bot.service.log_lines(_game_id(end))
    assert any(line.user_id == COMPUTER for line in log)
    assert not strategos.bot.failures


def _game_id(end: FakeMessage) -> int:
    found = next(a for a in end.attachments if a.filename.endswith(".json"))
    return int(found.filename.removeprefix("strategos-").removesuffix(".json"))
