"""QR codes for the join address: SVG for the display, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def _code(url: str) -> qrcode.QRCode:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4, box_size=10)
    code.add_data(url)
    code.make(fit=True)
    return code


def svg(url: str) -> bytes:
    """An SVG of the QR code, black on white with a quiet zone, scalable to any size."""
    image = _code(url).make_image(image_factory=qrcode.image.svg.SvgPathFillImage)
    return image.to_string()


def terminal(url: str) -> str:
    """The QR code drawn with block characters for a terminal."""
    out = io.StringIO()
    _code(url).print_ascii(out=out, invert=True)
    return out.getvalue()
