"""A card's printed name read from a photo: Tesseract (through pytesseract) on a few cleaned-up variants of the
picture, each line it reads matched against the names the table knows. Nothing is kept of the photo."""

from __future__ import annotations

import io
import os
import shutil
import threading
from dataclasses import dataclass
from itertools import pairwise

import pytesseract
from PIL import Image, ImageFilter, ImageMath, ImageOps, UnidentifiedImageError

from .card_match import Choice, fold, read_score

TESSERACT_LANGS = {"en": "eng", "de": "deu", "ru": "rus"}
FORMATS = ("JPEG", "PNG", "WEBP")  # what a phone's camera or the page's shrinking sends
MAX_PIXELS = 40_000_000  # a phone's full-size photo is about 12 million; the page sends at most 1600 × 1600
WORKING_SIDE = 720  # the picture is read at this size: a card's name is then about 25 to 40 pixels high
SURE = 88.0  # a match this good ends the search; a worse one tries the next variant
FITS = 60.0  # the least score of a candidate
# Sparse text (a card is no page); no second look for light-on-dark text, which doubles the time.
CONFIG = "--psm 11 -c tessedit_do_invert=0"
# Tesseract takes a core: two photos at once would slow the taps of the table.
_ONE_AT_A_TIME = threading.Lock()


class NotAPhoto(ValueError):
    """The upload is not an image Pillow can open."""


@dataclass(frozen=True)
class Reading:
    """What was read, and the cards it may be, best first."""

    text: str
    candidates: list[tuple[Choice, float]]


def available() -> bool:
    """Whether Tesseract and its German and Russian language data are installed."""
    if shutil.which("tesseract") is None:
        return False
    try:
        return {"eng", "deu", "rus"} <= set(pytesseract.get_languages(config=""))
    except Exception:  # noqa: BLE001 - any failure to ask Tesseract means it cannot read photos
        return False


def opened(data: bytes) -> Image.Image:
    """The upload as an upright grayscale picture at the working size, or NotAPhoto."""
    try:
        image = Image.open(io.BytesIO(data), formats=FORMATS)
        if image.width * image.height > MAX_PIXELS:
            raise NotAPhoto("too many pixels")
        image = ImageOps.exif_transpose(image)
        image = image.convert("L")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, SyntaxError) as error:
        raise NotAPhoto(str(error)) from error
    image.thumbnail((WORKING_SIDE, WORKING_SIDE), Image.Resampling.LANCZOS)
    return image


def skew(image: Image.Image) -> float:
    """The angle (degrees, up to 10 either way) that makes the card's lines level: the turn whose rows are most
    unlike each other (printed lines and the frame's edges then fall into few rows)."""
    small = ImageOps.autocontrast(image.copy(), cutoff=2)
    small.thumbnail((320, 320))
    edges = small.filter(ImageFilter.FIND_EDGES)

    def spread(angle: float) -> float:
        rows = edges.rotate(angle, Image.Resampling.BILINEAR).resize((1, edges.height), Image.Resampling.BOX)
        values = list(rows.tobytes())
        mean = sum(values) / len(values)
        return sum((value - mean) ** 2 for value in values)

    coarse = max(range(-10, 11, 2), key=spread)
    return max((coarse + step / 2 for step in range(-3, 4)), key=spread)


def variants(image: Image.Image):
    """Cleaned-up versions of the picture, the likeliest first: levelled and the light evened out, then
    thresholded, then as it came."""
    angle = skew(image)
    even = _evened(image).rotate(angle, Image.Resampling.BICUBIC, fillcolor=255)
    yield even
    yield even.point(lambda value: 255 if value > 150 else 0)
    yield ImageOps.autocontrast(image, cutoff=2)


def _evened(image: Image.Image) -> Image.Image:
    """Uneven light taken out: each pixel against the brightness around it (a wide blur of the picture)."""
    around = image.filter(ImageFilter.BoxBlur(25))
    flat = ImageMath.lambda_eval(lambda e: e["a"] * 230 / (e["b"] + 1), a=image, b=around)
    return ImageOps.autocontrast(flat.convert("L"), cutoff=1)


def lines(image: Image.Image, lang: str) -> list[str]:
    """The lines of text Tesseract finds in the picture (sparse text: a card is no page), tallest first, and each
    line joined with the next (a name printed on two lines)."""
    data = pytesseract.image_to_data(image, lang=lang, config=CONFIG, output_type=pytesseract.Output.DICT)
    grouped: dict[tuple[int, int, int], list[int]] = {}
    for index, word in enumerate(data["text"]):
        if word.strip():
            grouped.setdefault(
                (data["block_num"][index], data["par_num"][index], data["line_num"][index]), []
            ).append(index)
    found = [
        (max(data["height"][i] for i in members), " ".join(data["text"][i] for i in members))
        for members in grouped.values()
    ]
    found.sort(key=lambda line: -line[0])
    texts = [text for _height, text in found]
    return texts + [f"{first} {second}" for first, second in pairwise(texts)]


def read(data: bytes, choices: list[Choice], langs: tuple[str, ...], most: int = 5) -> Reading:
    """The card name read from a photo and the known cards it may be: the table's language tried first."""
    # One thread per Tesseract: its OpenMP threads only fight each other (and the table's taps) on two cores.
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    image = opened(data)
    best: dict[str, tuple[Choice, float]] = {}
    text = ""
    folded = [(choice, fold(choice.name)) for choice in choices]
    with _ONE_AT_A_TIME:
        for lang in dict.fromkeys(langs):
            for picture in variants(image):
                read_lines = lines(picture, TESSERACT_LANGS[lang])
                if read_lines and not text:
                    text = read_lines[0]
                for line in read_lines:
                    wanted = fold(line)
                    for choice, name in folded:
                        score = read_score(wanted, name) - (0 if choice.lang == lang else 4)
                        if score >= FITS and score > best.get(choice.card, (None, 0.0))[1]:
                            best[choice.card] = (choice, score)
                            if score >= SURE and len(wanted) >= len(name) / 2:
                                text = line
                if best and max(score for _choice, score in best.values()) >= SURE:
                    return Reading(text, _best_first(best, most))
    return Reading(text, _best_first(best, most))


def _best_first(best: dict[str, tuple[Choice, float]], most: int) -> list[tuple[Choice, float]]:
    return sorted(best.values(), key=lambda pair: -pair[1])[:most]
