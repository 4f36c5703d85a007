"""Photos of made-up cards, drawn with Pillow, as varied as real ones: the tests and the card photo benchmark
share them.

Never scans of real cards: the card is ours (a frame, a title, a picture, made-up rules text), only the title
is a catalog name. Each photo draws every factor from a range (`Look`): the font (sixteen families, serif,
sans, narrow, mono), the title's size, place and alignment, a banner behind it, light text on a dark card or
banner, the card's colours, its picture and rules text, the table (wood, cloth, felt, plain) and other cards
in view, the tilt (up to ±15°), keystone, a shadow over the scene, the light's colour and evenness, blur,
sensor noise, the card's share of the frame's height (38–90%) and the camera's JPEG quality. The photo is then
sent as the page sends it (static/card_photo.js): at most 1600 px on its longest side, a JPEG of quality 0.85.

A photo's seed says which half it is in: even seeds tune the reader, odd seeds are held out (`half`).
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from companion import cards as catalog
from companion.cards.card import LANGS

UNIT = 2  # the card face is drawn at 2 px a card unit (630 × 880 units, 63 × 88 mm)
CARD = (630, 880)
SENT_SIDE = 1600  # static/card_photo.js: LONGEST
SENT_QUALITY = 85  # static/card_photo.js: canvas.toBlob(..., "image/jpeg", 0.85)
DRAWN_SIDE = 2000  # the camera's frame is drawn at this size, then shrunk as the page does

_TT = "/usr/share/fonts/truetype"
_OT = "/usr/share/fonts/opentype/urw-base35"
# (family, bold file, regular file, prints Cyrillic). Debian packages: fonts-dejavu-core, fonts-liberation,
# fonts-freefont-ttf, fonts-paratype, fonts-urw-base35, fonts-crosextra-carlito, fonts-crosextra-caladea.
FONTS = (
    (
        "Liberation Sans",
        f"{_TT}/liberation/LiberationSans-Bold.ttf",
        f"{_TT}/liberation/LiberationSans-Regular.ttf",
        True,
    ),
    (
        "Liberation Serif",
        f"{_TT}/liberation/LiberationSerif-Bold.ttf",
        f"{_TT}/liberation/LiberationSerif-Regular.ttf",
        True,
    ),
    (
        "Liberation Sans Narrow",
        f"{_TT}/liberation/LiberationSansNarrow-Bold.ttf",
        f"{_TT}/liberation/LiberationSansNarrow-Regular.ttf",
        True,
    ),
    (
        "Liberation Mono",
        f"{_TT}/liberation/LiberationMono-Bold.ttf",
        f"{_TT}/liberation/LiberationMono-Regular.ttf",
        True,
    ),
    ("FreeSans", f"{_TT}/freefont/FreeSansBold.ttf", f"{_TT}/freefont/FreeSans.ttf", True),
    ("FreeSerif", f"{_TT}/freefont/FreeSerifBold.ttf", f"{_TT}/freefont/FreeSerif.ttf", True),
    ("PT Sans", f"{_TT}/paratype/PTS75F.ttf", f"{_TT}/paratype/PTS55F.ttf", True),
    ("PT Serif", f"{_TT}/paratype/PTF75F.ttf", f"{_TT}/paratype/PTF55F.ttf", True),
    ("PT Sans Narrow", f"{_TT}/paratype/PTN77F.ttf", f"{_TT}/paratype/PTN57F.ttf", True),
    ("C059", f"{_OT}/C059-Bold.otf", f"{_OT}/C059-Roman.otf", True),
    ("P052", f"{_OT}/P052-Bold.otf", f"{_OT}/P052-Roman.otf", True),
    ("URW Bookman", f"{_OT}/URWBookman-Demi.otf", f"{_OT}/URWBookman-Light.otf", True),
    ("URW Gothic", f"{_OT}/URWGothic-Demi.otf", f"{_OT}/URWGothic-Book.otf", True),
    ("Carlito", f"{_TT}/crosextra/Carlito-Bold.ttf", f"{_TT}/crosextra/Carlito-Regular.ttf", True),
    ("Caladea", f"{_TT}/crosextra/Caladea-Bold.ttf", f"{_TT}/crosextra/Caladea-Regular.ttf", False),
    ("DejaVu Serif", f"{_TT}/dejavu/DejaVuSerif-Bold.ttf", f"{_TT}/dejavu/DejaVuSerif.ttf", True),
)
PALE = (
    (246, 240, 226),
    (250, 250, 247),
    (238, 232, 205),
    (224, 236, 246),
    (246, 226, 226),
    (228, 240, 222),
    (214, 206, 186),
)
MID = ((214, 170, 60), (120, 170, 200), (200, 130, 110), (150, 190, 140))
DARK = ((28, 28, 34), (40, 30, 70), (80, 20, 28), (20, 60, 45), (22, 44, 88), (60, 60, 60))
INKS = ((15, 15, 15), (70, 20, 20), (20, 35, 80), (45, 45, 45))
LIGHT_INKS = ((250, 250, 250), (252, 236, 170), (236, 236, 236), (255, 222, 200))
FRAMES = (
    (150, 30, 30),
    (30, 80, 40),
    (40, 40, 110),
    (120, 90, 20),
    (20, 20, 20),
    (235, 235, 235),
    (90, 60, 120),
)
LIGHTS = {
    "neutral": (1.0, 1.0, 1.0),
    "warm": (1.0, 0.88, 0.68),
    "cool": (0.86, 0.94, 1.0),
    "green": (0.93, 1.0, 0.9),
}
TABLES = ("wood", "cloth", "felt", "plain")
_SYLLABLES = {
    "en": (
        "ta",
        "ble",
        "mon",
        "ri",
        "ka",
        "so",
        "ler",
        "vin",
        "pa",
        "dre",
        "tho",
        "mu",
        "gen",
        "ly",
        "an",
        "ost",
    ),
    "de": (
        "ber",
        "ge",
        "sch",
        "ein",
        "lich",
        "kei",
        "ten",
        "auf",
        "wer",
        "dun",
        "zu",
        "nach",
        "ung",
        "fre",
        "hal",
    ),
    "ru": ("ка", "ро", "ни", "ст", "ва", "ло", "ме", "ри", "до", "ко", "на", "ть", "ли", "за", "пе", "ог"),
}


@dataclass(frozen=True)
class Look:
    """Every factor of one photo, each drawn from its range."""

    font: str
    title_size: int  # card units (of 880) of the title's type size
    title_top: int  # card units from the card's top edge to the title
    align: str  # "centre" or "left"
    banner: str  # "none", "pale", "mid" or "dark": a strip behind the title
    card: str  # "pale", "mid" or "dark": the card's own colour
    light_on_dark: bool  # the title is light ink on a dark card or banner
    art: bool
    rules: bool
    table: str
    others: int  # other cards partly in view
    tilt: float  # degrees
    keystone: float  # each corner moved up to this share of the card's size
    shadow: float  # how much a shadow across the scene darkens it (0: none)
    light: str  # the light's colour
    uneven: float  # how much darker the far side of the scene is
    blur: float  # Gaussian radius at the 2000 px frame
    noise: float  # sensor noise's standard deviation
    share: float  # the card's height over the frame's
    quality: int  # the camera's JPEG quality
    landscape: bool

    def buckets(self) -> dict[str, str]:
        """The factors in a few bands each, for the benchmark's per-factor table."""
        return {
            "font": self.font,
            "title size": "small (<36)"
            if self.title_size < 36
            else "mid (36-47)"
            if self.title_size < 48
            else "large",
            "title place": f"{'top' if self.title_top < 90 else 'lower'}, {self.align}",
            "banner": self.banner,
            "light on dark": str(self.light_on_dark),
            "card colour": self.card,
            "art / rules": f"{'art' if self.art else 'no art'}, {'rules' if self.rules else 'no rules'}",
            "table": self.table,
            "other cards": str(self.others),
            "tilt": "<5°" if abs(self.tilt) < 5 else "5-10°" if abs(self.tilt) < 10 else "10-15°",
            "keystone": "<3%" if self.keystone < 0.03 else "3-6%" if self.keystone < 0.06 else "6-8%",
            "shadow": "none" if not self.shadow else "light" if self.shadow < 0.3 else "deep",
            "light": self.light,
            "blur": "<1" if self.blur < 1 else "1-2" if self.blur < 2 else "2-3",
            "noise": "<6" if self.noise < 6 else "6-12" if self.noise < 12 else "12+",
            "share": "38-55%" if self.share < 0.55 else "55-70%" if self.share < 0.7 else "70-90%",
            "JPEG quality": "<70" if self.quality < 70 else "70-85" if self.quality < 85 else "85+",
        }


