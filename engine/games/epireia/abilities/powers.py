"""What figures and military tokens bring to rolls and fights: a figure's attack under the
game's rules revision, its bonuses to rolls with Empires and Greek Cities and in conflicts,
and a token's power in a column of the Great Battle."""

from __future__ import annotations

from engine.games.epireia import catalog
from engine.games.epireia.abilities.modifiers import figure_modifiers, total, turn_modifiers_of
from engine.games.epireia.board import TERRITORIES
from engine.games.epireia.content import CONTENT, Figure
from engine.games.epireia.state import EpireiaState, other_league

CROWDING_PENALTY = 2  # the rule book: "the chances are reduced by 2 for each player"


def figure_card(state: EpireiaState, figure_id: str) -> Figure:
    """The figure's card under this game's rules revision (its attack and sea icon)."""
    return catalog.figure_card(figure_id, state.options.revision)


def figure_attack(state: EpireiaState, figure_id: str) -> int:
    """Attack power now: the card's value, plus ``battle_attack`` on its front in the battle."""
    attack = figure_card(state, figure_id).attack
    front = battle_front_of(state, figure_id)
    if front:
        attack += sum(
            m.amount for m in figure_modifiers(state, figure_id)
            if m.kind == "battle_attack" and m.front in (None, front)
        )
    return attack


def battle_front_of(state: EpireiaState, figure_id: str) -> str:
    """The front a figure was placed on in the Great Battle, or ``""``."""
    if state.battle is None:
        return ""
    for side in state.battle.sides.values():
        for front, placed in side.figures.items():
            if placed == figure_id:
                return front
    return ""


def figure_has_sea(state: EpireiaState, figure_id: str) -> bool:
    return figure_card(state, figure_id).sea


def figures_at(state: EpireiaState, space_id: str) -> list[str]:
    return [fid for fid, fig in state.figures.items() if fig.location == space_id]


def empire_bonus(state: EpireiaState, role: str, figure_id: str, empire_id: str) -> int:
    """Added to the figure's d12 roll with an Empire (the −2 per other figure is the rules')."""
    modifiers = figure_modifiers(state, figure_id)
    bonus = sum(
        m.amount for m in modifiers if m.kind == "empire_roll" and m.target in ("", empire_id)
    )
    if any(m.kind == "ignore_crowding" for m in modifiers):
        others = [f for f in figures_at(state, empire_id) if f != figure_id]
        bonus += CROWDING_PENALTY * len(others)
    return bonus


def integration_bonus(state: EpireiaState, role: str, figure_id: str, city_id: str) -> int:
    """Added to the figure's d12 roll to integrate a neutral Greek City."""
    return total(figure_modifiers(state, figure_id), "integration_roll")


def conflict_bonus(state: EpireiaState, league: str, space_id: str) -> int:
    """Added to a league's total in a conflict with the other league on a Territory:
    ``conflict_attack`` of its figures there (by terrain) and one-round modifiers; nothing on
    a Greek City's space (the cards speak of Territories)."""
    return _attack_bonus(state, league, space_id, ("conflict_attack",))


def brigand_bonus(state: EpireiaState, league: str, space_id: str) -> int:
    """Added to a league's combined attack against Brigands (before the threshold is read):
    ``conflict_attack`` and ``brigand_attack`` of its figures there and one-round modifiers."""
    return _attack_bonus(state, league, space_id, ("conflict_attack", "brigand_attack"))


def _attack_bonus(state: EpireiaState, league: str, space_id: str, kinds: tuple[str, ...]) -> int:
    territory = TERRITORIES.get(space_id)
    if territory is None:
        # Every such ability reads "Territory conflict", "on land Territories", "on maritime
        # Territories": a conflict on a Greek City's space is fought with attack points only.
        return 0
    terrain = "sea" if territory.sea else "land"
    ours = [
        f for f in figures_at(state, space_id)
        if state.figures[f].owner in state.seats
        and state.league_of(state.figures[f].owner) == league
    ]
    if not ours:
        return 0
    roles = sorted({state.figures[f].owner for f in ours})
    found = [m for f in ours for m in CONTENT.figures[f].modifiers]
    found += [m for who in ("*", *roles) for m in turn_modifiers_of(state, who)]
    return sum(m.amount for m in found if m.kind in kinds and m.terrain in (None, terrain))


def token_power(state: EpireiaState, league: str, kind: str, front: str, column: int) -> int:
    """A token's power in a column: its value plus its power when it applies."""
    token = CONTENT.tokens[kind]
    power = token.value
    if state.battle is None or not token.power:
        return power
    bonus = CONTENT.powers[token.power].amount
    ours = _column(state, league, front, column)
    theirs = _column(state, other_league(league), front, column)
    applies = {
        "phalanx": sum(1 for k in ours if k.startswith("hoplites")) >= 2,
        "charge": front == "flank",
        "ram": any(k.startswith("triremes") for k in theirs),
    }
    return power + bonus if applies[token.power] else power


def _column(state: EpireiaState, league: str, front: str, column: int) -> list[str]:
    assert state.battle is not None
    side = state.battle.sides.get(league)
    if side is None or front not in side.slots or column >= len(side.slots[front]):
        return []
    return [k for k in side.slots[front][column] if k]
