"""Reading BG Stats links back in tests: the play's JSON out of a link or a page, and a served QR code decoded."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import zxingcpp
from PIL import Image, ImageDraw

PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
LINK = re.compile(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]*)"')


def links_in(html: str) -> list[str]:
    """Every BG Stats link a page holds."""
    return LINK.findall(html)


def play_of(link: str) -> dict:
    """The play a BG Stats link carries."""
    assert link.startswith(PREFIX), link
    return json.loads(unquote(link[len(PREFIX):]))


def decoded_svg_qr(svg: str, scale: int = 8) -> str:
    """The text of a QR code served as the SVG companion.serve.qr draws (one square per module), read from its
    pixels as a phone camera would."""
    side = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    image = Image.new("L", (side * scale, side * scale), 255)
    draw = ImageDraw.Draw(image)
    for x, y in re.findall(r"M(\d+),(\d+)H", svg):
        left, top = int(x) * scale, int(y) * scale
        draw.rectangle([left, top, left + scale - 1, top + scale - 1], fill=0)
    results = zxingcpp.read_barcodes(image)
    assert results, "no QR code found"
    return results[0].text