def half(seed: int) -> str:
    """Which half a photo's seed is in: even seeds tune, odd seeds are held out."""
    return "tune" if seed % 2 == 0 else "held-out"


def fonts_for(lang: str) -> list[tuple[str, str, str, bool]]:
    """The fonts that print a language's names (Cyrillic for ru); a missing font file is an error, not a
    skip."""
    chosen = [font for font in FONTS if font[3] or lang != "ru"]
    for font in chosen:
        for place in font[1:3]:
            if not Path(place).exists():
                raise FileNotFoundError(
                    f"{place} is missing: apt-get install fonts-dejavu-core fonts-liberation "
                    "fonts-freefont-ttf fonts-paratype fonts-urw-base35 fonts-crosextra-carlito "
                    "fonts-crosextra-caladea"
                )
    return chosen


def look(seed: int, lang: str = "en", **fixed) -> Look:
    """The factors of photo `seed`, each drawn from its range; `fixed` sets some of them."""
    chooser = random.Random(f"look:{seed}")
    card = chooser.choices(("pale", "mid", "dark"), (0.6, 0.15, 0.25))[0]
    banner = (
        chooser.choices(("none", "pale", "mid", "dark"), (0.5, 0.15, 0.15, 0.2))[0]
        if card != "dark"
        else "none"
    )
    drawn = Look(
        font=chooser.choice(fonts_for(lang))[0],
        title_size=chooser.randrange(28, 61),
        title_top=chooser.randrange(36, 170),
        align=chooser.choice(("centre", "centre", "left")),
        banner=banner,
        card=card,
        light_on_dark=card == "dark" or banner == "dark",
        art=chooser.random() < 0.85,
        rules=chooser.random() < 0.85,
        table=chooser.choice(TABLES),
        others=chooser.choices((0, 1, 2), (0.5, 0.3, 0.2))[0],
        tilt=chooser.uniform(-15, 15),
        keystone=chooser.uniform(0, 0.08),
        shadow=chooser.choice((0.0, 0.0, chooser.uniform(0.15, 0.5))),
        light=chooser.choice(tuple(LIGHTS)),
        uneven=chooser.uniform(0, 0.45),
        blur=chooser.uniform(0, 3.0),
        noise=chooser.uniform(1, 16),
        share=chooser.uniform(0.38, 0.90),
        quality=chooser.randrange(55, 96),
        landscape=chooser.random() < 0.2,
    )
    return replace(drawn, **fixed)


