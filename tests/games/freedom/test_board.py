"""The data files load, and the map, areas and tracks are consistent."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import ValidationError

from engine.games.freedom.data import AREAS, BOARD, DATA, SPACES, TRACKS, Board


def test_adjacency_is_symmetric_and_rows_fit_the_kinds() -> None:
    for sid, s in SPACES.items():
        for n in s.neighbours:
            assert sid in SPACES[n].neighbours
        if s.kind == "mainland":
            assert 4 <= s.row <= 8
        if s.kind in ("wall", "fort"):
            assert s.row == 3 and s.limit == 2
        if s.kind == "beach":
            assert s.row == 2 and s.limit == 2
        if s.kind == "coast":
            assert s.row == 1
        if s.kind == "island":
            assert s.limit == 1
        if s.kind == "mainland":
            assert s.limit == 3


def test_map_has_the_rule_book_places() -> None:
    kinds = [s.kind for s in BOARD.space]
    assert kinds.count("fort") == 4
    assert kinds.count("island") == 3
    assert {"MAR", "KLI", "VAS", "CAMP", "CITY"} <= set(SPACES)
    assert SPACES["CITY"].limit == 0
    # the Lagoon is entered only from one north-west and two eastern mainland spaces
    lagoon_from_mainland = sorted(
        (m, n) for m, s in SPACES.items() if s.kind == "mainland" for n in s.neighbours
        if SPACES[n].kind == "lagoon"
    )
    assert lagoon_from_mainland == [("M41", "MR1"), ("M49", "KO"), ("M59", "KO")]
    # thick borders only around Marmarou and Klisova
    assert {s.thick for s in BOARD.space if s.thick} == {"MAR", "KLI"}


def test_cannon_targets_follow_the_rows() -> None:
    # an Imperial cannon needs 4+/5+/6+ from rows 4/5/6 against the wall
    for s in SPACES.values():
        if s.kind == "mainland":
            for t in s.targets:
                if SPACES[t.space].on_wall:
                    assert t.distance == s.row - 3
    # the Bombard reach: wall spaces list row-7 targets at distance 4
    assert any(t.distance == 4 and SPACES[t.space].row == 7 for t in SPACES["W8"].targets)
    # the Marmarou exchange: five mainland spaces, on 6 only, both ways
    five = sorted(t.space for t in SPACES["MAR"].targets if SPACES[t.space].kind == "mainland")
    assert len(five) == 5
    for m in five:
        assert any(t.space == "MAR" and t.need == 6 for t in SPACES[m].targets)


def test_toward_camp_points_backwards() -> None:
    for s in BOARD.space:
        for back in s.toward_camp:
            if s.kind == "mainland" and SPACES[back].kind == "mainland":
                assert SPACES[back].row > s.row


def test_starting_placement_matches_the_rules() -> None:
    start = {p.space: p for p in BOARD.start}
    city_map = sum(p.expeditionary for sid, p in start.items() if sid != "CAMP")
    assert city_map == 30
    assert start["CAMP"].expeditionary == 5 and start["CAMP"].cannons == 1
    assert sum(1 for p in BOARD.start if p.cannon == "empire") == 2
    wall = sum(p.insurgents for sid, p in start.items() if SPACES[sid].on_wall)
    assert wall == 9
    assert all(start[i].insurgents == 1 for i in ("MAR", "KLI", "VAS"))
    assert start["CITY"].civilians == 8
    insurgent_cannons = [sid for sid, p in start.items() if p.cannon == "insurgents" or p.bombard]
    assert sorted(insurgent_cannons) == ["MAR", "W2", "W4", "W6", "W8"]
    # the Bombard on the third fort (v2.2 setup and 5.4, Polish 4.4), cannons on the others
    forts = sorted(sid for sid, d in SPACES.items() if d.kind == "fort")
    assert forts == ["W2", "W4", "W6", "W8"]
    assert start["W6"].bombard and not start["W6"].cannon
    assert all(start[f].cannon == "insurgents" for f in ("W2", "W4", "W8"))


def test_island_cannons_fire_only_at_the_spaces_around_them() -> None:
    for island in ("VAS", "KLI"):
        around = {island, *SPACES[island].island_ring}
        for t in SPACES[island].targets:
            assert t.space in around or SPACES[t.space].kind == "lagoon", (island, t.space)
    assert [t.space for t in SPACES["VAS"].targets] == ["VR"]


def test_the_lagoon_is_entered_only_from_its_mainland_entry_spaces() -> None:
    """v2.2 5.3.2 / Polish 4.3: Imperial units enter the lagoon only from one north-western
    space (Marmarou) and two eastern ones (Klisova); the wall and the beach touch the water
    for attacks only."""
    water = {"lagoon", "coast", "island"}
    entries = set()
    for s in BOARD.space:
        for n in s.neighbours:
            if SPACES[n].kind in water and s.kind not in water and n not in s.attack_only:
                entries.add(s.id)
    assert entries == {"M41", "M49", "M59"}


def test_areas_and_tracks() -> None:
    assert [a.name for a in AREAS.values()] == [
        "Petalas", "Anatolikon", "Sea", "Zygos", "Gouria", "Kryoneri", "Petrochori", "Patra"]
    assert AREAS["sea"].insurgents.supplies >= 2  # the Insurgents' main supply source
    assert AREAS["sea"].side == "insurgents" and AREAS["sea"].support == 2
    assert AREAS["petalas"].support == 3 and AREAS["kryoneri"].side == "empire"
    assert TRACKS.population_cost(20) == 4 and TRACKS.band(20) == "16-20"
    assert TRACKS.population_cost(24) == 5  # the Polish replenishment example
    assert TRACKS.desertion(15) == 0 and TRACKS.desertion(9) == 1 and TRACKS.desertion(2) == 3


def test_a_broken_board_is_refused() -> None:
    with open(DATA / "board.toml", "rb") as handle:
        raw = tomllib.load(handle)
    raw["space"][0]["neighbours"].append("NOWHERE")
    with pytest.raises(ValidationError):
        Board.model_validate(raw)
    with open(DATA / "board.toml", "rb") as handle:
        raw = tomllib.load(handle)
    first = raw["space"][0]
    other = next(s for s in raw["space"] if s["id"] == first["neighbours"][0])
    other["neighbours"].remove(first["id"])
    with pytest.raises(ValidationError, match="symmetric"):
        Board.model_validate(raw)
