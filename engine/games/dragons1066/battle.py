"""The Battle phase, as the rule book's "Battle" and "Roll battle" sections say.

- The attacker chooses a battle it created; all sea battles come before any land battle.
- The units that moved into the zone are the attackers; every other unit there defends
  (allied defenders together). Rounds go on until one side is gone.
- Each round every unit but Castles rolls its die; 6 or more hits and kills one opposing
  unit. The attacker rolls first, but defenders killed that round still roll.
- Attacking air units may retreat before each of the attacker's rolls; they stay in the
  zone, no longer fight and cannot be killed in that battle.
- The attacker chooses which of its units take the defenders' hits; defenders lose Castles
  first, then d6, then d12, then d20 units. A Fortress counts as five Castles; an
  ungarrisoned Fortress falls to any attacker (see docs: to any land unit, without a roll).
- Castles and Fortresses are never destroyed; they pass to the victor. The attacker takes a
  land only if one of its land units stands at the end.
- Enemy Seas: a passenger dropped from a Galleon in an enemy-occupied sea is lost with it
  if that Galleon sinks in that sea battle.
"""

from __future__ import annotations

from engine.games.dragons1066.board import (
    attackers_in,
    battle_castles,
    domain,
    enemies,
    is_sea,
    loss_key,
    sides,
)
from engine.games.dragons1066.data import FORTRESSES, UNITS
from engine.games.dragons1066.flow import FLOW, kingdom_name, units_text, zone_name
from engine.games.dragons1066.state import Battle, DragonsState, Piece
from engine.games.dragons1066.victory import check_fortresses

HIT = 6  # "A roll of 6 or higher is a successful hit."


def allowed_battles(state: DragonsState) -> list[str]:
    """"They must fight all Sea Battles before any Land battles."""
    seas = [zone for zone in state.battles if is_sea(zone)]
    return seas or list(state.battles)


def start_battle(state: DragonsState, zone: str) -> None:
    state.battles.remove(zone)
    defending = enemies(state.kingdom, state.owners[zone]) if zone in state.owners else False
    state.battle = Battle(zone=zone, castles=battle_castles(state, zone) if defending else 0)
    attackers, defenders = sides(state, zone)
    state.say(f"Battle of {zone_name(zone)}: {kingdom_name(state.kingdom)} attacks with "
              f"{army_text(attackers)} against {army_text(defenders)}"
              f"{castles_text(state.battle.castles)}.")
    if zone in FORTRESSES and defending and not defenders:
        # "an ungarrisoned Fortress falls to any attacker": its five Castles defend only
        # together with units
        state.battle.castles = 0


def army_text(pieces: list[Piece]) -> str:
    if not pieces:
        return "nobody"
    counts: dict[tuple[str, str], int] = {}
    for piece in pieces:
        counts[(piece.owner, piece.kind)] = counts.get((piece.owner, piece.kind), 0) + 1
    return ", ".join(f"{units_text(kind, n)}" + (f" ({owner})" if len(
        {p.owner for p in pieces}) > 1 else "") for (owner, kind), n in counts.items())


def castles_text(castles: int) -> str:
    return f" and {castles} Castle{'s' * (castles != 1)}" if castles else ""


def battle_over(state: DragonsState) -> bool:
    battle = state.battle
    assert battle is not None
    attackers, defenders = sides(state, battle.zone)
    return not attackers or (not defenders and battle.castles == 0)


def retreat_matters(state: DragonsState) -> bool:
    """Asking about air retreat is a real choice only when air units attack and the
    defenders can hit back."""
    battle = state.battle
    assert battle is not None
    attackers, defenders = sides(state, battle.zone)
    return any(domain(p) == "air" for p in attackers) and bool(defenders)


def retreat_air(state: DragonsState) -> None:
    battle = state.battle
    assert battle is not None
    fliers = [p for p in attackers_in(state, battle.zone) if domain(p) == "air"]
    for piece in fliers:
        piece.retreated = True
    state.say(f"{army_text(fliers)} retreat from the Battle of {zone_name(battle.zone)}.")


def roll(state: DragonsState, pieces: list[Piece]) -> tuple[list[int], int]:
    dice = [state.rng.roll(UNITS[p.kind].die) for p in pieces]
    return dice, sum(1 for d in dice if d >= HIT)


def dice_text(pieces: list[Piece], dice: list[int]) -> str:
    return " ".join(f"d{UNITS[p.kind].die}:{d}" for p, d in zip(pieces, dice, strict=True))


