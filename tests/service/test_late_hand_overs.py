"""Hand-overs within a turn a killed process did not ping (``hand_overs``, migration 0014):
Epireia's set-up is one turn in which each player in turn picks a City, so the first pick
hands the play to the other player without a board."""

from __future__ import annotations

from bot.models import TurnUpdate
from bot.service import GameService
from tests.service.play import BLUE, GUILD, RED, Clock

A_MINUTE = 1 / 60


async def first_pick(service: GameService, channel: int = 40) -> tuple[int, TurnUpdate]:
    """A 2-player Epireia started and its start's board posted, then the first pick of its
    set-up, which hands the play over: who picked, and the update."""
    await service.open_lobby(GUILD, channel, "epireia", RED, {})
    await service.choose_role(channel, RED, "delian-1")
    await service.join(channel, BLUE, "peloponnesian-1")
    start = await service.start(channel, RED)
    loaded = start.loaded
    await service.board_posted(loaded.id, loaded.version)
    (role,) = loaded.prompts
    user = loaded.users_of(role)[0]
    pick = await service.act(loaded.id, user, loaded.version, role,
                             loaded.prompts[role].choices[0].id)
    assert not pick.turn_ended and pick.handed_to
    return user, pick


async def test_a_hand_over_not_pinged_is_claimed_once_its_minute_has_passed(
        service: GameService, clock: Clock) -> None:
    picker, pick = await first_pick(service)
    assert await service.claim_late_hand_overs() == []
    clock.advance(2 * A_MINUTE)
    (late,) = await service.claim_late_hand_overs()
    assert late.update.handed_to == pick.handed_to and late.actor == picker
    assert late.update.loaded.version == pick.loaded.version
    assert await service.claim_late_hand_overs() == []  # claimed for a lease
    clock.advance(3 * A_MINUTE)
    assert len(await service.claim_late_hand_overs()) == 1  # its announcer died too: again
    await service.hand_over_sent(pick.loaded.id, pick.loaded.version)
    clock.advance(1)
    assert await service.claim_late_hand_overs() == []


async def test_a_ping_sent_or_a_board_posted_leaves_nothing_late(service: GameService,
                                                                 clock: Clock) -> None:
    _, pick = await first_pick(service, 40)
    await service.hand_over_sent(pick.loaded.id, pick.loaded.version)
    _, other = await first_pick(service, 41)
    await service.board_posted(other.loaded.id, other.loaded.version)  # pings everyone asked
    clock.advance(1)
    assert await service.claim_late_hand_overs() == []


async def test_a_newer_hand_over_replaces_the_one_before(service: GameService,
                                                         clock: Clock) -> None:
    _, pick = await first_pick(service)
    loaded = pick.loaded
    (role,) = pick.handed_to
    answer = await service.act(loaded.id, loaded.users_of(role)[0], loaded.version, role,
                               loaded.prompts[role].choices[0].id)  # the draft goes on
    clock.advance(2 * A_MINUTE)
    (late,) = await service.claim_late_hand_overs()
    assert late.update.loaded.version == answer.loaded.version
    assert late.update.handed_to == [r for r in answer.handed_to if r in answer.loaded.prompts]