def made_up_words(chooser: random.Random, lang: str, count: int) -> list[str]:
    """Words that look like the language's and mean nothing (rules text and other cards' titles)."""
    syllables = _SYLLABLES[lang]
    return ["".join(chooser.choice(syllables) for _ in range(chooser.randrange(1, 4))) for _ in range(count)]


def made_up_name(seed: int, lang: str = "en") -> str:
    """A title no deck has (two or three made-up words, capitalised)."""
    chooser = random.Random(f"name:{seed}")
    return " ".join(word.capitalize() for word in made_up_words(chooser, lang, chooser.randrange(2, 4)))


def _font(path: str, size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, max(8, int(size * UNIT)))


def _title_lines(draw: ImageDraw.ImageDraw, name: str, path: str, size: int, width: float):
    """The title in one line or two at `size`, made smaller until it fits the card's width."""
    words = name.split()
    splits = [[name]] + [[" ".join(words[:cut]), " ".join(words[cut:])] for cut in range(1, len(words))]
    while True:
        font = _font(path, size)
        for lines in splits:
            if all(draw.textlength(line, font=font) <= width * UNIT for line in lines):
                return lines, font, size
        size -= 2
        if size < 16:
            return [name], font, size


def card_face(name: str, view: Look, lang: str, chooser: random.Random) -> Image.Image:
    """A card-like face: a frame, the title (on a banner or not), a picture, a type line and rules text."""
    colour = chooser.choice({"pale": PALE, "mid": MID, "dark": DARK}[view.card])
    size = (CARD[0] * UNIT, CARD[1] * UNIT)
    face = Image.new("RGB", size, colour)
    draw = ImageDraw.Draw(face)
    frame = chooser.choice(FRAMES)
    border = chooser.randrange(8, 28)
    draw.rounded_rectangle(
        (0, 0, size[0] - 1, size[1] - 1), radius=28 * UNIT, outline=frame, width=border * UNIT
    )
    family = next(font for font in FONTS if font[0] == view.font)
    margin = border + chooser.randrange(14, 40)
    lines, font, title_size = _title_lines(draw, name, family[1], view.title_size, CARD[0] - 2 * margin)
    line_height = title_size * 1.15
    top = view.title_top
    bottom = top + len(lines) * line_height
    if view.banner != "none":
        tone = chooser.choice({"pale": PALE, "mid": MID, "dark": DARK}[view.banner])
        draw.rectangle(
            ((border - 2) * UNIT, (top - 12) * UNIT, (CARD[0] - border + 2) * UNIT, (bottom + 10) * UNIT),
            fill=tone,
        )
    ink = chooser.choice(LIGHT_INKS if view.light_on_dark else INKS)
    for number, line in enumerate(lines):
        width = draw.textlength(line, font=font) / UNIT
        x = margin if view.align == "left" else (CARD[0] - width) / 2
        draw.text((x * UNIT, (top + number * line_height) * UNIT), line, font=font, fill=ink)
    small_ink = ink if view.card == "dark" else chooser.choice(INKS)
    regular = family[2]
    kind = " ".join(made_up_words(chooser, lang, 1)).upper()
    draw.text((margin * UNIT, (bottom + 16) * UNIT), kind, font=_font(regular, 15), fill=small_ink)
    box_top = int(bottom) + 44
    box_bottom = box_top + chooser.randrange(260, 400)
    if view.art:
        draw.rectangle(
            (margin * UNIT, box_top * UNIT, (CARD[0] - margin) * UNIT, box_bottom * UNIT),
            fill=tuple(chooser.randrange(30, 230) for _ in range(3)),
            outline=frame,
            width=3 * UNIT,
        )
        for _ in range(chooser.randrange(4, 12)):
            x = chooser.randrange(margin, CARD[0] - margin - 60)
            y = chooser.randrange(box_top, box_bottom - 40)
            shape = (
                x * UNIT,
                y * UNIT,
                (x + chooser.randrange(20, 160)) * UNIT,
                (y + chooser.randrange(20, 140)) * UNIT,
            )
            fill = tuple(chooser.randrange(0, 256) for _ in range(3))
            (draw.ellipse if chooser.random() < 0.5 else draw.rectangle)(shape, fill=fill)
    if view.rules:
        rule_font = _font(regular, chooser.randrange(15, 23))
        y = box_bottom + 20
        while y < CARD[1] - border - 50:
            words = made_up_words(chooser, lang, chooser.randrange(4, 8))
            draw.text((margin * UNIT, y * UNIT), " ".join(words), font=rule_font, fill=small_ink)
            y += rule_font.size / UNIT + 8
    if chooser.random() < 0.5:  # a number in a corner, as cards print their values
        draw.text(
            ((CARD[0] - margin - 40) * UNIT, (CARD[1] - border - 52) * UNIT),
            f"+{chooser.randrange(1, 6)}",
            font=_font(family[1], 34),
            fill=small_ink,
        )
    return face


