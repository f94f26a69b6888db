"""Wide: a test game whose prompts do not fit in one Discord message (platform tests only).

One or two roles (West, East) choose at the same time, twice each, among ~100 choices in
groups of 3 to 60 (buttons, several select menus, more rows than a message holds). A
choice is worth the number in its id; the higher total wins.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.game import Choice, Game, GameOptions, GameState, Prompt, Result, RoleInfo
from engine.core.rng import Rng
from engine.core.view import Private, View

GROUPS: list[tuple[str, int]] = [("Small", 3), ("Numbers", 60), ("Letters", 7),
                                 ("Colours", 4), ("More", 30)]
PICKS = 2
ROLES = ["west", "east"]


class WideOptions(GameOptions):
    timeout_policy: Literal["pass", "resign"] = "pass"


class WideState(GameState):
    options: WideOptions
    picked: dict[str, list[int]] = Field(default_factory=dict)


class WideView(View):
    """How many picks each role made; what they were only once the game is over."""

    game: Literal["wide"] = "wide"
    picks_made: dict[str, int]
    picked: dict[str, list[int]]
    result: Result | None


class WidePicks(Private):
    picked: list[int]


class WidePlayerView(WideView):
    private: WidePicks


class Wide(Game[WideState, WideOptions]):
    id = "wide"
    name = "Wide"
    min_players = 1
    max_players = 2
    summary = "Pick two of many numbers; the higher total wins."
    docs = "tests/e2e/wide.py"
    Options = WideOptions
    State = WideState

    def roles(self, players: int, options: WideOptions) -> list[RoleInfo]:
        return [RoleInfo(id=r, name=r.title(), team=r) for r in ROLES[:players]]

    def setup(self, seed: str, players: int, options: WideOptions) -> WideState:
        roles = ROLES[:players]
        return WideState(game=self.id, rng=Rng(seed=seed), players=players, roles=roles,
                         options=options, picked={r: [] for r in roles})

    def prompts(self, state: WideState) -> dict[str, Prompt]:
        if state.result is not None:
            return {}
        choices = [Choice(id=f"{group.lower()}:{n}", label=f"{group} {n}", group=group)
                   for group, size in GROUPS for n in range(1, size + 1)]
        return {role: Prompt(role=role, text=f"Pick {PICKS - len(picks)} more.",
                             choices=[c for c in choices if _value(c.id) not in picks])
                for role, picks in state.picked.items() if len(picks) < PICKS}

    def apply(self, state: WideState, prompt: Prompt, choice: Choice) -> None:
        role, choice_id = prompt.role, choice.id
        state.picked[role].append(_value(choice_id))
        state.say(f"{role.title()} picks.", role=role)
        if all(len(p) == PICKS for p in state.picked.values()):
            state.reveals += 1
            totals = {r: sum(p) for r, p in state.picked.items()}
            state.say("Totals: " + ", ".join(f"{r.title()} {t}" for r, t in totals.items()))
            best = max(totals.values())
            state.result = Result(winners=[r for r, t in totals.items() if t == best],
                                  scores=totals, reason="higher total")
            state.turn += 1

    def view(self, state: WideState, role: str | None) -> WideView:
        done = state.result is not None
        public = WideView(
            picks_made={r: len(p) for r, p in state.picked.items()},
            picked={r: list(p) for r, p in state.picked.items()} if done else {},
            result=state.result,
        )
        if role is None:
            return public
        return WidePlayerView(**dict(public),
                              private=WidePicks(role=role, picked=list(state.picked[role])))


def _value(choice_id: str) -> int:
    return int(choice_id.split(":")[1])


GAME = Wide()
