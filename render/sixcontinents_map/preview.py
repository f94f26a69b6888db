"""``python -m render.sixcontinents_map``: the layout file written from its grid, and a preview
board with every symbol (``--preview out.png``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from engine.games.sixcontinents.board import LINE_WATER, PROVINCES, SEAS
from render.maps.gridmap import layout_text, load_grid
from render.maps.layout import DATA_DIR
from render.sixcontinents_map.board import compose
from render.sixcontinents_map.looks import REBELS, SAVAGES, Chip, owner_colour
from render.sixcontinents_map.panels import PlayerLine, Weather
from render.sixcontinents_map.picture import MapPicture


def preview_map() -> MapPicture:
    """A map showing every kind of piece, building and marker once or more (provinces
    owned in turn by red, blue, green and nobody): for designers, the tests and the
    benchmark (``python -m render.sixcontinents_map --preview out.png``)."""
    picture = MapPicture()
    seats = ("red", "blue", "green", "")
    for k, zone in enumerate(PROVINCES):
        seat = seats[k % len(seats)]
        picture.province(zone, owner_colour(seat) if seat else None,
                         occupier=owner_colour("blue") if zone == "france" else None)
    red, blue, green = (owner_colour(s) for s in ("red", "blue", "green"))
    picture.chips("germany", [Chip("infantry", 6, red), Chip("cavalry", 2, red),
                              Chip("artillery", 1, red)])
    picture.chips("france", [Chip("infantry", 3, blue)])
    picture.chips("brazil_northeast", [Chip("infantry", 12, green), Chip("caravan", 1, green)])
    picture.chips("china", [Chip("rebels", 7, REBELS)])
    picture.chips("peru", [Chip("savages", 4, SAVAGES)])
    picture.chips("india", [Chip("infantry", 2, blue), Chip("slave", 3, blue)])
    picture.chips("north_sea", [Chip("frigate", 3, red), Chip("cruiser", 1, blue)], ships=True)
    picture.chips("caribbean", [Chip("fishing_boat", 1, green), Chip("corvette", 2, green)],
                  ships=True)
    picture.chips("java_sea", [Chip("transporter", 2, red)], ships=True)
    picture.chips("mid_atlantic", [Chip("troopship", 1, green),
                                   Chip("construction_ship", 1, green)], ships=True)
    picture.chips("bay_of_bengal", [Chip("voyage", 10, blue)], ships=True)
    picture.marks("germany", ["port", "farm", "road"], capital=(2, red), red_tokens=2)
    picture.marks("brazil_northeast", ["port"], capital=(3, green))
    picture.marks("iberia", ["port"], markers=["blockaded"])
    picture.marks("ukraine", [], capital=(1, blue))
    picture.marks("china", ["bunker_2"], red_tokens=4, markers=["revolt"])
    picture.marks("india", ["manufactory", "granary"], markers=["mineral", "tree"])
    picture.marks("danube", ["slave_camp", "bunker_1"], markers=["poisoned", "rare_mineral"])
    picture.marks("egypt", [], markers=["robbery", "expedition"])
    picture.highlight(["france", "north_sea"])
    return picture


def preview(picture: MapPicture | None = None) -> tuple[Image.Image, list[str]]:
    """:func:`preview_map` (or ``picture``) as a whole board of three players."""
    red, blue, green = (owner_colour(s) for s in ("red", "blue", "green"))
    players = [PlayerLine("Red", red, 40, 2, 22, acting=True,
                          detail="Capital Germany (level 2) · 9 soldiers · 31 points"),
               PlayerLine("Blue", blue, 17, 3, 22,
                          detail="Capital Ukraine (level 1) · 3 soldiers · 24 points"),
               PlayerLine("Green", green, 8, 1, 21,
                          detail="Capital Brazil (level 3) · 13 soldiers · 30 points")]
    weather = Weather("Hard frost", "Frozen ground and rivers: every unit moves 1 more; "
                      "marching costs nothing.", 2)
    return compose(picture or preview_map(), "Round 3 of 30 · Red to act", players, weather)


def write_layout(path: Path = DATA_DIR / "sixcontinents.toml") -> str:
    """Write the layout from the grid (names and lines over water from the game's map)."""
    names = {**{p: v.name for p, v in PROVINCES.items()}, **{s: v.name for s, v in SEAS.items()}}
    straits = [tuple(sorted(pair)) for pair in LINE_WATER]
    text = layout_text(load_grid("sixcontinents"), names,
                       sorted((a, b) for a, b in straits))
    path.write_text(text, encoding="utf-8")
    return text


def main(argv: Sequence[str]) -> None:
    """``python -m render.sixcontinents_map``: rewrite the layout from the grid;
    ``--preview out.png``: save :func:`preview`."""
    if argv[:1] == ["--preview"]:
        preview()[0].save(argv[1] if len(argv) > 1 else "sixcontinents-preview.png")
    else:
        write_layout(Path(argv[0]) if argv else DATA_DIR / "sixcontinents.toml")
