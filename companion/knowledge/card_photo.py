"""A card's printed name read from a photo: the card found in the frame and straightened, its title band read
by Tesseract (dark on light, then light on dark), the whole frame read only when no card is found; each line
read is matched against the names the table knows, and a name is offered only when it is likely right. Nothing
is kept of the photo."""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass, replace

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from . import tesseract
from .card_match import Choice, fold, read_score
from .photo_uploads import NotAPhoto, TooManyPixels

TESSERACT_LANGS = {"en": "eng", "de": "deu", "ru": "rus"}
FORMATS = ("JPEG", "PNG", "WEBP")  # what a phone's camera or the page's shrinking sends
# A JPEG is decoded at a fraction of its size (its DCT scaling), so a 50-megapixel photo costs little; a PNG
# or WebP is decoded whole, so it may have at most a 4096 × 4096 frame's pixels, as may a picture of any other
# format (refused unread, but a bomb is named as one).
MAX_JPEG_PIXELS = 52_000_000
MAX_OTHER_PIXELS = 4096 * 4096
READ_SIDE = 1600  # the photo is read at most this size (the page sends at most 1600 × 1600)
FIND_SIDE = 480  # the card is looked for in the photo at this size
ON_EDGES = 0.8  # the least share of a card's outline found that runs along edges of the picture
CARD_HEIGHT = 1000  # the straightened card's height: a title of 3 to 7% of it is then 30 to 70 px high
TITLE_BAND = 0.42  # the card's top share where its title is printed
# The band begins this share of the card's height above the outline found: a title banner of the table's
# colour can hide the card's top edge, and the outline found is then the card below it.
ABOVE = 0.12
FRAME_SIDE = 1200  # the frame read whole (no card found) at this size
# What a chip needs (of 100): a read line this like a card's name; tuned on the generated photos' tuning half
# (docs/decks.md, "Reading card photos").
FLOOR = 84.0
SURE = 92.0  # a match this good ends the reading
DROPPED = 4  # points off a name's fit for each word of the line left out of it
MOST_WORDS = 6  # the longest run of words a name is looked for in (the longest name has five)
INK = 12  # how much darker than the light around it a pixel is to count as ink
SPECK = 12  # pixels: a blot of ink smaller than this is no part of a letter
BLOTS = 1500  # more blots than this in a picture: noise, not print
# A name of fewer letters is offered only when read exactly, surely, as a line of its own: one wrong letter in
# four ('Sop') is as like Soap as the floor asks, and two or three letters of noise are often a short name.
SHORT = 6
TRUSTED = 60.0  # Tesseract's least confidence (of 100) in a word of a short name read exactly
WORD = re.compile(r"\W*[^\W\d_]{3,}\W*")  # a word: three letters or more, no digit, punctuation around it
# Pixels Tesseract may read for one photo before no further pass is tried: at the median, what 1.2 CPU-seconds
# (decoding included) read on the tuning half on this project's 2-core machines. Pixels, not seconds: beside other
# work a CPU-second does less (the cores' caches are shared), and a photo must be read alike, only slower.
BUDGET = 4_600_000
RUN_CPU = 3  # CPU seconds one Tesseract run may take before it is stopped: its picture reads as nothing


@dataclass(frozen=True)
class Reading:
    """What was read (the title, when a line looks like one), and the cards it likely is, best first."""

    text: str
    candidates: list[tuple[Choice, float]]


@dataclass(frozen=True)
class Line:
    """A line of text Tesseract found: its words with Tesseract's confidence in each (of 100), its height (px)
    and the height of its middle."""

    words: tuple[tuple[str, float], ...]
    height: float
    middle: float
    # A line joined from two: the lesser of their mean confidences (a row of grain above a title, the art's edge
    # or a table's pattern, makes it no title, though the words it joins may still name a card).
    joined_trust: float | None = None

    @property
    def text(self) -> str:
        return " ".join(word for word, _confidence in self.words)

    @property
    def confidence(self) -> float:
        return min(confidence for _word, confidence in self.words)


