"""Photos of made-up cards, drawn with Pillow: a framed card with its name in a bold font, photographed badly.

Never scans of real cards: the card is ours (a frame, a picture box, filler lines), only the name is a catalog
name. The photo is what a phone on a kitchen table takes: the card tilted up to 8°, seen a little from the side,
out of focus, lit from one side, saved as a JPEG of quality 60. The tests and the card photo benchmark share it.
"""

from __future__ import annotations

import io
import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

from companion import cards as catalog
from companion.cards.card import LANGS

FONT_PLACES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
)
CARD = (630, 880)  # a card's size in pixels, 63 × 88 mm at 10 px a mm
INKS = ((20, 20, 20), (60, 15, 15), (15, 30, 70))
FRAMES = ((150, 30, 30), (30, 80, 40), (40, 40, 110), (120, 90, 20))
TABLES = ((120, 80, 50), (90, 90, 95), (60, 45, 30), (170, 150, 120))


def bold_font_path() -> str:
    """The bold font the names are drawn in (Debian's fonts-dejavu-core)."""
    for place in FONT_PLACES:
        if Path(place).exists():
            return place
    raise FileNotFoundError("DejaVu Sans Bold is missing: apt-get install fonts-dejavu-core")


def photo_names(per_lang: int = 50, seed: int = 31) -> list[tuple[str, str]]:
    """(name, lang) pairs: per_lang catalog names printed in each language, every printed name before repeats."""
    chooser = random.Random(seed)
    chosen = []
    for lang in LANGS:
        printed = sorted({card.names[lang] for card in catalog.BY_KEY.values() if card.names.get(lang)})
        names = []
        while len(names) < per_lang:
            names += chooser.sample(printed, min(len(printed), per_lang - len(names)))
        chosen += [(name, lang) for name in names]
    return chosen


def _wrapped(draw: ImageDraw.ImageDraw, name: str, width: int) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The name in one line, or two, at the largest size up to 56 px that fits the title band."""
    path = bold_font_path()
    words = name.split()
    splits = [[name]] + [[" ".join(words[:cut]), " ".join(words[cut:])] for cut in range(1, len(words))]
    for size in range(56, 20, -2):
        font = ImageFont.truetype(path, size)
        for lines in splits:
            if all(draw.textlength(line, font=font) <= width for line in lines):
                return lines, font
    return [name], ImageFont.truetype(path, 20)


def card_face(name: str, chooser: random.Random) -> Image.Image:
    """A card-like face: a coloured frame, the name in bold on a title band, a picture box and filler lines."""
    face = Image.new("RGB", CARD, (245, 240, 228))
    draw = ImageDraw.Draw(face)
    frame = chooser.choice(FRAMES)
    draw.rounded_rectangle((0, 0, CARD[0] - 1, CARD[1] - 1), radius=30, outline=frame, width=24)
    lines, font = _wrapped(draw, name, CARD[0] - 110)
    ink = chooser.choice(INKS)
    line_height = font.size + 8
    top = 60
    for number, line in enumerate(lines):
        width = draw.textlength(line, font=font)
        draw.text(((CARD[0] - width) / 2, top + number * line_height), line, font=font, fill=ink)
    box_top = top + len(lines) * line_height + 30
    draw.rectangle(
        (55, box_top, CARD[0] - 55, box_top + 380),
        outline=frame,
        width=4,
        fill=tuple(min(255, c + 90) for c in frame),
    )
    for _ in range(6):  # the picture: a few shapes
        x, y = chooser.randrange(70, CARD[0] - 160), chooser.randrange(box_top + 15, box_top + 270)
        draw.ellipse(
            (x, y, x + chooser.randrange(40, 120), y + chooser.randrange(40, 100)),
            fill=tuple(chooser.randrange(40, 200) for _ in range(3)),
        )
    small = ImageFont.truetype(bold_font_path(), 16)
    for row in range(4):  # filler "rules text": strokes, not words
        y = box_top + 405 + row * 26
        x = 60
        while x < CARD[0] - 120:
            length = chooser.randrange(20, 80)
            draw.line((x, y, x + length, y), fill=(90, 90, 90), width=5)
            x += length + 12
    draw.text((60, CARD[1] - 70), "* * *", font=small, fill=(90, 90, 90))
    return face


def _corners(size: tuple[int, int], chooser: random.Random) -> list[float]:
    """Where the card's corners are seen: each moved by up to 4% of the card's size."""
    width, height = size
    return [
        c
        for x, y in ((0, 0), (0, height), (width, height), (width, 0))
        for c in (x + chooser.uniform(-0.04, 0.04) * width, y + chooser.uniform(-0.04, 0.04) * height)
    ]


def _perspective(image: Image.Image, corners: list[float], fill) -> Image.Image:
    """The card seen a little from the side."""
    return image.transform(
        image.size, Image.Transform.QUAD, corners, Image.Resampling.BICUBIC, fillcolor=fill
    )


def _uneven_light(image: Image.Image, chooser: random.Random) -> Image.Image:
    """Light from one side: a gradient from full light to a shadow of up to 45%."""
    width, height = image.size
    angle = chooser.uniform(0, 2 * math.pi)
    dark = chooser.uniform(0.55, 0.8)
    side = int(math.hypot(width, height)) + 2
    gradient = Image.linear_gradient("L").resize((side, side)).rotate(math.degrees(angle))
    gradient = gradient.crop(
        ((side - width) // 2, (side - height) // 2, (side + width) // 2, (side + height) // 2)
    )
    shade = gradient.resize(image.size).point(lambda v: int(255 * (dark + (1 - dark) * v / 255)))
    black = Image.new("RGB", image.size, (0, 0, 0))
    return Image.composite(image, black, shade)


def card_photo(name: str, seed: int = 0, size: tuple[int, int] = (1600, 1200)) -> bytes:
    """A JPEG (quality 60) of a made-up card named `name` on a table, tilted, skewed, blurred and unevenly lit."""
    chooser = random.Random(f"{seed}:{name}")
    background = chooser.choice(TABLES)
    photo = Image.new("RGB", size, background)
    noise = Image.effect_noise(size, 24).convert("RGB")
    photo = Image.blend(photo, noise, 0.15)
    face = card_face(name, chooser)
    scale = chooser.uniform(0.75, 0.95) * size[1] / CARD[1]
    face = face.resize((int(CARD[0] * scale), int(CARD[1] * scale)), Image.Resampling.LANCZOS)
    corners = _corners(face.size, chooser)
    mask = _perspective(Image.new("L", face.size, 255), corners, 0)
    face = _perspective(face, corners, background)
    angle = chooser.uniform(-8, 8)
    face = face.rotate(angle, Image.Resampling.BICUBIC, expand=True, fillcolor=background)
    mask = mask.rotate(angle, Image.Resampling.BICUBIC, expand=True, fillcolor=0)
    spot = (
        max(0, (size[0] - face.width) // 2 + chooser.randrange(-120, 121)),
        max(0, (size[1] - face.height) // 2),
    )
    photo.paste(face, spot, mask)
    photo = photo.filter(ImageFilter.GaussianBlur(chooser.uniform(0.8, 1.8)))
    photo = _uneven_light(photo, chooser)
    photo = ImageEnhance.Contrast(photo).enhance(chooser.uniform(0.8, 1.0))
    out = io.BytesIO()
    photo.save(out, "JPEG", quality=60)
    return out.getvalue()
