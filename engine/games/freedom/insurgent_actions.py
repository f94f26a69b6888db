"""The Insurgents' actions, one prompt state each: Regroup, Attack, Raid, Repair the Wall,
Train Civilians, Build Cannon; and where each may be made."""

from __future__ import annotations

from engine.core.game import Choice
from engine.games.freedom.ap import BACK, BACK_STEP, C, affordable, pay, spend_frame
from engine.games.freedom.combat import (
    RAID_HITS_ON,
    RAID_LANES,
    insurgent_attack,
    insurgent_need,
    insurgent_targets,
    raid,
    raid_targets,
)
from engine.games.freedom.data import (
    BOARD_ORDER,
    CITY,
    KLISOVA,
    SPACES,
)
from engine.games.freedom.flow import FromThenTo, PromptState, choice, pop, prompt_state
from engine.games.freedom.movement import (
    insurgent_placements,
    regroup_destinations,
)
from engine.games.freedom.pieces import (
    add_units,
    gain_supplies,
    move_units,
    place_cannon,
    repair_wall,
)
from engine.games.freedom.state import Frame, FreedomState, remembered

RAIDERS = sorted([*RAID_LANES, KLISOVA])
CITY_SPACES = sorted(s for s, d in SPACES.items() if d.in_city)
WALL_SPACES = sorted(s for s, d in SPACES.items() if d.on_wall)


def repair_sites(state: FreedomState) -> list[str]:
    spaces = state.spaces
    return [s for s in WALL_SPACES if spaces[s].damage > 0 and spaces[s].ins > 0]


def insurgent_cannon_sites(state: FreedomState) -> list[str]:
    spaces = state.spaces
    return [s for s in CITY_SPACES if spaces[s].ins > 0 and spaces[s].cannon is None]


@prompt_state
class Regroup(FromThenTo):
    """Regroup: one Insurgent unit anywhere in the city or onto an island (1 AP; free in the
    Opening)."""

    name = "ins_regroup"

    def text(self, state: FreedomState, frame: Frame) -> str:
        if frame.data.get("src"):
            return f"Regroup the unit from {SPACES[frame.data['src']].name} to:"
        if frame.data.get("opening"):
            return ("Opening: you may Regroup one unit for free (anywhere in the city, or onto an "
                    "island free of Imperial units).")
        return "Regroup (1 AP): choose a unit to move."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        if frame.data.get("src"):
            return [choice(id=f"to:{d}", label=SPACES[d].name, group="Move to")
                    for d in regroup_destinations(state, frame.data["src"])] + [BACK_STEP]
        opening = frame.data.get("opening")
        return [*remembered(state, "regroup_from", _regroup_sources),
                choice(id="pass", label="No Regroup") if opening else BACK]

    on_pass = FromThenTo.on_back

    def on_from(self, state: FreedomState, frame: Frame, arg: str) -> None:
        frame.data["src"] = arg

    def on_to(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src = frame.data["src"]
        pop(state, frame)
        if not frame.data.get("opening"):
            pay(state, C.insurgents_regroup)
        move_units(state, src, arg, "ins")
        state.say(f"Insurgents regroup a unit {SPACES[src].name} → {SPACES[arg].name}.",
                  role="insurgents")


def _regroup_sources(state: FreedomState) -> tuple[Choice, ...]:
    """The Insurgent units that may Regroup somewhere (in board order)."""
    free = insurgent_placements(state)  # a unit's regroup destinations: these but its own
    return tuple(choice(id=f"from:{s}", label=SPACES[s].name, group="Regroup from")
                 for s in sorted(state.occupancy.insurgent, key=BOARD_ORDER.__getitem__)
                 if any(d != s for d in free))


@prompt_state
class InsurgentAttack(PromptState):
    """Attack (1 AP): 1d8 against an Imperial space next to an Insurgent unit."""

    name = "ins_attack"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Attack (1 AP): choose the Imperial space to attack."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{t}", label=f"{SPACES[t].name} (1d8, {insurgent_need(t)}+)",
                       group="Attack", style="danger")
                for t in insurgent_targets(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_attack)
        insurgent_attack(state, arg)


@prompt_state
class InsurgentRaid(PromptState):
    """Raid: a unit on the wall strikes a mainland space beyond the first row (AP = distance)."""

    name = "ins_raid"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Raid: choose the raiding unit's space and the target."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        spend = spend_frame(state)
        return [raid for raid, cost in remembered(state, "raids", _raids)
                if affordable(state, spend, cost)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        src, _, dst = arg.partition(":")
        cost = dict(raid_targets(state, src))[dst]
        pop(state, frame)
        pay(state, cost)
        raid(state, src, dst)


def _raids(state: FreedomState) -> tuple[tuple[Choice, int], ...]:
    """Every Raid the Insurgents can make now, with its cost."""
    return tuple(
        (choice(id=f"at:{src}:{t}", label=f"{SPACES[src].name} → {SPACES[t].name} ({cost} AP)",
                group="Raid", style="danger", detail=raid_odds(state, t)), cost)
        for src in RAIDERS for t, cost in raid_targets(state, src))


def raid_odds(state: FreedomState, target: str) -> str:
    """What a raid on ``target`` may gain: the chance to kill and what an emptied space gives."""
    n = state.spaces[target].imperial
    chance = round(100 * (9 - RAID_HITS_ON) / 8)
    odds = (f"{chance}% ({RAID_HITS_ON}+ on 1d8) to kill 1 of the {n} Imperial "
            f"unit{'s' if n != 1 else ''} there")
    return odds + ("; a hit empties it: Morale choice" if n == 1 else "")


@prompt_state
class InsurgentRepair(PromptState):
    name = "ins_repair"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Repair Wall (4 AP): choose a damaged wall space held by your unit."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{s}", label=SPACES[s].name, group="Repair")
                for s in repair_sites(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_repair)
        repair_wall(state, arg)
        state.say(f"Insurgents repair the wall at {SPACES[arg].name}.", role="insurgents")


@prompt_state
class InsurgentTrain(PromptState):
    name = "ins_train"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Train Civilians (4 AP): a civilian becomes a unit; choose where it stands."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{s}", label=SPACES[s].name, group="Place the unit on")
                for s in insurgent_placements(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_train)
        state.spaces[CITY].civ -= 1
        state.pool["civ"] += 1
        add_units(state, arg, "ins", 1)
        state.say(f"Insurgents train a civilian: a new unit on {SPACES[arg].name}.",
                  role="insurgents")


@prompt_state
class InsurgentCannon(PromptState):
    name = "ins_cannon"

    def text(self, state: FreedomState, frame: Frame) -> str:
        return "Build Cannon (4 AP + 1 Supply): choose a space held by your unit."

    def choices(self, state: FreedomState, frame: Frame) -> list[Choice]:
        return [choice(id=f"at:{s}", label=SPACES[s].name, group="Build on")
                for s in insurgent_cannon_sites(state)] + [BACK]

    def on_back(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)

    def on_at(self, state: FreedomState, frame: Frame, arg: str) -> None:
        pop(state, frame)
        pay(state, C.insurgents_cannon)
        gain_supplies(state, "insurgents", -C.insurgents_cannon_supplies)
        place_cannon(state, arg, "insurgents")
        state.say(f"Insurgents build a cannon on {SPACES[arg].name}.", role="insurgents")
