"""The table's size, chosen by the host: the side picker lists exactly that table's sides,
joining stops when it is full, a smaller table drops the picks it no longer has, and the
game starts with that many sides. Epireia's sides depend on it (Solo alone, two Leagues
at two, numbered Leagues at three and four)."""

from __future__ import annotations

import pytest

from bot import errors
from bot.service import GameService
from tests.service.play import GUILD

ANN, BEN, CID, DIA = 1, 2, 3, 4
CHANNEL = 60


async def test_a_new_lobby_has_the_smallest_table_of_two_and_lists_its_sides(
        service: GameService) -> None:
    row = await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {})
    assert row.players == 2
    lobby = await service.load(row.id)
    assert lobby.table_sizes() == [1, 2, 3, 4]
    assert [(i.id, i.name) for i in lobby.lobby_roles()] == [
        ("delian-1", "Delian League"), ("peloponnesian-1", "Peloponnesian League")]
    # A side of a larger table, or Solo, is not offered at this one.
    for side in ("solo", "delian-2"):
        with pytest.raises(errors.UnknownRole, match="A table of 2 has no side"):
            await service.choose_roles(CHANNEL, ANN, [side])


async def test_joining_and_picking_stop_at_a_full_table(service: GameService) -> None:
    await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {})
    await service.join(CHANNEL, BEN)
    with pytest.raises(errors.LobbyFull, match=r"its 2 seats are taken \(the host can make"):
        await service.join(CHANNEL, CID)
    with pytest.raises(errors.LobbyFull, match="pick fewer"):
        await service.choose_roles(CHANNEL, CID, ["delian-1"])
    with pytest.raises(errors.LobbyFull, match="pick fewer"):
        await service.choose_roles(CHANNEL, ANN, ["delian-1", "peloponnesian-1"])
    await service.set_table(CHANNEL, ANN, 3)
    lobby = await service.join(CHANNEL, CID, "delian-2")
    assert lobby.roles_of(CID) == ["delian-2"] and len(lobby.seats) == 3


async def test_only_the_host_sets_the_table_and_only_to_a_size_the_game_has(
        service: GameService) -> None:
    await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {})
    await service.join(CHANNEL, BEN)
    with pytest.raises(errors.NotHost, match="Only the host"):
        await service.set_table(CHANNEL, BEN, 4)
    with pytest.raises(errors.BadSetting, match="1 to 4 sides, not 5"):
        await service.set_table(CHANNEL, ANN, 5)
    with pytest.raises(errors.BadSetting, match="always 2 sides, not 3"):
        await service.open_lobby(GUILD, CHANNEL + 1, "freedom", ANN, {}, table=3)
    lobby = await service.game_in(CHANNEL)
    assert lobby is not None and lobby.table_size == 2


async def test_a_smaller_table_drops_the_picks_it_has_no_longer(service: GameService) -> None:
    await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {}, table=4)
    await service.choose_roles(CHANNEL, ANN, ["delian-1", "delian-2"])
    await service.choose_roles(CHANNEL, BEN, ["peloponnesian-2"])
    change = await service.set_table(CHANNEL, ANN, 2)
    # Ann's second League seat goes; Ben's only seat stays, without a side.
    assert [(d.user_id, d.name) for d in change.dropped] == [
        (ANN, "Delian League 2"), (BEN, "Peloponnesian League 2")]
    lobby = change.loaded
    assert [(s.user_id, s.role) for s in lobby.seats] == [(ANN, "delian-1"), (BEN, None)]
    assert lobby.table_size == 2
    # Back to the same size changes nothing and drops nothing.
    assert (await service.set_table(CHANNEL, ANN, 2)).dropped == []
    started = (await service.start(CHANNEL, ANN)).loaded
    assert started.row.players == 2 and started.roles_of(BEN) == ["peloponnesian-1"]


async def test_a_table_smaller_than_the_players_seated_is_refused(
        service: GameService) -> None:
    await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {}, table=3)
    await service.join(CHANNEL, BEN)
    await service.choose_roles(CHANNEL, CID, ["delian-2"])
    with pytest.raises(errors.LobbyFull, match="3 seats are taken, more than a table of 2"):
        await service.set_table(CHANNEL, ANN, 2)
    lobby = await service.game_in(CHANNEL)
    assert lobby is not None and lobby.table_size == 3 and lobby.roles_of(CID) == ["delian-2"]


async def test_start_needs_every_side_of_the_table_held_or_dealt(
        service: GameService) -> None:
    await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {}, table=4)
    await service.choose_roles(CHANNEL, ANN, ["delian-1", "delian-2"])
    await service.join(CHANNEL, BEN)  # a seat without a side: dealt at the start
    with pytest.raises(errors.NotEnoughPlayers, match=r"1 more needed \(free: Peloponnesian "
                                                      r"League 1, Peloponnesian League 2\)"):
        await service.start(CHANNEL, ANN)
    await service.join(CHANNEL, DIA)
    started = (await service.start(CHANNEL, ANN)).loaded
    assert started.row.players == 4 and started.state is not None
    assert sorted(started.roles_of(BEN) + started.roles_of(DIA)) == [
        "peloponnesian-1", "peloponnesian-2"]


async def test_a_table_of_one_is_a_solo_game(service: GameService) -> None:
    await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {})
    lobby = (await service.set_table(CHANNEL, ANN, 1)).loaded
    assert [i.id for i in lobby.lobby_roles()] == ["solo"]
    started = (await service.start(CHANNEL, ANN)).loaded
    assert started.row.players == 1 and started.roles_of(ANN) == ["solo"]


async def test_a_rematch_keeps_the_table_and_the_sides(service: GameService) -> None:
    await service.open_lobby(GUILD, CHANNEL, "epireia", ANN, {}, table=3)
    await service.choose_roles(CHANNEL, ANN, ["delian-1", "delian-2"])
    await service.choose_roles(CHANNEL, BEN, ["peloponnesian-1"])
    game_id = (await service.start(CHANNEL, ANN)).loaded.id
    await service.resign(game_id, BEN)
    row = await service.rematch(game_id, BEN)
    assert row.players == 3 and row.host_id == BEN
    lobby = await service.load(row.id)
    assert [(s.user_id, s.role) for s in lobby.seats] == [
        (ANN, "delian-1"), (ANN, "delian-2"), (BEN, "peloponnesian-1")]
    # The new host may change the table: a picks' drop as in any lobby.
    change = await service.set_table(CHANNEL, BEN, 2)
    assert [(d.user_id, d.name) for d in change.dropped] == [(ANN, "Delian League 2")]
