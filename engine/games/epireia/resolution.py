"""The Resolution phase, in the rules' order: Empires, Territories, Greek Cities, collection."""

from __future__ import annotations

from engine.games.epireia import abilities, catalog, revisions
from engine.games.epireia.board import (
    CITIES,
    EMPIRE_ORDER,
    EMPIRES,
    INTEGRATION_ORDER,
    TERRITORIES,
    Reward,
    space_name,
    token_label,
)
from engine.games.epireia.scenarios import check_objectives
from engine.games.epireia.state import (
    BRIGANDS,
    ENEMY,
    HOME,
    RESOURCES,
    EpireiaState,
    other_league,
)


def resolution_phase(state: EpireiaState) -> None:
    resolve_empires(state)
    resolve_territories(state)
    if not state.is_solo:
        resolve_greek_cities(state)
    collect_resources(state)


# Who stands where -----------------------------------------------------------------------


def side_of(state: EpireiaState, figure: str) -> str:
    """The league a figure fights for (solo enemy figures fight for the opposing league)."""
    owner = state.figures[figure].owner
    if owner == ENEMY:
        return other_league(state.seats["solo"].league)
    return state.seats[owner].league


def figures_at(state: EpireiaState, space: str) -> list[str]:
    """Figures on a space, in seat order (players' figures first, enemy figures last)."""
    order = {role: index for index, role in enumerate(state.roles)}
    present = [f for f, fs in state.figures.items() if fs.location == space]
    return sorted(present, key=lambda f: (order.get(state.figures[f].owner, 99), f))


def send_home(state: EpireiaState, figures: list[str]) -> None:
    for figure in figures:
        state.figures[figure].location = HOME


def label(state: EpireiaState, figure: str) -> str:
    owner = state.figures[figure].owner
    city = "enemy" if owner == ENEMY else CITIES[state.seats[owner].city].name
    return f"{catalog.figure_name(figure)} ({city})"


def gain(state: EpireiaState, role: str, reward: Reward, source: str) -> None:
    """Give a player an Empire's (or a Greek City's) reward."""
    seat = state.seats[role]
    for resource in RESOURCES:
        seat.resources[resource] += getattr(reward, resource)
    given = reward
    if reward.token:
        if state.supply.get(reward.token, 0) > 0:
            state.supply[reward.token] -= 1
            state.leagues[seat.league].reserve.append(reward.token)
        else:
            given = reward.model_copy(update={"token": ""})
            state.say(f"No {token_label(reward.token)} token is left in the supply.")
    # What was really received, before the Prestige track's bonuses it may bring.
    state.say(f"{CITIES[seat.city].name} receives {given.text()} from {source}.", role=role)
    if reward.prestige:
        add_prestige(state, role, reward.prestige)
    check_objectives(state, actor=role)  # its Prestige or token may meet the objective


def add_prestige(state: EpireiaState, role: str, amount: int) -> None:
    seat = state.seats[role]
    old = seat.prestige
    seat.prestige = min(catalog.prestige_max(), old + amount)
    if seat.prestige != old:
        abilities.on_prestige(state, role, old, seat.prestige)


# 1. Empires -------------------------------------------------------------------------------


def resolve_empires(state: EpireiaState) -> None:
    for empire_id in EMPIRE_ORDER:
        present = figures_at(state, empire_id)
        if present:
            negotiate_with_empire(state, empire_id, present)


def negotiate_with_empire(state: EpireiaState, empire_id: str, present: list[str]) -> None:
    """Each figure rolls a d12; the number needed rises by 2 for each other figure there.
    The Peloponnesian League begins."""
    empire = EMPIRES[empire_id]
    need = empire.need_one + 2 * (len(present) - 1)
    if len(present) == 2:
        need = empire.need_two
    ordered = sorted(present, key=lambda f: side_of(state, f) != "peloponnesian")
    for figure in ordered:
        owner = state.figures[figure].owner
        if owner == ENEMY:
            state.say(f"{label(state, figure)} treats with {empire.name}.")
            continue
        roll = state.rng.roll(12)
        bonus = abilities.empire_bonus(state, owner, figure, empire_id)
        total = roll + bonus
        success = total >= need
        bonus_text = f" + {bonus}" if bonus else ""
        state.say(
            f"{label(state, figure)} negotiates with {empire.name}: rolls {roll}{bonus_text}, "
            f"needs {need} — {'success' if success else 'refused'}.",
            role=owner, dice=[roll],
        )
        if success:
            gain(state, owner, empire.reward, empire.name)
    send_home(state, present)