def _noise(size: tuple[int, int], sigma: float, chooser: random.Random) -> Image.Image:
    """Grey Gaussian noise around mid-grey, drawn from the chooser. Not Pillow's effect_noise: it draws from
    the C library's rand(), so a photo depended on how many were drawn before it in the same process, and a
    test read another photo under another test order."""
    drawn = np.random.default_rng(chooser.getrandbits(64)).normal(128, sigma, (size[1], size[0]))
    return Image.fromarray(drawn.round().clip(0, 255).astype(np.uint8), "L")


def _table(size: tuple[int, int], kind: str, chooser: random.Random) -> Image.Image:
    """A table top: wood grain, a checked cloth, felt or a plain surface, each with its own texture."""
    width, height = size
    if kind == "wood":
        base = (chooser.randrange(90, 180), chooser.randrange(55, 110), chooser.randrange(25, 60))
        grain = _noise((max(8, width // 60), height // 3), 60, chooser).resize(
            size, Image.Resampling.BICUBIC
        )
        dark = Image.new("RGB", size, tuple(int(c * 0.55) for c in base))
        table = Image.composite(Image.new("RGB", size, base), dark, grain)
    elif kind == "cloth":
        colour = tuple(chooser.randrange(60, 230) for _ in range(3))
        table = Image.new("RGB", size, (235, 232, 225))
        draw = ImageDraw.Draw(table)
        step = chooser.randrange(40, 140)
        for x in range(0, width, step * 2):
            draw.rectangle((x, 0, x + step, height), fill=colour)
        for y in range(0, height, step * 2):
            draw.rectangle((0, y, width, y + step), fill=tuple(int(c * 0.8) for c in colour))
    elif kind == "felt":
        table = Image.new(
            "RGB", size, (chooser.randrange(10, 50), chooser.randrange(80, 140), chooser.randrange(40, 90))
        )
    else:
        table = Image.new("RGB", size, tuple(chooser.randrange(60, 240) for _ in range(3)))
    fuzz = _noise(size, 30, chooser).convert("RGB")
    return Image.blend(table, fuzz, 0.12)


def _placed(face: Image.Image, height: float, tilt: float, keystone: float, chooser: random.Random):
    """The face at `height` px, seen a little from the side and tilted: the picture and its mask."""
    width = height * CARD[0] / CARD[1]
    face = face.resize((max(1, int(width)), max(1, int(height))), Image.Resampling.LANCZOS)
    w, h = face.size
    corners = [
        c
        for x, y in ((0, 0), (0, h), (w, h), (w, 0))
        for c in (x + chooser.uniform(-keystone, keystone) * w, y + chooser.uniform(-keystone, keystone) * h)
    ]
    mask = Image.new("L", face.size, 255).transform(
        face.size, Image.Transform.QUAD, corners, Image.Resampling.BICUBIC
    )
    face = face.transform(face.size, Image.Transform.QUAD, corners, Image.Resampling.BICUBIC)
    return (
        face.rotate(tilt, Image.Resampling.BICUBIC, expand=True),
        mask.rotate(tilt, Image.Resampling.BICUBIC, expand=True),
    )


def _light(photo: Image.Image, view: Look, chooser: random.Random) -> Image.Image:
    """The light's colour, a side darker than the other and perhaps a shadow across the scene."""
    width, height = photo.size
    side = int(math.hypot(width, height)) + 2
    gradient = Image.linear_gradient("L").resize((side, side)).rotate(chooser.uniform(0, 360))
    gradient = gradient.crop(
        ((side - width) // 2, (side - height) // 2, (side + width) // 2, (side + height) // 2)
    )
    shade = gradient.resize(photo.size).point(lambda v: int(255 * (1 - view.uneven * (1 - v / 255))))
    if view.shadow:
        blot = Image.new("L", photo.size, 255)
        x, y = chooser.randrange(width), chooser.randrange(height)
        points = [
            (x + chooser.randrange(-width, width), y + chooser.randrange(-height, height)) for _ in range(5)
        ]
        ImageDraw.Draw(blot).polygon(points, fill=int(255 * (1 - view.shadow)))
        blot = blot.filter(ImageFilter.GaussianBlur(chooser.randrange(10, 60)))
        shade = Image.composite(shade, Image.new("L", photo.size, 0), blot)
    lit = Image.composite(photo, Image.new("RGB", photo.size, (0, 0, 0)), shade)
    tint = LIGHTS[view.light]
    return Image.merge("RGB", [band.point(lambda v, t=t: int(v * t)) for band, t in zip(lit.split(), tint)])


def scene(name: str | None, seed: int, lang: str = "en", **fixed) -> tuple[Image.Image, Look]:
    """The camera's view (2000 px on its longest side): the table, other cards at the edges and the card named
    `name` (none for a bare table), lit, blurred and noisy."""
    view = look(seed, lang, **fixed)
    chooser = random.Random(f"scene:{seed}:{name}")
    size = (DRAWN_SIDE, DRAWN_SIDE * 3 // 4) if view.landscape else (DRAWN_SIDE * 3 // 4, DRAWN_SIDE)
    photo = _table(size, view.table, chooser)
    for _ in range(view.others):  # other cards, mostly out of the frame
        other = replace(view, title_size=chooser.randrange(28, 61), tilt=chooser.uniform(-40, 40))
        face = card_face(made_up_name(chooser.randrange(10**6), lang), other, lang, chooser)
        picture, mask = _placed(
            face, size[1] * view.share * chooser.uniform(0.8, 1.1), other.tilt, 0.03, chooser
        )
        edge = chooser.choice(("left", "right", "top", "bottom"))
        x = {"left": -picture.width * 3 // 4, "right": size[0] - picture.width // 4}.get(
            edge, chooser.randrange(-picture.width // 2, size[0] - picture.width // 2)
        )
        y = {"top": -picture.height * 3 // 4, "bottom": size[1] - picture.height // 4}.get(
            edge, chooser.randrange(-picture.height // 2, size[1] - picture.height // 2)
        )
        photo.paste(picture, (x, y), mask)
    if name is not None:
        face = card_face(name, view, lang, chooser)
        height = size[1] * view.share
        picture, mask = _placed(face, height, view.tilt, view.keystone, chooser)
        fits = min(1.0, 0.98 * size[0] / picture.width, 0.98 * size[1] / picture.height)
        if fits < 1:
            picture, mask = _placed(face, height * fits, view.tilt, view.keystone, random.Random(seed))
        drop = Image.new("L", photo.size, 0)
        x = chooser.randrange(0, size[0] - picture.width + 1)
        y = chooser.randrange(0, size[1] - picture.height + 1)
        drop.paste(mask, (x + 12, y + 16))
        drop = drop.filter(ImageFilter.GaussianBlur(14)).point(lambda v: 255 - v * 2 // 5)
        photo = Image.composite(photo, Image.new("RGB", photo.size, (0, 0, 0)), drop)
        photo.paste(picture, (x, y), mask)
    photo = _light(photo, view, chooser)
    if view.blur:
        photo = photo.filter(ImageFilter.GaussianBlur(view.blur))
    grain = _noise(size, view.noise, chooser).convert("RGB")
    photo = ImageChops.add(photo, grain, 1.0, -128)
    return photo, view


def as_sent(photo: Image.Image, quality: int) -> bytes:
    """The camera's JPEG, opened and shrunk by the page to 1600 px on its longest side and sent as a JPEG of
    0.85."""
    camera = io.BytesIO()
    photo.save(camera, "JPEG", quality=quality)
    taken = Image.open(io.BytesIO(camera.getvalue()))
    taken.thumbnail((SENT_SIDE, SENT_SIDE), Image.Resampling.BILINEAR)
    sent = io.BytesIO()
    taken.save(sent, "JPEG", quality=SENT_QUALITY)
    return sent.getvalue()


def card_photo(name: str | None, seed: int = 0, lang: str = "en", **fixed) -> bytes:
    """A photo of a made-up card titled `name` (None: a bare table) as the page uploads it."""
    photo, view = scene(name, seed, lang, **fixed)
    return as_sent(photo, view.quality)


BOUNDARY = "photo-boundary"


def form_body(photo: bytes) -> bytes:
    """A multipart form with the photo in the field `photo`, as the page sends it (boundary BOUNDARY)."""
    return (
        (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="card.jpg"\r\n'
            f"Content-Type: image/jpeg\r\n\r\n"
        ).encode()
        + photo
        + f"\r\n--{BOUNDARY}--\r\n".encode()
    )


def plain(**fixed) -> dict:
    """Factors of an easy photo (a pale card, large title, little blur): for tests that are about something
    else."""
    return {
        "card": "pale",
        "banner": "none",
        "light_on_dark": False,
        "title_size": 52,
        "title_top": 50,
        "blur": 0.6,
        "noise": 3.0,
        "share": 0.8,
        "tilt": 3.0,
        "keystone": 0.02,
        "shadow": 0.0,
        "uneven": 0.2,
        "others": 0,
        "quality": 90,
        "font": "Liberation Sans",
        **fixed,
    }


def photo_names(per_lang: int = 50, seed: int = 31) -> list[tuple[str, str]]:
    """(name, lang) pairs: per_lang catalog names printed in each language, every printed name before
    repeats."""
    chooser = random.Random(seed)
    chosen = []
    for lang in LANGS:
        printed = sorted({card.names[lang] for card in catalog.BY_KEY.values() if card.names.get(lang)})
        names = []
        while len(names) < per_lang:
            names += chooser.sample(printed, min(len(printed), per_lang - len(names)))
        chosen += [(name, lang) for name in names]
    return chosen


def factors(view: Look) -> dict:
    """A look's factors as plain values (for the benchmark's notes)."""
    return asdict(view)
