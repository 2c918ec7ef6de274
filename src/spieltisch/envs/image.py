"""A simple picture of a position for `render_mode="rgb_array"`, drawn from the state's
view (`core.view`) alone: squares or track fields, pieces as discs in the owner's colour
with their label and stack height, and the counters as a line of text underneath.

The web app's SVG needs a browser to rasterise; this picture needs only Pillow and shows
the same facts, so it works for videos of training runs on any machine.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from spieltisch.core.game import State
from spieltisch.core.view import View

#: Pixels per square of a grid.
SQUARE = 48
#: Pixels per field of a track.
FIELD = 34
#: The owners' colours (player 0 red, player 1 blue), the board's and the text's.
OWNER = ((200, 40, 40), (40, 80, 200))
LIGHT, DARK = (240, 220, 180), (190, 150, 110)
TEXT = (20, 20, 20)
#: Tints of special cells by kind (anything else is drawn plain).
KIND_TINT = {
    "home0": (235, 190, 180),
    "home1": (180, 200, 235),
    "start": (200, 200, 200),
    "goal": (250, 230, 120),
    "hare": (250, 200, 120),
    "hedgehog": (170, 140, 110),
    "salad": (150, 210, 120),
    "carrot": (250, 160, 60),
}
FOOTER = 22


@functools.cache
def _font() -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    return ImageFont.load_default()


def _centers(view: View, turned: bool) -> tuple[dict[str, tuple[float, float]], int, int, int]:
    """Pixel centres of the cells, the picture's width and height, and the cell size."""
    layout = view.layout
    if layout.kind == "grid":
        width, height, size = layout.width * SQUARE, layout.height * SQUARE, SQUARE
        centers = {}
        for cell in view.cells:
            x, y = (
                (layout.width - 1 - cell.x, layout.height - 1 - cell.y)
                if turned
                else (
                    cell.x,
                    cell.y,
                )
            )
            centers[cell.id] = ((x + 0.5) * SQUARE, (layout.height - 1 - y + 0.5) * SQUARE)
        return centers, int(width), int(height), size
    width = layout.width * FIELD * 2
    height = layout.height * FIELD * 2
    centers = {
        cell.id: (FIELD + cell.x * (width - 2 * FIELD), FIELD + (1 - cell.y) * (height - 2 * FIELD))
        for cell in view.cells
    }
    return centers, width, height, FIELD


def render_rgb(state: State[Any], viewer: int | None = None) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The position as an RGB image (height x width x 3, uint8), player `viewer` at the
    bottom of a grid (None: player 0)."""
    view = state.view()
    turned = viewer == 1 and view.layout.kind == "grid"
    centers, width, height, size = _centers(view, turned)
    image = Image.new("RGB", (width, height + FOOTER), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = _font()
    half = size / 2
    for cell in view.cells:
        cx, cy = centers[cell.id]
        if view.layout.kind == "grid":
            base = LIGHT if (int(cell.x) + int(cell.y)) % 2 else DARK
        else:
            base = LIGHT
        fill = KIND_TINT.get(cell.kind, base)
        box = (cx - half, cy - half, cx + half - 1, cy + half - 1)
        draw.rectangle(
            box, fill=fill, outline=(120, 100, 80) if view.layout.kind != "grid" else None
        )
        if view.layout.kind != "grid":
            draw.text((cx - half + 2, cy - half + 1), cell.label, fill=(90, 90, 90), font=font)
    stacked: dict[str, int] = {}
    for piece in view.pieces:
        if piece.cell not in centers:
            continue
        cx, cy = centers[piece.cell]
        shift = stacked.get(piece.cell, 0) * (size / 4)
        stacked[piece.cell] = stacked.get(piece.cell, 0) + 1
        radius = size * 0.38
        cx += shift
        draw.ellipse(
            (cx - radius, cy - radius, cx + radius, cy + radius),
            fill=OWNER[piece.owner % 2],
            outline=(255, 255, 255) if piece.promoted or piece.side == "back" else TEXT,
            width=2,
        )
        label = piece.label + (str(piece.height) if piece.height > 1 else "")
        left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
        draw.text(
            (cx - (right - left) / 2, cy - (bottom - top) / 2 - top),
            label,
            fill=(255, 255, 255),
            font=font,
        )
    counters = "  ".join(
        f"{'' if c.player is None else view.players[c.player][:4] + ' '}{c.label} {c.value}"
        for c in view.counters
    )
    draw.text((4, height + 5), counters[:200], fill=TEXT, font=font)
    return np.asarray(image, dtype=np.uint8)
