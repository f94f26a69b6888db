"""Alliance: a four-kingdom test game in two teams (platform tests only, not a product game).

Arden and Corin (the Red alliance) face Brisk and Dunmor (Blue); seats alternate between
the teams, so a user who takes the first two seats holds one kingdom of each. Each round
the round's leader (the seats in turn) sets the stake, 1 or 2 points (one role asked);
then all four kingdoms play a secret card at once (four roles asked together). The cards
are revealed and the alliance with the higher total takes the stake (a d6 roll-off per
alliance breaks a tie;
Red wins an equal roll). After three rounds the alliance with more points wins; equal
points are a draw (both alliances are winners).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.game import Choice, Game, GameOptions, GameState, Prompt, Result, RoleInfo
from engine.core.rng import Rng
from engine.core.view import Private, View

KINGDOMS: list[tuple[str, str, str]] = [
    ("arden", "Arden", "red"), ("brisk", "Brisk", "blue"),
    ("corin", "Corin", "red"), ("dunmor", "Dunmor", "blue"),
]
TEAM = {role: team for role, _, team in KINGDOMS}
ROUNDS = 3


class AllianceOptions(GameOptions):
    timeout_policy: Literal["pass", "resign"] = "pass"


class AllianceState(GameState):
    options: AllianceOptions
    hands: dict[str, list[int]]
    chosen: dict[str, int] = Field(default_factory=dict)
    points: dict[str, int] = Field(default_factory=lambda: {"red": 0, "blue": 0})
    round: int = 1
    stake: int | None = None


class AllianceView(View):
    """The spectator view: hands only as sizes, who has chosen but never what."""

    game: Literal["alliance"] = "alliance"
    round: int
    stake: int | None
    points: dict[str, int]
    hand_sizes: dict[str, int]
    chosen: list[str]
    log: list[str]
    result: Result | None


class AllianceHand(Private):
    hand: list[int]
    log: list[str]


class AlliancePlayerView(AllianceView):
    private: AllianceHand


class Alliance(Game[AllianceState, AllianceOptions]):
    id = "alliance"
    name = "Alliance"
    min_players = 4
    max_players = 4
    summary = "Four kingdoms in two alliances play secret cards; the higher alliance wins."
    docs = "tests/support/alliance.py"
    Options = AllianceOptions
    State = AllianceState

    def roles(self, players: int, options: AllianceOptions) -> list[RoleInfo]:
        return [RoleInfo(id=role, name=name, team=team) for role, name, team in KINGDOMS]

    def setup(self, seed: str, players: int, options: AllianceOptions) -> AllianceState:
        rng = Rng(seed=seed)
        deck = list(range(1, 13))
        rng.shuffle(deck)
        roles = [role for role, _, _ in KINGDOMS]
        state = AllianceState(
            game=self.id, rng=rng, players=players, roles=roles, options=options,
            hands={role: sorted(deck[3 * i:3 * i + 3]) for i, role in enumerate(roles)},
        )
        state.say("Each kingdom is dealt three secret cards.")
        return state

    def leader(self, state: AllianceState) -> str:
        return state.roles[(state.round - 1) % len(state.roles)]

    def prompts(self, state: AllianceState) -> dict[str, Prompt]:
        if state.result is not None:
            return {}
        if state.stake is None:
            leader = self.leader(state)
            return {leader: Prompt(role=leader, text=f"Round {state.round}: set the stake.",
                                   choices=[Choice(id=f"stake:{n}", label=f"{n} point(s)")
                                            for n in (1, 2)])}
        return {
            role: Prompt(role=role, text=f"Round {state.round}: play a card in secret.",
                         choices=[Choice(id=f"card:{c}", label=f"Play {c}", group="Your hand")
                                  for c in state.hands[role]])
            for role in state.roles if role not in state.chosen
        }

    def apply(self, state: AllianceState, prompt: Prompt, choice: Choice) -> None:
        role = prompt.role
        verb, number = choice.id.split(":")
        if verb == "stake":
            state.stake = int(number)
            state.say(f"{role.title()} sets the stake at {number}.", role=role)
            return
        state.hands[role].remove(int(number))
        state.chosen[role] = int(number)
        state.say(f"{role.title()} has chosen.", role=role)
        if len(state.chosen) == len(state.roles):
            self._reveal(state)

    def _reveal(self, state: AllianceState) -> None:
        totals = {"red": 0, "blue": 0}
        for role, card in state.chosen.items():
            totals[TEAM[role]] += card
        state.reveals += 1
        cards = ", ".join(f"{r.title()} {c}" for r, c in state.chosen.items())
        state.say(f"Revealed: {cards} (Red {totals['red']}, Blue {totals['blue']}).")
        if totals["red"] == totals["blue"]:
            red, blue = state.rng.dice(2, 6)
            state.say(f"Tie, roll-off: Red {red} vs Blue {blue}.", dice=[red, blue])
            taker = "red" if red >= blue else "blue"
        else:
            taker = "red" if totals["red"] > totals["blue"] else "blue"
        state.points[taker] += state.stake or 0
        state.say(f"{taker.title()} takes {state.stake} point(s).")
        state.chosen, state.stake = {}, None
        state.round += 1
        state.turn += 1
        if state.round > ROUNDS:
            self._finish(state)

    def _finish(self, state: AllianceState) -> None:
        best = max(state.points.values())
        teams = [team for team, points in state.points.items() if points == best]
        state.result = Result(
            winners=[role for role in state.roles if TEAM[role] in teams],
            scores={role: state.points[TEAM[role]] for role in state.roles},
            reason="a draw" if len(teams) > 1 else f"{teams[0].title()} has more points",
        )

    def view(self, state: AllianceState, role: str | None) -> AllianceView:
        public = AllianceView(
            round=state.round,
            stake=state.stake,
            points=dict(state.points),
            hand_sizes={r: len(h) for r, h in state.hands.items()},
            chosen=sorted(state.chosen),  # who has chosen, never what
            log=[e.text for e in state.log if e.visible(None)][-10:],
            result=state.result,
        )
        if role is None:
            return public
        private = AllianceHand(role=role, hand=list(state.hands[role]),
                               log=[e.text for e in state.log if e.visible(role)][-10:])
        return AlliancePlayerView(**dict(public), private=private)

    def invariants(self, state: AllianceState) -> list[str]:
        cards = [c for h in state.hands.values() for c in h] + list(state.chosen.values())
        problems = [] if len(cards) == len(set(cards)) else ["a card is in two places"]
        if sum(len(h) for h in state.hands.values()) + len(state.chosen) != 4 * (4 - state.round):
            problems.append("cards were lost or made up")
        return problems


GAME = Alliance()
