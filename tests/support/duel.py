"""Duel: a tiny game used only by platform tests (not a product game).

Each player is dealt three secret cards (1-9). Each round both choose a card at once
in secret; the cards are revealed; the higher wins the round and a d6 roll-off breaks a
tie. Two rounds won wins the game. It exercises everything the platform must carry:
simultaneous secret choices, hidden hands, reveals, dice and a result.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.game import Choice, Game, GameOptions, GameState, Prompt, Result, RoleInfo
from engine.core.rng import Rng
from engine.core.view import Private, View


class DuelOptions(GameOptions):
    rounds_to_win: int = Field(default=2, ge=1, le=3)
    timeout_policy: Literal["pass", "resign"] = "pass"


class DuelState(GameState):
    options: DuelOptions
    hands: dict[str, list[int]]
    chosen: dict[str, int] = Field(default_factory=dict)
    wins: dict[str, int]
    round: int = 1


class DuelView(View):
    """The spectator view: hands only as sizes, who has chosen but never what."""

    game: Literal["duel"] = "duel"
    round: int
    wins: dict[str, int]
    hand_sizes: dict[str, int]
    chosen: list[str]
    log: list[str]
    result: Result | None


class DuelHand(Private):
    hand: list[int]


class DuelPlayerView(DuelView):
    private: DuelHand


class Duel(Game[DuelState, DuelOptions]):
    id = "duel"
    name = "Duel"
    min_players = 2
    max_players = 2
    summary = "Two players play secret cards; higher card wins the round."
    docs = "tests/support/duel.py"
    Options = DuelOptions
    State = DuelState

    def roles(self, players: int, options: DuelOptions) -> list[RoleInfo]:
        return [RoleInfo(id="north", name="North", team="north"),
                RoleInfo(id="south", name="South", team="south")]

    def setup(self, seed: str, players: int, options: DuelOptions) -> DuelState:
        rng = Rng(seed=seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        state = DuelState(
            game=self.id, rng=rng, players=players, roles=["north", "south"], options=options,
            hands={"north": sorted(deck[:3]), "south": sorted(deck[3:6])},
            wins={"north": 0, "south": 0},
        )
        state.say("Each player is dealt three secret cards.")
        return state

    def prompts(self, state: DuelState) -> dict[str, Prompt]:
        if state.result is not None:
            return {}
        return {
            role: Prompt(
                role=role,
                text=f"Round {state.round}: choose a card in secret.",
                choices=[Choice(id=f"card:{c}", label=f"Play {c}", group="Your hand")
                         for c in state.hands[role]],
            )
            for role in state.roles
            if role not in state.chosen
        }

    def apply(self, state: DuelState, prompt: Prompt, choice: Choice) -> None:
        role, choice_id = prompt.role, choice.id
        card = int(choice_id.split(":")[1])
        state.hands[role].remove(card)
        state.chosen[role] = card
        state.say(f"{role.title()} has chosen.", role=role)
        if len(state.chosen) == 2:
            self._reveal(state)

    def _reveal(self, state: DuelState) -> None:
        north, south = state.chosen["north"], state.chosen["south"]
        state.reveals += 1
        state.say(f"Revealed: North {north}, South {south}.")
        if north == south:
            dice = state.rng.dice(2, 6)
            winner = "north" if dice[0] >= dice[1] else "south"
            state.say(f"Tie, roll-off: {dice[0]} vs {dice[1]}.", dice=dice)
        else:
            winner = "north" if north > south else "south"
        state.wins[winner] += 1
        state.say(f"{winner.title()} wins round {state.round}.")
        state.chosen = {}
        state.round += 1
        state.turn += 1
        target = state.options.rounds_to_win
        if state.wins[winner] < target and state.hands[winner]:
            return
        # Out of cards before anyone reached the target: most rounds won (3 rounds, no tie).
        best = max(state.roles, key=lambda r: state.wins[r])
        state.result = Result(winners=[best], scores=dict(state.wins),
                              reason=f"{best.title()} won {state.wins[best]} rounds")

    def ending(self, state: DuelState) -> str:
        """"target" when a player reached the rounds to win, "cards" when the cards ran out."""
        if state.result is None:
            return ""
        reached = max(state.wins.values()) >= state.options.rounds_to_win
        return "target" if reached else "cards"

    def view(self, state: DuelState, role: str | None) -> DuelView:
        public = DuelView(
            round=state.round,
            wins=dict(state.wins),
            hand_sizes={r: len(h) for r, h in state.hands.items()},
            chosen=sorted(state.chosen),
            log=[e.text for e in state.log if e.visible(None)][-10:],
            result=state.result,
        )
        if role is None:
            return public
        return DuelPlayerView(**dict(public),
                              private=DuelHand(role=role, hand=list(state.hands[role])))


GAME = Duel()
