"""The data files load, and the map is what the rules and the seeds' public facts need."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.games.dragons1066 import data
from engine.games.dragons1066.data import (
    BRIDGES,
    FORTRESSES,
    KINGDOMS,
    LANDS,
    NEIGHBOURS,
    SEAS,
    TABLES,
    UNITS,
    MapData,
    allies,
)


def test_the_map_has_the_named_lands_and_their_bridges() -> None:
    for land in ("egypt", "syria", "constantinople", "bulgaria", "greece"):
        assert land in LANDS
    assert frozenset({"egypt", "syria"}) in BRIDGES
    assert "syria" in NEIGHBOURS["egypt"] and "egypt" in NEIGHBOURS["syria"]
    assert {"bulgaria", "greece"} <= set(NEIGHBOURS["constantinople"])


def test_the_map_size_fortresses_and_alliances() -> None:
    assert 30 <= len(LANDS) <= 40 and 10 <= len(SEAS) <= 14
    assert sorted(LANDS[f].home for f in FORTRESSES) == sorted(KINGDOMS)
    assert list(KINGDOMS) == ["red", "gold", "blue", "silver"]  # the turn order
    assert allies("silver") == ("gold", "silver") and allies("red") == ("red", "blue")


def test_every_zone_is_reachable_and_every_sea_has_a_coast() -> None:
    seen, todo = {"england"}, ["england"]
    while todo:
        for near in NEIGHBOURS[todo.pop()]:
            if near not in seen:
                seen.add(near)
                todo.append(near)
    assert seen == set(LANDS) | set(SEAS)
    assert all(any(n in LANDS for n in NEIGHBOURS[sea]) for sea in SEAS)


def test_the_unit_table_keeps_the_public_facts() -> None:
    for unit in UNITS.values():
        assert unit.cost == {6: 1, 12: 2, 20: 2}[unit.die]
    assert UNITS["knight"].die == 12 and UNITS["knight"].move == 2
    assert {u.domain for u in UNITS.values()} == {"land", "sea", "air"}
    assert next(iter(UNITS)) == "legion"  # cheapest first


def test_tables_seat_every_kingdom_once() -> None:
    assert sorted(TABLES) == [2, 3, 4]
    for table in TABLES.values():
        assert sorted(k for s in table.seats for k in s.kingdoms) == sorted(KINGDOMS)


def test_a_broken_map_fails_with_a_clear_message() -> None:
    raw = data._read("map.toml")
    raw["connections"]["bridges"] = [["egypt", "syria"]]  # type: ignore[index]
    with pytest.raises(ValidationError, match="bridges"):
        MapData.model_validate(raw)
