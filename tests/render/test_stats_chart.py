"""The /stats picture: drawn for no rated game, one, and many; readable on a phone."""

from __future__ import annotations

import io

from PIL import Image

from render import common as c
from render import stats_chart as sc
from render.maps.palette import OWNER_ORDER
from render.stats_chart import RatingLine, StatsChart, WinRate, draw_stats, stats_png

BARS = [WinRate(label="Duel", games=4, wins=3), WinRate(label="Freedom", games=2, wins=0)]


def chart(*lines: RatingLine, sides: list[WinRate] | None = None) -> StatsChart:
    return StatsChart(title="Statistics of alice", lines=list(lines), by_game=BARS,
                      by_side=sides or [])


def where(image: Image.Image, colour: c.RGB) -> list[tuple[int, int]]:
    """The (x, y) of every pixel of exactly ``colour``."""
    data = image.tobytes()
    wanted = bytes(colour)
    return [((i // 3) % image.width, (i // 3) // image.width) for i in range(0, len(data), 3)
            if data[i:i + 3] == wanted]


def colour_count(image: Image.Image, colour: c.RGB) -> int:
    return len(where(image, colour))


def test_no_rated_game_draws_the_win_rates_and_says_so() -> None:
    image = draw_stats(chart())
    empty = draw_stats(chart(RatingLine(name="Duel", ratings=[])))
    assert image.size == empty.size and image.width == sc.WIDTH
    assert colour_count(image, OWNER_ORDER[0]) == 0  # no line, no legend swatch
    assert colour_count(image, c.GREEN) > 0  # 3 of 4 Duels won


def test_one_rated_game_is_a_segment_with_its_uncertainty() -> None:
    one = draw_stats(chart(RatingLine(name="Duel", ratings=[1000, 1090], uncertainty=300)))
    none = draw_stats(chart())
    assert one.height > none.height  # the plot and its legend
    line = colour_count(one, OWNER_ORDER[0])
    assert line > 600  # a 4 px line across the plot, dots, the ± bar and the swatch
    # The rating rose: the line's right end is higher (smaller y) than its left end.
    plot = [(x, y) for x, y in where(one, OWNER_ORDER[0]) if 150 < x < 700]
    assert max(y for x, y in plot if x > 650) < min(y for x, y in plot if x < 200)


def test_many_games_and_kinds_each_have_a_colour() -> None:
    ratings = [1000 + 7 * k - (k % 5) * 11 for k in range(200)]
    image = draw_stats(chart(RatingLine(name="Duel", ratings=ratings, uncertainty=60),
                             RatingLine(name="Freedom", ratings=[1000, 980, 1010],
                                        uncertainty=250),
                             sides=[WinRate(label="Duel · North", games=3, wins=1, draws=1)]))
    assert colour_count(image, OWNER_ORDER[0]) > 1000
    assert colour_count(image, OWNER_ORDER[1]) > 200
    decoded = Image.open(io.BytesIO(stats_png(chart(RatingLine(name="Duel", ratings=ratings)))))
    assert decoded.format == "PNG" and decoded.width == sc.WIDTH


def test_text_is_about_11_px_on_a_phone_400_px_wide() -> None:
    shrink = sc.PHONE_WIDTH / sc.WIDTH
    assert sc.TEXT * shrink >= 11
    # The glyphs themselves: a capital letter of the smallest text is at least 8 px tall
    # on the phone (DejaVu's capitals are about 0.73 of the size).
    assert c.text_size("H", sc.TEXT)[1] * shrink >= 8
    # A long side name is cut to its column, at that size, not shrunk.
    cut = sc._clip("Freedom in Greece · Insurgents of the Morea", sc.LABEL_WIDTH - 12)
    assert cut.endswith("…") and c.text_size(cut, sc.TEXT)[0] <= sc.LABEL_WIDTH - 12