def opened(data: bytes) -> np.ndarray:
    """The upload as an upright RGB picture at most READ_SIDE on its longest side; TooManyPixels for a picture in
    any format Pillow knows whose header gives it more pixels than a photo of a card needs, else NotAPhoto for
    anything but a JPEG, PNG or WebP that decodes."""
    image = _sized(data)
    if image.format not in FORMATS:
        raise NotAPhoto(image.format)
    try:
        if image.format == "JPEG":
            image.draft("RGB", (READ_SIDE, READ_SIDE))  # decoded at 1/2, 1/4 or 1/8 where that still fits
        image = ImageOps.exif_transpose(image).convert("RGB")
        image.thumbnail((READ_SIDE, READ_SIDE), Image.Resampling.BILINEAR, reducing_gap=2.0)
        return np.asarray(image)
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, SyntaxError, ValueError) as error:
        raise NotAPhoto(str(error)) from error


def _sized(data: bytes) -> Image.Image:
    """The upload opened by its header alone (nothing decoded yet), in whichever format Pillow knows, so that a
    decompression bomb of any format is named as one; TooManyPixels past the pixels its format may have."""
    try:
        with warnings.catch_warnings():  # a broken header's warnings say nothing the answer does not
            warnings.simplefilter("ignore")
            # Pillow's warning past MAX_IMAGE_PIXELS (its error past twice as many) is a refusal here
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise TooManyPixels(str(error)) from error
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        raise NotAPhoto(str(error)) from error
    if image.width * image.height > (MAX_JPEG_PIXELS if image.format == "JPEG" else MAX_OTHER_PIXELS):
        raise TooManyPixels(f"{image.width} × {image.height}")
    return image


def _ordered(corners: np.ndarray) -> np.ndarray:
    """Four corners as top-left, top-right, bottom-right, bottom-left (a card photographed upright, ±45°)."""
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    ring = corners[np.argsort(angles)]  # from the left, clockwise on screen (y grows downward)
    start = int(np.argmin(ring.sum(axis=1)))
    return np.roll(ring, -start, axis=0).astype(np.float32)


def _card_shaped(outline: np.ndarray, width: int, height: int) -> tuple[np.ndarray, float] | None:
    """The four corners of an outline's hull and its area, if it is shaped like a card (63 × 88, seen a little
    from the side) and not cut by the frame's edges."""
    hull = cv2.convexHull(outline)
    area = cv2.contourArea(hull)
    quad = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(quad) != 4:
        rect = cv2.boxPoints(cv2.minAreaRect(hull))
        if area < 0.85 * cv2.contourArea(rect):
            return None
        quad = rect
    corners = _ordered(quad.astype(np.float32))
    top, right = np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[2] - corners[1])
    bottom, left = np.linalg.norm(corners[2] - corners[3]), np.linalg.norm(corners[3] - corners[0])
    aspect = (top + bottom) / max(1.0, left + right)
    touches = (
        (corners[:, 0] < 2) | (corners[:, 0] > width - 3) | (corners[:, 1] < 2) | (corners[:, 1] > height - 3)
    )
    return (corners, area) if 0.55 <= aspect <= 0.9 and touches.sum() < 2 else None


def _edge_maps(lab: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Edge maps of the picture's lightness and colour to look for outlines in: all channels' edges thickened
    (a blurred edge stays closed), thin (a card touching a cloth's squares or another card only at a point
    stays apart from them), and each channel's alone (another card may differ from the table in another
    channel); and where some channel has an edge nearby, to check an outline's sides against."""
    each = []
    for number, channel in enumerate(cv2.split(lab)):
        middle = float(np.median(channel))
        each.append(cv2.Canny(channel, max(8, 0.4 * middle), max(24, middle) if number == 0 else 40))
    thin = each[0] | each[1] | each[2]
    thick = np.ones((3, 3), np.uint8)
    maps = [cv2.dilate(thin, thick), thin, *(cv2.dilate(edges, thick) for edges in each)]
    return maps, cv2.dilate(thin, np.ones((5, 5), np.uint8))


