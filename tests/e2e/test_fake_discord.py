"""The fake Discord proven with a minimal discord.py bot defined here (no project code)."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeDiscordError, Perm, RunningClient, payloads

pytestmark = pytest.mark.e2e

PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00"
       b"\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N"
       b"\x00\x00\x00\x00IEND\xaeB`\x82")


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"count:(?P<n>\d+)"):
    """A persistent button: its state lives in its custom id, so it survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count is {self.n + 1}", view=view)


class Menu(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="menu:pick", options=[
        discord.SelectOption(label="Red", value="red"),
        discord.SelectOption(label="Blue", value="blue")])
    async def pick(self, interaction: discord.Interaction[Any],
                   select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"you picked {select.values[0]}",
                                                ephemeral=True)

    @discord.ui.button(label="Secret", custom_id="menu:secret")
    async def secret(self, interaction: discord.Interaction[Any],
                     button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("your hand: 7, 8, 9", ephemeral=True)

    @discord.ui.button(label="Quiet", custom_id="menu:quiet")
    async def quiet(self, interaction: discord.Interaction[Any],
                    button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="edited after a deferred update")

    @discord.ui.button(label="Broken", custom_id="menu:broken")
    async def broken(self, interaction: discord.Interaction[Any],
                     button: discord.ui.Button[Any]) -> None:
        raise RuntimeError("bug in a view")


def make_bot(*, guild_sync: bool = False) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    demo = app_commands.Group(name="demo", description="Demo commands")
    admin = app_commands.Group(name="admin", description="Admin things", parent=demo)

    @bot.tree.command(name="ping", description="Answer privately")
    async def ping(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    @demo.command(name="board", description="Post a board with a file and buttons")
    @app_commands.describe(title="A title")
    async def board(interaction: discord.Interaction[Any], title: str, size: int = 3) -> None:
        await interaction.response.defer(thinking=True)
        view = Menu()
        view.add_item(Counter(0))
        await interaction.followup.send(f"{title} ({size})", view=view,
                                        file=discord.File(io.BytesIO(PNG), "board.png"))

    @demo.command(name="game", description="Pick a game")
    @app_commands.choices(game=[app_commands.Choice(name="Duel", value="duel"),
                                app_commands.Choice(name="Freedom!", value="freedom")])
    async def game(interaction: discord.Interaction[Any], game: str) -> None:
        await interaction.response.send_message(f"game {game}")

    @demo.command(name="post", description="Post to the channel, then confirm")
    async def post(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        assert isinstance(interaction.channel, discord.abc.Messageable)
        msg = await interaction.channel.send("a channel post",
                                             file=discord.File(io.BytesIO(PNG), "b.png"))
        await msg.edit(content="a channel post, edited")

    @demo.command(name="dm", description="Send a DM")
    async def dm(interaction: discord.Interaction[Any], user: discord.User) -> None:
        try:
            await user.send("your turn")
            await interaction.response.send_message("sent", ephemeral=True)
        except discord.Forbidden:
            await interaction.response.send_message(f"{user.mention}: DMs are closed")

    @demo.command(name="twice", description="Answer twice (a bug)")
    async def twice(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("one")
        try:
            await interaction.followup.send("fine")
            await bot.http.request(
                discord.http.Route("POST", "/interactions/{i}/{t}/callback",
                                   i=interaction.id, t=interaction.token),
                json={"type": 4, "data": {"content": "two"}})
        except discord.HTTPException as error:
            bot.last_error = error  # type: ignore[attr-defined]

    @demo.command(name="slow", description="Answer too late")
    async def slow(interaction: discord.Interaction[Any]) -> None:
        await bot.slow_gate.wait()  # type: ignore[attr-defined]
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as error:
            bot.last_error = error  # type: ignore[attr-defined]

    @demo.command(name="crash", description="Raise")
    async def crash(interaction: discord.Interaction[Any]) -> None:
        raise ValueError("bug in a command")

    @admin.command(name="check", description="Moderators only")
    async def check(interaction: discord.Interaction[Any], member: discord.Member) -> None:
        perms = interaction.permissions
        assert isinstance(interaction.user, discord.Member)
        role_names = [r.name for r in interaction.user.roles]
        allowed = perms.manage_channels or "Game Master" in role_names
        await interaction.response.send_message(
            f"{'allowed' if allowed else 'refused'} for {member.display_name}", ephemeral=True)

    bot.tree.add_command(demo)
    bot.slow_gate = asyncio.Event()  # type: ignore[attr-defined]

    async def setup_hook() -> None:
        bot.add_dynamic_items(Counter)
        bot.add_view(Menu())
        if guild_sync:
            guild = discord.Object(id=bot.fake_guild)  # type: ignore[attr-defined]
            bot.tree.copy_global_to(guild=guild)
            await bot.tree.sync(guild=guild)
        else:
            await bot.tree.sync()
    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[RunningClient]:
    running = RunningClient(fake, make_bot())
    await running.start()
    yield running
    await running.stop()


async def test_handshake_and_command_sync(fake: FakeDiscord, bot: RunningClient) -> None:
    client = bot.client
    assert client.user is not None and client.user.id == fake.bot_user.id
    guild = client.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.general.id) is not None
    names = {c["name"] for c in fake.commands()}
    assert names == {"ping", "demo"}
    demo = next(c for c in fake.commands() if c["name"] == "demo")
    subs = {o["name"]: o["type"] for o in demo["options"]}
    assert subs["board"] == 1 and subs["admin"] == 2


async def test_ephemeral_reply_is_kept_apart(fake: FakeDiscord, bot: RunningClient) -> None:
    alice = fake.add_user("alice")
    ix = await fake.slash(alice, "ping")
    assert ix.ephemeral and ix.text() == "pong"
    assert [m.content for m in fake.ephemeral(alice)] == ["pong"]
    assert fake.channel_messages() == []


async def test_deferred_followup_with_file_and_components(fake: FakeDiscord,
                                                           bot: RunningClient) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    ix = await fake.slash(alice, "demo board", title="Turn 1", size=4)
    board = ix.response
    assert board is not None and not board.ephemeral and board.content == "Turn 1 (4)"
    assert [a.filename for a in board.images()] == ["board.png"]
    assert board.images()[0].data == PNG
    assert fake.channel_messages() == [board]
    assert [b["label"] for b in board.buttons()] == ["Secret", "Quiet", "Broken", "Count 0"]

    # A select menu.
    picked = await fake.select(bob, board, "menu:pick", ["blue"])
    assert picked.ephemeral and picked.text() == "you picked blue"
    with pytest.raises(FakeDiscordError):
        await fake.select(bob, board, "menu:pick", ["green"])

    # A deferred ephemeral answer filled in by a follow-up: only alice sees it.
    secret = await fake.click(alice, board, label="Secret")
    assert secret.ephemeral and "7, 8, 9" in secret.text()
    assert all("7, 8, 9" not in m.text() for m in fake.all_visible_messages())
    assert fake.ephemeral(bob) == [picked.response]

    # A deferred update, then an edit of @original (the clicked message).
    await fake.click(alice, board, label="Quiet")
    assert fake.message(board).content == "edited after a deferred update"

    # A dynamic (persistent) button edits its own message (type 7), replacing the view.
    clicked = await fake.click(bob, board, "count:0")
    assert clicked.record.response_type == 7
    assert fake.message(board).content == "count is 1"
    assert fake.message(board).component("count:1") is not None
    # The clicked message keeps its file.
    assert [a.filename for a in fake.message(board).attachments] == ["board.png"]


async def test_channel_post_and_edit(fake: FakeDiscord, bot: RunningClient) -> None:
    alice = fake.add_user("alice")
    mark = fake.cursor()
    await fake.slash(alice, "demo post")
    post = await fake.wait_for_message(after=mark, where=lambda m: "edited" in m.content)
    assert post.edits == 1 and post.images()[0].filename == "b.png"


async def test_choices_and_options_are_checked(fake: FakeDiscord, bot: RunningClient) -> None:
    alice = fake.add_user("alice")
    ix = await fake.slash(alice, "demo game", game="freedom")
    assert ix.text() == "game freedom"
    with pytest.raises(FakeDiscordError, match="not a choice"):
        await fake.slash(alice, "demo game", game="chess")
    with pytest.raises(FakeDiscordError, match="no option"):
        await fake.slash(alice, "demo game", game="duel", colour="red")
    with pytest.raises(FakeDiscordError, match="missing required"):
        await fake.slash(alice, "demo board")
    with pytest.raises(FakeDiscordError, match="did not sync"):
        await fake.slash(alice, "nonexistent")


async def test_dm_and_refused_dm(fake: FakeDiscord, bot: RunningClient) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", refuses_dms=True)
    ix = await fake.slash(alice, "demo dm", user=alice)
    assert ix.text() == "sent"
    assert [m.content for m in fake.dms(alice)] == ["your turn"]
    ix = await fake.slash(alice, "demo dm", user=bob)
    assert ix.text() == f"{bob.mention}: DMs are closed"
    assert fake.dms(bob) == []


async def test_permissions_and_roles(fake: FakeDiscord, bot: RunningClient) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    gm = fake.add_role("Game Master")
    mods = fake.add_role("Mods", Perm.MANAGE_CHANNELS)
    fake.give_role(bob, gm)
    fake.give_role(carol, mods)
    assert (await fake.slash(alice, "demo admin check", member=bob)).text() == \
        "refused for Bob"
    await fake.wait_for(lambda: bot.client.get_guild(fake.guild_id).get_role(gm.id),  # type: ignore[union-attr]
                        "the role to reach the bot")
    assert (await fake.slash(bob, "demo admin check", member=alice)).text() == \
        "allowed for Alice"
    assert (await fake.slash(carol, "demo admin check", member=alice)).text() == \
        "allowed for Alice"
    assert (await fake.slash(fake.owner, "demo admin check", member=alice)).text() == \
        "allowed for Alice"


async def test_second_response_is_40060(fake: FakeDiscord, bot: RunningClient) -> None:
    alice = fake.add_user("alice")
    with pytest.raises(FakeDiscordError, match="40060"):
        await fake.slash(alice, "demo twice")
    assert any("40060" in f for f in fake.take_failures())
    await fake.wait_for(lambda: getattr(bot.client, "last_error", None), "the bot's error")
    assert bot.client.last_error.code == 40060  # type: ignore[attr-defined]


async def test_late_response_is_10062(fake: FakeDiscord, bot: RunningClient) -> None:
    fake.response_deadline = 0.0  # any answer is late: no sleeping in tests
    alice = fake.add_user("alice")
    bot.client.slow_gate.set()  # type: ignore[attr-defined]
    with pytest.raises(FakeDiscordError, match="10062"):
        await fake.slash(alice, "demo slow")
    assert any("10062" in f for f in fake.take_failures())
    await fake.wait_for(lambda: getattr(bot.client, "last_error", None), "the bot's error")
    assert bot.client.last_error.code == 10062  # type: ignore[attr-defined]


async def test_errors_in_commands_and_views_fail_the_test(fake: FakeDiscord,
                                                          bot: RunningClient) -> None:
    alice = fake.add_user("alice")
    with pytest.raises(FakeDiscordError, match="bug in a command"):
        await fake.slash(alice, "demo crash")
    fake.take_failures()
    board = (await fake.slash(alice, "demo board", title="x")).response
    assert board is not None
    with pytest.raises(FakeDiscordError, match="bug in a view"):
        await fake.click(alice, board, label="Broken")
    failures = fake.take_failures()
    assert any("Menu.on_error" in f for f in failures)
    # Those interactions were never answered: the teardown check would report them.
    fake.check_unanswered = False  # type: ignore[attr-defined]
    for record in fake.interactions.values():
        if not record.responded:
            record.error = "expected"


async def test_unknown_route_and_invalid_body_fail(fake: FakeDiscord,
                                                   bot: RunningClient) -> None:
    http = bot.client.http
    with pytest.raises(discord.NotFound):
        await http.request(discord.http.Route("GET", "/no/such/route"))
    with pytest.raises(discord.HTTPException):
        await http.send_message(fake.general.id, params=discord.http.MultipartParameters(
            payload={"content": "x" * 2001}, multipart=None, files=None))
    with pytest.raises(discord.HTTPException):
        await http.send_message(fake.general.id, params=discord.http.MultipartParameters(
            payload={"components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "a", "custom_id": "x" * 101}]}]},
            multipart=None, files=None))
    failures = fake.take_failures()
    assert any("unknown route GET /no/such/route" in f for f in failures)
    assert any("2001 characters" in f for f in failures)
    assert any("custom_id" in f and "too long" in f for f in failures)


async def test_restart_keeps_persistent_buttons(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    first = RunningClient(fake, make_bot())
    await first.start()
    board = (await fake.slash(alice, "demo board", title="before")).response
    assert board is not None
    await first.stop()
    assert not fake.connected
    second = RunningClient(fake, make_bot())
    await second.start()
    await fake.click(alice, board, "count:0")
    assert fake.message(board).content == "count is 1"
    await second.stop()
    assert fake.identified == 2


async def test_guild_commands(fake: FakeDiscord) -> None:
    client = make_bot(guild_sync=True)
    client.fake_guild = fake.guild_id  # type: ignore[attr-defined]
    running = RunningClient(fake, client)
    await running.start()
    assert {c["name"] for c in fake.commands(guild=True)} == {"ping", "demo"}
    alice = fake.add_user("alice")
    ix = await fake.slash(alice, "ping")
    assert ix.record.payload["data"]["guild_id"] == str(fake.guild_id)
    assert ix.text() == "pong"
    await running.stop()


async def test_gateway_reconnect_resumes_the_session(fake: FakeDiscord,
                                                     bot: RunningClient) -> None:
    alice = fake.add_user("alice")
    await fake.request_reconnect()
    assert fake.connections == 2 and fake.identified == 1 and fake.resumed == 1
    assert (await fake.slash(alice, "ping")).text() == "pong"


async def test_documented_limits_beyond_the_spec(fake: FakeDiscord, bot: RunningClient) -> None:
    def button(i: int) -> dict[str, Any]:
        return {"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}

    payloads: list[dict[str, Any]] = [
        {"components": [{"type": 1, "components": [button(i)]} for i in range(6)]},
        {"embeds": [{"description": "x" * 4096}, {"description": "y" * 2000}]},
        {"components": [{"type": 1, "components": [button(1), button(1)]}]},
    ]
    for payload in payloads:
        with pytest.raises(discord.HTTPException):
            await bot.client.http.send_message(
                fake.general.id, params=discord.http.MultipartParameters(
                    payload=payload, multipart=None, files=None))
    failures = fake.take_failures()
    assert any("6 action rows" in f for f in failures)
    assert any("6096 characters" in f for f in failures)
    assert any("cannot be duplicated" in f for f in failures)
    assert fake.channel_messages() == []


async def test_interaction_rules(fake: FakeDiscord, bot: RunningClient) -> None:
    """Follow-ups need a known, answered interaction; only interaction replies are ephemeral."""
    http = bot.client.http
    alice = fake.add_user("alice")
    ix = await fake.slash(alice, "ping")
    token_route = discord.http.Route("POST", "/webhooks/{a}/{t}", a=fake.application_id,
                                     t=ix.record.token)
    # Channel messages cannot be ephemeral.
    with pytest.raises(discord.HTTPException):
        await http.send_message(fake.general.id, params=discord.http.MultipartParameters(
            payload={"content": "secret", "flags": 64}, multipart=None, files=None))
    # A follow-up with an unknown token.
    with pytest.raises(discord.NotFound):
        await http.request(discord.http.Route("POST", "/webhooks/{a}/{t}",
                                              a=fake.application_id, t="nope"),
                           json={"content": "x"})
    followed = await http.request(token_route, json={"content": "more"}, params={"wait": 1})
    assert followed["content"] == "more" and not fake.message(int(followed["id"])).ephemeral
    failures = fake.take_failures()
    assert any("Only interaction responses can be ephemeral" in f for f in failures)
    assert any("10015" in f for f in failures)
    assert len(failures) == 2


def test_gateway_objects_match_the_rest_schemas(fake: FakeDiscord) -> None:
    """The objects the fake puts in READY, GUILD_CREATE and interactions have the shapes
    Discord's REST API gives them (the gateway itself is not in the description)."""

    spec = fake.spec
    alice = fake.add_user("alice", roles=[fake.add_role("Mods", Perm.MANAGE_CHANNELS)])
    thread = fake.add_thread(fake.general, "a thread")
    dm = fake.dm_channel(alice)
    checks: list[tuple[str, object]] = [
        ("UserResponse", payloads.user(alice)),
        ("UserResponse", payloads.user(fake.bot_user)),
        ("GuildMemberResponse", payloads.member(alice)),
        ("GuildChannelResponse", payloads.channel(fake.general)),
        ("ThreadResponse", payloads.channel(thread)),
        ("PrivateChannelResponse", payloads.channel(dm, alice)),
    ]
    checks += [("GuildRoleResponse", payloads.role(r)) for r in fake.roles.values()]
    for name, instance in checks:
        spec.validate(spec.schema(name), instance, name)
