"""The Great Battle's questions: each league places its tokens and figures face down (both
leagues at once, in secret), then decides column by column whether to engage its figure.

Choice ids: ``tok:<kind>`` then ``slot:<front>:<column>:<row>``, ``auto``, ``done``, ``back``,
``fig:<figure>``, ``none``, ``commit``, ``pass``.
"""

from __future__ import annotations

from typing import Any

from engine.core.flow import pop
from engine.core.game import Choice, choice
from engine.games.epireia import catalog
from engine.games.epireia.battle import (
    auto_place,
    league_figures,
    place_token,
    placeable,
    placeable_kinds,
)
from engine.games.epireia.board import token_label
from engine.games.epireia.flow import PromptState, end, prompt_state, push
from engine.games.epireia.setup_prompts import figure_choice
from engine.games.epireia.state import FRONTS, BattleState, EpireiaState, Frame


def battle_of(state: EpireiaState) -> BattleState:
    assert state.battle is not None, "a battle question is asked only during the battle"
    return state.battle


def placed_all(state: EpireiaState, league: str) -> None:
    battle_of(state).sides[league].placed = True
    state.say(f"The {league.title()} League has placed its tokens.")


@prompt_state
class BattlePlace(PromptState):
    """Pick a token of the league's pool (then its slot), or let the rest be placed."""

    name = "battle_place"
    simultaneous = True
    secret = "Placing the {league} League's army face down, in secret."

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        league = str(frame.data["league"])
        pool = battle_of(state).sides[league].pool
        choices = [choice(id=f"tok:{k}", label=f"Place {token_label(k)} ({pool.count(k)} left)",
                          group="Tokens")
                   for k in placeable_kinds(state, league)]
        choices.append(choice(id="auto", label="Place the rest automatically", style="primary"))
        choices.append(choice(id="done", label="Finish placing", style="danger"))
        return "Place your league's military tokens face down on the battlefield.", choices

    def on_tok(self, state: EpireiaState, frame: Frame, kind: str) -> None:
        push(state, "battle_slot", frame.role, league=frame.data["league"], kind=kind)

    def on_auto(self, state: EpireiaState, frame: Frame, _: str) -> None:
        auto_place(state, str(frame.data["league"]))
        self.on_done(state, frame, "")

    def on_done(self, state: EpireiaState, frame: Frame, _: str) -> None:
        placed_all(state, str(frame.data["league"]))
        pop(state, frame)

    def resume(self, state: EpireiaState, frame: Frame, ended: Frame, result: Any) -> None:
        league = str(frame.data["league"])
        if ended.name == "battle_slot" and result is not None \
                and not placeable_kinds(state, league):
            placed_all(state, league)
            pop(state, frame)


@prompt_state
class BattleSlot(PromptState):
    name = "battle_slot"
    simultaneous = True
    secret = "Placing the {league} League's army face down, in secret."

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        league, kind = str(frame.data["league"]), str(frame.data["kind"])
        choices = [choice(id=f"slot:{f}:{c}:{r}",
                          label=f"{f.title()} column {c + 1}, row {r + 1}", group=f.title())
                   for f, c, r in placeable(state, league, kind)]
        choices.append(choice(id="back", label="Choose another token"))
        return f"Where does the {token_label(kind)} token go?", choices

    def on_slot(self, state: EpireiaState, frame: Frame, where: str) -> None:
        league, kind = str(frame.data["league"]), str(frame.data["kind"])
        front, column, row = where.split(":")
        place_token(state, league, kind, front, int(column), int(row))
        end(state, frame, result=kind)

    def on_back(self, state: EpireiaState, frame: Frame, _: str) -> None:
        end(state, frame)


@prompt_state
class BattleFigure(PromptState):
    """One figure per front, in front order, face down."""

    name = "battle_figure"
    simultaneous = True
    secret = "Choosing the {league} League's Influential Figures in secret."

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        league = str(frame.data["league"])
        side = battle_of(state).sides[league]
        index = len(side.figures) + int(frame.data.get("skipped", 0))
        front = FRONTS[index]
        used = set(side.figures.values())
        choices = [figure_choice(state, f, "Influential Figures")
                   for f in league_figures(state, league) if f not in used]
        # "Each league must place 3 Influential Figures ... 1 on each front": a front may stay
        # empty only when the league has fewer figures left than fronts (it chooses which),
        # and in solo ("up to 3 Influential Figures").
        if state.is_solo or len(choices) < len(FRONTS) - index:
            choices.append(choice(id="none", label="No figure on this front"))
        return f"Choose in secret the Influential Figure for the {front} front.", choices

    def on_fig(self, state: EpireiaState, frame: Frame, figure: str) -> None:
        side = battle_of(state).sides[str(frame.data["league"])]
        index = len(side.figures) + int(frame.data.get("skipped", 0))
        side.figures[FRONTS[index]] = figure
        self.next_front(state, frame, index)

    def on_none(self, state: EpireiaState, frame: Frame, _: str) -> None:
        side = battle_of(state).sides[str(frame.data["league"])]
        index = len(side.figures) + int(frame.data.get("skipped", 0))
        frame.data["skipped"] = int(frame.data.get("skipped", 0)) + 1
        self.next_front(state, frame, index)

    def next_front(self, state: EpireiaState, frame: Frame, index: int) -> None:
        """``index`` is the front just decided; the league is done after the last front or
        when no figure is left to place."""
        league = str(frame.data["league"])
        side = battle_of(state).sides[league]
        used = set(side.figures.values())
        left = [f for f in league_figures(state, league) if f not in used]
        if index + 1 >= len(FRONTS) or not left:
            side.figures_placed = True
            state.say(f"The {league.title()} League has placed its figures.")
            pop(state, frame)


@prompt_state
class BattleCommit(PromptState):
    """A column is revealed: engage the league's figure on this front here, or hold back."""

    name = "battle_commit"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        front, column = str(frame.data["front"]), int(frame.data["column"])
        figure = battle_of(state).sides[str(frame.data["league"])].figures[front]
        name = catalog.figure_name(figure)
        return (f"{front.title()}, column {column + 1}: engage {name} here?",
                [choice(id="commit", label=f"Engage {name}", style="primary"),
                 choice(id="pass", label="Hold back")])

    def on_commit(self, state: EpireiaState, frame: Frame, _: str) -> None:
        front, column = str(frame.data["front"]), int(frame.data["column"])
        league = str(frame.data["league"])
        battle = battle_of(state)
        pop(state, frame)
        battle.sides[league].committed[front] = column
        figure = battle.sides[league].figures[front]
        state.say(f"The {league.title()} League engages {catalog.figure_name(figure)} in "
                  f"{front} column {column + 1}.")
        battle.passed = [lg for lg in battle.passed if lg == league]

    def on_pass(self, state: EpireiaState, frame: Frame, _: str) -> None:
        league = str(frame.data["league"])
        pop(state, frame)
        battle_of(state).passed.append(league)
        state.say(f"The {league.title()} League holds back its figure.")
