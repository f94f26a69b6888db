"""Ratings per game kind: OpenSkill's Plackett–Luce model, for teams and several teams.

Elo with a fixed K needs dozens of games to settle; these games take days. Plackett–Luce
keeps a skill estimate ``mu`` and its uncertainty ``sigma`` per player: a new player's
rating moves fast, a settled one slowly, and a game of three teams is one ranking, not
three pairwise matches. A team's strength is the sum of its members' skills.

A game is rated when at least two teams play and nobody sits on two teams. Teams that won
share rank 1, teams that lost rank 2; when every team won or every team lost it is a draw
(all rank 1). Every function here is pure: the same games in the same order give the same
ratings, which is what lets stored results be replayed into ratings at any time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

# Stored in the database (table ``rating_model``); changing it makes the next start
# recompute every rating from the stored results.
MODEL_VERSION = "openskill-plackett-luce/1"

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300

# The displayed rating is the conservative estimate mu - 3 sigma (the player is very
# probably at least this good), scaled so that a new player shows 1000 and a win moves it
# by tens of points, the way players read ratings.
DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def display(self) -> float:
        """The rating shown to players (conservative: mu - 3 sigma, scaled)."""
        return DISPLAY_BASE + DISPLAY_SCALE * (self.mu - 3.0 * self.sigma)

    @property
    def uncertainty(self) -> float:
        """One sigma on the displayed scale (shown as "±")."""
        return DISPLAY_SCALE * self.sigma


INITIAL = Skill(mu=MODEL.mu, sigma=MODEL.sigma)


@dataclass(frozen=True)
class Place:
    """One seat's result as stored: who, on which team, and how the team did."""

    user_id: int
    team: str
    outcome: str  # 'win', 'loss' or 'draw'


def rated_teams(places: Sequence[Place]) -> dict[str, list[int]] | None:
    """Team -> its users (sorted, each once), or None when the game is not rated (fewer
    than two teams, or a user on two teams)."""
    teams: dict[str, set[int]] = {}
    for place in places:
        teams.setdefault(place.team, set()).add(place.user_id)
    users = [u for members in teams.values() for u in members]
    if len(teams) < 2 or len(set(users)) != len(users):
        return None
    # A fixed order (teams by name, users by id) so that storing a game and replaying it
    # later make the very same floating-point computation.
    return {team: sorted(teams[team]) for team in sorted(teams)}


def update(places: Sequence[Place], current: Mapping[int, Skill]) -> dict[int, Skill] | None:
    """Every player's new skill after this game, or None when the game is not rated.

    ``current`` holds the players' skills before the game; a player missing from it is new
    (:data:`INITIAL`).
    """
    teams = rated_teams(places)
    if teams is None:
        return None
    won = {p.team for p in places if p.outcome == "win"}
    ranks = [1.0 if team in won or not won else 2.0 for team in teams]
    before = [
        [MODEL.rating(mu=current.get(u, INITIAL).mu, sigma=current.get(u, INITIAL).sigma)
         for u in users]
        for users in teams.values()
    ]
    after = MODEL.rate(before, ranks=ranks)
    return {
        user: Skill(mu=rated.mu, sigma=rated.sigma)
        for users, team_after in zip(teams.values(), after, strict=True)
        for user, rated in zip(users, team_after, strict=True)
    }
