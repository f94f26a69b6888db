"""Sea voyages (Sea voyages, Battles): a ship (9, capital level 2) built in one's port
carries up to 10 soldiers from that port to any other coastal province in 2 turns; the
destination is written down in secret at departure and shown on arrival, at the start of
the owner's turn. Landing troops take an empty province, join their own, or fight at -12;
the march is standard and paid even after a defeat (or plundered after a victory). The ship
is back in its port for the owner's next turn."""

from __future__ import annotations

from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.content import SHIPS, UNITS, level_allowing, price
from engine.games.sixcontinents.flow import colour, place, units_text
from engine.games.sixcontinents.navy import blockaded, open_ports
from engine.games.sixcontinents.realm import capital_of, pay, soldiers, unharness
from engine.games.sixcontinents.state import Ship, SixState, Unit, Voyage

SHIP = next(kind for kind, info in SHIPS.items() if info.voyage_turns)
CAPACITY = SHIPS[SHIP].capacity


def shipyards(state: SixState, role: str) -> list[str]:
    """Provinces of ``role`` with a port where he may build a ship now (not blockaded)."""
    realm = state.realms[role]
    if realm.level < level_allowing("ships") or realm.currency < price(SHIP):
        return []
    return open_ports(state, role)


def build_ship(state: SixState, role: str, port: str) -> None:
    if port not in shipyards(state, role):
        raise ValueError(f"{role} may not build a ship in {port}")
    pay(state, role, price(SHIP))
    state.ships.append(Ship(id=state.next_unit, kind=SHIP, owner=role, port=port, fresh=True))
    state.next_unit += 1
    state.say(f"{colour(role)} builds a ship in {place(port)} for {price(SHIP)}.", role=role)


def docked(state: SixState, role: str, port: str) -> Ship | None:
    """A ship of ``role`` ready to sail from ``port`` (not from a blockaded one)."""
    if blockaded(state, port):
        return None
    return next((s for s in state.ships if s.kind == SHIP and s.owner == role
                 and s.port == port and not s.fresh), None)


def landing_sites(port: str) -> list[str]:
    """Every coastal province but the port itself ("any other sea province")."""
    return [p for p, info in PROVINCES.items() if info.coastal and p != port]


def sail(state: SixState, role: str, port: str, units: list[Unit], destination: str) -> None:
    ship = docked(state, role, port)
    if ship is None or destination not in landing_sites(port) or not units \
            or soldiers(units) > CAPACITY or any(u.province != port for u in units):
        raise ValueError(f"{role} may not sail from {port}")
    for unit in units:
        state.units.remove(unit)
    ship.port = ""
    state.voyages.append(Voyage(owner=role, ship=ship.id, port=port, destination=destination,
                                turns=SHIPS[SHIP].voyage_turns, units=units))
    state.say(f"{colour(role)}'s ship leaves {place(port)} with {soldiers(units)} soldiers "
              "for a destination written down in secret.", role=role)
    state.say(f"Your ship from {place(port)} sails for {place(destination)}.", role=role,
              visible_to=[role])


def transfer_ports(state: SixState, role: str) -> list[str]:
    """Provinces of ``role`` with a port that is not blockaded (the ends of a
    transfer)."""
    return open_ports(state, role)


def send_by_port(state: SixState, role: str, port: str, units: list[Unit], to: str,
                 cost: int) -> None:
    """Buildings, port: troops sent to another of one's ports for the march, arriving at
    the start of the next turn."""
    ends = transfer_ports(state, role)
    if port not in ends or to not in ends or to == port or not units \
            or any(u.province != port for u in units):
        raise ValueError(f"{role} may not send troops from {port} to {to}")
    pay(state, role, cost)
    for unit in units:
        state.units.remove(unit)
    state.voyages.append(Voyage(owner=role, ship=0, transfer=True, port=port, destination=to,
                                turns=1, units=units))
    state.say(f"{colour(role)} sends {cargo_text(units)} from the port of {place(port)} to "
              f"{place(to)}" + (f" for {cost}" if cost else "") + ": there next turn.",
              role=role)


def arrive_by_port(state: SixState, voyage: Voyage) -> None:
    """The troops reach their port, or, if it is no longer theirs, go back to the one they
    left, or are lost with both."""
    role = voyage.owner
    for end in (voyage.destination, voyage.port):
        land = state.provinces[end]
        if land.holder == role and land.port:
            for unit in voyage.units:
                unit.province = end
                state.units.append(unit)
            state.say(f"{colour(role)}'s {cargo_text(voyage.units)} arrive by port at "
                      f"{place(end)}.", role=role)
            return
    state.realms[role].lost += soldiers(voyage.units)
    for unit in voyage.units:
        unharness(state, unit)
    state.say(f"{colour(role)}'s {cargo_text(voyage.units)} sent by port find neither port "
              "theirs and are lost.")


def at_sea(state: SixState, role: str) -> list[Unit]:
    """``role``'s land units off the map: on a voyage, sent by port, or on a
    transporter."""
    return [u for v in state.voyages if v.owner == role for u in v.units] + [
        u for s in state.ships if s.owner == role for u in s.cargo]


def arriving(state: SixState, role: str) -> list[Voyage]:
    """At the start of ``role``'s turn: a turn less for each of his voyages; those that
    arrive are taken off the sea (the caller lands them)."""
    due = []
    for voyage in list(state.voyages):
        if voyage.owner != role:
            continue
        voyage.turns -= 1
        if voyage.turns <= 0:
            state.voyages.remove(voyage)
            due.append(voyage)
    return due


def dock(state: SixState, voyage: Voyage) -> None:
    """The ship goes home: back in its port for the next turn, or lost with the port."""
    ship = next(s for s in state.ships if s.id == voyage.ship)
    home = state.provinces[voyage.port]
    if home.holder == voyage.owner and home.port:
        ship.port, ship.fresh = voyage.port, True
    else:
        state.ships.remove(ship)
        state.say(f"{colour(voyage.owner)}'s ship finds its port of {place(voyage.port)} "
                  "lost and is gone.")


def march_at_landing(state: SixState, voyage: Voyage, march: int) -> int:
    """The standard march of the troops landing (none at a capital: Capital)."""
    if capital_of(state, voyage.destination):
        return 0
    return sum(UNITS[u.kind].soldiers for u in voyage.units) * march


def cargo_text(units: list[Unit]) -> str:
    kinds: dict[str, int] = {}
    for unit in units:
        kinds[unit.kind] = kinds.get(unit.kind, 0) + 1
    return ", ".join(units_text(k, n) for k, n in kinds.items())