def _on_edges(corners: np.ndarray, near: np.ndarray) -> float:
    """The share of a quadrilateral's sides (corners left out) that runs along an edge: a card's outline all
    of it, an outline joined to a cloth's squares or another card is cut across by its hull."""
    points = []
    for number in range(4):
        start, end = corners[number], corners[(number + 1) % 4]
        steps = np.linspace(0.05, 0.95, max(2, int(np.linalg.norm(end - start) / 2)))[:, None]
        points.append(start + (end - start) * steps)
    xy = np.concatenate(points).round().astype(int)
    height, width = near.shape
    xy = xy[(xy[:, 0] >= 0) & (xy[:, 0] < width) & (xy[:, 1] >= 0) & (xy[:, 1] < height)]
    return float(near[xy[:, 1], xy[:, 0]].mean() / 255) if len(xy) else 0.0


def card_corners(picture: np.ndarray) -> np.ndarray | None:
    """The four corners of the card in the picture, or None: the largest card-shaped outline (off the frame's
    edges) among the edge maps' outlines whose sides run along edges (ON_EDGES), else the largest of
    any."""
    scale = FIND_SIDE / max(picture.shape[:2])
    small = cv2.resize(picture, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_RGB2LAB)
    height, width = lab.shape[:2]
    least = 0.06 * width * height
    maps, near = _edge_maps(lab)
    along, largest = (None, least), (None, least)
    for edges in maps:
        for outline in cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0]:
            shaped = _card_shaped(outline, width, height)
            if shaped is None:
                continue
            if shaped[1] > largest[1]:
                largest = shaped
            if shaped[1] > along[1] and _on_edges(shaped[0], near) >= ON_EDGES:
                along = shaped
    best = along[0] if along[0] is not None else largest[0]
    return None if best is None else best / scale


