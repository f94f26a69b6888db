"""Actions made of several picks: "pick a zone, then the units, then pay, then act".

A :class:`StepAction` is one prompt state that asks its steps in order and keeps each answer
in its frame (``frame.data["picked"]``, step name -> value), so a player can go back one pick
at a time and a stored game resumes in the middle of an action. The subclass names its
``steps``, writes ``ask_<step>(state, frame, picked) -> (text, choices)`` for each, and
``perform(state, frame, picked)`` for what happens once every step is answered; the answers
are then handed back to the question that pushed it (``Flow.end``), so it may be called from
a menu as well as from the phase machine.

Choice ids are ``<step>:<value>`` (``zone:W3``, ``units:2``, ``pay:gold``) plus ``back``.
A *shortcut* answers every step in one choice: the first step may also offer
``<verb>:<value>`` for a verb of ``shortcuts`` (an attack with every unit that can reach,
to the end), whose answers ``answers_for`` writes down; the action is then performed as if
each step had been picked.
A step with a single choice is still asked (the player sees what is about to happen);
``skip_when_forced`` on the subclass answers such later steps by themselves (the first step
is always asked: asking must not change the state).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.errors import IllegalChoice
from engine.core.flow import Flow, FlowState, Frame, PromptState, S
from engine.core.game import Choice

BACK = "back"


class StepAction(PromptState[S]):
    """A prompt state asking ``steps`` one after the other."""

    steps: ClassVar[tuple[str, ...]] = ()
    # The label of the way out at the first step ("" asks the first step with no way out).
    cancel: ClassVar[str] = "Choose another action"
    skip_when_forced: ClassVar[bool] = False
    # Verbs of the one-choice shortcuts the first step may offer (``answers_for``).
    shortcuts: ClassVar[tuple[str, ...]] = ()

    def perform(self, state: S, frame: Frame, picked: dict[str, str]) -> None:
        """Every step is answered: do the action."""
        raise NotImplementedError

    def answers_for(self, state: S, frame: Frame, verb: str, value: str) -> dict[str, str]:
        """The answer to every step that the shortcut ``<verb>:<value>`` stands for."""
        raise NotImplementedError

    def step_of(self, frame: Frame) -> str:
        picked = answers_of(frame)
        return next(step for step in self.steps if step not in picked)

    def prompt(self, state: S, frame: Frame) -> tuple[str, list[Choice]]:
        text, choices = self.ask_step(state, frame)
        if answers_of(frame):
            choices = [*choices, Choice(id=BACK, label="Back one step")]
        elif self.cancel:
            choices = [*choices, Choice(id=BACK, label=self.cancel)]
        return text, choices

    def ask_step(self, state: S, frame: Frame) -> tuple[str, list[Choice]]:
        step = self.step_of(frame)
        ask = getattr(self, f"ask_{step}")
        text, choices = ask(state, frame, dict(answers_of(frame)))
        return str(text), list(choices)

    def handle(self, state: S, frame: Frame, choice_id: str) -> None:
        picked = picked_of(frame)
        if choice_id == BACK:
            if picked:
                # the last step answered, by the steps' order (a stored frame's JSON keys may
                # come back in another order)
                del picked[next(step for step in reversed(self.steps) if step in picked)]
            else:
                self.flow.end(state, frame)
            return
        step, _, value = choice_id.partition(":")
        if step in self.shortcuts and not picked:
            answers = self.answers_for(state, frame, step, value)
            self.perform(state, frame, answers)
            self.flow.end(state, frame, result=answers)
            return
        if step != self.step_of(frame):
            raise IllegalChoice("That is not one of the choices you have right now.")
        picked[step] = value
        self.answer_forced_steps(state, frame)
        if len(picked) == len(self.steps):
            answers = dict(picked)
            self.perform(state, frame, answers)
            self.flow.end(state, frame, result=answers)

    def skips_forced(self, state: S, frame: Frame) -> bool:
        """Whether a later step with a single choice is answered by itself now (default:
        ``skip_when_forced``; a game may decide by the state, e.g. its rules revision)."""
        return self.skip_when_forced

    def answer_forced_steps(self, state: S, frame: Frame) -> None:
        picked = picked_of(frame)
        while len(picked) < len(self.steps) and self.skips_forced(state, frame):
            _, choices = self.ask_step(state, frame)
            if len(choices) != 1:
                return
            step, _, value = choices[0].id.partition(":")
            picked[step] = value


def answers_of(frame: Frame) -> dict[str, str]:
    """The steps answered so far, to read (asking must not change the state)."""
    answers: dict[str, str] = frame.data.get("picked", {})
    return answers


def picked_of(frame: Frame) -> dict[str, str]:
    """The steps answered so far, to change (when a choice is handled)."""
    picked: dict[str, str] = frame.data.setdefault("picked", {})
    return picked


def start_action(flow: Flow[Any], state: FlowState, name: str, role: str, **data: Any) -> Frame:
    """Push the step action ``name`` for ``role`` (``data`` is kept beside the answers)."""
    return flow.push(state, name, role, picked={}, **data)
