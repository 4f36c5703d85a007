"""How well and how fast a photo names its card: generated photos of catalog cards, each read as the server
reads an upload, at a table of the card's game in the card's language; and photos that must get no chip.

    python -m benchmarks.bench_card_photo [--half held-out] [--per-lang 60] [--negatives 30] [--jobs 2]

The photos come from companion/testing/card_photos.py: every factor drawn from a range (font, title size and
place, banner, light on dark, card colour, art and rules text, table and other cards, tilt, keystone, shadow,
light, blur, noise, the card's share of the frame, JPEG quality), sent as the page sends them. Even seeds are
the tuning half, odd seeds the held-out half: the reader is tuned on `--half tune` only. A photo counts as
top-1 (top-3) when the first (first three) chips carry the printed name, as a wrong chip when a first chip
names another card. The negatives are a bare table (other cards at the edges) and a card titled with a name no
deck has: any chip is wrong. Prints markdown tables: per language, per factor, the negatives and the CPU
seconds per photo (decoding included), then the precision and recall of the first chip at several score floors
(the reader run at the lowest, chips below each floor left out).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import resource
import statistics
import tempfile
import time
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path

from companion import cards as catalog
from companion.cards.card import LANGS
from companion.knowledge import card_choices, card_photo, photo_uploads
from companion.knowledge.card_match import fold, read_score
from companion.rules import GAMES
from companion.storage import store
from companion.testing import card_photos
from companion.testing.card_photos import card_photo as draw
from companion.testing.card_photos import look, made_up_name

CACHE = Path(tempfile.gettempdir()) / "companion-card-photos"
FLOOR = card_photo.FLOOR  # the reader's own, before --floors lowers it to see what lower floors would offer


def game_of(name: str, lang: str) -> str:
    """The first game whose deck prints this name in this language."""
    return next(
        key
        for key, record in GAMES.items()
        if len(record.decks) == 1
        and any(card.names.get(lang) == name for card in catalog.cards_for(record.decks))
    )


def sample(half: str, per_lang: int, negatives: int) -> list[tuple[str | None, str, int, str]]:
    """(printed name or None, language, seed, kind) of each photo of a half: per_lang cards in each language
    (every printed name before repeats), then the negatives: bare tables and names no deck has."""
    odd = 1 if half == "held-out" else 0
    photos = []
    for number, lang in enumerate(LANGS):
        printed = sorted({card.names[lang] for card in catalog.BY_KEY.values() if card.names.get(lang)})
        random.Random(f"{half}:{lang}").shuffle(printed)
        for index in range(per_lang):
            photos.append((printed[index % len(printed)], lang, 2 * (number * 10_000 + index) + odd, "card"))
    for index in range(negatives):
        lang = LANGS[index % len(LANGS)]
        seed = 2 * (90_000 + index) + odd
        kind = "bare table" if index % 2 == 0 else "unknown name"
        photos.append((None if kind == "bare table" else made_up_name(seed, lang), lang, seed, kind))
    return photos


def _photo(name: str | None, lang: str, seed: int) -> bytes:
    """The generated photo, kept in a cache folder keyed by the generator's source."""
    version = hashlib.sha256(Path(card_photos.__file__).read_bytes()).hexdigest()[:12]
    key = hashlib.sha256(f"{name}|{lang}|{seed}".encode()).hexdigest()[:20]
    place = CACHE / version / f"{key}.jpg"
    if place.exists():
        return place.read_bytes()
    data = draw(name, seed, lang)
    place.parent.mkdir(parents=True, exist_ok=True)
    place.write_bytes(data)
    return data


def _cpu() -> float:
    """CPU seconds used so far by this process (Tesseract reads in it) and its finished children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


_CHOICES: dict = {}


def _choices(game: str, lang: str):
    """Every name a fresh table of this game knows, as the server lists them for a reader of this language."""
    if (game, lang) not in _CHOICES:
        with tempfile.TemporaryDirectory() as folder:
            db = store.connect(Path(folder) / "bench.sqlite")
            store.migrate(db)
            _CHOICES[game, lang] = card_choices.table_choices(db, GAMES[game].decks, (lang,), 0)
    return _CHOICES[game, lang]


def _lowest_floor(level: float) -> None:
    """A benchmark worker's reader keeps every candidate down to the lowest floor asked."""
    card_photo.FLOOR = level


def one(photo: tuple[str | None, str, int, str]) -> dict:
    """Read one photo as the server would: its table's game (Chez Guevara for a negative) and language
    first."""
    name, lang, seed, kind = photo
    data = _photo(name, lang, seed)
    game = game_of(name, lang) if kind == "card" else "guevara"
    choices = _choices(game, lang)
    langs = (lang, *(other for other in LANGS if other != lang))
    card_photo.loaded(langs)  # as a server's reader has them loaded before it reads a photo
    started, cpu = time.perf_counter(), _cpu()
    reading = card_photo.read(data, choices, langs)
    took, cpu = time.perf_counter() - started, _cpu() - cpu
    # A chip names the card when it is the same card, whichever edition's name it shows (АК-47 read as AK-47).
    key = next((choice.card for choice in choices if choice.name == name), name)
    names = [name if choice.card == key else choice.name for choice, _score in reading.candidates]
    scores = [score for _choice, score in reading.candidates]
    return {
        "name": name,
        "lang": lang,
        "seed": seed,
        "kind": kind,
        "names": names,
        "scores": scores,
        "text": reading.text,
        "took": took,
        "cpu": cpu,
        "look": look(seed, lang),
    }


