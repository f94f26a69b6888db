"""The Freedom! deck's effect vocabulary: the effect primitives a card's ``effects`` list is
written in, validated at load (``cards.py``) and executed by ``events.py``.

Who is who inside an effect (``who`` / ``chooser`` fields):
- ``self``: the player resolving the event (the card's own side, or either player for a
  neutral card; the opponent who discards a card to trigger a beneficial event resolves
  it as ``self``);
- ``opponent``: the other player;
- ``empire`` / ``insurgents``: a fixed side.

Zones name groups of board spaces (see ``Zone``); ``events.py`` maps them to the board.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Side = Literal["empire", "insurgents", "neutral"]
Who = Literal["self", "opponent", "empire", "insurgents"]
Track = Literal["supplies", "money", "morale", "plea", "preparation"]
AreaName = Literal[
    "Petalas", "Anatolikon", "Sea", "Zygos", "Gouria", "Kryoneri", "Petrochori", "Patra"
]
AREAS: tuple[str, ...] = (
    "Petalas", "Anatolikon", "Sea", "Zygos", "Gouria", "Kryoneri", "Petrochori", "Patra",
)
# Groups of spaces an effect may pick from. ``row4``: mainland row next to the wall;
# ``rows4-5`` and ``rows6-8``: mainland rows; ``mainland``: rows 4-8; ``city``: wall and
# beach (rows 3 and 2); ``island``: the three lagoon islands; ``lagoon``: the water
# spaces around them and south of the city.
Zone = Literal[
    "camp", "mainland", "mainland_or_camp", "row4", "rows4-5", "rows4-6", "rows6-8",
    "wall", "beach", "city", "island", "lagoon", "lagoon_or_island", "anywhere",
]
UnitKind = Literal["any", "expeditionary", "allied"]
# action ids of the rules' AP menu (each side's menu offers only its own)
FreeAction = Literal["move", "slow", "attack", "regroup", "raid"]
# Unique effects that events.py implements as named functions.
SPECIALS: frozenset[str] = frozenset({"under_cover_of_night"})


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Adjust(_Effect):
    """Move a track: Supplies, Money (Empire only), Morale, Plea, Preparation.

    Tracks never go below 0; Morale is capped by the track's top (the rules' limit).
    Plea means the Empire's Plea for Funds penalty track or the Insurgents' Plea for Help
    track, whichever belongs to ``who``.
    """

    op: Literal["adjust"]
    track: Track
    who: Who
    amount: int

    @model_validator(mode="after")
    def _moves(self) -> Adjust:
        if self.amount == 0:
            raise ValueError("adjust needs a non-zero amount")
        return self


class Civilians(_Effect):
    """Civilians enter (amount > 0, from the reserve) or leave (amount < 0) the city centre."""

    op: Literal["civilians"]
    amount: int

    @model_validator(mode="after")
    def _moves(self) -> Civilians:
        if self.amount == 0:
            raise ValueError("civilians needs a non-zero amount")
        return self


class Support(_Effect):
    """Free Support Area actions for ``who``: ``times`` in each listed area, or in
    ``choose`` different areas picked by ``who``."""

    op: Literal["support"]
    who: Who
    areas: list[AreaName] = Field(default_factory=list)
    choose: int = Field(default=0, ge=0, le=8)
    times: int = Field(default=1, ge=1, le=5)

    @model_validator(mode="after")
    def _areas_or_choose(self) -> Support:
        if bool(self.areas) == bool(self.choose):
            raise ValueError("support needs either areas or choose, not both")
        if len(set(self.areas)) != len(self.areas):
            raise ValueError("support areas must be different")
        return self


class StripSupport(_Effect):
    """Remove ``count`` Support markers of either colour from areas picked by ``self``
    (only from ``areas`` when given; never flips a tile): storms and rumours that cool every
    ally. With ``up_to`` ("remove up to N") the player may stop after any marker, or remove
    none."""

    op: Literal["strip_support"]
    count: int = Field(ge=1, le=8)
    areas: list[AreaName] = Field(default_factory=list)
    up_to: bool = False


class Reinforce(_Effect):
    """New units for ``who``: Imperial units to the Camp, or Expeditionary units around
    Vasiladi; Insurgent units placed one by one in the city or on an island."""

    op: Literal["reinforce"]
    who: Who
    kind: Literal["expeditionary", "allied", "insurgent"]
    count: int = Field(ge=1, le=6)
    # lagoon: Imperial units on the lagoon waters next to the mainland (Marmarou Channel or
    # Klisova Outer Water), placed one by one by the Empire
    place: Literal["camp", "vasiladi", "city", "lagoon"]

    @model_validator(mode="after")
    def _place_fits(self) -> Reinforce:
        imperial = self.kind != "insurgent"
        if imperial and self.place == "city":
            raise ValueError("Imperial reinforcements go to the Camp, the lagoon or around "
                             "Vasiladi")
        if not imperial and self.place != "city":
            raise ValueError("Insurgent reinforcements are placed in the city")
        if self.place == "vasiladi" and self.kind != "expeditionary":
            raise ValueError("only Expeditionary units land around Vasiladi")
        return self


class GainCannon(_Effect):
    """A cannon from the reserve: to the Camp (Empire) or a space of the city or an
    island holding an Insurgent unit and no cannon (Insurgents)."""

    op: Literal["cannon"]
    who: Who
    count: int = Field(default=1, ge=1, le=3)


class RemoveUnits(_Effect):
    """Remove ``count`` units of ``who`` from ``zone``; ``chooser`` picks each one.

    Removals from events never trigger the morale choice: the card says everything.
    """

    op: Literal["remove_units"]
    who: Who
    count: int = Field(ge=1, le=6)
    zone: Zone
    chooser: Who = "self"
    kind: UnitKind = "any"


class RemoveCannon(_Effect):
    """Remove ``count`` cannons of ``who`` from ``zone`` (the Bombard is never removed
    by an event); ``chooser`` picks."""

    op: Literal["remove_cannon"]
    who: Who
    count: int = Field(default=1, ge=1, le=3)
    zone: Zone
    chooser: Who = "self"


class DamageWall(_Effect):
    """Damage wall spaces (intact → damaged → destroyed) ``count`` times; the Empire
    picks. ``near``: which wall spaces qualify — ``any``; ``units``: next to a mainland space
    with Imperial units; ``approach``: in front of Imperial units in mainland rows 4-5 (the
    cannons' cone, two rows at most); ``cannon``: within range of an Imperial cannon on the
    mainland with a unit on its space (the targets it could fire at in the Cannons phase).
    ``forts``: may forts be picked."""

    op: Literal["damage_wall"]
    count: int = Field(ge=1, le=4)
    near: Literal["any", "units", "approach", "cannon"] = "any"
    forts: bool = True


class RepairWall(_Effect):
    """Repair damaged or destroyed wall spaces ``count`` times (destroyed → damaged →
    intact); the Insurgents pick, with no unit needed there."""

    op: Literal["repair_wall"]
    count: int = Field(ge=1, le=4)


class Strike(_Effect):
    """``count`` free attacks by ``who``: each time pick a space of the enemy within
    ``reach`` spaces (1: adjacent) of a space of ``from_zone`` holding own units (and in
    ``at_zone``, when given), roll 1d8; ``hit`` or more removes one enemy unit there. Only
    spaces with units can be picked. ``raids``: the Insurgents may also pick any target of a
    Raid (a mainland space of rows 5+ in a wall unit's cone with a clear lane, or the Klisova
    outer water), without paying its AP."""

    op: Literal["strike"]
    who: Who
    count: int = Field(ge=1, le=6)
    hit: int = Field(ge=2, le=8)
    from_zone: Zone
    reach: int = Field(default=1, ge=1, le=2)
    at_zone: Zone | None = None
    raids: bool = False


class Fire(_Effect):
    """``who``'s cannons fire now, as in the Cannons phase (a unit of its side on the space,
    the same targets, needs and hits, the morale choice after a destroyed wall or an emptied
    space): up to ``count`` cannons (0: every one that can), each once, ``bonus`` added to each
    die (never to the Marmarou exchange's natural 6)."""

    op: Literal["fire"]
    who: Who
    count: int = Field(default=0, ge=0, le=6)
    bonus: int = Field(default=0, ge=0, le=2)


class Sortie(_Effect):
    """``self`` picks one space of ``zone`` with units of ``who`` (with ``reach`` 1: only
    one next to a space with own units) and removes up to ``count`` of those units at once;
    with ``cannon``, also the cannon there (never the Bombard). No dice, no morale choice."""

    op: Literal["sortie"]
    who: Who
    count: int = Field(ge=1, le=6)
    zone: Zone
    reach: int = Field(default=0, ge=0, le=1)
    cannon: bool = False


class Advance(_Effect):
    """The Empire moves up to ``count`` units one space forward, as in the Opening (from the
    mainland or the Camp, never sideways except out of the Camp, never into a slow space)."""

    op: Literal["advance"]
    count: int = Field(ge=1, le=6)


class Retreat(_Effect):
    """``chooser`` moves up to ``count`` Imperial units of ``zone`` one space back toward the
    Camp, one at a time, within the limits."""

    op: Literal["retreat"]
    count: int = Field(ge=1, le=6)
    zone: Zone
    chooser: Who = "self"


class Discard(_Effect):
    """``who`` discards ``count`` cards from hand: at random (drawn with the game's dice, the
    card is shown to both) or chosen by ``who``."""

    op: Literal["discard"]
    who: Who
    count: int = Field(default=1, ge=1, le=3)
    random: bool = True


class Guard(_Effect):
    """Until the end of the round, every Imperial Attack against a wall space gets
    ``-amount`` (a second line behind the breach)."""

    op: Literal["guard"]
    amount: int = Field(default=1, ge=1, le=2)


class Train(_Effect):
    """Train Civilians for free: each time one civilian leaves the city centre and a new
    Insurgent unit is placed in the city or on an island."""

    op: Literal["train"]
    count: int = Field(ge=1, le=3)


class Draw(_Effect):
    """``who`` draws cards from the current period's deck."""

    op: Literal["draw"]
    who: Who
    count: int = Field(ge=1, le=3)


class FreeActions(_Effect):
    """Free Action Points for the player resolving the event, limited to some actions (each
    side's menu offers only its own: the Empire moves and attacks, the Insurgents regroup,
    attack and raid) and, optionally, to the lagoon (where the acting units start and end;
    the mainland spaces the lagoon is entered from count, so units may step into it);
    ``attacks_per_unit`` lifts the once-per-card attack limit, ``reward`` gives every
    attack the +2 of a Reward Attack without paying its AP and Money."""

    op: Literal["free_actions"]
    ap: int = Field(ge=1, le=8)
    actions: list[FreeAction] = Field(min_length=1)
    zone: Literal["lagoon_or_island"] | None = None
    attacks_per_unit: int = Field(default=1, ge=1, le=3)
    reward: bool = False


class Roll(_Effect):
    """Roll one die: ``then`` if it shows ``at_least`` or more, else ``otherwise``."""

    op: Literal["roll"]
    die: Literal[6, 8]
    at_least: int = Field(ge=2, le=8)
    then: list[Effect]
    otherwise: list[Effect] = Field(default_factory=list)


class Special(_Effect):
    """A card's unique effect, executed by a named function in ``events.py``."""

    op: Literal["special"]
    name: str


Effect = Annotated[
    Adjust | Civilians | Support | StripSupport | Reinforce | GainCannon | RemoveUnits
    | RemoveCannon | DamageWall | RepairWall | Strike | Fire | Sortie | Advance | Retreat
    | Discard | Guard | Train | Draw | FreeActions | Roll | Special,
    Field(discriminator="op"),
]
Roll.model_rebuild()