def title_band(picture: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card straightened (CARD_HEIGHT px high) and cut to the band its title is printed in, in grey."""
    width, above = round(CARD_HEIGHT * 63 / 88), round(CARD_HEIGHT * ABOVE)
    target = np.float32([[0, above], [width, above], [width, CARD_HEIGHT + above], [0, CARD_HEIGHT + above]])
    band = round(CARD_HEIGHT * TITLE_BAND) + above
    warp = cv2.getPerspectiveTransform(corners, target)
    card = cv2.warpPerspective(picture, warp, (width, band), flags=cv2.INTER_CUBIC)
    return cv2.cvtColor(card, cv2.COLOR_RGB2GRAY)


def lines(words: list[dict]) -> list[Line]:
    """The printed lines among the words, tallest first, then each two lines printed close one under the
    other, joined (a name printed on two lines)."""
    rows: list[list[dict]] = []  # words whose middles are within half a word's height: one printed line
    for word in sorted(words, key=lambda word: word["top"] + word["height"] / 2):
        middle = word["top"] + word["height"] / 2
        if rows and abs(middle - (rows[-1][-1]["top"] + rows[-1][-1]["height"] / 2)) < word["height"] / 2:
            rows[-1].append(word)
        else:
            rows.append([word])
    found = [
        Line(
            tuple((word["text"], word["conf"]) for word in sorted(row, key=lambda word: word["left"])),
            max(word["height"] for word in row),
            sum(word["top"] + word["height"] / 2 for word in row) / len(row),
        )
        for row in rows
    ]
    joined = []
    for number, upper in enumerate(found):  # with the next line of a like height below it, specks passed over
        lower = next((line for line in found[number + 1 :] if 0.6 < line.height / upper.height < 1.6), None)
        if lower is not None and lower.middle - upper.middle < 2 * max(upper.height, lower.height):
            joined.append(Line(upper.words + lower.words, max(upper.height, lower.height), upper.middle,
                               min(_trust(upper), _trust(lower))))
    return sorted(found, key=lambda line: -line.height) + joined


def _trust(line: Line) -> float:
    """Tesseract's mean confidence in a line's words (of 100); in each of a joined line's two, the lesser."""
    if line.joined_trust is not None:
        return line.joined_trust
    return sum(confidence for _word, confidence in line.words) / len(line.words)


def _letters(text: str) -> int:
    return sum(char.isalpha() for char in text)


def spans(line: Line) -> list[tuple[Line, float]]:
    """The line and each run of its words (a title read with specks or the picture's edge beside it), each
    with what it costs: DROPPED points a word left out, none for specks of up to three letters."""
    words = line.words
    found = []
    for start in range(len(words)):
        for end in range(start + 1, min(len(words), start + MOST_WORDS) + 1):
            dropped = words[:start] + words[end:]
            cost = DROPPED * sum(len(word) > 3 for word, _confidence in dropped)
            found.append((replace(line, words=words[start:end]) if dropped else line, cost))
    return found


def fit(line: Line, name: str) -> float:
    """How likely the (folded) name is what the line says, 0 to 100: a short name only when read exactly and
    surely, as a line of its own (two letters of noise must not become a chip)."""
    wanted = fold(line.text)
    if _letters(name) < SHORT:
        return 100.0 if wanted == name and line.confidence >= TRUSTED else 0.0
    if _letters(wanted) < SHORT - 1:
        return 0.0
    return read_score(wanted, name)


def _inked(grey: np.ndarray, block: int, rule: int) -> list[np.ndarray]:
    """The picture as black ink on white, both ways round (dark print, then light print on a dark card or
    banner): each pixel against the light around it, since Tesseract's one threshold for the whole picture
    loses a title in noise or uneven light. Straight strokes longer than `rule` px (a banner's or the
    picture's edges) are taken out, since Tesseract reads no text that touches them, and a margin is added,
    which it needs to find the first line."""
    smooth = cv2.medianBlur(grey, 3)
    pictures = []
    for picture in (smooth, 255 - smooth):
        ink = cv2.adaptiveThreshold(
            picture, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY_INV, block, INK
        )
        ruled = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (rule, 1)))
        ruled |= cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, rule)))
        ink &= ~cv2.dilate(ruled, np.ones((5, 5), np.uint8))
        ink = _without_specks(ink)
        if ink is not None:
            pictures.append(cv2.copyMakeBorder(255 - ink, 24, 24, 24, 24, cv2.BORDER_CONSTANT, value=255))
    return pictures


def _without_specks(ink: np.ndarray) -> np.ndarray | None:
    """The ink without specks too small to be part of a letter, or None when so many blots are left that it is
    noise, not print (Tesseract takes minutes over a noisy picture, and reads nothing)."""
    _count, labels, stats, _middles = cv2.connectedComponentsWithStats(ink, connectivity=8)
    kept = (stats[:, cv2.CC_STAT_AREA] >= SPECK) & (stats[:, cv2.CC_STAT_HEIGHT] >= 5)
    kept[0] = False  # the background
    if kept.sum() > BLOTS or stats[kept, cv2.CC_STAT_AREA].sum() > 0.3 * ink.size:
        return None
    return np.where(kept[labels], np.uint8(255), np.uint8(0))


