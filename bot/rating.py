"""Ratings per game kind: OpenSkill's Plackett–Luce model, for teams and several teams.

Elo with a fixed K needs dozens of games to settle; these games take days. Plackett–Luce
keeps a skill estimate ``mu`` and its uncertainty ``sigma`` per player: a new player's
rating moves fast, a settled one slowly, and a game of three teams is one ranking, not
three pairwise matches. A team's strength is the sum of its members' skills.

A game is rated when at least two teams play and nobody sits on two teams. Teams that won
share rank 1, teams that lost rank 2; when every team won or every team lost it is a draw
(all rank 1). Every function here is pure: the same games in the same order give the same
ratings, which is what lets stored results be replayed into ratings at any time.

Sides win at different rates (Freedom's Empire and Insurgents; the first player of a
duel). Each side of a game kind therefore plays as one more member of its team, with a
skill of its own learned from the same games: a side that wins more than its players'
skills explain gains skill, so its next winners gain less and its losers lose less. Sides
start equal (no advantage until the results show one) and with a small uncertainty (a
side moves slowly and takes little of its players' rating changes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

# Stored in the database (table ``rating_model``); changing it makes the next start
# recompute every rating from the stored results.
MODEL_VERSION = "openskill-plackett-luce+sides/1"

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
# Every side starts here: equal to every other side, and a third of a new player's sigma,
# so a new player still takes about 90% of the team's change (a member's share is its
# sigma squared over the team's).
SIDE_INITIAL = Skill(mu=0.0, sigma=MODEL.sigma / 3.0)


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


@dataclass(frozen=True)
class Rated:
    """The new skills of a rated game's players (by user id) and sides (by team)."""

    players: dict[int, Skill]
    sides: dict[str, Skill]


def update(
    places: Sequence[Place], current: Mapping[int, Skill], sides: Mapping[str, Skill]
) -> Rated | None:
    """Every player's and side's new skill after this game, or None when it is not rated.

    ``current`` holds the players' skills before the game and ``sides`` the teams' (as
    sides of this game kind); one missing is new (:data:`INITIAL`, :data:`SIDE_INITIAL`).
    """
    teams = rated_teams(places)
    if teams is None:
        return None
    won = {p.team for p in places if p.outcome == "win"}
    ranks = [1.0 if team in won or not won else 2.0 for team in teams]
    before = [
        [_model_rating(current.get(u, INITIAL)) for u in users]
        + [_model_rating(sides.get(team, SIDE_INITIAL))]
        for team, users in teams.items()
    ]
    after = MODEL.rate(before, ranks=ranks)
    players: dict[int, Skill] = {}
    new_sides: dict[str, Skill] = {}
    for (team, users), team_after in zip(teams.items(), after, strict=True):
        *members, side = team_after
        new_sides[team] = Skill(mu=side.mu, sigma=side.sigma)
        for user, rated in zip(users, members, strict=True):
            players[user] = Skill(mu=rated.mu, sigma=rated.sigma)
    return Rated(players=players, sides=new_sides)


def _model_rating(skill: Skill) -> PlackettLuceRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)
