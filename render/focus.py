"""The phone card: what a turn post shows first, readable at a phone's 400 px.

A full board is drawn 1600 px wide, so a phone, which shows a post's image about 400 px
wide, divides every letter by four: counts still read, names and tracks do not. The card is
drawn :data:`CARD_WIDTH` px wide (half size on the phone) and holds the status lines (round,
phase, whose turn, key tracks) at :data:`TEXT` px, over the part of the board where things
happened since the last board, enlarged: a window of at most :data:`WINDOW` board px wide
is drawn :data:`CARD_WIDTH` wide, so a board's 15 px label stands 11.5 px tall on the phone.
The full board goes with it, one tap away.

It is built from the board picture and the status text, both made from the spectator view
only, so it shows nothing the board does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import common as c

CARD_WIDTH = 800
PHONE_WIDTH = 400  # how wide a phone shows a post's image
TEXT = 26  # status lines: 13 px on the phone
WINDOW = 520  # board px: the widest part of a board the card enlarges
ASPECT = 0.75  # the window's height to width
MARGIN = 36  # board px kept around what changed
MAX_LINES = 6  # status lines, once wrapped to the card's width
# Discord Markdown the status text uses, which the card draws as plain text.
MARKDOWN = re.compile(r"\*\*|__|[*_`~]|\|\|")

Box = c.Box


def plain_lines(status: str, width: int = CARD_WIDTH - 32) -> list[tuple[str, bool]]:
    """The status text as plain lines wrapped to ``width`` at :data:`TEXT` px, each with
    whether it is bold (the title, the text's first line). Markdown, quotes (a story read
    aloud) and small print are left out; when the rest is over :data:`MAX_LINES`, the
    longest lines between the title and the last (who is asked, or the result) go first,
    all those of one length together (two sides' lines go or stay as a pair)."""
    wrapped: list[list[tuple[str, bool]]] = []
    for line in status.splitlines():
        text = MARKDOWN.sub("", line).strip()
        if not text or text.startswith((">", "-#")):
            continue
        bold = not wrapped
        wrapped.append([(part, bold) for part in c.wrap(text, width, TEXT, bold)])
    while len(wrapped) > 2 and sum(map(len, wrapped)) > MAX_LINES:
        longest = max(len(lines) for lines in wrapped[1:-1])
        wrapped = [wrapped[0], *(lines for lines in wrapped[1:-1] if len(lines) < longest),
                   wrapped[-1]]
    return [line for lines in wrapped for line in lines][:MAX_LINES]


def _centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _window_at(centre: tuple[float, float], width: int, area: Box) -> Box:
    """A window ``width`` wide (``ASPECT`` high) centred on ``centre``, kept inside ``area``."""
    height = round(width * ASPECT)
    width, height = min(width, area[2] - area[0]), min(height, area[3] - area[1])
    left = min(max(round(centre[0] - width / 2), area[0]), area[2] - width)
    top = min(max(round(centre[1] - height / 2), area[1]), area[3] - height)
    return left, top, left + width, top + height


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def focus_window(changed: Sequence[Box], area: Box) -> Box:
    """The part of the board to enlarge: around everything that changed when it fits in
    :data:`WINDOW`, else the window holding the most changes (the first such, in the order
    given); the whole ``area`` when nothing changed."""
    if not changed:
        return area
    left = min(b[0] for b in changed) - MARGIN
    top = min(b[1] for b in changed) - MARGIN
    right = max(b[2] for b in changed) + MARGIN
    bottom = max(b[3] for b in changed) + MARGIN
    width = max(right - left, round((bottom - top) / ASPECT), WINDOW // 2)
    if width <= WINDOW:
        return _window_at(((left + right) / 2, (top + bottom) / 2), width, area)
    centres = [_centre(box) for box in changed]
    windows = [_window_at(centre, WINDOW, area) for centre in centres]
    return max(windows, key=lambda w: sum(_inside(p, w) for p in centres))


def focus_card(board: Image.Image, changed: Sequence[Box], status: str,
               area: Box | None = None) -> Image.Image:
    """The card: ``status`` (Markdown) over the window of ``board`` around ``changed`` (board
    px boxes), within ``area`` (the map's part of the board; default the whole board)."""
    area = area or (0, 0, board.width, board.height)
    window = focus_window(changed, area)
    scale = CARD_WIDTH / (window[2] - window[0])
    crop_height = round((window[3] - window[1]) * scale)
    lines = plain_lines(status)
    line_height = round(TEXT * 1.35)
    header = 16 + line_height * len(lines) + (8 if lines else 0)
    card, draw = c.new_canvas(CARD_WIDTH, header + crop_height)
    draw.rectangle((0, 0, CARD_WIDTH, header), fill=(40, 36, 34))
    for i, (line, bold) in enumerate(lines):
        c.label(draw, (16, 12 + i * line_height), line, size=TEXT, bold=bold,
                fill=c.WHITE if bold else (235, 228, 214), anchor="lt")
    crop = board.crop(window).resize((CARD_WIDTH, crop_height), Image.Resampling.BICUBIC)
    card.paste(crop, (0, header))
    ImageDraw.Draw(card).line((0, header, CARD_WIDTH, header), fill=c.GOLD, width=3)
    return card
