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

pytestmark = pytest.mark.e2e


def expected_ladder(games: list[tuple[str, str]]) -> dict[str, Skill]:
    """The skills after these (winner, loser) games, straight from the library in order."""
    model = rating.MODEL
    skills: dict[str, Skill] = {}
    for winner, loser in games:
        start = [skills.get(name, rating.INITIAL) for name in (winner, loser)]
        (won,), (lost,) = model.rate([[model.rating(mu=s.mu, sigma=s.sigma)] for s in start],
                                     ranks=[1, 2])
        skills[winner], skills[loser] = Skill(won.mu, won.sigma), Skill(lost.mu, lost.sigma)
    return skills


async def resigned_duel(fake: FakeDiscord, winner: FakeUser, loser: FakeUser) -> None:
    await start_duel(fake, [winner, loser])
    mark = fake.cursor()
    await fake.slash(loser, "game resign")
    end = await fake.wait_for_message(after=mark, where=lambda m: "Seed revealed" in m.text())
    assert "Ratings: " in end.text()


async def test_ratings_recomputed_at_a_start_equal_the_ratings_of_each_game(
    fake: FakeDiscord, strategos: Strategos, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = {name: fake.add_user(name) for name in ("alice", "bob", "carol")}
    games = [("alice", "bob"), ("bob", "carol"), ("carol", "alice"), ("alice", "carol")]
    for winner, loser in games:
        await resigned_duel(fake, users[winner], users[loser])

    async def screens() -> list[str]:
        shown = [(await fake.slash(users["bob"], "leaderboard", game="duel")).text()]
        for user in users.values():
            shown.append((await fake.slash(users["alice"], "stats", user=user)).text())
        return shown

    played = await screens()
    skills = expected_ladder(games)
    ladder = played[0]
    for name, skill in skills.items():
        assert f"{users[name].mention} — Duel {skill.display:.0f} ±{skill.uncertainty:.0f}" in (
            ladder)
    assert ladder.index(users["alice"].mention) < ladder.index(users["bob"].mention)
    assert "Rating 1000" not in "".join(played)  # everyone has played: nobody is new
    assert "OpenSkill" in ladder

    # A later model version: the next start rates every stored result again, in order.
    monkeypatch.setattr(rating, "MODEL_VERSION", "a-later-model")
    await strategos.restart()
    db = strategos.bot.db
    assert db is not None
    async with db.read() as conn:
        assert await queries.in_thread(conn, queries.rating_model_sync) == "a-later-model"
    assert await screens() == played
    assert strategos.failures == []


def test_expected_ladder_is_the_bot_rating_model() -> None:
    """The library called directly (above) and bot.rating agree on one game."""
    skills = expected_ladder([("a", "b")])
    new = rating.update([Place(1, "x", "win"), Place(2, "y", "loss")], {})
    assert new is not None and (new[1], new[2]) == (skills["a"], skills["b"])