def _evened(grey: np.ndarray) -> list[np.ndarray]:
    """The picture's contrast evened out region by region, then cut at one threshold, both ways round."""
    even = cv2.createCLAHE(clipLimit=3.0, tileGridSize=(4, 4)).apply(cv2.medianBlur(grey, 3))
    _level, ink = cv2.threshold(even, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return [
        cv2.copyMakeBorder(each, 24, 24, 24, 24, cv2.BORDER_CONSTANT, value=255) for each in (ink, 255 - ink)
    ]


def _frame(picture: np.ndarray) -> list[np.ndarray]:
    """The whole frame, at most FRAME_SIDE on its longest side, as dark ink and as light ink."""
    frame = cv2.cvtColor(picture, cv2.COLOR_RGB2GRAY)
    scale = FRAME_SIDE / max(frame.shape)
    if scale < 1:
        frame = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return _inked(frame, 31, 90)


def tesseract_langs(langs: tuple[str, ...]) -> tuple[str, str]:
    """The Tesseract languages a table of `langs` (its own first) reads a title band in: its own, then the
    others' read together (German at a Russian table only)."""
    first = TESSERACT_LANGS[langs[0]]
    return first, "+".join(TESSERACT_LANGS[lang] for lang in langs[1:] if lang != "de" or langs[0] == "ru")


def loaded(langs: tuple[str, ...]) -> None:
    """Tesseract's models for a table of `langs` loaded in this process, before it forks its readings."""
    for lang in tesseract_langs(langs):
        if lang:
            tesseract.reader(lang)


def _passes(picture: np.ndarray, langs: tuple[str, ...]):
    """(picture, Tesseract language, group) to read, the likeliest first: the card's title band in the table's
    language (group 0); the whole frame where no card is found or its band names none (group 1); then the band
    in the other languages (group 2: a Russian table may play German or English cards). Each as dark ink, then
    as light ink. Lines of one group are read at one scale."""
    first, others = tesseract_langs(langs)
    corners = card_corners(picture)
    band = _inked(title_band(picture, corners), 41, 90) if corners is not None else []
    for grey in band:
        yield grey, first, 0
    if corners is not None:  # the band once more, at one threshold for all of it (a title in a faint colour)
        for grey in _evened(title_band(picture, corners)):
            yield grey, first, 0
    for grey in _frame(picture):
        yield grey, first, 1
    for grey in band:
        yield grey, others, 2


def _title(found: list[Line]) -> Line | None:
    """The tallest line read surely, a title's two lines joined (at a like height, the one with more letters):
    the name, when no card fits. A line without a word (scraps like "id OO" or "OOOOO000 Le," off a tablecloth) is
    noise."""
    sure = [
        line
        for line in found
        if _trust(line) >= TRUSTED
        and _letters(line.text) >= 4
        and any(WORD.fullmatch(word) for word, _confidence in line.words)
    ]
    return max(sure, key=lambda line: (line.height, _letters(line.text)), default=None)


def read(data: bytes, choices: list[Choice], langs: tuple[str, ...], most: int = 5) -> Reading:
    """The card name read from a photo and the known cards it likely is, best first (none when no line is like
    a known name: FLOOR), until a name fits surely or the budget of pixels read is spent."""
    picture = opened(data)
    folded = [(choice, fold(choice.name)) for choice in choices]
    best: dict[str, tuple[Choice, float]] = {}
    text, sure = "", 0.0
    titles: dict[int, Line] = {}
    given = 0
    for grey, lang, group in _passes(picture, langs):
        found = lines(tesseract.words(grey, lang, RUN_CPU))
        given += grey.size
        # The group's title so far listed first: at a tie, the likelier pass's reading stays.
        title = _title([titles[group], *found] if group in titles else found)
        if title is not None:
            titles[group] = title
        for line, cost in (span for each in found for span in spans(each)):
            for choice, name in folded:
                score = fit(line, name) - cost - (0 if choice.lang == langs[0] else 2)
                if score >= FLOOR and score > best.get(choice.card, (choice, 0.0))[1]:
                    best[choice.card] = (choice, score)
                    if score > sure:
                        text, sure = line.text, score
        if sure >= SURE or given > BUDGET:
            break
    if not sure and titles:
        # The title from the likeliest group that reads one, not the tallest of all: the groups read at other
        # scales, and which of the band's title and the whole frame's rules text won turned on a pixel's rounding.
        text = titles[min(titles)].text.strip("_|-–—.,:;'\"« ")  # a card's edge or a speck read beside it
    # At a like score the longer name wins: "Nookie at the Café" read whole also fits "Nookie".
    found = sorted(best.values(), key=lambda pair: (-round(pair[1]), -len(pair[0].name)))
    return Reading(text, found[:most])
