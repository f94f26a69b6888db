"""A round's questions: a City's development turn (donate, construct, produce, its
Administrator), the choices abilities ask for, and the diplomacy turn (move each figure once).

Choice ids: ``don:wheat`` then ``amt:3``, ``build:temple``, ``make:hoplites-1``,
``use:<option>``, ``mv:<figure>`` then ``to:<space>``, ``done``, ``back``, ``none``.
"""

from __future__ import annotations

from typing import Any

from engine.core.flow import pop
from engine.core.game import Choice, choice
from engine.games.epireia import abilities, catalog
from engine.games.epireia.board import EMPIRES, TERRITORIES, space_name, token_label
from engine.games.epireia.development import (
    buildable_under,
    construct,
    cost_text,
    donate,
    donations,
    produce,
    producible_under,
    use_administrator,
)
from engine.games.epireia.diplomacy import can_move_under, destinations, move_figure
from engine.games.epireia.flow import PromptState, city_name, end, prompt_state, push
from engine.games.epireia.state import HOME, RESOURCES, EpireiaState, Frame

# Development ------------------------------------------------------------------------------


@prompt_state
class Develop(PromptState):
    """A City's development turn: one action at a time until none is left or it ends."""

    name = "develop"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        role = frame.role
        seat = state.seats[role]
        choices: list[Choice] = []
        most: dict[str, int] = {}
        for resource, amount in donations(state, role):
            most[resource] = max(most.get(resource, 0), amount)
        for resource in sorted(most, key=RESOURCES.index):
            amounts = "2" if most[resource] == 2 else f"2 to {most[resource]}"
            choices.append(choice(id=f"don:{resource}", group="Donate (+1 Prestige)",
                                  label=f"Donate {resource.title()} ({amounts})"))
        modifiers = abilities.city_modifiers(state, role)  # once for buildings and tokens
        for building, cost in buildable_under(state, role, modifiers):
            choices.append(choice(id=f"build:{building}", group="Construct a building",
                                  label=f"{catalog.building_name(building)} ({cost_text(cost)})",
                                  detail=catalog.building_text(building)))
        for kind, cost in producible_under(state, role, modifiers):
            choices.append(choice(id=f"make:{kind}", group="Produce a military token",
                                  label=f"{token_label(kind)} ({cost_text(cost)})"))
        if seat.admin_uses < 3:
            for option, label in abilities.administrator_options(state, role):
                choices.append(choice(id=f"use:{option}", label=label,
                                      group=f"{catalog.administrator_name(seat.administrator)} "
                                            "(no action)", style="success"))
        choices.append(choice(id="done", label="End your turn", style="danger"))
        left = seat.actions_left
        return f"Development: {left} action{'s' if left != 1 else ''} left.", choices

    def on_done(self, state: EpireiaState, frame: Frame, _: str) -> None:
        seat = state.seats[frame.role]
        state.say(f"{city_name(state, frame.role)} ends its turn with {seat.actions_left} "
                  f"action{'' if seat.actions_left == 1 else 's'} unused.", role=frame.role)
        seat.actions_left = 0
        end_action(state, frame)

    def on_use(self, state: EpireiaState, frame: Frame, option: str) -> None:
        use_administrator(state, frame.role, option)  # free: no action is spent
        end_action(state, frame)

    def on_don(self, state: EpireiaState, frame: Frame, resource: str) -> None:
        push(state, "donate", frame.role, resource=resource)

    def on_build(self, state: EpireiaState, frame: Frame, building: str) -> None:
        construct(state, frame.role, building)
        spend_action(state, frame)

    def on_make(self, state: EpireiaState, frame: Frame, kind: str) -> None:
        produce(state, frame.role, kind)
        spend_action(state, frame)

    def resume(self, state: EpireiaState, frame: Frame, ended: Frame, result: Any) -> None:
        if ended.name == "donate" and result is not None:  # donated (not "back")
            spend_action(state, frame)


def spend_action(state: EpireiaState, frame: Frame) -> None:
    state.seats[frame.role].actions_left -= 1
    end_action(state, frame)


def end_action(state: EpireiaState, frame: Frame) -> None:
    """After an action: the development turn ends when no action is left."""
    seat = state.seats[frame.role]
    if seat.actions_left <= 0:
        seat.actions_left = 0
        pop(state, frame)
        state.turn += 1


