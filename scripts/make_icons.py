"""Draw the site's app icons (PNG) and ``favicon.ico`` with the standard library only.

The installable site (issue #32) needs raster icons at the sizes browsers ask for: 192 and
512 px (the manifest's ``any`` icons), a 512 px ``maskable`` one (full bleed, the drawing inside
the central 80 % safe circle), the 180 px Apple touch icon and a ``favicon.ico`` of 16, 32 and 48
px (PNG images inside the ICO container, which every current browser reads). The drawing is
``static/img/favicon.svg``'s: two cards on the felt, a red heart.

Pillow is not a dependency of the site, so shapes are rasterised here with 4x4 supersampling and
written with ``zlib``. Run ``python scripts/make_icons.py`` after changing the drawing; the PNGs
and the ICO are committed (``static/img/icons/``, ``static/favicon.ico``).
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "static" / "img" / "icons"

FELT = (0x1B, 0x43, 0x32)
CARD = (0xFF, 0xFF, 0xFF)
CARD_BACK = (0xE3, 0xF1, 0xE8)
EDGE = (0x14, 0x30, 0x24)
HEART = (0xC1, 0x12, 0x1F)
SAMPLES = 4


def _rounded_rect(
    x: float, y: float, cx: float, cy: float, w: float, h: float, r: float, angle: float
) -> float:
    """Signed distance (negative inside) from ``(x, y)`` to a rounded rectangle rotated by ``angle``."""
    cos, sin = math.cos(-angle), math.sin(-angle)
    dx, dy = x - cx, y - cy
    px, py = dx * cos - dy * sin, dx * sin + dy * cos
    qx, qy = abs(px) - (w / 2 - r), abs(py) - (h / 2 - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _in_heart(x: float, y: float, cx: float, cy: float, size: float) -> bool:
    """Inside the heart curve (x²+y²-1)³ - x²y³ ≤ 0, centred at ``(cx, cy)``, ``size`` wide."""
    u = (x - cx) / (size / 2.3)
    v = -(y - cy) / (size / 2.3) + 0.15
    return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0


def _colour(x: float, y: float, *, maskable: bool) -> tuple[int, int, int, int]:
    """The colour at ``(x, y)`` of the unit square (y down)."""
    if maskable:
        background = True
        # the drawing shrinks into the safe zone (a circle of 80 % of the size)
        x, y = 0.5 + (x - 0.5) / 0.78, 0.5 + (y - 0.5) / 0.78
    else:
        background = _rounded_rect(x, y, 0.5, 0.5, 1.0, 1.0, 0.2, 0.0) <= 0
    back = _rounded_rect(x, y, 0.58, 0.47, 0.5, 0.68, 0.07, math.radians(10))
    front = _rounded_rect(x, y, 0.43, 0.53, 0.5, 0.68, 0.07, math.radians(-9))
    if _in_heart(x, y, 0.45, 0.52, 0.3) and front <= 0:
        return (*HEART, 255)
    if front <= -0.018:
        return (*CARD, 255)
    if front <= 0:
        return (*EDGE, 255)
    if back <= -0.018:
        return (*CARD_BACK, 255)
    if back <= 0:
        return (*EDGE, 255)
    if background:
        return (*FELT, 255)
    return (0, 0, 0, 0)


def render(size: int, *, maskable: bool = False) -> bytes:
    """RGBA rows of the icon at ``size`` px (premultiplied averaging of the samples)."""
    rows = bytearray()
    step = 1.0 / (size * SAMPLES)
    for py in range(size):
        rows.append(0)  # PNG filter type 0 for the row
        for px in range(size):
            r = g = b = a = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    cr, cg, cb, ca = _colour(
                        (px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step, maskable=maskable
                    )
                    r, g, b, a = r + cr * ca, g + cg * ca, b + cb * ca, a + ca
            if a:
                rows += bytes((r // a, g // a, b // a, a // (SAMPLES * SAMPLES)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, *, maskable: bool = False) -> bytes:
    """A PNG file (8-bit RGBA) of the icon at ``size`` px."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    body = zlib.compress(render(size, maskable=maskable), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file holding the PNG ``images`` (by size)."""
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    data = b""
    for size, image in images.items():
        out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), offset + len(data))
        data += image
    return out + data


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(size))
    (ICONS / "icon-maskable-512.png").write_bytes(png(512, maskable=True))
    (ICONS / "apple-touch-icon.png").write_bytes(png(180, maskable=True))
    (ROOT / "static" / "favicon.ico").write_bytes(ico({size: png(size) for size in (16, 32, 48)}))
    print(f"icons written to {ICONS} and static/favicon.ico")


if __name__ == "__main__":
    main()
