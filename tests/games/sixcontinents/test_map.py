"""The map of Six Continents (data/map/*.toml): General rules 1-2, Game Start 2, Buildings (ports
on the coast), Fishing boats (sea zones)."""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from engine.games.sixcontinents.board import (
    ADJACENT,
    COASTS,
    CONTINENT_FILES,
    CONTINENT_OF,
    CONTINENTS,
    MAP_DIR,
    PROVINCES,
    SEAS,
    WorldMap,
    capitals_allowed,
    connected,
    distance,
)
from engine.games.sixcontinents.content import REALM, three_capitals_fit


def raw_map() -> dict[str, Any]:
    """The map files as plain dicts, read apart from the loader."""
    continents = []
    for name in CONTINENT_FILES:
        with (MAP_DIR / f"{name}.toml").open("rb") as handle:
            continents.append(tomllib.load(handle))
    with (MAP_DIR / "seas.toml").open("rb") as handle:
        seas = tomllib.load(handle)
    return {"continent": continents, "seas": seas}


def test_general_rule_1_six_continents_divided_into_territories() -> None:
    """General rule 1: a map of 6 continents, each divided into territories."""
    assert len(CONTINENTS) == 6
    assert 60 <= len(PROVINCES) <= 90
    assert len(SEAS) >= 20
    for continent in CONTINENTS.values():
        assert len(continent.provinces) >= 10, continent.id
    listed = [p for c in CONTINENTS.values() for p in c.provinces]
    assert sorted(listed) == sorted(PROVINCES)  # each province in exactly one continent


def test_adjacency_is_symmetric_in_the_files_themselves() -> None:
    """General rule 2: adjacency is mutual; read from the TOML, apart from the loader."""
    data = raw_map()
    provinces = {p["id"]: p for c in data["continent"] for p in c["province"]}
    for pid, p in provinces.items():
        for key in ("borders", "lines"):
            for other in p.get(key, []):
                assert pid in provinces[other].get(key, []), (key, pid, other)
    seas = {s["id"]: s for s in data["seas"]["sea"]}
    for sid, sea in seas.items():
        for other in sea["neighbours"]:
            assert sid in seas[other]["neighbours"], (sid, other)


def test_general_rule_2_lines_over_water_join_the_continents() -> None:
    """General rule 2: territories sharing a border or joined by a line on the water."""
    assert connected(PROVINCES, ADJACENT)
    by_border = {p: PROVINCES[p].borders for p in PROVINCES}
    assert not connected(PROVINCES, by_border)  # the lines over water are needed
    crossing = {
        frozenset((CONTINENT_OF[p], CONTINENT_OF[q])) for p in PROVINCES for q in ADJACENT[p]
        if CONTINENT_OF[p] != CONTINENT_OF[q]
    }
    # Every continent reaches another one.
    assert {c for pair in crossing for c in pair} == set(CONTINENTS)
    assert distance("alaska", "far_east") == 1  # the Bering Strait
    assert distance("iberia", "maghreb") == 1  # the Strait of Gibraltar


def test_coasts_are_where_ports_and_fishing_boats_go() -> None:
    """Buildings (a port only adjacent to water); Fishing boats (on a sea province)."""
    assert not PROVINCES["sahara"].coastal and PROVINCES["japan"].coastal
    for sea, coast in COASTS.items():
        for province in coast:
            assert sea in PROVINCES[province].seas
    assert sum(1 for p in PROVINCES.values() if p.coastal) >= len(PROVINCES) // 2
    assert all(COASTS[s] or len(SEAS[s].neighbours) >= 2 for s in SEAS)


def test_game_start_2_three_capitals_two_spaces_apart_in_many_ways() -> None:
    """Game Start 2: capitals at least 2 spaces apart, chosen in turn by up to 3 players."""
    apart = REALM.start.capital_min_distance
    assert apart == 2
    trios = sum(
        1 for trio in itertools.combinations(sorted(PROVINCES), 3)
        if all(distance(a, b) >= apart for a, b in itertools.combinations(trio, 2))
    )
    assert trios > 10_000
    # Whatever the first two players choose, the third still has a choice.
    for first, second in itertools.combinations(sorted(PROVINCES), 2):
        if distance(first, second) < apart:
            continue
        left = [p for p in PROVINCES if capitals_allowed((first, second), p, apart)]
        assert len(left) >= 20, (first, second)
    assert not capitals_allowed(["france"], "germany", apart)
    assert capitals_allowed(["france"], "poland", apart)


def test_capital_fit_check_can_fail() -> None:
    assert three_capitals_fit(2)
    assert not three_capitals_fit(99)


def _one_sided_border(data: dict[str, Any]) -> None:
    data["continent"][2]["province"][0]["borders"].append("japan")


def _unknown_sea(data: dict[str, Any]) -> None:
    data["continent"][0]["province"][0]["seas"].append("sea_of_tranquility")


def _unlisted(data: dict[str, Any]) -> None:
    data["continent"][1]["provinces"].pop()


def _no_bering_strait(data: dict[str, Any]) -> None:
    for continent in data["continent"]:
        for p in continent["province"]:
            if p["id"] in ("alaska", "far_east"):
                p["lines"] = [x for x in p["lines"] if x not in ("alaska", "far_east")]
    data["seas"]["line"] = [
        line for line in data["seas"]["line"] if set(line["between"]) != {"alaska", "far_east"}
    ]


def _nameless_line(data: dict[str, Any]) -> None:
    data["seas"]["line"].pop()


def _stray_field(data: dict[str, Any]) -> None:
    data["continent"][0]["province"][0]["terrain"] = "tundra"


@pytest.mark.parametrize("breaks", [
    _one_sided_border, _unknown_sea, _unlisted, _nameless_line, _stray_field,
])
def test_loader_refuses_a_broken_map(breaks: Callable[[dict[str, Any]], None]) -> None:
    data = raw_map()
    WorldMap.model_validate(data)
    breaks(data)
    with pytest.raises(ValidationError):
        WorldMap.model_validate(data)


def test_loader_refuses_a_map_that_falls_apart() -> None:
    data = raw_map()
    _no_bering_strait(data)
    # Without the Bering Strait the world is still joined through the other lines...
    WorldMap.model_validate(data)
    # ...but cut every line over water and it falls apart.
    for continent in data["continent"]:
        for p in continent["province"]:
            p.pop("lines", None)
    data["seas"]["line"] = []
    with pytest.raises(ValidationError, match="not connected"):
        WorldMap.model_validate(data)
