"""Card events on the hands and the turn: discards, draws, the guard, training, free
actions, die rolls and the special cards (see ``events.py``)."""

from __future__ import annotations

from engine.core.game import Choice
from engine.games.freedom import pieces
from engine.games.freedom.card_effects import (
    SPECIALS,
    Discard,
    Draw,
    FreeActions,
    Guard,
    Roll,
    Special,
    Train,
)
from engine.games.freedom.cards import CARDS
from engine.games.freedom.data import (
    CITY,
    SPACES,
    side_does,
)
from engine.games.freedom.event_common import (
    check_legal,
    heading,
    push_run,
    refuse,
    side_of,
    space_choices,
    zone_spaces,
)
from engine.games.freedom.event_dumps import dumped
from engine.games.freedom.event_units import insurgent_places
from engine.games.freedom.flow import (
    PromptState,
    pop,
    prompt_state,
    push,
    push_ap,
    push_place_units,
)
from engine.games.freedom.state import Frame, FreedomState


def discard(state: FreedomState, effect: Discard, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    count = min(effect.count, len(state.hands[side]))
    if (why := idle_discard(state, effect, role)) is not None:
        state.say(why)
        return
    if not effect.random:
        push(state, "ev_discard", side, card=card_id, left=count)
        return
    for _ in range(count):
        lost = state.hands[side][state.rng.below(len(state.hands[side]))]
        pieces.discard_cards(state, side, [lost])
        state.reveals += 1  # the card leaves a hidden hand face up
        state.say(f"{side_does(side, 'discard')} “{CARDS[lost].name}” at random.")


def idle_discard(state: FreedomState, effect: Discard, role: str) -> str | None:
    side = side_of(effect.who, role)
    if min(effect.count, len(state.hands[side])) <= 0:
        return f"{side_does(side, 'have')} no card to discard."
    return None


@prompt_state
class DiscardPrompt(PromptState):
    """The player discards cards of its choice (only that player sees the hand)."""

    name = "ev_discard"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return f"{heading(frame)}: choose a card to discard ({frame.data['left']} left)."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [Choice(id=f"card:{c}", label=f"{CARDS[c].name} ({CARDS[c].ap} AP)",
                       group="Discard", style="danger")
                for c in dict.fromkeys(state.hands[frame.role])]

    def on_card(self, state: FreedomState, frame: Frame, card_id: str) -> None:
        if card_id not in state.hands[frame.role]:
            refuse()
        pieces.discard_cards(state, frame.role, [card_id])
        state.say(f"{side_does(frame.role, 'discard')} “{CARDS[card_id].name}”.")
        frame.data["left"] = int(frame.data["left"]) - 1
        if frame.data["left"] <= 0 or not state.hands[frame.role]:
            pop(state, frame)


def guard(state: FreedomState, effect: Guard, role: str, card_id: str) -> None:
    state.flags["guard"] = {"round": state.round, "amount": effect.amount}
    state.say(f"Until the end of the round, Imperial attacks on the wall get -{effect.amount}.")


def train(state: FreedomState, effect: Train, role: str, card_id: str) -> None:
    count = min(effect.count, state.spaces[CITY].civ, state.pool["ins"])
    if (why := idle_train(state, effect, role)) is not None:
        state.say(why)
        return
    state.spaces[CITY].civ -= count
    state.pool["civ"] += count
    state.say(f"{count} Civilian{'s' if count != 1 else ''} trained.")
    push_place_units(state, "insurgents", "ins", count, reason=CARDS[card_id].name)


def idle_train(state: FreedomState, effect: Train, role: str) -> str | None:
    if min(effect.count, state.spaces[CITY].civ, state.pool["ins"]) <= 0 \
            or not insurgent_places(state):
        return "No Civilian can be trained."
    return None


def draw(state: FreedomState, effect: Draw, role: str, card_id: str) -> None:
    side = side_of(effect.who, role)
    if pieces.draw_cards(state, side, effect.count) == 0:
        state.say("The deck is empty: no card is drawn.")


def free_actions(state: FreedomState, effect: FreeActions, role: str, card_id: str) -> None:
    push_ap(
        state, role, effect.ap, actions=list(effect.actions),
        lagoon_only=effect.zone == "lagoon_or_island",
        attacks_per_unit=effect.attacks_per_unit, source=CARDS[card_id].name,
    )
    if effect.reward:
        state.reward = True  # every attack of these AP gets the Reward Attack's +2


def roll(state: FreedomState, effect: Roll, role: str, card_id: str) -> None:
    die = state.rng.roll(effect.die)
    success = die >= effect.at_least
    state.say(f"Rolled {die} on 1d{effect.die} (needs {effect.at_least}+): "
              f"{'success' if success else 'failure'}.", role=role, dice=[die])
    branch = effect.then if success else effect.otherwise
    push_run(state, role, card_id, dumped(branch))


# ───────────────────────────── special cards ─────────────────────────────


def special(state: FreedomState, effect: Special, role: str, card_id: str) -> None:
    SPECIAL_FUNCTIONS[effect.name](state, role, card_id)


def under_cover_of_night(state: FreedomState, role: str, card_id: str) -> None:
    """Pod osłoną nocy: a row-6 Imperial cannon, and up to 1 unit with it, one space forward."""
    if (why := idle_night(state)) is not None:
        state.say(why)
        return
    push(state, "ev_night", "empire", card=card_id, step="source")


def idle_night(state: FreedomState) -> str | None:
    return None if _night_sources(state) else "No Imperial cannon in row 6 can move forward."


def _forward(space_id: str) -> list[str]:
    """Mainland spaces one step toward the wall from ``space_id``."""
    return [
        n for n in SPACES[space_id].neighbours
        if SPACES[n].kind == "mainland" and space_id in SPACES[n].toward_camp
    ]


def _night_targets(state: FreedomState, source: str) -> list[str]:
    return [n for n in _forward(source) if state.spaces[n].cannon is None]


def _night_sources(state: FreedomState) -> list[str]:
    return [
        s for s in zone_spaces("mainland")
        if SPACES[s].row == 6 and state.spaces[s].cannon == "empire" and _night_targets(state, s)
    ]


@prompt_state
class UnderCoverOfNight(PromptState):
    name = "ev_night"

    def text(self, state: FreedomState, frame: Frame) -> str:
        step = frame.data["step"]
        if step == "source":
            return "Under Cover of Night: choose the row-6 cannon to move forward."
        if step == "target":
            return "Under Cover of Night: choose the space the cannon moves to."
        return "Under Cover of Night: does one unit move with the cannon?"

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        step = frame.data["step"]
        if step == "source":
            return space_choices(_night_sources(state))
        if step == "target":
            return space_choices(_night_targets(state, frame.data["source"]))
        found = []
        if pieces.room(state, frame.data["target"], "exp") > 0 and \
                state.spaces[frame.data["source"]].exp > 0:
            found.append(Choice(id="unit:exp", label="Move 1 Expeditionary unit with it",
                                style="primary"))
        if pieces.room(state, frame.data["target"], "ally") > 0 and \
                state.spaces[frame.data["source"]].ally > 0:
            found.append(Choice(id="unit:ally", label="Move 1 Allied unit with it",
                                style="primary"))
        return [*found, Choice(id="done", label="Move the cannon alone")] if found else []

    def on_space(self, state: FreedomState, frame: Frame, space_id: str) -> None:
        if frame.data["step"] == "source":
            check_legal(space_id, _night_sources(state))
            frame.data.update(step="target", source=space_id)
            return
        if frame.data["step"] != "target":
            check_legal(space_id, [])
        check_legal(space_id, _night_targets(state, frame.data["source"]))
        src, dst = state.spaces[frame.data["source"]], state.spaces[space_id]
        dst.cannon, src.cannon = src.cannon, None
        state.say(f"Under cover of night an Imperial cannon moves from "
                  f"{SPACES[frame.data['source']].name} to {SPACES[space_id].name}.")
        frame.data.update(step="unit", target=space_id)
        if not self.choices(state, frame):
            pop(state, frame)

    def on_unit(self, state: FreedomState, frame: Frame, kind: str) -> None:
        if frame.data["step"] != "unit" or f"unit:{kind}" not in {
            c.id for c in self.choices(state, frame)
        }:
            refuse()
        pieces.move_units(state, frame.data["source"], frame.data["target"], kind, 1)
        state.say(f"One unit moves with it to {SPACES[frame.data['target']].name}.")
        pop(state, frame)

    def on_done(self, state: FreedomState, frame: Frame, arg: str) -> None:
        if frame.data["step"] != "unit":
            refuse()
        pop(state, frame)


SPECIAL_FUNCTIONS = {"under_cover_of_night": under_cover_of_night}
assert set(SPECIAL_FUNCTIONS) == set(SPECIALS), "card_effects.SPECIALS and events disagree"


def idle_draw(state: FreedomState, effect: Draw, role: str) -> str | None:
    return "The deck is empty: no card is drawn." if not state.decks[state.period] else None


def idle_special(state: FreedomState, effect: Special, role: str) -> str | None:
    return idle_night(state) if effect.name == "under_cover_of_night" else None
