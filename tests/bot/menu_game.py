"""Menu: a one-player test game whose single prompt has more choices than one Discord
message can show (7 rows of components), to exercise the prompt's pagination."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.game import Choice, Game, GameOptions, GameState, Prompt, Result, RoleInfo
from engine.core.rng import Rng
from engine.core.view import View

GROUPS = {"Orders": 3, "Cities": 60, "Units": 30, "Extras": 4}


class MenuOptions(GameOptions):
    pass


class MenuState(GameState):
    options: MenuOptions
    picked: list[str] = Field(default_factory=list)


class MenuView(View):
    game: Literal["menu"] = "menu"
    picked: list[str]


class Menu(Game[MenuState, MenuOptions]):
    id = "menu"
    name = "Menu"
    min_players = 1
    max_players = 1
    summary = "Pick two things from a long menu."
    docs = "tests/bot/menu_game.py"
    Options = MenuOptions
    State = MenuState

    def roles(self, players: int, options: MenuOptions) -> list[RoleInfo]:
        return [RoleInfo(id="diner", name="Diner", team="diner")]

    def setup(self, seed: str, players: int, options: MenuOptions) -> MenuState:
        return MenuState(game=self.id, rng=Rng(seed=seed), players=players, roles=["diner"],
                         options=options)

    def prompts(self, state: MenuState) -> dict[str, Prompt]:
        if state.result is not None:
            return {}
        choices = [Choice(id=f"{group.lower()}:{n}", label=f"{group} {n}", group=group)
                   for group, count in GROUPS.items() for n in range(count)]
        return {"diner": Prompt(role="diner", text="Pick something.", choices=choices)}

    def apply(self, state: MenuState, prompt: Prompt, choice: Choice) -> None:
        choice_id = choice.id
        state.picked.append(choice_id)
        state.say(f"Picked {choice_id}.")
        state.turn += 1
        if len(state.picked) == 2:
            state.result = Result(winners=["diner"], reason="ate")

    def view(self, state: MenuState, role: str | None) -> MenuView:
        return MenuView(picked=list(state.picked))


GAME = Menu()
