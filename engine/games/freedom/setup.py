"""Game setup (rule book section 4 / 2): pieces on the map, tracks, area tiles, the decks."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.freedom import cards
from engine.games.freedom.data import AREAS, BOARD, CAMP, TRACKS
from engine.games.freedom.state import Area, FreedomOptions, FreedomState, SpaceState

OPENING_HAND = 8


def insurgent_supplies(options: FreedomOptions) -> int:
    """The Insurgents' starting Supplies: the option when set (0 included), else the edition's."""
    if options.insurgent_supplies is not None:
        return options.insurgent_supplies
    return 10 if options.edition == "v2.2" else 8


def setup_state(seed: str, options: FreedomOptions) -> FreedomState:
    rng = Rng(seed=seed)
    spaces = {s.id: SpaceState() for s in BOARD.space}
    camp_cannons = 0
    for p in BOARD.start:
        space = spaces[p.space]
        space.exp += p.expeditionary
        space.ins += p.insurgents
        space.civ += p.civilians
        if p.cannon:
            space.cannon = p.cannon
        if p.bombard:
            space.cannon, space.bombard = "insurgents", True
        if p.space == CAMP:
            camp_cannons += p.cannons
    pieces = TRACKS.pieces
    black = sum(1 for s in spaces.values() if s.cannon and not s.bombard) + camp_cannons
    pool = {
        "exp": pieces.expeditionary - sum(s.exp for s in spaces.values()),
        "ally": pieces.allied,
        "ins": pieces.insurgents - sum(s.ins for s in spaces.values()),
        "civ": pieces.civilians - sum(s.civ for s in spaces.values()),
        "cannons": pieces.cannons - black,
    }
    decks = {"A": cards.period_ids("A"), "B": cards.period_ids("B")}
    rng.shuffle(decks["A"])
    rng.shuffle(decks["B"])
    hands = {"empire": decks["A"][:OPENING_HAND], "insurgents": decks["A"][OPENING_HAND:16]}
    del decks["A"][:16]
    state = FreedomState(
        game="freedom", rng=rng, players=2, roles=["empire", "insurgents"], options=options,
        spaces=spaces, camp_cannons=camp_cannons, pool=pool,
        morale={"empire": TRACKS.morale.empire_start,
                "insurgents": TRACKS.morale.insurgents_start},
        money=10,
        supplies={"empire": 12, "insurgents": insurgent_supplies(options)},
        population=sum(s.ins + s.civ for s in spaces.values()),
        plea={"empire": 0, "insurgents": 0},
        prep={"empire": 0, "insurgents": 0},
        areas={a.id: Area(side=a.side, support=a.support) for a in AREAS.values()},
        decks=decks, hands=hands,
        played={"empire": 0, "insurgents": 0},
        extra_draw={"empire": 0, "insurgents": 0},
        step="administration",
    )
    state.reveals += 1
    state.say("The third siege of Messolonghi begins (April 1825). Each side is dealt 8 cards.")
    return state