@prompt_state
class Donate(PromptState):
    name = "donate"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        resource = str(frame.data["resource"])
        choices = [choice(id=f"amt:{n}", label=f"Donate {n} {resource.title()}",
                          group="Amount")
                   for r, n in donations(state, frame.role) if r == resource]
        choices.append(choice(id="back", label="Choose another action"))
        return f"How much {resource.title()} do you donate to your league?", choices

    def on_amt(self, state: EpireiaState, frame: Frame, amount: str) -> None:
        donate(state, frame.role, str(frame.data["resource"]), int(amount))
        end(state, frame, result=int(amount))

    def on_back(self, state: EpireiaState, frame: Frame, _: str) -> None:
        end(state, frame)


@prompt_state
class Ability(PromptState):
    """A choice an ability asks for: ``data["source"]`` names it, ``data["options"]`` lists
    ``[id, label]`` pairs, and ``abilities.resolve_choice`` gets the picked id."""

    name = "ability"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        options = frame.data.get("options", [])
        choices = [choice(id=str(o[0]), label=str(o[1]), group=str(frame.data.get("source", "")))
                   for o in options]
        if not choices:
            choices = [choice(id="none", label="Nothing to choose")]
        return str(frame.data.get("label") or frame.data.get("text") or "Choose."), choices

    def handle(self, state: EpireiaState, frame: Frame, choice_id: str) -> None:
        # The options are the ability's own ids (a figure, a resource...), not verbs.
        pop(state, frame)
        if choice_id != "none" or frame.data.get("options"):
            abilities.resolve_choice(state, frame.role, frame, choice_id)


# Diplomacy --------------------------------------------------------------------------------


def movable(state: EpireiaState, frame: Frame) -> list[str]:
    moved = frame.data.get("moved", [])
    forbidden = abilities.forbidden_moves(state, frame.role)  # once for all its figures
    return [f for f in state.seats[frame.role].figure_cards
            if f not in moved and can_move_under(state, frame.role, f, forbidden)]


@prompt_state
class Move(PromptState):
    """A diplomacy turn: each Influential Figure may move once."""

    name = "move"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        choices = []
        for figure in movable(state, frame):
            where = space_name(state.figures[figure].location)
            choices.append(choice(id=f"mv:{figure}", label=f"Move {catalog.figure_name(figure)}",
                                  group="Influential Figures", detail=f"now at {where}"))
        choices.append(choice(id="done", label="End your diplomacy", style="danger"))
        return "Diplomacy: move your Influential Figures (each at most once).", choices

    def on_done(self, state: EpireiaState, frame: Frame, _: str) -> None:
        state.say(f"{city_name(state, frame.role)} ends its diplomacy.", role=frame.role)
        pop(state, frame)
        state.turn += 1

    def on_mv(self, state: EpireiaState, frame: Frame, figure: str) -> None:
        push(state, "move_to", frame.role, figure=figure)

    def resume(self, state: EpireiaState, frame: Frame, ended: Frame, result: Any) -> None:
        if ended.name != "move_to" or result is None:
            return
        frame.data.setdefault("moved", []).append(result)
        if not movable(state, frame):
            pop(state, frame)
            state.turn += 1


def destination_group(space: str) -> str:
    if space in EMPIRES:
        return "Empires"
    if space in TERRITORIES:
        return "Territories"
    if space == HOME:
        return "Home"
    return "Greek Cities"


@prompt_state
class MoveTo(PromptState):
    name = "move_to"

    def prompt(self, state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
        figure = str(frame.data["figure"])
        choices = [choice(id=f"to:{d}",
                          label=space_name(d).title() if d == HOME else space_name(d),
                          group=destination_group(d))
                   for d in destinations(state, frame.role, figure)]
        choices.append(choice(id="back", label="Choose another figure"))
        return f"Where does {catalog.figure_name(figure)} go?", choices

    def on_to(self, state: EpireiaState, frame: Frame, space: str) -> None:
        figure = str(frame.data["figure"])
        move_figure(state, frame.role, figure, space)
        end(state, frame, result=figure)

    def on_back(self, state: EpireiaState, frame: Frame, _: str) -> None:
        end(state, frame)
