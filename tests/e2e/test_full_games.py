"""Complete games of Freedom!, Epireia and Dragons of 1066 through the real bot and the fake
Discord.

Every choice is a button or select option the bot actually sent (picked at random among
them with a fixed seed; in Dragons of 1066 steered towards Galleons, air retreats and
Fortresses); the game must reach its end, with the final board, the result, the revealed
seed and a record that replays.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from typing import Any

import pytest
from PIL import Image

from bot.service import lobby
from engine.core.record import GameRecord, verify
from engine.core.registry import GAME_MODULES, get_game
from engine.core.runner import Action, replay
from engine.games.dragons1066.data import FORTRESSES
from render.europe1066 import WIDTH
from render.games.dragons1066 import HEIGHT
from tests.e2e.harness import (
    Strategos,
    Table,
    assert_private_stays_private,
    choice_ids,
    choice_items,
    is_board,
)
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.e2e


async def play_full_game(fake: FakeDiscord, strategos: Strategos, game: str, players: int,
                         seed: int, restart_after: int, options: str | None = None,
                         table_type: type[Table] = Table) -> Table:
    users = [fake.add_user(f"player{i}") for i in range(players)]
    table = table_type(fake, users[0], users)
    table.rng.seed(seed)
    definition = get_game(game)
    # A game of several table sizes is opened at this one; a fixed one through its menus.
    sized: dict[str, Any] = (
        {"sides": players} if definition.min_players < definition.max_players else {})
    await table.open(game, options, **sized)
    first = await table.gather()
    digest = re.search(r"SHA-256 is `([0-9a-f]{64})`", first.text())
    assert digest and first.images()

    # Play part of the game, restart the bot, and play on to the end.
    await table.play_out(stop_after=restart_after)
    assert table.over() is None, "the game ended before the restart"
    await strategos.restart()
    end = await table.play_out()
    assert end is not None

    assert end.images(), "the final board is attached"
    seed_text = re.search(r"Seed revealed: `([^`]+)`", end.text())
    assert seed_text and hashlib.sha256(seed_text.group(1).encode()).hexdigest() == \
        digest.group(1)
    record_file = next(a for a in end.attachments if a.filename.endswith(".json"))
    record = GameRecord.model_validate(json.loads(record_file.data))
    assert record.game == game
    assert verify(record).ok
    boards = [m for m in fake.channel_messages() if is_board(m)]
    assert all(m.images() for m in boards)
    assert len(table.private_texts) > 10
    print(f"{game}: {table.actions} choices, {len(fake.requests)} requests, slowest "
          f"acknowledgement {max(fake.latencies) * 1000:.0f} ms")
    assert_private_stays_private(fake, table.private_texts)
    return table


def final_record(table: Table) -> GameRecord:
    """The record attached to the game's last message."""
    end = table.over()
    assert end is not None
    record_file = next(a for a in end.attachments if a.filename.endswith(".json"))
    return GameRecord.model_validate(json.loads(record_file.data))


async def test_full_game_of_freedom(fake: FakeDiscord, strategos: Strategos) -> None:
    table = await play_full_game(fake, strategos, "freedom", players=2, seed=1,
                                 restart_after=30)
    assert table.actions > 30


@pytest.mark.parametrize("players", [1, 2, 4])
async def test_full_game_of_epireia(fake: FakeDiscord, strategos: Strategos,
                                    players: int) -> None:
    restart_after = 6 if players == 1 else 20  # a lost solo game can be short
    table = await play_full_game(fake, strategos, "epireia", players=players, seed=players,
                                 restart_after=restart_after)
    assert table.actions > restart_after


