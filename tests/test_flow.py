"""The shared turn flow (engine/core/flow.py) on a small game made for it: call and return,
automatic steps, simultaneous questions, the phase machine, the never-empty prompt."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from pydantic import Field

from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.flow import NOTHING_TO_DO, Flow, FlowGame, FlowState, Frame, PromptState, pop
from engine.core.game import Choice, GameOptions, Result, RoleInfo
from engine.core.rng import Rng
from engine.core.runner import act
from engine.core.steps import StepAction, start_action
from engine.core.view import View


class MarketState(FlowState):
    coins: dict[str, int]
    bought: dict[str, list[str]]
    bids: dict[str, int] = Field(default_factory=dict)
    round: int = 0
    closing_log: list[str] = Field(default_factory=list)


FLOW: Flow[MarketState] = Flow()


@FLOW.state
class Shop(PromptState[MarketState]):
    """Pick a good (a nested question asks the price), or stop."""

    name = "shop"

    def prompt(self, state: MarketState, frame: Frame) -> tuple[str, list[Choice]]:
        goods = [Choice(id=f"good:{g}", label=g) for g in ("wool", "salt")
                 if g not in state.bought[frame.role]]
        return f"{frame.role}: {state.coins[frame.role]} coins.", [
            *goods, Choice(id="done", label="Stop shopping")]

    def on_good(self, state: MarketState, frame: Frame, good: str) -> None:
        FLOW.push(state, "pay", frame.role, good=good)

    def on_done(self, state: MarketState, frame: Frame, _: str) -> None:
        pop(state, frame)

    def resume(self, state: MarketState, frame: Frame, ended: Frame, result: Any) -> None:
        if result is not None:
            state.bought[frame.role].append(str(result))


@FLOW.state
class Pay(PromptState[MarketState]):
    name = "pay"

    def prompt(self, state: MarketState, frame: Frame) -> tuple[str, list[Choice]]:
        return f"Pay for {frame.data['good']}?", [
            Choice(id=f"coins:{n}", label=str(n)) for n in range(1, state.coins[frame.role] + 1)
        ] + [Choice(id="back", label="Back")]

    def on_coins(self, state: MarketState, frame: Frame, amount: str) -> None:
        state.coins[frame.role] -= int(amount)
        FLOW.end(state, frame, result=frame.data["good"])

    def on_back(self, state: MarketState, frame: Frame, _: str) -> None:
        FLOW.end(state, frame)


@FLOW.state
class Bid(PromptState[MarketState]):
    """Both players bid at once, in secret."""

    name = "bid"
    simultaneous = True
    secret = "Bidding in secret."

    def prompt(self, state: MarketState, frame: Frame) -> tuple[str, list[Choice]]:
        return "Your secret bid.", [Choice(id=f"bid:{n}", label=str(n)) for n in (0, 1)]

    def on_bid(self, state: MarketState, frame: Frame, amount: str) -> None:
        state.bids[frame.role] = int(amount)
        pop(state, frame)


@FLOW.state
class Empty(PromptState[MarketState]):
    """A question with nothing to choose: the flow offers 'pass', which ends it."""

    name = "empty"


@FLOW.state
class CloseMarket(PromptState[MarketState]):
    name = "close"
    auto = True

    def run(self, state: MarketState, frame: Frame) -> None:
        state.closing_log.append(f"closed after {frame.data['after']}")


class MarketOptions(GameOptions):
    pass


class Market(FlowGame[MarketState, MarketOptions]):
    id = "market"
    name = "Market"
    min_players = 2
    max_players = 2
    summary = "A test of the turn flow."
    docs = ""
    Options = MarketOptions
    State = MarketState
    flow: ClassVar[Flow[Any]] = FLOW

    def roles(self, players: int, options: MarketOptions) -> list[RoleInfo]:
        return [RoleInfo(id="a", name="A", team="a"), RoleInfo(id="b", name="B", team="b")]

    def setup(self, seed: str, players: int, options: MarketOptions) -> MarketState:
        state = MarketState(game=self.id, rng=Rng(seed=seed), players=2, roles=["a", "b"],
                            coins={"a": 3, "b": 3}, bought={"a": [], "b": []})
        self.settle(state)
        return state

    def advance(self, state: MarketState) -> None:
        """Round 1: bids; round 2: a shopping turn each (closing is an automatic step)."""
        state.round += 1
        if state.round == 1:
            for role in ("b", "a"):
                FLOW.push(state, "bid", role)
        elif state.round == 2:
            FLOW.push(state, "close", "a", after="shopping")
            FLOW.push(state, "empty", "b")
            FLOW.push(state, "shop", "b")
            FLOW.push(state, "shop", "a")
        else:
            state.result = Result(winners=["a"], reason="test over")

    def view(self, state: MarketState, role: str | None) -> View:
        return View(game=self.id)


GAME = Market()


def new() -> MarketState:
    return GAME.setup("s", 2, MarketOptions())


def test_simultaneous_questions_are_asked_together_and_answered_in_any_order() -> None:
    state = new()
    assert set(GAME.prompts(state)) == {"a", "b"}
    act(GAME, state, "b", "bid:1")
    assert set(GAME.prompts(state)) == {"a"}
    act(GAME, state, "a", "bid:0")
    assert state.bids == {"a": 0, "b": 1}
    assert set(GAME.prompts(state)) == {"a"}  # round 2: a shops first


def test_call_and_return_hand_the_result_to_the_asking_question() -> None:
    state = new()
    act(GAME, state, "a", "bid:0")
    act(GAME, state, "b", "bid:0")
    act(GAME, state, "a", "good:wool")
    assert GAME.prompts(state)["a"].text == "Pay for wool?"
    act(GAME, state, "a", "back")  # returns nothing: nothing bought
    assert state.bought["a"] == [] and state.stack[-1].name == "shop"
    act(GAME, state, "a", "good:salt")
    act(GAME, state, "a", "coins:2")
    assert state.bought["a"] == ["salt"] and state.coins["a"] == 1
    assert [c.id for c in GAME.prompts(state)["a"].choices] == ["good:wool", "done"]


def test_empty_question_offers_pass_and_auto_steps_run_when_reached() -> None:
    state = new()
    for role, choice in (("a", "bid:0"), ("b", "bid:0"), ("a", "done"), ("b", "done")):
        act(GAME, state, role, choice)
    prompt = GAME.prompts(state)["b"]
    assert prompt.choices == [NOTHING_TO_DO]
    assert state.closing_log == []
    act(GAME, state, "b", "pass")
    assert state.closing_log == ["closed after shopping"]
    assert state.result is not None and GAME.prompts(state) == {}


def test_only_listed_choices_of_the_asked_role_apply() -> None:
    state = new()
    act(GAME, state, "a", "bid:0")
    with pytest.raises(NotYourTurn):
        act(GAME, state, "a", "bid:1")
    with pytest.raises(IllegalChoice):
        act(GAME, state, "b", "bid:7")


def test_prompts_handed_to_act_are_used_as_given() -> None:
    state = new()
    prompts = GAME.prompts(state)
    act(GAME, state, "a", "bid:1", prompts=prompts)
    assert state.bids == {"a": 1}


def test_a_flow_refuses_unnamed_and_duplicate_states() -> None:
    flow: Flow[MarketState] = Flow()

    class Nameless(PromptState[MarketState]):
        pass

    with pytest.raises(ValueError, match="no name"):
        flow.state(Nameless)
    flow.state(Shop)
    with pytest.raises(ValueError, match="two prompt states"):
        flow.state(Shop)
    with pytest.raises(KeyError):
        flow.push(new(), "nowhere", "a")


# A step action: pick a good, then a price; back one step at a time -----------------------

TRADE: Flow[MarketState] = Flow()


@TRADE.state
class Trade(StepAction[MarketState]):
    name = "trade"
    steps = ("good", "price")
    skip_when_forced = True

    def ask_good(self, state: MarketState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Which good?", [Choice(id=f"good:{g}", label=g) for g in ("wool", "salt")]

    def ask_price(self, state: MarketState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        prices = [1] if picked["good"] == "salt" else [1, 2]
        return f"Price of {picked['good']}?", [Choice(id=f"price:{p}", label=str(p))
                                               for p in prices]

    def perform(self, state: MarketState, frame: Frame, picked: dict[str, str]) -> None:
        state.coins[frame.role] -= int(picked["price"])
        state.bought[frame.role].append(picked["good"])


def ids_asked(state: MarketState) -> list[str]:
    frame = state.stack[-1]
    return [c.id for c in TRADE.ask(state, frame).choices]


def answer(state: MarketState, choice_id: str) -> None:
    frame = state.stack[-1]
    TRADE.states[frame.name].handle(state, frame, choice_id)


def test_a_step_action_asks_each_step_and_goes_back_one_at_a_time() -> None:
    state = new()
    state.stack.clear()
    start_action(TRADE, state, "trade", "a")
    assert ids_asked(state) == ["good:wool", "good:salt", "back"]
    answer(state, "good:wool")
    assert ids_asked(state) == ["price:1", "price:2", "back"]
    answer(state, "back")
    assert ids_asked(state) == ["good:wool", "good:salt", "back"]
    answer(state, "good:wool")
    answer(state, "price:2")
    assert state.bought["a"] == ["wool"] and state.coins["a"] == 1 and state.stack == []


def test_a_forced_step_is_answered_by_itself_and_cancel_leaves_nothing() -> None:
    state = new()
    state.stack.clear()
    start_action(TRADE, state, "trade", "a")
    answer(state, "good:salt")  # one price only: taken at once
    assert state.bought["a"] == ["salt"] and state.stack == []
    start_action(TRADE, state, "trade", "b")
    answer(state, "back")
    assert state.stack == [] and state.bought["b"] == []
    start_action(TRADE, state, "trade", "b")
    with pytest.raises(IllegalChoice):
        answer(state, "price:1")  # not the step asked



@TRADE.state
class Route(StepAction[MarketState]):
    """Three steps: enough to have two answers kept while the third is asked."""

    name = "route"
    steps = ("start", "via", "end")

    def ask_start(self, state: MarketState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "From?", [Choice(id="start:a", label="A"), Choice(id="start:b", label="B")]

    def ask_via(self, state: MarketState, frame: Frame,
                picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Via?", [Choice(id="via:c", label="C"), Choice(id="via:d", label="D")]

    def ask_end(self, state: MarketState, frame: Frame,
                picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "To?", [Choice(id="end:e", label="E"), Choice(id="end:f", label="F")]

    def perform(self, state: MarketState, frame: Frame, picked: dict[str, str]) -> None:
        state.closing_log.append("-".join(picked[step] for step in self.steps))


@TRADE.state
class Express(Route):
    """The route, or in one choice at its first step: ``direct:<start>`` (via c to e)."""

    name = "express"
    shortcuts = ("direct",)

    def ask_start(self, state: MarketState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        _, choices = super().ask_start(state, frame, picked)
        return "From?", [Choice(id="direct:a", label="A, direct"), *choices]

    def answers_for(self, state: MarketState, frame: Frame, verb: str,
                    value: str) -> dict[str, str]:
        return {"start": value, "via": "c", "end": "e"}


def test_asking_a_step_action_changes_nothing_and_back_follows_the_steps_order() -> None:
    state = new()
    state.stack.clear()
    frame = TRADE.push(state, "route", "a")  # pushed bare: no answers kept yet
    assert ids_asked(state) == ["start:a", "start:b", "back"]
    assert "picked" not in frame.data
    answer(state, "start:b")
    answer(state, "via:c")
    # a stored frame may come back with its answers' keys in another order
    frame.data["picked"] = {"via": "c", "start": "b"}
    answer(state, "back")  # takes back "via", the last step answered
    assert ids_asked(state) == ["via:c", "via:d", "back"]
    answer(state, "via:d")
    answer(state, "end:e")
    assert state.closing_log == ["b-d-e"] and state.stack == []


def test_a_shortcut_answers_every_step_in_one_choice_at_the_first_step_only() -> None:
    state = new()
    state.stack.clear()
    TRADE.push(state, "express", "a")
    assert ids_asked(state) == ["direct:a", "start:a", "start:b", "back"]
    answer(state, "direct:a")
    assert state.closing_log == ["a-c-e"] and state.stack == []
    TRADE.push(state, "express", "a")
    answer(state, "start:b")
    with pytest.raises(IllegalChoice):
        answer(state, "direct:a")  # past the first step it is not a choice
    answer(state, "via:d")
    answer(state, "end:f")
    assert state.closing_log == ["a-c-e", "b-d-f"]
