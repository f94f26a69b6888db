"""The Six Continents world, drawn: the base map once (seas, provinces, lines over water,
names: ``base``), then what a board adds on a copy of it: owners' colours, unit and ship chips,
buildings, capitals, red tokens, markers, a weather panel, the players' panel and a legend
of exactly what was drawn. The layout is ``maps/data/sixcontinents.toml``, written from the
grid ``maps/data/grids/sixcontinents.toml`` by ``python -m render.sixcontinents_map``.

Everything takes plain arguments (a province id, a colour, kind -> count), never a view:
the board renderer reduces the game's view to those.

Sizes are chosen for a phone, where the board is shown about 400 px wide (a third of
``WIDTH``): counts are drawn at ``COUNT`` px (11 px there) when they fit, and only a crowded
province shrinks them (to ``SMALLEST_COUNT``); panel and legend text is ``KEY`` px.

One module per job: ``layout`` (the layout file and sizes), ``looks`` (colours and chips),
``base``, ``picture`` (``MapPicture``), ``panels`` (players, weather, legend), ``board``
(``compose``), ``preview`` (the layout file and a preview board); this face names them.
"""

from __future__ import annotations

from render.sixcontinents_map.base import (
    base,
    draw_name,
    draw_province,
)
from render.sixcontinents_map.board import (
    HEAD_BACK,
    HEADER,
    PLAYER_ROW,
    WEATHER_HEIGHT,
    compose,
)
from render.sixcontinents_map.layout import (
    COUNT,
    KEY,
    LAYOUT,
    MAP_HEIGHT,
    MARK,
    NAME,
    SEA_NAME,
    SMALLEST_COUNT,
    SMALLEST_NAME,
    WIDTH,
    checked_layout,
    half_width,
    inner_box,
    name_of,
    name_room,
)
from render.sixcontinents_map.looks import (
    BORDER,
    BUILDINGS,
    ICE,
    LAND_FILL,
    LINES,
    LOOKS,
    MARKERS,
    OWNER_COLOURS,
    REBELS,
    SAVAGES,
    SEA_FILL,
    SHIPS,
    TINT,
    TOKENS,
    UNITS,
    Chip,
    Look,
    owner_colour,
    tint,
)
from render.sixcontinents_map.panels import (
    PlayerLine,
    Weather,
    draw_legend,
    draw_players,
    draw_weather,
    legend_height,
    legend_names,
    player_rows,
    shortened,
)
from render.sixcontinents_map.picture import (
    MapPicture,
    badge,
    chip_box,
    chip_width,
    fit_chips,
)
from render.sixcontinents_map.preview import (
    main,
    preview,
    preview_map,
    write_layout,
)

__all__ = [
    "BORDER",
    "BUILDINGS",
    "COUNT",
    "HEADER",
    "HEAD_BACK",
    "ICE",
    "KEY",
    "LAND_FILL",
    "LAYOUT",
    "LINES",
    "LOOKS",
    "MAP_HEIGHT",
    "MARK",
    "MARKERS",
    "NAME",
    "OWNER_COLOURS",
    "PLAYER_ROW",
    "REBELS",
    "SAVAGES",
    "SEA_FILL",
    "SEA_NAME",
    "SHIPS",
    "SMALLEST_COUNT",
    "SMALLEST_NAME",
    "TINT",
    "TOKENS",
    "UNITS",
    "WEATHER_HEIGHT",
    "WIDTH",
    "Chip",
    "Look",
    "MapPicture",
    "PlayerLine",
    "Weather",
    "badge",
    "base",
    "checked_layout",
    "chip_box",
    "chip_width",
    "compose",
    "draw_legend",
    "draw_name",
    "draw_players",
    "draw_province",
    "draw_weather",
    "fit_chips",
    "half_width",
    "inner_box",
    "legend_height",
    "legend_names",
    "main",
    "name_of",
    "name_room",
    "owner_colour",
    "player_rows",
    "preview",
    "preview_map",
    "shortened",
    "tint",
    "write_layout",
]