def _row(label: str, rows: list[dict]) -> str:
    count = max(1, len(rows))
    top1 = sum(row["names"][:1] == [row["name"]] for row in rows)
    top3 = sum(row["name"] in row["names"][:3] for row in rows)
    wrong = sum(bool(row["names"]) and row["names"][0] != row["name"] for row in rows)
    shares = (f"{100 * part / count:.1f}%" for part in (top1, top3, wrong))
    return f"| {label} | {count} | {' | '.join(shares)} |"


def at_floor(rows: list[dict], floor: float) -> list[dict]:
    """The rows as a reader with this score floor would have answered (the reader ran at the lowest floor
    asked)."""
    return [
        {**row, "names": [name for name, score in zip(row["names"], row["scores"]) if score >= floor]}
        for row in rows
    ]


def floors(rows: list[dict], levels: list[float]) -> None:
    """Precision (first chips that are right) and recall (photos whose first chip is right) at each floor."""
    print("\n| score floor | precision | recall | top-3 | no-card photos with a chip |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for level in levels:
        chosen = at_floor(rows, level)
        cards = [row for row in chosen if row["kind"] == "card"]
        chipped = [row for row in cards if row["names"]]
        right = sum(row["names"][0] == row["name"] for row in chipped)
        top3 = sum(row["name"] in row["names"][:3] for row in cards)
        negatives = sum(bool(row["names"]) for row in chosen if row["kind"] != "card")
        mark = " (the reader's)" if level == FLOOR else ""
        print(
            f"| {level:g}{mark} | {100 * right / max(1, len(chipped)):.1f}% "
            f"| {100 * right / max(1, len(cards)):.1f}% "
            f"| {100 * top3 / max(1, len(cards)):.1f}% | {negatives} |"
        )


def report(rows: list[dict], half: str, load: tuple[float, float]) -> None:
    """The markdown tables, at the reader's floor."""
    rows = at_floor(rows, FLOOR)
    cards = [row for row in rows if row["kind"] == "card"]
    print(
        f"Half: {half}. Load average before: {load[0]:.1f}, after: {load[1]:.1f} ({os.cpu_count()} cores)\n"
    )
    print("| language | photos | top-1 | top-3 | wrong first chip |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for lang in (*LANGS, "all"):
        print(_row(lang, [row for row in cards if lang in ("all", row["lang"])]))
    by_factor: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in cards:
        for factor, band in row["look"].buckets().items():
            by_factor[factor, band].append(row)
    print("\n| factor | band | photos | top-1 | top-3 | wrong first chip |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for (factor, band), chosen in sorted(by_factor.items()):
        print(_row(f"{factor} | {band}", chosen))
    negatives = [row for row in rows if row["kind"] != "card"]
    if negatives:
        print("\n| negative | photos | with a chip | title left to correct | chips offered |")
        print("| --- | ---: | ---: | ---: | --- |")
        for kind in ("bare table", "unknown name"):
            chosen = [row for row in negatives if row["kind"] == kind]
            offered = [f"{row['names'][0]} ({row['scores'][0]:.0f})" for row in chosen if row["names"]]
            # An unknown title read close to what is printed (a letter or two to correct), as the field gets it.
            read = [row for row in chosen if row["text"]]
            if kind == "unknown name":
                left = f"{sum(read_score(fold(row['text']), fold(row['name'])) > 80 for row in read)} read close"
            else:  # a bare table's noise read as a name would be left in the field to correct: none should be
                left = f"{len(read)} with a name read ({', '.join(repr(row['text']) for row in read) or 'none'})"
            print(f"| {kind} | {len(chosen)} | {len(offered)} | {left} | {', '.join(offered) or '-'} |")
    cpus = sorted(row["cpu"] for row in rows)
    took = sorted(row["took"] for row in rows)
    print(
        f"\nCPU s per photo (decoding included): median {statistics.median(cpus):.2f}, "
        f"p95 {cpus[int(0.95 * (len(cpus) - 1))]:.2f}, max {cpus[-1]:.2f}; "
        f"wall s: median {statistics.median(took):.2f}, max {took[-1]:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("tune", "held-out"), default="held-out")
    parser.add_argument("--per-lang", type=int, default=60)
    parser.add_argument("--negatives", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=1, help="photos read at once (CPU per photo is the same)")
    parser.add_argument("--misses", action="store_true", help="list the photos not named first")
    parser.add_argument("--save", type=Path, help="write every photo's reading to this JSON file")
    parser.add_argument(
        "--floors",
        default="70,76,80,84,88,92",
        help="score floors to report precision and recall at (comma-separated)",
    )
    args = parser.parse_args()
    levels = sorted({float(level) for level in args.floors.split(",")} | {FLOOR})
    if not photo_uploads.available():
        raise SystemExit("Tesseract with its deu and rus data is not installed (see README, Dependencies).")
    photos = sample(args.half, args.per_lang, args.negatives)
    before = os.getloadavg()[0]
    with multiprocessing.Pool(args.jobs, initializer=_lowest_floor, initargs=(levels[0],)) as pool:
        rows = pool.map(one, photos, chunksize=1)
    report(rows, args.half, (before, os.getloadavg()[0]))
    if args.save:
        args.save.write_text(json.dumps([{**row, "look": asdict(row["look"])} for row in rows], indent=1))
    floors(rows, levels)
    if args.misses:
        print()
        for row in at_floor(rows, FLOOR):
            if (row["kind"] == "card" and row["names"][:1] != [row["name"]]) or (
                row["kind"] != "card" and row["names"]
            ):
                print(
                    f"- {row['name']!r} ({row['lang']}, seed {row['seed']}): read {row['text']!r}, offered "
                    f"{row['names'][:3]}; {row['look']}"
                )


if __name__ == "__main__":
    main()
