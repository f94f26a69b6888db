"""The real bot end to end through the fake Discord, with the Duel test game.

Two users create, join and start a game, play by clicking the buttons the bot sent, see the
board image, never see a hand in the channel, survive a restart; stale buttons, two clicks
at once, non-players, moderators, notifications and turn timers.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re

import pytest

from engine.core.record import GameRecord, record_game, verify
from engine.core.rng import new_seed
from tests.e2e.harness import Clock, Strategos, Table, choice_items, is_board
from tests.fakediscord import FakeDiscord, FakeDiscordError, FakeMessage, FakeUser
from tests.service.ratings import one_game

pytestmark = pytest.mark.e2e

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def game_id_of(message: FakeMessage) -> int:
    found = re.search(r"#(\d+)", message.text())
    assert found, message.text()
    return int(found.group(1))


def hand_of(prompt: FakeMessage) -> list[str]:
    return [c["label"] for c in choice_items(prompt)]


async def hand_size(strategos: Strategos, game_id: int, user: FakeUser) -> int:
    """How many cards `user` holds in a Duel game (from the stored state)."""
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.state is not None
    (role,) = loaded.roles_of(user.id)
    hands: dict[str, list[int]] = loaded.state.hands  # type: ignore[attr-defined]
    return len(hands[role])


def assert_board_image(message: FakeMessage) -> None:
    images = message.images()
    assert images, f"no board image on {message.text()[:200]}"
    assert images[0].data.startswith(PNG_SIGNATURE)
    assert images[0].size < 1024 * 1024


def assert_private_stays_private(fake: FakeDiscord, secrets: list[str]) -> None:
    """No channel message (text, embeds, components, file names) shows a private view."""
    for message in fake.all_visible_messages():
        text = message.text()
        assert "your view as" not in text
        for secret in secrets:
            assert secret not in text, f"private text {secret!r} in a channel message"
        for attachment in message.attachments:  # boards, the replay (spectator views), records
            assert attachment.filename.endswith((".png", ".gif", ".json"))


async def test_two_players_play_a_game_across_a_restart(fake: FakeDiscord,
                                                         strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])

    # /game new without options: the host picks options in an ephemeral setup step.
    setup = (await fake.slash(alice, "game new", game="duel")).response
    assert setup is not None and setup.ephemeral and setup in fake.ephemeral(alice)
    rounds = next(s for s in setup.selects() if "ound" in s.get("placeholder", ""))
    two = next(o["value"] for o in rounds["options"] if o["label"].endswith(": 2"))
    await fake.select(alice, setup, rounds["custom_id"], [two])
    opened = await fake.click(alice, setup, label="Open lobby")
    lobby = opened.response
    assert lobby is not None and not lobby.ephemeral and lobby in fake.channel_messages()
    table.lobby = lobby
    game_id = game_id_of(lobby)
    assert "rounds_to_win: 2" in lobby.text()

    # Bob joins by command, the lobby message follows; Alice starts by button.
    joined = await fake.slash(bob, "game join")
    assert joined.ephemeral and f"#{game_id}" in joined.text()
    await fake.wait_for(lambda: str(bob.id) in fake.message(lobby).text(), "bob in the lobby")
    mark = fake.cursor()
    await fake.click(alice, lobby, label="Start")
    assert "has started" in fake.message(lobby).content
    assert fake.message(lobby).items() == []
    board = await fake.wait_for_message(after=mark, where=is_board, what="the first board")
    assert_board_image(board)
    digest = re.search(r"SHA-256 is `([0-9a-f]{64})`", board.text())
    assert digest, board.text()
    assert alice.mention in board.content and bob.mention in board.content
    assert set(board.pinged) == {alice.id, bob.id}  # both choose at once: both are pinged

    # Each player's hand arrives ephemerally; round 1: both choose in secret.
    mark = fake.cursor()
    alice_prompt = await table.prompt(alice)
    assert len(hand_of(alice_prompt)) == 3
    assert alice_prompt in fake.ephemeral(alice) and alice_prompt not in fake.ephemeral(bob)
    private = [alice_prompt.embeds[0]["description"]]
    await table.choose(alice, alice_prompt, pick=0)
    assert "Nothing for you to choose" in fake.message(alice_prompt).content
    bob_prompt = await table.prompt(bob)
    assert len(hand_of(bob_prompt)) == 3
    private.append(bob_prompt.embeds[0]["description"])
    await table.choose(bob, bob_prompt, pick=0)
    second = await fake.wait_for_message(after=mark, where=is_board, what="the round-2 board")
    assert_board_image(second)
    assert "Revealed" in second.text()
    assert set(second.pinged) == {alice.id, bob.id}

    # Restart the bot in the middle of the game; buttons sent before still work.
    old_board = table.board()
    await strategos.restart()
    assert fake.identified == 2
    ix = await fake.click(alice, old_board, label="Take turn")
    assert ix.response is not None and len(hand_of(ix.response)) == 2

    end = await table.play_out()
    assert end is not None
    assert_board_image(end)
    assert "Winner" in end.text()
    seed = re.search(r"Seed revealed: `([^`]+)`", end.text())
    assert seed and hashlib.sha256(seed.group(1).encode()).hexdigest() == digest.group(1)
    record_file = next(a for a in end.attachments if a.filename.endswith(".json"))
    record = GameRecord.model_validate(json.loads(record_file.data))
    assert verify(record).ok
    assert_private_stays_private(fake, private)

    # The game is over: Rematch opens a new lobby with the same players.
    rematch = await fake.click(bob, end, label="Rematch")
    new_lobby = rematch.response
    assert new_lobby is not None and not new_lobby.ephemeral
    assert game_id_of(new_lobby) != game_id
    assert str(alice.id) in new_lobby.text() and str(bob.id) in new_lobby.text()


async def start_duel(fake: FakeDiscord, players: list[FakeUser], options: str = "rounds_to_win=1",
                     **extra: object) -> Table:
    table = Table(fake, players[0], players)
    await table.open("duel", options=options, **extra)
    await table.gather()
    return table


async def test_two_start_clicks_at_once_start_one_game(fake: FakeDiscord,
                                                      strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = Table(fake, alice, [alice, bob])
    lobby = await table.open("duel", options="rounds_to_win=1")
    await fake.click(bob, lobby, label="Join")
    start = lobby.button("Start")["custom_id"]
    await asyncio.gather(fake.click(alice, lobby, start), fake.click(alice, lobby, start))
    boards = [m for m in fake.channel_messages() if is_board(m)]
    assert len(boards) == 1
    assert len([m for m in fake.channel_messages() if "begins" in m.text()]) == 1


async def test_stale_buttons_and_two_clicks_at_once(fake: FakeDiscord,
                                                    strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    game_id = game_id_of(table.board())
    prompt = await table.prompt(alice)
    first, second = choice_items(prompt)[:2]

    # Two clicks at once on the same prompt: one is applied, the other is refused.
    await asyncio.gather(fake.click(alice, prompt, first["custom_id"]),
                         fake.click(alice, prompt, second["custom_id"]))
    assert await hand_size(strategos, game_id, alice) == 2
    assert sum("no longer current" in c for c in fake.message(prompt).history) == 1

    # A button from an outdated prompt: refused, with the current prompt instead.
    bob_old = await table.prompt(bob)
    bob_new = await table.prompt(bob)
    await table.choose(bob, bob_new, pick=0)
    stale = choice_items(fake.message(bob_old))[1]["custom_id"]
    await fake.click(bob, bob_old, stale)
    assert "no longer current" in fake.message(bob_old).content
    assert await hand_size(strategos, game_id, bob) == 2


async def test_non_players_are_told_so(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    table = await start_duel(fake, [alice, bob])
    before = len(fake.channel_messages())
    ix = await fake.click(carol, table.board(), label="Take turn")
    assert ix.ephemeral and "not in this game" in ix.text()
    assert choice_items(ix.response) == []  # type: ignore[arg-type]
    hand = await fake.slash(carol, "game hand")
    assert hand.ephemeral and "not in this game" in hand.text()
    undo = await fake.slash(carol, "game undo")
    assert undo.ephemeral
    assert len(fake.channel_messages()) == before


async def test_moderators(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    referees = fake.add_role("Referees")
    dave = fake.add_user("dave", roles=[referees])
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    game_id = game_id_of(table.board())

    # Without Manage Channels Discord does not even offer /mod ...
    with pytest.raises(FakeDiscordError, match="hides /mod"):
        await fake.slash(bob, "mod pause")
    # ... until the server allows a role in Integrations; the bot still wants the role set.
    fake.allow_command("mod", referees)
    refused = await fake.slash(dave, "mod pause")
    assert refused.ephemeral and "Only moderators" in refused.text()
    # Only Manage Server may set the moderator role.
    refused = await fake.slash(dave, "mod moderator-role", role=referees)
    assert refused.ephemeral and (await strategos.bot.service.load(game_id)).row.status == \
        "running"
    ok = await fake.slash(fake.owner, "mod moderator-role", role=referees)
    assert ok.ephemeral and referees.mention in ok.text()

    # Pause / resume by the moderator role.
    paused = await fake.slash(dave, "mod pause")
    assert not paused.ephemeral and "paused" in paused.text()
    assert paused.response is not None and paused.response.pinged == []
    prompt = await table.prompt(alice)
    assert "paused" in prompt.text() and choice_items(prompt) == []
    await fake.slash(dave, "mod resume")
    prompt = await table.prompt(alice)
    assert len(choice_items(prompt)) == 3

    # Undo one step.
    await table.choose(alice, prompt, pick=0)
    assert await hand_size(strategos, game_id, alice) == 2
    undone = await fake.slash(dave, "mod undo")
    assert "taken back" in undone.text()
    assert await hand_size(strategos, game_id, alice) == 3

    # Replace a player: the new one plays, the old one is out.
    await fake.slash(fake.owner, "mod replace", old=bob, new=carol)
    out = await fake.click(bob, table.board(), label="Take turn")
    assert "not in this game" in out.text()
    carol_prompt = await table.prompt(carol)
    assert len(choice_items(carol_prompt)) == 3

    # Abort frees the channel for a new game.
    aborted = await fake.slash(dave, "mod abort")
    assert "aborted" in aborted.text()
    assert (await strategos.bot.service.game_in(fake.general.id)) is None
    reopened = await fake.slash(alice, "game new", game="duel", options="rounds_to_win=1")
    assert reopened.response is not None and game_id_of(reopened.response) != game_id


async def test_kick_from_a_lobby_and_from_a_running_game(fake: FakeDiscord,
                                                         strategos: Strategos) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    table = Table(fake, alice, [alice, bob])
    lobby = await table.open("duel", options="rounds_to_win=1")
    game_id = game_id_of(lobby)
    await fake.click(carol, lobby, label="Join")
    kicked = await fake.slash(fake.owner, "mod kick", user=carol)
    assert not kicked.ephemeral and carol.mention in kicked.text()
    assert carol.id not in (await strategos.bot.service.load(game_id)).user_ids()
    await table.gather()
    # In a running game a kick would resign the player's sides and end the game for
    # everyone: refused, pointing to /mod replace, unless the moderator asks for it.
    refused = await fake.slash(fake.owner, "mod kick", user=bob)
    assert refused.ephemeral and "/mod replace" in refused.text()
    assert (await strategos.bot.service.load(game_id)).row.status == "running"
    mark = fake.cursor()
    await fake.slash(fake.owner, "mod kick", user=bob, resign=True)
    end = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    assert "resign" in end.text().lower()
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.row.status == "finished" and loaded.state is not None
    assert loaded.state.result is not None
    assert loaded.state.result.winners == loaded.roles_of(alice.id)


async def test_notifications_by_dm_with_fallback(fake: FakeDiscord, strategos: Strategos
                                                 ) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", refuses_dms=True)
    assert (await fake.slash(alice, "settings notify", mode="dm")).ephemeral
    await fake.slash(bob, "settings notify", mode="dm")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    dm = await fake.wait_for_dm(alice)
    assert "your turn" in dm.content and f"/{fake.general.id}/" in dm.content
    assert fake.dms(bob) == []
    fallback = await fake.wait_for_message(where=lambda m: "direct messages are closed"
                                           in m.content, what="the DM fallback mention")
    assert fallback.pinged == [bob.id]

    # Next turn: alice is told by DM again, bob (DMs closed) by a mention.
    mark = fake.cursor()
    for user in (alice, bob):
        await table.choose(user, await table.prompt(user), pick=0)
    await fake.wait_for_message(after=mark, where=is_board, what="the next board")
    assert len(fake.dms(alice)) == 2
    fallback = await fake.wait_for_message(after=mark, where=lambda m: "direct messages are "
                                           "closed" in m.content, what="the next fallback")
    assert fallback.pinged == [bob.id]


async def test_dm_only_players_are_not_pinged_in_the_channel(fake: FakeDiscord,
                                                             strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fake.slash(alice, "settings notify", mode="dm")
    await fake.slash(bob, "settings notify", mode="dm")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    mark = fake.cursor()
    for user in (alice, bob):
        await table.choose(user, await table.prompt(user), pick=0)
    board = await fake.wait_for_message(after=mark, where=is_board, what="the next board")
    assert len(fake.dms(alice)) == 2 and len(fake.dms(bob)) == 2
    assert board.pinged == []


@pytest.mark.parametrize("policy", ["pass", "resign"])
async def test_turn_timer_reminds_then_applies_the_policy(fake: FakeDiscord, strategos: Strategos,
                                                          clock: Clock, policy: str) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2", timer=2.0, policy=policy)
    game_id = game_id_of(table.board())
    prompt = await table.prompt(alice)
    await table.choose(alice, prompt, pick=0)

    mark = fake.cursor()
    clock.advance(0.9)
    await strategos.bot.run_timers_once()
    assert [m for m in fake.channel_messages() if m.id > mark] == []

    clock.advance(0.2)  # past half time: a reminder for bob, who has not chosen yet
    await strategos.bot.run_timers_once()
    reminder = await fake.wait_for_message(after=mark, where=lambda m: "Reminder" in m.content)
    assert bob.mention in reminder.content and alice.mention not in reminder.content
    await strategos.bot.run_timers_once()  # reminded once only
    assert len([m for m in fake.channel_messages() if "Reminder" in m.content]) == 1

    # Timers are stored: a restart does not lose them.
    await strategos.restart()
    mark = fake.cursor()
    clock.advance(1.0)
    await strategos.bot.run_timers_once()
    after = await fake.wait_for_message(after=mark, where=lambda m: "Time ran out" in m.text())
    assert_board_image(after)
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.state is not None
    if policy == "pass":  # bob's card was played for him; the game goes on
        assert await hand_size(strategos, game_id, bob) == 2
        assert loaded.state.turn == 1 and loaded.row.status == "running"
    else:  # bob resigned: alice wins
        assert loaded.row.status == "finished" and loaded.state.result is not None
        assert loaded.state.result.winners == loaded.roles_of(alice.id)
        assert "Seed revealed" in after.text()


async def test_game_commands_answer_everywhere(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    listed = await fake.slash(alice, "game list")
    assert listed.ephemeral and "Duel" in listed.text() and "Freedom" in listed.text()
    rules = await fake.slash(alice, "game rules", game="freedom")
    assert rules.ephemeral and "Freedom" in rules.text()
    nothing = await fake.slash(alice, "game status")
    assert nothing.ephemeral
    choices = await fake.autocomplete(alice, "game new", "game", "fre")
    assert any(c["value"] == "freedom" for c in choices)
    table = await start_duel(fake, [alice, bob])
    status = await fake.slash(bob, "game status")
    assert status.ephemeral and "Duel" in status.text()
    mark = fake.cursor()
    board = await fake.slash(bob, "game board")
    assert board.response is not None and not board.response.ephemeral
    assert board.response.id > mark and board.response.pinged == []  # a repost pings nobody
    assert_board_image(board.response)
    log = await fake.slash(bob, "game log", lines=5)
    assert log.ephemeral
    resign = await fake.slash(bob, "game resign")
    assert bob.mention in resign.text()
    end = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    assert "resign" in end.text().lower()
    assert table.over() is not None
    # The result counts for /stats and /leaderboard (a rating per game).
    won, lost = one_game("alice", "bob")
    stats = await fake.slash(alice, "stats")
    assert f"Rating {won.display:.0f} ±{won.uncertainty:.0f} · 1 game: 1 won, 0 lost" in (
        stats.text())
    stats = await fake.slash(alice, "stats", user=bob)
    assert "Statistics of Bob" in stats.text() and "0 won, 1 lost" in stats.text()
    ladder = (await fake.slash(bob, "leaderboard", game="duel")).text()
    assert ladder.index(alice.mention) < ladder.index(bob.mention)
    assert f"{lost.display:.0f} ±{lost.uncertainty:.0f} (0–1–0)" in ladder
    assert stats.response is not None and stats.response.pinged == []


async def test_simultaneous_prompts_stay_valid(fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    game_id = game_id_of(table.board())
    alice_prompt = await table.prompt(alice)
    bob_prompt = await table.prompt(bob)  # both open their prompt at the start of the round
    await table.choose(alice, alice_prompt, pick=0)
    await table.choose(bob, bob_prompt, pick=0)  # bob's own prompt did not change
    assert "no longer current" not in fake.message(bob_prompt).content
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.state is not None and loaded.state.turn == 1


async def test_record_verifies_with_the_game_verify_command(fake: FakeDiscord,
                                                            strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    end = await table.play_out()
    assert end is not None
    record = next(a for a in end.attachments if a.filename.endswith(".json"))
    uploaded = fake.upload(record.filename, record.data)
    checked = await fake.slash(bob, "game verify", record=uploaded)
    assert not checked.ephemeral and "duel" in checked.text().lower()
    assert "OK: seed matches its SHA-256" in checked.text()
    game_id = json.loads(record.data)["number"]
    assert f"#{game_id} as played here" in checked.text()
    # A tampered record is caught.
    data = json.loads(record.data)
    data["seed"] = "0" * len(data["seed"])
    forged = fake.upload("forged.json", json.dumps(data).encode())
    caught = await fake.slash(bob, "game verify", record=forged)
    assert "FAILED" in caught.text()
    # A record made up with a new seed and that seed's own SHA-256 agrees with itself,
    # but it is not the game played here (even named only by the file, as old records are).
    made_up = record_game("duel", new_seed(), 2, data["options"], [])
    assert made_up.number is None
    forged = fake.upload(record.filename, made_up.model_dump_json().encode())
    caught = await fake.slash(bob, "game verify", record=forged)
    assert "OK" in caught.text() and f"NOT the game Duel #{game_id}" in caught.text()
    elsewhere = fake.upload("mine.json", made_up.model_dump_json().encode())
    caught = await fake.slash(bob, "game verify", record=elsewhere)
    assert "names no game of this server" in caught.text()
    junk = await fake.slash(bob, "game verify", record=fake.upload("junk.json", b"{not json"))
    assert "not a Strategos game record" in junk.text() and "\n" not in junk.text()


async def test_games_in_a_thread_and_in_two_channels_at_once(fake: FakeDiscord,
                                                             strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    carol, dave = fake.add_user("carol"), fake.add_user("dave")
    thread = fake.add_thread(fake.general, "duel-thread")
    await fake.wait_for(lambda: strategos.bot.get_channel(thread.id), "the thread to reach the bot")

    # One game per channel: a thread is a channel of its own.
    here = await fake.slash(alice, "game new", in_channel=thread, game="duel",
                            options="rounds_to_win=1")
    assert here.response is not None and here.response.channel_id == thread.id
    busy = await fake.slash(carol, "game new", in_channel=thread, game="duel",
                            options="rounds_to_win=1")
    assert busy.ephemeral
    there = await fake.slash(carol, "game new", game="duel", options="rounds_to_win=1")
    assert there.response is not None and there.response.channel_id == fake.general.id

    in_thread = Table(fake, alice, [alice, bob], lobby=here.response, channel=thread)
    in_general = Table(fake, carol, [carol, dave], lobby=there.response)
    await in_thread.gather()
    await in_general.gather()
    # Both games are played at the same time, without mixing up.
    ends = await asyncio.gather(in_thread.play_out(), in_general.play_out())
    assert ends[0] is not None and ends[0].channel_id == thread.id
    assert ends[1] is not None and ends[1].channel_id == fake.general.id
    assert game_id_of(ends[0]) != game_id_of(ends[1])



async def test_a_prompt_larger_than_a_message_is_paginated(fake: FakeDiscord,
                                                           strategos: Strategos) -> None:
    solo = fake.add_user("solo")
    table = Table(fake, solo, [solo])
    await table.open("wide", options="", sides=1)
    await table.gather()
    prompt = await table.prompt(solo)
    rows = fake.message(prompt).components
    assert len(rows) == 5  # four rows of choices and the navigation row
    nav = [c["label"] for c in rows[-1]["components"]]
    assert nav == ["Next ▶"]
    selects = fake.message(prompt).selects()
    assert selects and all(len(s["options"]) <= 25 for s in selects)
    first_page = {c["custom_id"] for c in choice_items(fake.message(prompt))}

    await fake.click(solo, prompt, label="Next ▶")
    second_page = {c["custom_id"] for c in choice_items(fake.message(prompt))}
    assert second_page and not second_page & first_page
    assert "◀ Previous" in [b["label"] for b in fake.message(prompt).buttons()]
    assert "Page 2 of 2" in fake.message(prompt).content

    # Pick from a select menu on page 2: the number picked is no longer offered, so the
    # prompt comes back on its first page (a choice offered again reopens its own page).
    select = next(s for s in fake.message(prompt).selects()
                  if s["custom_id"].startswith("sg:s:"))
    await fake.select(solo, prompt, select["custom_id"], [select["options"][-1]["value"]])
    assert "Pick 1 more" in fake.message(prompt).content
    assert "Page 1 of 2" in fake.message(prompt).content
    end = await table.play_out()
    assert end is not None and "Winner" in end.text()


async def test_commands_in_direct_messages(fake: FakeDiscord, strategos: Strategos) -> None:
    alice = fake.add_user("alice")
    dm = fake.dm_channel(alice)
    ix = await fake.slash(alice, "settings notify", in_channel=dm, mode="both")
    assert ix.ephemeral and ix.record.payload["channel_id"] == str(dm.id)
    assert await strategos.bot.service.notify_mode(alice.id) == "both"
    with pytest.raises(FakeDiscordError, match="does not offer /mod"):
        await fake.slash(alice, "mod pause", in_channel=dm)
    # /game is offered (for /game mine), but a game is opened in a server channel only.
    refused = await fake.slash(alice, "game new", in_channel=dm, game="duel")
    assert refused.ephemeral and "server channels" in refused.text()


async def test_players_undo_their_own_choice_but_not_past_a_reveal(
        fake: FakeDiscord, strategos: Strategos) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = await start_duel(fake, [alice, bob], "rounds_to_win=2")
    game_id = game_id_of(table.board())
    await table.choose(alice, await table.prompt(alice), pick=0)
    assert await hand_size(strategos, game_id, alice) == 2
    undone = await fake.slash(alice, "game undo")
    assert not undone.ephemeral and alice.mention in undone.text()
    assert await hand_size(strategos, game_id, alice) == 3

    # Both choose: the cards are revealed, and that cannot be taken back.
    for user in (alice, bob):
        await table.choose(user, await table.prompt(user), pick=0)
    refused = await fake.slash(alice, "game undo")
    assert refused.ephemeral
    assert await hand_size(strategos, game_id, alice) == 2


async def test_lobby_buttons_side_picker_and_refusals(fake: FakeDiscord,
                                                      strategos: Strategos) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    table = Table(fake, alice, [alice, bob])
    lobby = await table.open("duel", options="rounds_to_win=1")
    game_id = game_id_of(lobby)

    # Bob picks a side with the select menu (which joins him), then leaves and rejoins.
    picker = lobby.selects()[0]
    south = next(o["value"] for o in picker["options"] if o["label"] == "South")
    await fake.select(bob, lobby, picker["custom_id"], [south])
    assert f"{bob.mention} — South" in fake.message(lobby).text()
    await fake.click(bob, lobby, label="Leave")
    assert bob.mention not in fake.message(lobby).text()
    await fake.slash(bob, "game join", side="south")
    await fake.wait_for(lambda: bob.mention in fake.message(lobby).text(), "bob back in")

    # A full lobby refuses a third player; only the host starts.
    full = await fake.click(carol, lobby, label="Join")
    (refusal,) = full.followups
    assert refusal.ephemeral and "full" in refusal.content
    assert carol.mention not in fake.message(lobby).text()
    not_host = await fake.click(bob, lobby, label="Start")
    assert [m.ephemeral for m in not_host.followups] == [True]
    assert (await strategos.bot.service.load(game_id)).row.status == "lobby"

    # Cancel closes the lobby and frees the channel.
    await fake.click(alice, lobby, label="Cancel")
    assert "cancelled" in fake.message(lobby).content and fake.message(lobby).items() == []
    assert await strategos.bot.service.game_in(fake.general.id) is None
    loaded = await strategos.bot.service.load(game_id)
    assert loaded.row.status != "lobby"