class Steered(Table):
    """Random players with a taste for what the issue wants seen in a Dragons of 1066 game:
    they always retreat their air units when asked, carry by Galleon when they can (until
    one transport is made), march on Fortresses, often move everything, and seldom go back."""

    carried = False
    labels: frozenset[str] = frozenset()  # every choice's label the players were shown

    def preferred(self, ids: list[str]) -> str | None:
        if "retreat" in ids:
            return "retreat"
        if "carry" in ids and not self.carried and self.rng.random() < 0.7:
            return "carry"
        fortresses = [i for i in ids if target(i) in FORTRESSES]
        if fortresses:
            return self.rng.choice(fortresses)
        if "units:all" in ids and self.rng.random() < 0.6:
            return "units:all"
        onward = [i for i in ids if i != "back"]
        if onward and len(onward) < len(ids) and self.rng.random() < 0.85:
            return self.rng.choice(onward)
        return None

    async def choose(self, user: FakeUser, prompt: FakeMessage, pick: int | None = None
                     ) -> FakeMessage:
        items = choice_items(self.fake.message(prompt))
        ids = choice_ids(self.fake.message(prompt))
        shown = [str(c.get("label", "")) for c in items if c["type"] == 2]
        shown += [str(o["label"]) for c in items if c["type"] == 3 for o in c["options"]]
        self.labels = self.labels | set(shown)
        wanted = self.preferred(ids) if pick is None else None
        if wanted == "carry":
            self.carried = True
        return await super().choose(user, prompt, ids.index(wanted) if wanted else pick)


def target(choice_id: str) -> str:
    """Where a move choice goes: ``to:<zone>`` (a move's last pick), ``go:<from>.<to>``
    (rules revision 2's "from → to", ``.keep`` when a Fortress keeps its garrison) or
    ``all:<zone>``; "" for any other choice."""
    verb, _, arg = choice_id.partition(":")
    if verb in ("to", "all"):
        return arg
    return arg.split(".")[1] if verb == "go" else ""


# The game's seed for each table size (the bot's secret seed, fixed here) under which the
# steered players' game has a Galleon transport, an air retreat and a Fortress changing
# hands. A change to the rules or to the prompts changes the games: if one of them then
# misses one, find another seed with the same steering (Galleons and air retreats come in
# nearly every game; a Fortress changes hands in about one in four).
# (Found again for rules revision 2, whose prompts are other choices.)
DRAGONS_SEEDS = {2: "dragons-e2e-2-v2-2", 3: "dragons-e2e-3-v2-4", 4: "dragons-e2e-4-v2b-0"}
DRAGONS_YEARS = 6


@pytest.mark.skipif("dragons1066" not in GAME_MODULES, reason="not registered yet")
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_full_game_of_dragons1066(fake: FakeDiscord, strategos: Strategos, players: int,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "new_seed", lambda: DRAGONS_SEEDS[players])
    listed = await fake.slash(fake.add_user("onlooker"), "game list")
    assert "Dragons of 1066 (`dragons1066`)" in listed.text() and "2–4 players" in listed.text()
    table = await play_full_game(fake, strategos, "dragons1066", players=players, seed=players,
                                 restart_after=40, options=f"years={DRAGONS_YEARS}",
                                 table_type=Steered)
    record = final_record(table)
    state = replay(get_game("dragons1066"), record.seed, record.players, record.options,
                   [Action(role=a.role, choice=a.choice) for a in record.actions])
    played = "\n".join(entry.text for entry in state.log)
    assert "Galleon carries a" in played, "no Galleon transport"
    assert "retreat from the Battle of" in played, "no air retreat"
    assert "and its Fortress" in played, "no Fortress changed hands"
    said = "\n".join(m.text() for m in fake.channel_messages())
    assert "round 1:" in said  # every round's dice reach the channel summary
    # Before an attack is confirmed its odds are shown, and casualties take one click.
    assert isinstance(table, Steered)
    assert any(re.search(r"(: battle| → .*), \d+%$", label) for label in table.labels)
    assert any(label.startswith("Cheapest first") for label in table.labels)
    # The boards posted are Dragons of 1066's own map, not the generic board.
    board = Image.open(io.BytesIO(table.board().images()[0].data))
    assert board.size == (WIDTH, HEIGHT)
