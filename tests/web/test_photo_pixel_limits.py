"""A decompression bomb sent as a card's photo (issue 58 item 4): a picture whose header claims more pixels than a
photo of a card needs is refused for that, in the phone's language, whatever format Pillow knows it in; nothing of
it is decoded. The pictures are drawn here: a blank PNG written whole, and small pictures whose headers are made
to claim a huge size."""

import io
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from companion.knowledge import card_photo, photo_uploads
from tests.helpers.http_phones import join

TOO_MANY = {"en": "That picture has more pixels than a photo of a card needs: send a smaller one.",
            "de": "Das Bild hat mehr Pixel, als ein Foto einer Karte braucht: schicke ein kleineres.",
            "ru": "В этом изображении больше пикселей, чем нужно для фото карты: отправьте изображение поменьше."}


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def blank_png(width: int, height: int) -> bytes:
    """A whole, valid black-and-white PNG of this size, every pixel black (a 20000x20000 one is some 50 KB)."""
    packed, row = zlib.compressobj(9), bytes(1 + (width + 7) // 8)  # each row: no filter, then its bits
    pixels = b"".join(packed.compress(row) for _ in range(height)) + packed.flush()
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
            + _chunk(b"IDAT", pixels) + _chunk(b"IEND", b""))


def _small(kind: str) -> bytearray:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), (200, 180, 160)).save(out, kind)
    return bytearray(out.getvalue())


def claiming(kind: str, width: int, height: int) -> bytes:
    """A 16x16 picture whose header says it is `width`x`height`."""
    data = _small(kind)
    if kind == "JPEG":
        at = data.find(b"\xff\xc0") + 5  # the frame's height, then its width
        data[at:at + 4] = struct.pack(">HH", height, width)
    elif kind == "WEBP":
        at = data.find(b"VP8 ") + 14  # after the frame tag and start code: width, height (14 bits each)
        data[at:at + 4] = struct.pack("<HH", width, height)
    elif kind == "GIF":
        data[6:10] = struct.pack("<HH", width, height)  # the screen
        at = data.find(b",", 13) + 5  # the image's descriptor
        data[at:at + 4] = struct.pack("<HH", width, height)
    elif kind == "BMP":
        data[18:26] = struct.pack("<ii", width, height)
    return bytes(data)


BOMBS = {
    "PNG 20000x20000": lambda: blank_png(20000, 20000),
    "PNG just past Pillow's warning": lambda: blank_png(9500, 9500),
    "PNG past the photo's limit": lambda: blank_png(4097, 4097),
    "JPEG 65000x65000": lambda: claiming("JPEG", 65000, 65000),
    "JPEG past the photo's limit": lambda: claiming("JPEG", 9000, 6000),
    "WebP 16383x16383": lambda: claiming("WEBP", 16383, 16383),
    "GIF 65535x65535": lambda: claiming("GIF", 65535, 65535),
    "GIF past the photo's limit": lambda: claiming("GIF", 5000, 5000),
    "BMP 30000x30000": lambda: claiming("BMP", 30000, 30000),
}


@pytest.mark.parametrize("bomb", BOMBS)
def test_a_decompression_bomb_is_refused_for_its_pixels(app, table, bomb):
    ana = join(app, table, 1, "Ana")
    answer = ana.post(f"/t/{table}/card-photo", data={"photo": (io.BytesIO(BOMBS[bomb]()), "card.jpg")})
    assert answer.status_code == 400 and answer.get_json() == {"error": TOO_MANY["en"]}


@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_reason_is_in_the_phones_language(app, table, language):
    ana = join(app, table, 1, "Ana")
    answer = ana.post(f"/t/{table}/card-photo", data={"photo": (io.BytesIO(blank_png(20000, 20000)), "card.png")},
                      headers={"Accept-Language": language})
    assert answer.status_code == 400 and answer.get_json() == {"error": TOO_MANY[language]}


def test_a_small_picture_of_another_format_is_still_no_photo(app, table):
    ana = join(app, table, 1, "Ana")
    answer = ana.post(f"/t/{table}/card-photo", data={"photo": (io.BytesIO(claiming("GIF", 400, 300)), "a.gif")})
    assert answer.status_code == 400 and "not a photo" in answer.get_json()["error"]


WRITTEN = ["BMP", "GIF", "ICO", "JPEG", "PNG", "PPM", "TGA", "TIFF", "WEBP"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(WRITTEN), st.lists(st.tuples(st.integers(0, 63), st.integers(0, 255)), min_size=1, max_size=6),
       st.integers(1, 4000))
def test_a_broken_header_of_any_format_is_refused_for_what_it_is(kind, changes, kept):
    """Bytes of a picture's header changed and its end cut off: opened, or refused as no photo or for its pixels,
    and never anything else (which would be a reader's crash)."""
    data = _small(kind)[:kept]
    for at, value in changes:
        if at < len(data):
            data[at] = value
    try:
        card_photo.opened(bytes(data))
    except photo_uploads.NotAPhoto:
        pass
