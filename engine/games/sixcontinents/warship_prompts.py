"""The Fleet actions of the turn menu for warships, transporters and construction ships:
build one, sail a fleet, attack an enemy fleet, load and land a transporter's troops, build
a construction ship and send it to build a port. Choice ids: ``kind:<ship>``,
``zone:<sea>``, ``from:<sea>``, ``ships:all`` or ``ships:<kind>``, ``to:<sea>``,
``go:<sea>.<sea>`` (rules revision 2: every ship that can sail, from → to),
``strike:<sea>.<sea>`` (rules revision 2: a zone's whole fleet attacks, to the end),
``launch:<ship>.<sea>`` (rules revision 2: a new ship's kind and zone in one choice),
``withdraw:<soldiers>``; ``ship:<id>``, ``province:<id>``, ``units:<kind>.<points>.<n>``,
``to:<province>``; ``port:<province>``."""

from __future__ import annotations

from engine.core.flow import Frame
from engine.core.game import Choice, choice
from engine.core.steps import StepAction
from engine.games.sixcontinents.army_prompts import counts, group_of
from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.content import SHIPS, UNITS, price
from engine.games.sixcontinents.fleet import (
    attack_targets_at_sea,
    build_construction_ship,
    build_fleet_ship,
    buildable_ships,
    construction_ports,
    construction_yards,
    fleet_moves,
    fleet_sites,
    fleet_text,
    found_port,
    port_sites,
    sail_fleet,
    sailing_groups,
)
from engine.games.sixcontinents.flow import FLOW, colour, place, units_text
from engine.games.sixcontinents.navy import (
    CONSTRUCTION,
    cargo_soldiers,
    enemy_warships,
    fleet_of,
    strength,
    warships,
    zone_name,
)
from engine.games.sixcontinents.odds import percent, sea_attack_odds
from engine.games.sixcontinents.revisions import (
    attacks_in_one_choice,
    ships_from_to,
    warships_in_one_choice,
)
from engine.games.sixcontinents.sea_battle import sea_attack
from engine.games.sixcontinents.state import Ship, SixState
from engine.games.sixcontinents.transport import (
    boarding,
    landing_march,
    landing_places,
    load,
    loadable,
    room,
    unload,
    unloadable,
)


def zones(step: str, found: list[str]) -> list[Choice]:
    return [choice(f"{step}:{z}", zone_name(z), group="Sea zones") for z in found]


def ship_stats(kind: str) -> str:
    info = SHIPS[kind]
    fights = f"{info.soldiers} soldiers" if info.soldiers else \
        f"carries {info.capacity} soldiers, cannot fight"
    return f"{fights}, {info.movement} moves, upkeep {info.upkeep}"


