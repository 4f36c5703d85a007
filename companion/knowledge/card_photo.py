"""A card's printed name read from a photo: Tesseract (through pytesseract) on a few cleaned-up variants of the
picture, each line it reads matched against the names the table knows. Nothing is kept of the photo."""

from __future__ import annotations

import io
import os
import resource
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
TOP = 55  # percent of the picture's height the first variant keeps
# CPU seconds of Tesseract after which no further variant is tried. CPU, not the clock: a machine busy with other
# work must not read a photo worse, only slower.
BUDGET = 1.5
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
    """Cleaned-up versions of the picture, the likeliest first: levelled, the light evened out and cut to its top
    half (a card's name is printed at its top, and a card is photographed upright); then all of it, thresholded;
    then all of it as it came."""
    angle = skew(image)
    even = _evened(image).rotate(angle, Image.Resampling.BICUBIC, fillcolor=255)
    yield even.crop((0, 0, even.width, even.height * TOP // 100))
    yield even.point(lambda value: 255 if value > 150 else 0)
    yield ImageOps.autocontrast(image, cutoff=2)


def _evened(image: Image.Image) -> Image.Image:
    """Uneven light taken out: each pixel against the brightness around it (a wide blur of the picture)."""
    around = image.filter(ImageFilter.BoxBlur(25))
    flat = ImageMath.lambda_eval(lambda e: e["a"] * 230 / (e["b"] + 1), a=image, b=around)
    return ImageOps.autocontrast(flat.convert("L"), cutoff=1)


def lines(image: Image.Image, lang: str) -> list[str]:
    """The lines of text Tesseract finds in the picture (sparse text: a card is no page), tallest first, then each
    two lines printed close one under the other, joined (a name printed on two lines)."""
    data = pytesseract.image_to_data(image, lang=lang, config=CONFIG, output_type=pytesseract.Output.DICT)
    words = sorted(
        (data["top"][i] + data["height"][i] / 2, data["height"][i], data["left"][i], data["text"][i].strip())
        for i in range(len(data["text"]))
        if data["text"][i].strip()
    )
    rows: list[list[tuple]] = []  # words whose middles are within half a word's height: one printed line
    for word in words:
        if rows and abs(word[0] - rows[-1][-1][0]) < word[1] / 2:
            rows[-1].append(word)
        else:
            rows.append([word])
    found = [
        (
            max(word[1] for word in row),
            sum(word[0] for word in row) / len(row),
            " ".join(word[3] for word in sorted(row, key=lambda word: word[2])),
        )
        for row in rows
    ]
    texts = [text for _height, _middle, text in sorted(found, key=lambda line: -line[0])]
    joined = [
        f"{upper[2]} {lower[2]}"
        for upper, lower in pairwise(found)
        if lower[1] - upper[1]
        < 2 * max(upper[0], lower[0])  # (word boxes differ: "im Café" has no descender)
    ]
    return texts + joined


def _tesseract_seconds() -> float:
    """CPU seconds this process's finished child processes (the tesseract runs, one at a time) have used."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def read(data: bytes, choices: list[Choice], langs: tuple[str, ...], most: int = 5) -> Reading:
    """The card name read from a photo and the known cards it may be, best first: the first of langs (the
    table's) on each variant of the picture, then the others on the first, until a name fits well or time is up."""
    # One thread per Tesseract: its OpenMP threads only fight each other (and the table's taps) on two cores.
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    image = opened(data)
    pictures = list(variants(image))
    passes = [(langs[0], picture) for picture in pictures] + [(lang, pictures[0]) for lang in langs[1:]]
    folded = [(choice, fold(choice.name)) for choice in choices]
    best: dict[str, tuple[Choice, float]] = {}
    text, fit = "", 0.0
    started = _tesseract_seconds()
    with _ONE_AT_A_TIME:
        for lang, picture in passes:
            for line in lines(picture, TESSERACT_LANGS[lang]):
                wanted = fold(line)
                if not text and sum(char.isalpha() for char in wanted) >= 3:
                    text = line  # the tallest line that looks like a word: the name, when no card fits
                for choice, name in folded:
                    score = read_score(wanted, name) - (0 if choice.lang == langs[0] else 4)
                    if score >= FITS and score > best.get(choice.card, (choice, 0.0))[1]:
                        best[choice.card] = (choice, score)
                        if score > fit:
                            text, fit = line, score
            if fit >= SURE or _tesseract_seconds() - started > BUDGET:
                break
    # At a like score the longer name wins: "Nookie at the Café" read whole also fits "Nookie".
    found = sorted(best.values(), key=lambda pair: (-round(pair[1]), -len(pair[0].name)))
    return Reading(text, found[:most])