# 2. Territories ---------------------------------------------------------------------------


def brigand_threshold(attack: int) -> int:
    """The d12 result needed to defeat Brigands with this combined attack."""
    if attack <= 2:
        return 7
    if attack <= 4:
        return 5
    return 3


def resolve_territories(state: EpireiaState) -> None:
    for territory_id in TERRITORIES:
        present = figures_at(state, territory_id)
        if present:
            resolve_territory(state, territory_id, present)


def league_attack(state: EpireiaState, figures: list[str]) -> int:
    return sum(abilities.figure_attack(state, f) for f in figures)


def conflict(state: EpireiaState, space: str, present: list[str]) -> list[str]:
    """Figures of two leagues on one space: each league rolls d12 + its attack points.
    Returns the winning league's figures (the others go home); ties send everyone home."""
    sides: dict[str, list[str]] = {}
    for figure in present:
        sides.setdefault(side_of(state, figure), []).append(figure)
    if len(sides) < 2:
        return present
    totals: dict[str, int] = {}
    for league in ("peloponnesian", "delian"):
        figures = sides[league]
        roll = state.rng.roll(12)
        attack = league_attack(state, figures) + abilities.conflict_bonus(state, league, space)
        totals[league] = roll + attack
        verb = "rolls" if len(figures) == 1 else "roll"
        state.say(
            f"Conflict at {space_name(space)}: {', '.join(label(state, f) for f in figures)} "
            f"{verb} {roll} + {attack} = {roll + attack}.",
            dice=[roll],
        )
    if totals["delian"] == totals["peloponnesian"]:
        state.say(f"A tie at {space_name(space)}: every figure returns to its city.")
        send_home(state, present)
        return []
    winner = max(totals, key=lambda league: totals[league])
    send_home(state, [f for f in present if side_of(state, f) != winner])
    state.say(f"The {winner.title()} League wins at {space_name(space)}.")
    return sides[winner]


def resolve_territory(state: EpireiaState, territory_id: str, present: list[str]) -> None:
    territory = TERRITORIES[territory_id]
    winners = conflict(state, territory_id, present)
    if not winners:
        return
    league = side_of(state, winners[0])
    if state.territories[territory_id] == BRIGANDS:
        attack = league_attack(state, winners) + abilities.brigand_bonus(
            state, league, territory_id)
        need = brigand_threshold(attack)
        roll = state.rng.roll(12)
        beaten = roll >= need
        state.say(
            f"Brigands in {territory.name}: attack {attack}, needs {need}, rolls {roll} — "
            f"{'the Brigands are driven out' if beaten else 'repulsed'}.",
            dice=[roll],
        )
        if not beaten:
            send_home(state, winners)
            return
        state.territories[territory_id] = ""
    owner = state.territories[territory_id]
    if owner and owner_league(state, owner) == league:
        return  # already held by this league: nothing to take
    taker = strongest_owner(state, winners)
    take_territory(state, territory_id, taker)


def owner_league(state: EpireiaState, owner: str) -> str:
    if owner == ENEMY:
        return other_league(state.seats["solo"].league)
    return state.seats[owner].league


def can_hold(state: EpireiaState, owner: str) -> bool:
    """Whether ``owner`` has a City token left to place on a Territory (the enemy always)."""
    return owner == ENEMY or state.seats[owner].trade_posts > 0


def strongest_owner(state: EpireiaState, figures: list[str]) -> str:
    """Among allied figures, the city with the most attack there takes it (seat order on ties),
    a city with a City token left before one without (only a token takes a Territory)."""
    attack: dict[str, int] = {}
    for figure in figures:
        owner = state.figures[figure].owner
        attack[owner] = attack.get(owner, 0) + abilities.figure_attack(state, figure)
    best = max((can_hold(state, o), a) for o, a in attack.items())
    return next(o for o in attack if (can_hold(state, o), attack[o]) == best)