@FLOW.state
class BuildFleetShip(StepAction[SixState]):
    """Sea battles: a frigate, corvette, cruiser or transporter, built in a port that is
    not blockaded, onto a sea zone its coast touches."""

    name = "warship"
    steps = ("kind", "zone")
    shortcuts = ("launch",)
    cancel = "Back to the menu"

    def ask_kind(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        money = state.realms[frame.role].currency
        kinds = buildable_ships(state, frame.role)
        if warships_in_one_choice(state):
            sites = fleet_sites(state, frame.role)
            return (f"Build which ship, on which sea zone? {money} currency.",
                    [choice(f"launch:{k}.{z}", f"{SHIPS[k].name} on the {zone_name(z)} "
                            f"({price(k)})", group=SHIPS[k].name, detail=ship_stats(k))
                     for k in kinds for z in sites])
        return (f"Build which ship? {money} currency.",
                [choice(f"kind:{k}", f"{SHIPS[k].name} ({price(k)})", group="Ships",
                        detail=ship_stats(k)) for k in kinds])

    def answers_for(self, state: SixState, frame: Frame, verb: str,
                    value: str) -> dict[str, str]:
        kind, _, zone = value.partition(".")  # ``launch``
        return {"kind": kind, "zone": zone}

    def ask_zone(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return (f"Launch the {SHIPS[picked['kind']].name.lower()} on which sea zone?",
                zones("zone", fleet_sites(state, frame.role)))

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        build_fleet_ship(state, frame.role, picked["kind"], picked["zone"])


def group_choices(state: SixState, role: str, zone: str, keys: list[str]) -> list[Choice]:
    groups = sailing_groups(state, role, zone)
    return [choice(f"ships:{k}", ("All: " if k == "all" else "") + fleet_text(groups[k])[:70],
                   group="Ships", detail=f"{strength(groups[k])} soldiers")
            for k in keys]


def sea_attacks(state: SixState, role: str) -> dict[str, dict[str, list[str]]]:
    """Zone -> group -> the neighbouring zones with an enemy fleet it may attack."""
    found: dict[str, dict[str, list[str]]] = {}
    for zone in sorted({s.zone for s in fleet_of(state, role)}):
        for key, group in sailing_groups(state, role, zone).items():
            targets = attack_targets_at_sea(state, role, zone, group)
            if targets:
                found.setdefault(zone, {})[key] = targets
    return found


def whole_fleet(groups: dict[str, list[str]]) -> str:
    """The key of the group of every ship on a zone that may sail: ``all``, or its one kind."""
    return "all" if "all" in groups else next(iter(groups))


def sail_choices(state: SixState, role: str) -> list[Choice]:
    """The "from → to" choices: every ship of a zone that can sail, to each zone it may
    sail into (no enemy warship there)."""
    choices = []
    for zone, groups in sorted(fleet_moves(state, role).items()):
        key = whole_fleet(groups)
        ships = sailing_groups(state, role, zone)[key]
        for to in groups[key]:
            choices.append(choice(f"go:{zone}.{to}",
                                  f"{zone_name(zone)} → {zone_name(to)}: {fleet_text(ships)}"[:80],
                                  group="Sail all that can, from → to",
                                  detail=f"{strength(ships)} soldiers at sea"))
    return choices


@FLOW.state
class SailFleet(StepAction[SixState]):
    """Sea battles: ships sail zone to zone, a movement point each (a frigate and a
    transporter 2, a corvette and a cruiser 1); a transporter met unescorted sinks. Under
    rules revision 2 a zone's ships sail in one "from → to" choice."""

    name = "fleet_move"
    steps = ("from", "ships", "to")
    shortcuts = ("go",)
    cancel = "Back to the menu"

    def ask_from(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        starts = sorted(fleet_moves(state, frame.role))
        if not ships_from_to(state):
            return "Sail ships from which sea zone?", zones("from", starts)
        choices = sail_choices(state, frame.role)
        choices += [choice(f"from:{z}", f"Choose the ships on the {zone_name(z)}",
                           group="Choose the ships: from") for z in starts]
        return "Sail every ship that can, from → to, or choose the ships.", choices

    def answers_for(self, state: SixState, frame: Frame, verb: str,
                    value: str) -> dict[str, str]:
        start, _, to = value.partition(".")  # ``go``: the whole fleet of the zone
        return {"from": start, "ships": whole_fleet(fleet_moves(state, frame.role)[start]),
                "to": to}

    def ask_ships(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        keys = sorted(fleet_moves(state, frame.role).get(picked["from"], {}))
        return (f"Which ships sail from the {zone_name(picked['from'])}?",
                group_choices(state, frame.role, picked["from"], keys))

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        found = fleet_moves(state, frame.role).get(picked["from"], {}).get(picked["ships"], [])
        return "Sail to which sea zone?", zones("to", found)

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        sail_fleet(state, frame.role, picked["from"], picked["ships"], picked["to"])


def sea_strike_choices(state: SixState, role: str) -> list[Choice]:
    """An attack in one choice: every ship of a zone that can attack, against the fleet on
    a neighbouring zone, to the end, with the chance of winning."""
    choices = []
    for zone, groups in sorted(sea_attacks(state, role).items()):
        key = whole_fleet(groups)
        ships = sailing_groups(state, role, zone)[key]
        for target in groups[key]:
            enemy = enemy_warships(state, role, target)
            chance = percent(sea_attack_odds(state, role, zone, ships, target))
            choices.append(choice(
                f"strike:{zone}.{target}",
                f"{zone_name(zone)} → {zone_name(target)}: all {strength(warships(ships))} "
                f"against {colour(enemy[0].owner)}'s {strength(enemy)}, {chance}"[:80],
                group="Attack with the whole fleet, to the end",
                detail=f"{fleet_text(ships)}; the chance of winning, fighting to the end"))
    return choices


@FLOW.state
class AttackFleet(StepAction[SixState]):
    """Sea battles: a fleet with warships attacks an enemy fleet on a neighbouring zone,
    with a withdraw point; the battle is rolled out at once. Under rules revision 2 the
    whole fleet of a zone may attack in one choice, to the end."""

    name = "sea_attack"
    steps = ("from", "ships", "to", "withdraw")
    shortcuts = ("strike",)
    cancel = "Back to the menu"

    def ask_from(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        starts = zones("from", sorted(sea_attacks(state, frame.role)))
        if not attacks_in_one_choice(state):
            return "Attack from which sea zone?", starts
        return ("Attack with the whole fleet, to the end (the chance of winning), or choose "
                "the zone, the ships and when to withdraw.",
                sea_strike_choices(state, frame.role) + starts)

    def answers_for(self, state: SixState, frame: Frame, verb: str,
                    value: str) -> dict[str, str]:
        zone, _, target = value.partition(".")  # ``strike``: the zone's whole fleet
        return {"from": zone, "ships": whole_fleet(sea_attacks(state, frame.role)[zone]),
                "to": target, "withdraw": "0"}

    def ask_ships(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        keys = sorted(sea_attacks(state, frame.role).get(picked["from"], {}))
        return "Which ships attack?", group_choices(state, frame.role, picked["from"], keys)

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        found = sea_attacks(state, frame.role).get(picked["from"], {}).get(picked["ships"], [])
        choices = []
        for z in found:
            enemy = enemy_warships(state, frame.role, z)
            choices.append(choice(f"to:{z}", f"{zone_name(z)} ({colour(enemy[0].owner)}, "
                                  f"{strength(enemy)} soldiers)", group="Enemy fleets"))
        return "Attack which enemy fleet?", choices

    def ask_withdraw(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        group = sailing_groups(state, frame.role, picked["from"])[picked["ships"]]
        total = strength(warships(group))
        points = sorted({n for n in (total // 4, total // 2, (3 * total) // 4) if 0 < n < total})
        choices = [choice("withdraw:0", "Fight to the end", group="Withdraw")]
        choices += [choice(f"withdraw:{n}", f"Withdraw when down to {n} soldiers",
                           group="Withdraw") for n in points]
        return f"{total} soldiers at sea attack. When to withdraw?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        group = sailing_groups(state, frame.role, picked["from"])[picked["ships"]]
        sea_attack(state, frame.role, picked["from"], group, picked["to"],
                   int(picked["withdraw"]))


def transporter_label(ship: Ship) -> str:
    return (f"Transporter on the {zone_name(ship.zone)} ({cargo_soldiers(ship)}/"
            f"{cargo_soldiers(ship) + room(ship)} soldiers)")


@FLOW.state
class LoadTransporter(StepAction[SixState]):
    """Sea battles: a transporter carries 5 soldiers; troops that can still move board it
    from a province of theirs on its zone's coast."""

    name = "load"
    steps = ("ship", "province", "units")
    cancel = "Back to the menu"

    def ship_of(self, state: SixState, frame: Frame, picked: dict[str, str]) -> Ship:
        return next(s for s in loadable(state, frame.role) if str(s.id) == picked["ship"])

    def ask_ship(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Load which transporter?", [
            choice(f"ship:{s.id}", transporter_label(s), group="Transporters")
            for s in loadable(state, frame.role)]

    def ask_province(self, state: SixState, frame: Frame,
                     picked: dict[str, str]) -> tuple[str, list[Choice]]:
        ship = self.ship_of(state, frame, picked)
        return "Troops board from which province?", [
            choice(f"province:{p}", place(p), group=group_of(p))
            for p in sorted(boarding(state, frame.role, ship))]

    def ask_units(self, state: SixState, frame: Frame,
                  picked: dict[str, str]) -> tuple[str, list[Choice]]:
        ship = self.ship_of(state, frame, picked)
        choices = []
        for key, most in boarding(state, frame.role, ship)[picked["province"]].items():
            kind = key.partition(".")[0]
            choices += [choice(f"units:{key}.{n}", units_text(kind, n), group=UNITS[kind].name)
                        for n in counts(most)]
        return f"Which troops board (room for {room(ship)} soldiers)?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        kind, points, n = picked["units"].split(".")
        load(state, frame.role, int(picked["ship"]), picked["province"], f"{kind}.{points}",
             int(n))


@FLOW.state
class LandTroops(StepAction[SixState]):
    """Sea battles: a transporter "decants" its troops on any coast of its zone: an empty
    province is taken, one's own joined, another attacked at -12 to the end."""

    name = "unload"
    steps = ("ship", "to")
    cancel = "Back to the menu"

    def ask_ship(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Land the troops of which transporter?", [
            choice(f"ship:{s.id}", transporter_label(s), group="Transporters")
            for s in unloadable(state, frame.role)]

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        ship = next(s for s in unloadable(state, frame.role) if str(s.id) == picked["ship"])
        choices = []
        for p in landing_places(ship):
            holder = state.provinces[p].holder
            if holder in ("", frame.role):
                label = f"{place(p)} ({'empty' if not holder else 'yours'})"
            else:
                label = (f"{place(p)}: attack {colour(holder)} at -12 (march "
                         f"{landing_march(state, p, ship.cargo)})")
            choices.append(choice(f"to:{p}", label, group=group_of(p)))
        return f"Land {cargo_soldiers(ship)} soldiers where?", choices

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        unload(state, frame.role, int(picked["ship"]), picked["to"])


@FLOW.state
class BuildConstructionShip(StepAction[SixState]):
    """Sea voyages: a construction ship (13) waits in its port until it is sent."""

    name = "construction"
    steps = ("port",)
    cancel = "Back to the menu"

    def ask_port(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return (f"Build a construction ship ({price(CONSTRUCTION)}: it builds a port on "
                "another coast of yours) in which port?",
                [choice(f"port:{p}", place(p), group=group_of(p))
                 for p in construction_yards(state, frame.role)])

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        build_construction_ship(state, frame.role, picked["port"])


@FLOW.state
class FoundPort(StepAction[SixState]):
    """Sea voyages: a construction ship "can build a port in another sea province"."""

    name = "found_port"
    steps = ("port", "to")
    cancel = "Back to the menu"

    def ask_port(self, state: SixState, frame: Frame,
                 picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Send the construction ship from which port?", [
            choice(f"port:{p}", place(p), group=group_of(p))
            for p in construction_ports(state, frame.role)]

    def ask_to(self, state: SixState, frame: Frame,
               picked: dict[str, str]) -> tuple[str, list[Choice]]:
        return "Build the port where?", [
            choice(f"to:{p}", place(p), group=group_of(p),
                   detail=", ".join(zone_name(z) for z in PROVINCES[p].seas)[:100])
            for p in port_sites(state, frame.role)]

    def perform(self, state: SixState, frame: Frame, picked: dict[str, str]) -> None:
        found_port(state, frame.role, picked["port"], picked["to"])
