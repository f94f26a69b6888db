"""A posted record against the game this server hosted under its number."""

from __future__ import annotations

from bot.service import GameService
from engine.core.record import record_game, verify
from engine.core.rng import new_seed
from tests.service.play import GUILD, play_card, play_out, started_duel


async def test_the_record_of_a_game_matches_the_game_played_here(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_out(service, game_id)
    record = await service.record(game_id)
    assert record.number == game_id
    match = await service.match_record(GUILD, record, game_id)
    assert match.hosted and match.matches
    assert f"#{game_id} as played here" in match.message


async def test_a_forged_record_with_its_own_seed_is_not_the_game_played_here(
    service: GameService,
) -> None:
    """A record made up with a new seed and that seed's own SHA-256 replays fine, but it
    is not the game the server hosted: its seed's SHA-256 is not the one posted."""
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_out(service, game_id)
    real = await service.record(game_id)
    seed = new_seed()
    forged = record_game("duel", seed, 2, real.options, [], number=game_id)
    assert verify(forged).ok  # consistent with itself
    match = await service.match_record(GUILD, forged, game_id)
    assert match.hosted and not match.matches
    assert start.loaded.row.seed_sha256 is not None
    assert "NOT" in match.message and start.loaded.row.seed_sha256 in match.message


async def test_same_seed_other_moves_and_unknown_games(service: GameService) -> None:
    start = await started_duel(service)
    game_id = start.loaded.id
    await play_card(service, game_id, 1, "north")
    running = await service.load(game_id)
    # A record naming a running game cannot be it: its seed is still secret.
    fake = record_game("duel", "whatever", 2, {}, [], number=game_id)
    fake.seed_sha256 = running.row.seed_sha256 or ""
    match = await service.match_record(GUILD, fake, game_id)
    assert not match.matches and "not over" in match.message
    await play_out(service, game_id)
    real = await service.record(game_id)
    # The true seed, other moves (none at all): the seed matches, the game does not.
    other = record_game("duel", real.seed, 2, real.options, [], number=game_id)
    match = await service.match_record(GUILD, other, game_id)
    assert not match.matches and "actions differ from action 1" in match.message
    # Another server's game, or no such game: only the record's own consistency.
    for guild, number in ((GUILD + 1, game_id), (GUILD, game_id + 100)):
        match = await service.match_record(guild, real, number)
        assert not match.hosted and not match.matches