def take_territory(state: EpireiaState, territory_id: str, taker: str) -> None:
    """Place a City token (a trade post) and collect the tax, once, when it is taken.
    A reclaimed Territory's City token goes back to its previous owner.

    Taking is placing a City token ("A City token is placed on the Territory to symbolize
    ownership. This tax is only collected when the Territory is taken."): a City with no
    token left does not take it and collects nothing; a Territory it drove the other league
    from is left free. Otherwise a figure staying on a free Territory would be paid its tax
    every round."""
    territory = TERRITORIES[territory_id]
    previous = state.territories[territory_id]
    if previous and previous not in (BRIGANDS, ENEMY):
        state.seats[previous].trade_posts += 1
        state.say(f"{state.seats[previous].city.title()} loses {territory.name}.", role=previous)
    if taker == ENEMY:
        state.territories[territory_id] = ENEMY
        state.say(f"The enemy takes {territory.name}.")
        return
    seat = state.seats[taker]
    if seat.trade_posts <= 0:
        state.territories[territory_id] = ""
        state.say(
            f"{CITIES[seat.city].name} has no City token left to place on {territory.name}: "
            "it is not taken and pays no tax.",
            role=taker,
        )
        return
    seat.resources[territory.resource] += territory.tax
    seat.trade_posts -= 1
    state.territories[territory_id] = taker
    state.say(
        f"{CITIES[seat.city].name} takes {territory.name} and collects "
        f"{territory.tax} {territory.resource.title()}.",
        role=taker,
    )
    check_objectives(state, actor=taker)  # "control N Territories"


# 3. Greek Cities ----------------------------------------------------------------------------


def resolve_greek_cities(state: EpireiaState) -> None:
    for city_id in INTEGRATION_ORDER:
        if city_id not in state.greek_cities:
            continue
        present = figures_at(state, city_id)
        if present:
            integrate_greek_city(state, city_id, present)


def integrate_greek_city(state: EpireiaState, city_id: str, present: list[str]) -> None:
    city = CITIES[city_id]
    winners = conflict(state, city_id, present)
    if winners and defended(state, city_id, winners):
        state.say(f"{city.name} stays with the {state.greek_cities[city_id].title()} League.")
    elif winners:
        envoy = max(winners, key=lambda f: abilities.figure_attack(state, f))
        owner = state.figures[envoy].owner
        league = state.seats[owner].league
        roll = state.rng.roll(12)
        bonus = abilities.integration_bonus(state, owner, envoy, city_id)
        success = roll + bonus >= city.integration
        bonus_text = f" + {bonus}" if bonus else ""
        state.say(
            f"{label(state, envoy)} asks {city.name} to join the {league.title()} League: "
            f"rolls {roll}{bonus_text}, needs {city.integration} — "
            f"{'agreed' if success else 'refused'}.",
            role=owner, dice=[roll],
        )
        if success:
            state.seats[owner].resources["copper"] += 1
            previous = state.greek_cities[city_id]
            if previous:
                state.leagues[previous].allied.remove(city_id)
            state.greek_cities[city_id] = league
            state.leagues[league].allied.append(city_id)
            token = state.greek_city_tokens[city_id]
            state.say(
                f"{city.name} joins the {league.title()} League: 1 Copper to "
                f"{CITIES[state.seats[owner].city].name}, its {token_label(token)} token to the "
                "league.",
                role=owner,
            )
    send_home(state, present)


def defended(state: EpireiaState, city_id: str, winners: list[str]) -> bool:
    """Revision 2: figures of the league a Greek City is allied to hold it (they stood there
    alone, or won the conflict): it has nothing to agree to, and no die is rolled."""
    return revisions.figures_defend_allied_cities(state) and \
        state.greek_cities[city_id] == side_of(state, winners[0])


# 4. Collection ------------------------------------------------------------------------------


def collect_resources(state: EpireiaState) -> None:
    """Every player receives 1 Wheat, 1 Wood and 1 Copper, plus their civil buildings' gain."""
    for role in state.roles:
        seat = state.seats[role]
        extra = abilities.income(state, role)
        got = {r: 1 + extra.get(r, 0) for r in RESOURCES}
        times = collections(state, role)
        for resource in RESOURCES:
            seat.resources[resource] += times * got[resource]
        # What arrives, then why it differs from 1 of each ("+1 Wheat" a Granary, "-1 Wheat" a
        # Drought); it read "1 Wheat, 1 Wood, 1 Copper and +-1 Wheat".
        changes = ", ".join(f"{n:+d} {r.title()}" for r, n in extra.items() if n)
        state.say(
            f"{CITIES[seat.city].name} collects "
            + ", ".join(f"{got[r]} {r.title()}" for r in RESOURCES)
            + (f" (1 of each, {changes})" if changes else "")
            + (" twice, once for each City of the other league" if times > 1 else "") + ".",
            role=role,
        )


def collections(state: EpireiaState, role: str) -> int:
    """How many times ``role``'s City collects: twice for the lone 3-player City under rules
    revision 2 (``revisions.lone_player_collects_twice``), otherwise once."""
    if revisions.lone_player_collects_twice(state) and \
            len(state.league_roles(state.league_of(role))) == 1:
        return 2
    return 1
