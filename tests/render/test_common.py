"""The shared drawing helpers: fonts with Greek and Polish letters, fitting text, PNG."""

from __future__ import annotations

import io

from PIL import Image

from render import common as c
from render.base import get_renderer


def _glyph_mask(char: str) -> bytes:
    mask = c.font(40).getmask(char)
    return bytes(mask)


def test_the_shipped_font_has_greek_and_polish_letters() -> None:
    missing = _glyph_mask("\U0010fffd")  # a private-use code point: the font's "missing" box
    for char in "ΑθηνᾶΣπάρτηΔελφοίąęłńóśźżŁŚŻ⚓⚔★":
        assert _glyph_mask(char) != missing, char
    assert (c.FONT_DIR / "LICENSE-DejaVu.txt").is_file()


def test_fit_size_shrinks_long_text_until_it_fits() -> None:
    size = c.fit_size("Kütahi Reşid Mehmed Pasza", 250, 30, 40)
    assert size < 40
    assert c.text_size("Kütahi Reşid Mehmed Pasza", size)[0] <= 250
    assert c.fit_size("Kütahi Reşid Mehmed Pasza", 20, 30, 40, minimum=9) == 9
    assert c.fit_size("Hi", 120, 30, 24) == 24


def test_wrap_keeps_every_word_and_respects_the_width() -> None:
    text = "Each player secretly chooses one Influential Figure before the reveal"
    lines = c.wrap(text, 200, 18)
    assert " ".join(lines) == text
    assert len(lines) > 1
    assert all(c.text_size(line, 18)[0] <= 200 for line in lines)


def test_draw_text_box_shrinks_to_fit_the_box() -> None:
    _image, draw = c.new_canvas(300, 80)
    long_text = "word " * 60
    used = c.draw_text_box(draw, (0, 0, 300, 80), long_text, start=30)
    assert used < 30
    short = c.draw_text_box(draw, (0, 0, 300, 80), "short", start=30)
    assert short == 30


def test_png_bytes_is_a_small_paletted_png() -> None:
    image, draw = c.new_canvas(400, 300)
    c.piece(draw, (50, 50), 3, c.RED)
    c.pill(draw, (150, 50), "12", c.BLUE)
    c.track(draw, (10, 120, 390, 180), "Morale", list(range(11)), {4: [c.RED, c.BLUE]})
    data = c.png_bytes(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P"
    assert decoded.size == (400, 300)


def test_md_escape_escapes_markdown() -> None:
    assert c.md_escape("*a_b*") == "\\*a\\_b\\*"


def test_every_game_exposes_a_renderer() -> None:
    for game_id in ("freedom", "epireia", "dragons1066", "sixcontinents"):
        renderer = get_renderer(game_id)
        for method in ("board", "extra_images", "focus", "status_text", "private_text"):
            assert callable(getattr(renderer, method))
