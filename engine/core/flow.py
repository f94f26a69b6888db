"""The turn flow every game shares: a stack of frames, each naming a prompt state.

A game asks its questions through *prompt states* (Rally the Troops' model). A prompt state
is a class registered on the game's :class:`Flow` with ``@FLOW.state``; it writes the
question and lists the legal choices from the same code (``prompt``, or ``text`` and
``choices``) and handles each answer with one method per verb: the choice ``"space:W3"``
calls ``on_space(state, frame, "W3")``, the choice ``"done"`` calls ``on_done(state, frame,
"")``.

The state holds a stack of :class:`Frame` s (``FlowState.stack``); the top frame is the
question asked now.

- **call / return**: a handler ``push`` es a nested question (the new frame asks first) and a
  finished question ``end`` s its frame, which hands the result back to the frame below
  (its state's ``resume``), so "pick a space, then pay, then act" is three small states.
- **automatic steps**: a state with ``auto = True`` asks nothing: when its frame reaches the
  top it is removed and its ``run`` is called ("when the questions above me are answered,
  do this").
- **simultaneous choices**: a state with ``simultaneous = True`` is asked together with every
  other simultaneous frame directly below it, one prompt per role (its topmost frame); its
  ``secret`` text is what a game's views show the other roles instead of the question.
- **the phase machine**: when the stack is empty, :meth:`FlowGame.advance` (the game's own
  sequence of phases) pushes the next questions or resolves what needs no choice.

A prompt is never empty: a state that lists nothing is offered :data:`NOTHING_TO_DO`, which
simply ends its frame. Prompts are computed once per state by :meth:`FlowGame.prompts` and
handed back to :meth:`FlowGame.apply` with the choice, so no cache is kept behind anyone's
back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field

from engine.core.errors import IllegalChoice
from engine.core.game import Choice, Game, GameOptions, GameState, Prompt, trusted


class Frame(BaseModel):
    """One question on the stack: the prompt state's name, who answers, and its data.

    ``data`` holds only JSON values (str, int, bool, lists and dicts of them).
    """

    name: str
    role: str
    data: dict[str, Any] = Field(default_factory=dict)


class FlowState(GameState):
    """A game state whose questions are frames on a stack."""

    stack: list[Frame] = Field(default_factory=list)


S = TypeVar("S", bound=FlowState)
OptionsT = TypeVar("OptionsT", bound=GameOptions)

# Offered when a state lists no choice at all: answering it ends the frame.
NOTHING_TO_DO = Choice(id="pass", label="Nothing to do: pass")

# How many automatic steps one settle may take before the flow is declared stuck.
SETTLE_LIMIT = 10_000


class PromptState(Generic[S]):
    """One named question. Subclass, set ``name``, write ``prompt`` (or ``text`` and
    ``choices``) and one ``on_<verb>`` per kind of choice."""

    name: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    simultaneous: ClassVar[bool] = False
    flow: Flow[S]  # the table it is registered in (set by ``Flow.state``)
    # What the other roles read while a secret question is asked ({league} etc. from data).
    secret: ClassVar[str] = ""

    def prompt(self, state: S, frame: Frame) -> tuple[str, list[Choice]]:
        """The question and its legal choices."""
        return self.text(state, frame), self.choices(state, frame)

    def text(self, state: S, frame: Frame) -> str:
        return ""

    def choices(self, state: S, frame: Frame) -> list[Choice]:
        return []

    def run(self, state: S, frame: Frame) -> None:
        """For ``auto`` states: what to do once this frame is reached (it is already popped)."""

    def over(self, state: S, frame: Frame) -> bool:
        """Nothing is left to ask: the frame ends by itself when it reaches the top, as if
        its way out were chosen (a card's AP menu once no action is affordable)."""
        return False

    def resume(self, state: S, frame: Frame, ended: Frame, result: Any) -> None:
        """A question pushed above ``frame`` has ended with ``result`` (see :func:`end`)."""

    def handle(self, state: S, frame: Frame, choice_id: str) -> None:
        verb, _, arg = choice_id.partition(":")
        handler: Callable[[S, Frame, str], None] | None = getattr(self, f"on_{verb}", None)
        if handler is None:
            raise IllegalChoice("That is not one of the choices you have right now.")
        handler(state, frame, arg)


P = TypeVar("P", bound=type[PromptState[Any]])


class Flow(Generic[S]):
    """A game's table of prompt states, by name."""

    def __init__(self) -> None:
        self.states: dict[str, PromptState[S]] = {}

    def state(self, cls: P) -> P:
        """Class decorator: register a prompt state under its ``name``."""
        if not cls.name:
            raise ValueError(f"{cls.__name__} has no name")
        if cls.name in self.states:
            raise ValueError(f"two prompt states are called {cls.name!r}")
        instance = cls()
        instance.flow = self
        self.states[cls.name] = instance
        return cls

    def push(self, state: S, name: str, role: str, **data: Any) -> Frame:
        """Ask ``role`` the question ``name`` next (call)."""
        if name not in self.states:
            raise KeyError(f"unknown prompt state {name!r}")
        # ``data`` is this call's own dict of JSON values: kept as it is (``trusted``)
        frame = trusted(Frame, {"name": name, "role": role, "data": data})
        state.stack.append(frame)
        return frame

    def end(self, state: S, frame: Frame, result: Any = None) -> None:
        """``frame``'s question is answered (return): remove it and hand ``result`` to the
        question it was asked from: the nearest frame below it asked of the same role (in a
        block of simultaneous questions the frame right below may be another role's)."""
        index = _index(state, frame)
        if index is None:
            return
        del state.stack[index]
        for below in reversed(state.stack[:index]):
            if below.role == frame.role:
                self.states[below.name].resume(state, below, frame, result)
                return

    def active(self, state: S) -> list[Frame]:
        """The frames asking now: the top one, or, when it is simultaneous, every role's
        topmost frame in the block of simultaneous frames at the top of the stack."""
        if not state.stack:
            return []
        top_frame = state.stack[-1]
        if not self.states[top_frame.name].simultaneous:
            return [top_frame]
        frames: list[Frame] = []
        seen: set[str] = set()
        for frame in reversed(state.stack):
            if not self.states[frame.name].simultaneous:
                break
            if frame.role not in seen:
                seen.add(frame.role)
                frames.append(frame)
        return frames

    def frame_of(self, state: S, role: str) -> Frame | None:
        for frame in self.active(state):
            if frame.role == role:
                return frame
        return None

    def ask(self, state: S, frame: Frame) -> Prompt:
        text, choices = self.states[frame.name].prompt(state, frame)
        # a list of its own (a prompt state may hand back a list it keeps), not validated again
        # (``trusted``: prompts are made on every action)
        return trusted(Prompt, {"role": frame.role, "text": text,
                                "choices": list(choices) if choices else [NOTHING_TO_DO]})


def _index(state: FlowState, frame: Frame) -> int | None:
    for index in range(len(state.stack) - 1, -1, -1):
        if state.stack[index] is frame:
            return index
    return None


def pop(state: FlowState, frame: Frame | None = None) -> None:
    """Remove ``frame`` (default: the top frame) without handing back a result."""
    if frame is None:
        if state.stack:
            state.stack.pop()
        return
    index = _index(state, frame)
    if index is not None:
        del state.stack[index]


def top(state: FlowState) -> Frame | None:
    return state.stack[-1] if state.stack else None


class FlowGame(Game[S, OptionsT]):
    """A game played through a :class:`Flow`: prompts and apply come from its prompt states;
    the game writes ``advance`` (what happens when nobody is being asked anything)."""

    flow: ClassVar[Flow[Any]]

    def advance(self, state: S) -> None:
        """The stack is empty and the game goes on: push the next questions, or resolve
        what needs no choice (the next phase). Called again until someone is asked."""
        raise NotImplementedError

    def after_choice(self, state: S, role: str) -> None:
        """Checks the rules make after every choice, before the flow moves on."""

    def finished(self, state: S) -> None:
        """The result is set: tidy the state (default: nothing)."""

    def settle(self, state: S) -> None:
        """Run automatic steps and the phase machine until someone is asked (or the end)."""
        flow = self.flow
        for _ in range(SETTLE_LIMIT):
            if state.result is not None:
                self.finished(state)
                return
            if not state.stack:
                self.advance(state)
                continue
            frame = state.stack[-1]
            handler = flow.states[frame.name]
            if handler.auto:
                state.stack.pop()
                handler.run(state, frame)
                continue
            if handler.over(state, frame):
                state.stack.pop()
                continue
            return
        raise RuntimeError("the game flow does not settle")

    def prompts(self, state: S) -> dict[str, Prompt]:
        if state.result is not None:
            return {}
        flow = self.flow
        return {frame.role: flow.ask(state, frame) for frame in flow.active(state)}

    def apply(self, state: S, prompt: Prompt, choice: Choice) -> None:
        frame = self.flow.frame_of(state, prompt.role)
        if frame is None:
            raise IllegalChoice("It is not your turn to choose.")
        if choice.id == NOTHING_TO_DO.id and prompt.choices == [NOTHING_TO_DO]:
            pop(state, frame)
        else:
            self.flow.states[frame.name].handle(state, frame, choice.id)
        self.after_choice(state, prompt.role)
        self.settle(state)
