"""Ratings through the real bot and the fake Discord: /stats and /leaderboard show OpenSkill
ratings with their uncertainty, and a start that recomputes every rating from the stored
results (a new rating model) shows exactly what the games showed one by one."""

from __future__ import annotations

import pytest

from bot import rating
from bot.rating import Place, Skill
from bot.storage import queries
from tests.e2e.harness import Strategos
from tests.e2e.test_platform import start_duel
from tests.fakediscord import FakeDiscord, FakeUser
from tests.service.ratings import library

pytestmark = pytest.mark.e2e


Played = tuple[str, str, str, str]  # winner, winner's side, loser, loser's side


def expected_ladder(games: list[Played]) -> dict[str, Skill]:
    """The players' skills after these games, straight from the library in order (each
    side one more member of its team, learning as the players do)."""
    skills: dict[str, Skill] = {}
    for winner, winner_side, loser, loser_side in games:
        [[won, won_side], [lost, lost_side]] = library(
            [[skills.get(winner, rating.INITIAL), skills.get(winner_side, rating.SIDE_INITIAL)],
             [skills.get(loser, rating.INITIAL), skills.get(loser_side, rating.SIDE_INITIAL)]],
            [1, 2])
        skills.update({winner: won, winner_side: won_side, loser: lost, loser_side: lost_side})
    return skills


async def resigned_duel(fake: FakeDiscord, strategos: Strategos, winner: FakeUser,
                        loser: FakeUser) -> Played:
    await start_duel(fake, [winner, loser])
    mark = fake.cursor()
    await fake.slash(loser, "game resign")
    end = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    assert "Ratings: " in end.text()
    # The sides were dealt at random: ask the service who held which.
    sides = [(await strategos.bot.service.stats(fake.guild_id, user.id)).recent[0].team
             for user in (winner, loser)]
    return winner.name, sides[0], loser.name, sides[1]


async def test_ratings_recomputed_at_a_start_equal_the_ratings_of_each_game(
    fake: FakeDiscord, strategos: Strategos, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = {name: fake.add_user(name) for name in ("alice", "bob", "carol")}
    games = [await resigned_duel(fake, strategos, users[winner], users[loser]) for winner, loser
             in [("alice", "bob"), ("bob", "carol"), ("carol", "alice"), ("alice", "carol")]]

    async def screens() -> list[str]:
        shown = [(await fake.slash(users["bob"], "leaderboard", game="duel")).text()]
        for user in users.values():
            shown.append((await fake.slash(users["alice"], "stats", user=user)).text())
        return shown

    played = await screens()
    skills = expected_ladder(games)
    ladder = played[0]
    for name in users:
        skill = skills[name]
        assert f"{users[name].mention} — Duel {skill.display:.0f} ±{skill.uncertainty:.0f}" in (
            ladder)
    assert ladder.index(users["alice"].mention) < ladder.index(users["bob"].mention)
    # Each player's own screen shows the same rating (a rating may well be 1000 exactly:
    # what marks a player with no rated game is "unrated").
    for name, screen in zip(users, played[1:], strict=True):
        skill = skills[name]
        assert f"Rating {skill.display:.0f} ±{skill.uncertainty:.0f}" in screen
        assert "unrated" not in screen
    assert "OpenSkill" in ladder

    # A later model version: the next start rates every stored result again, in order.
    monkeypatch.setattr(rating, "MODEL_VERSION", "a-later-model")
    await strategos.restart()
    db = strategos.bot.db
    assert db is not None
    async with db.read() as conn:
        assert await queries.rating_model(conn) == "a-later-model"
    assert await screens() == played
    assert strategos.failures == []


def test_expected_ladder_is_the_bot_rating_model() -> None:
    """The library called directly (above) and bot.rating agree on one game."""
    skills = expected_ladder([("a", "x", "b", "y")])
    new = rating.update([Place(1, "x", "win"), Place(2, "y", "loss")], {}, {})
    assert new is not None
    assert (new.players[1], new.players[2]) == (skills["a"], skills["b"])