def roll_round(state: DragonsState) -> int:
    """Both sides roll; the defenders' losses are taken at once (the fixed order); returns
    the hits the attacker must take."""
    battle = state.battle
    assert battle is not None
    battle.round += 1
    attackers, defenders = sides(state, battle.zone)
    a_dice, a_hits = roll(state, attackers)
    d_dice, d_hits = roll(state, defenders)  # killed defenders still roll this round
    defender = ", ".join(sorted({kingdom_name(p.owner) for p in defenders})) or "the Castles"
    state.say(f"{zone_name(battle.zone)}, round {battle.round}: "
              f"{kingdom_name(state.kingdom)} rolls {dice_text(attackers, a_dice)} "
              f"({a_hits} hit{'s' * (a_hits != 1)}); {defender} "
              f"roll{'s' * (len(defenders) > 0)} {dice_text(defenders, d_dice) or 'nothing'} "
              f"({d_hits} hit{'s' * (d_hits != 1)}).", dice=a_dice + d_dice)
    take_defender_losses(state, a_hits, defenders)
    return min(d_hits, len(attackers))


def take_defender_losses(state: DragonsState, hits: int, defenders: list[Piece]) -> None:
    """Castles first, then d6, d12 and d20 units (``defenders`` is in that order)."""
    battle = state.battle
    assert battle is not None
    castles = min(hits, battle.castles)
    battle.castles -= castles
    killed = defenders[:hits - castles]
    for piece in killed:
        remove(state, piece)
    if castles or killed:
        state.say(f"{zone_name(battle.zone)}: the defenders lose "
                  f"{army_text(killed) if killed else ''}"
                  f"{' and ' if killed and castles else ''}"
                  f"{castles_text(castles)[5:] if castles else ''}.")


def casualty_choice_matters(state: DragonsState, hits: int) -> bool:
    """The attacker chooses only when some but not all of its units die and they differ."""
    battle = state.battle
    assert battle is not None
    attackers = attackers_in(state, battle.zone)
    return 0 < hits < len(attackers) and len({p.kind for p in attackers}) > 1


def take_attacker_loss(state: DragonsState, kind: str | None) -> None:
    """One hit on the attacker: a unit of ``kind``, or the cheapest (None)."""
    battle = state.battle
    assert battle is not None
    attackers = attackers_in(state, battle.zone)
    chosen = [p for p in attackers if kind is None or p.kind == kind]
    piece = min(chosen, key=loss_key)
    remove(state, piece)
    state.say(f"{zone_name(battle.zone)}: {kingdom_name(state.kingdom)} loses "
              f"{units_text(piece.kind, 1)}.")


def remove(state: DragonsState, piece: Piece) -> None:
    # by identity: list.remove would compare every unit before it field by field
    del state.pieces[next(n for n, p in enumerate(state.pieces) if p is piece)]
    state.lost[piece.owner] += 1


def finish_battle(state: DragonsState) -> None:
    """The battle is over: the land changes hands if an attacking land unit stands; the
    Enemy Seas rule drowns passengers of sunk Galleons; flags are cleared."""
    battle = state.battle
    assert battle is not None
    zone = battle.zone
    attackers, defenders = sides(state, zone)
    name = zone_name(zone)
    if attackers and not defenders and battle.castles == 0:
        if zone in state.owners and enemies(state.kingdom, state.owners[zone]):
            if any(domain(p) == "land" for p in attackers):
                state.owners[zone] = state.kingdom
                state.say(f"{kingdom_name(state.kingdom)} takes {name}"
                          f"{' and its Fortress' if zone in FORTRESSES else ''}.")
            else:
                state.say(f"{name} stays {kingdom_name(state.owners[zone])}'s: air units "
                          "cannot conquer.")
        else:
            state.say(f"{kingdom_name(state.kingdom)} wins the Battle of {name}.")
    else:
        state.say(f"The defenders hold {name}.")
    if is_sea(zone):
        drown_passengers(state, zone)
    for piece in state.pieces:
        if piece.zone == zone:
            piece.attacking = False
    state.battle = None
    check_fortresses(state)


def drown_passengers(state: DragonsState, sea: str) -> None:
    # a Galleon missing now sank in this battle (each sea battle drowns its own passengers)
    galleons = {p.id: p.zone for p in state.pieces}
    for piece in list(state.pieces):
        if piece.via and piece.via not in galleons:
            remove(state, piece)
            state.say(f"The {UNITS[piece.kind].name} carried through the {zone_name(sea)} "
                      f"is lost at sea with its Galleon.")
        elif piece.via and galleons[piece.via] == sea:
            piece.via = 0


def fight_on(state: DragonsState) -> None:
    """One round after any air retreat: roll, take the defenders' losses, then the
    attacker's (asked only when it is a real choice)."""
    battle = state.battle
    assert battle is not None
    if battle_over(state):
        return
    hits = roll_round(state)
    if casualty_choice_matters(state, hits):
        battle.hits = hits
        FLOW.push(state, "casualty", state.control[state.kingdom])
        return
    for _ in range(hits):
        take_attacker_loss(state, None)
