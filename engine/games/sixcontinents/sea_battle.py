"""Sea battles (Sea battles, Modifiers: sea): "conducted in the same way as land battles".
A fleet attacks by sailing from its zone into a neighbouring one that holds another
player's warships: each side rolls d100 plus ``battle.toml``'s sea modifiers (more soldiers
for the attacker, +6 next to one's own port, the weather on the attacker), the defender wins
ties, the loser loses one soldier a roll (a corvette breaking into 3 frigates). The attacker
fights until one side has no warship left or he is down to the withdraw point he set.

Transporters do not fight: the loser's transporters in the battle go down with their cargo,
the winner's are unharmed. A withdrawing fleet stays in the zone it attacked from.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.sixcontinents.board import PROVINCES
from engine.games.sixcontinents.content import BATTLE, MODIFIERS, SHIPS
from engine.games.sixcontinents.economy import weather
from engine.games.sixcontinents.fleet import fleet_text, lose_one_ship, sink, sink_unescorted
from engine.games.sixcontinents.flow import colour
from engine.games.sixcontinents.lasting import battle_bonus
from engine.games.sixcontinents.navy import (
    cargo_soldiers,
    enemy_warships,
    fleet_of,
    strength,
    warships,
    zone_name,
)
from engine.games.sixcontinents.state import SeaBattleRecord, Ship, SixState

Lines = list[tuple[str, int]]


@dataclass
class SeaAttack:
    """A fleet attacking ``zone`` from ``origin``: its ships stay where they are until the
    zone is won."""

    attacker: str
    origin: str
    zone: str
    ships: list[Ship]  # warships and the transporters sailing with them
    defenders: list[Ship]  # the defender's warships and transporters on the zone
    withdraw_at: int  # the attacker withdraws when down to this many soldiers (0: never)


def batteries(state: SixState, role: str, zone: str) -> bool:
    """Sea battles 2: a province with one's own port ("coastal batteries") borders the
    zone."""
    return any(land.port and land.holder == role and zone in PROVINCES[p].seas
               for p, land in state.provinces.items())


def sea_modifiers(state: SixState, attack: SeaAttack, side: str) -> Lines:
    """The modifiers of ``side`` ("attacker" or "defender") for the next roll."""
    mine = warships(attack.ships if side == "attacker" else attack.defenders)
    theirs = warships(attack.defenders if side == "attacker" else attack.ships)
    role = attack.attacker if side == "attacker" else attack.defenders[0].owner
    lines: Lines = []
    more = MODIFIERS["more_soldiers_at_sea"]
    if side == more.side and strength(mine) > strength(theirs):
        lines.append(("more soldiers",
                      min(more.max or 0, more.amount * (strength(mine) - strength(theirs)))))
    if batteries(state, role, attack.zone):
        lines.append(("coastal batteries", MODIFIERS["coastal_batteries"].amount))
    storm = weather(state).attack
    if side == "attacker" and storm:
        lines.append((weather(state).name.lower(), storm))
    bonus = battle_bonus(state, role)  # Overseas 81-85: "+3 to every battle roll"
    if bonus:
        lines.append(("new weapon", bonus))
    return lines


def lines_text(lines: Lines) -> str:
    return "".join(f" {a:+d} {w}" for w, a in lines)


def sea_defenders(state: SixState, role: str, zone: str) -> list[Ship]:
    """The fleet ``role`` would fight on ``zone``: every ship there of the owner of its
    first enemy warship (his transporters too; none when no enemy warship is there)."""
    enemy = enemy_warships(state, role, zone)
    if not enemy:
        return []
    return [s for s in fleet_of(state, zone=zone) if s.owner == enemy[0].owner]


def sea_attack(state: SixState, role: str, origin: str, ships: list[Ship], zone: str,
               withdraw_at: int) -> bool:
    """Fight for ``zone``; True when the attacker won it (his ships then sail in)."""
    enemy = enemy_warships(state, role, zone)
    if not warships(ships) or not enemy or any(s.zone != origin for s in ships):
        raise ValueError(f"{role} may not attack {zone} from {origin}")
    defender = enemy[0].owner
    defenders = sea_defenders(state, role, zone)
    attack = SeaAttack(attacker=role, origin=origin, zone=zone, ships=list(ships),
                       defenders=defenders, withdraw_at=withdraw_at)
    record = SeaBattleRecord(zone=zone, attacker=role, defender=defender)
    state.sea_battle = record
    state.say(f"{colour(role)} attacks {colour(defender)}'s fleet on the {zone_name(zone)} "
              f"with {fleet_text(ships)} ({strength(ships)} soldiers) against "
              f"{fleet_text(defenders)} ({strength(defenders)}).", role=role)
    won = fight(state, attack, record)
    for ship in attack.ships:  # the attack spends the fleet's movement, whatever comes of it
        ship.used = SHIPS[ship.kind].movement
    if won:
        for ship in attack.ships:
            ship.zone = zone
        sink_unescorted(state, zone)
    return won


def fight(state: SixState, attack: SeaAttack, record: SeaBattleRecord) -> bool:
    """Roll until one side has no warship or the attacker withdraws; the loser's
    transporters go down. True when the attacker won."""
    mine = warships(attack.ships)
    theirs = warships(attack.defenders)
    where = zone_name(attack.zone)
    defender = attack.defenders[0].owner
    while mine and theirs:
        if attack.withdraw_at and strength(mine) <= attack.withdraw_at:
            record.outcome = "withdrawn"
            state.say(f"{colour(attack.attacker)} withdraws from the {where} with "
                      f"{strength(mine)} soldiers.", role=attack.attacker)
            return False
        a_lines = sea_modifiers(state, attack, "attacker")
        d_lines = sea_modifiers(state, attack, "defender")
        a_roll, d_roll = state.rng.roll(BATTLE.die), state.rng.roll(BATTLE.die)
        a_total = a_roll + sum(x for _, x in a_lines)
        d_total = d_roll + sum(x for _, x in d_lines)
        won = a_total > d_total or (a_total == d_total and not BATTLE.defender_wins_ties)
        loser = theirs if won else mine
        before = {s.id for s in loser}
        lose_one_ship(state, loser)
        sync(attack, won, before, loser)
        text = (f"{a_roll}{lines_text(a_lines)} = {a_total} against "
                f"{d_roll}{lines_text(d_lines)} = {d_total}: "
                f"{colour(defender if won else attack.attacker)} loses a soldier")
        record.rolls.append(text)
        state.say(f"The {where}: {text}.", dice=[a_roll, d_roll])
    won = not theirs
    losers = attack.defenders if won else attack.ships
    for ship in losers:  # only the beaten side's transporters are left: they go down
        cargo = cargo_soldiers(ship)
        sink(state, ship)
        state.say(f"{colour(ship.owner)}'s transporter goes down with the battle"
                  + (f", and {cargo} soldiers with it." if cargo else "."))
    losers.clear()
    record.outcome = "won" if won else "lost"
    state.say(f"{colour(attack.attacker if won else defender)} wins the battle of the "
              f"{where}.")
    return won


def sync(attack: SeaAttack, won: bool, before: set[int], loser: list[Ship]) -> None:
    """After a loss, the losing side's list (``attack.ships`` or ``attack.defenders``)
    holds its transporters and its warships as they now are (a broken ship is replaced by
    its parts); ``before``: the ids of that side's warships before the loss."""
    side = attack.defenders if won else attack.ships
    carriers = [s for s in side if s.id not in before]
    side[:] = carriers + loser
