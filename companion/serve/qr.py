"""QR codes for the join address and a game's BG Stats link: SVG for the display, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg

LEVELS = {"M": qrcode.constants.ERROR_CORRECT_M, "L": qrcode.constants.ERROR_CORRECT_L}


def _code(url: str, level: str = "M") -> qrcode.QRCode:
    code = qrcode.QRCode(error_correction=LEVELS[level], border=4, box_size=10)
    code.add_data(url)
    code.make(fit=True)
    return code


def svg(url: str, level: str = "M") -> bytes:
    """An SVG of the QR code, black on white with a quiet zone, scalable to any size (`level` "L" holds the most:
    a long link)."""
    image = _code(url, level).make_image(image_factory=qrcode.image.svg.SvgPathFillImage)
    return image.to_string()


def terminal(url: str) -> str:
    """The QR code drawn with block characters for a terminal."""
    out = io.StringIO()
    _code(url).print_ascii(out=out, invert=True)
    return out.getvalue()
