"""How well and how fast a photo names its card: generated photos of catalog cards (50 per language by default),
each read as the server reads an upload, at a table of the card's game in the card's language.

    python -m benchmarks.bench_card_photo [--per-lang 50]

A photo counts as a hit when a candidate among the first one (top-1) or three (top-3) carries the printed name.
The photos come from tests/helpers/card_photos.py (a made-up card, tilted up to 8°, skewed, blurred, unevenly lit,
JPEG quality 60). Prints a markdown table: wall-clock seconds per photo (the machine's load average beside them,
since other work on the two cores stretches them) and CPU seconds per photo (which it does not).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

from companion import cards as catalog
from companion.knowledge import card_choices, card_photo
from companion.rules import GAMES
from companion.service.table_service import TableService
from companion.storage import store
from tests.helpers.card_photos import card_photo as draw
from tests.helpers.card_photos import photo_names


def game_of(name: str, lang: str) -> str:
    """The first game whose deck prints this name in this language."""
    return next(
        key
        for key, record in GAMES.items()
        if len(record.decks) == 1
        and any(card.names.get(lang) == name for card in catalog.cards_for(record.decks))
    )


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the tesseract runs)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-lang", type=int, default=50)
    args = parser.parse_args()
    if not card_photo.available():
        raise SystemExit("Tesseract with its deu and rus data is not installed (see README, Dependencies).")
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        db = store.connect(Path(folder) / "bench.sqlite")
        store.migrate(db)
        play, tables, rows = TableService(), {}, []
        for number, (name, lang) in enumerate(photo_names(args.per_lang)):
            game = game_of(name, lang)
            if (game, lang) not in tables:
                tables[game, lang] = play.create_table(db, {"game": game, "seats": 3, "language": lang})[0]
            table = tables[game, lang]
            photo = draw(name, seed=number)
            started, cpu = time.perf_counter(), _cpu()
            choices = card_choices.table_choices(db, GAMES[game].decks, (lang,), table.id)
            reading = card_photo.read(
                photo, choices, (lang, *(other for other in ("en", "de", "ru") if other != lang))
            )
            took, cpu = time.perf_counter() - started, _cpu() - cpu
            names = [choice.name for choice, _score in reading.candidates]
            rows.append(
                (lang, name in names[:1], name in names[:3], took, reading.text, name, names[:3], cpu)
            )
    print(f"Load average before: {load[0]:.1f}, after: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)\n")
    print("| photos | language | top-1 | top-3 | mean s | median s | p95 s | max s | CPU s per photo |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for lang in ("en", "de", "ru", "all"):
        chosen = [row for row in rows if lang in ("all", row[0])]
        times = sorted(row[3] for row in chosen)
        print(
            f"| {len(chosen)} | {lang} | {100 * sum(row[1] for row in chosen) / len(chosen):.1f}% "
            f"| {100 * sum(row[2] for row in chosen) / len(chosen):.1f}% | {statistics.mean(times):.2f} "
            f"| {statistics.median(times):.2f} | {times[int(0.95 * (len(times) - 1))]:.2f} | {times[-1]:.2f} "
            f"| {statistics.mean(row[7] for row in chosen):.2f} |"
        )
    misses = [row for row in rows if not row[1]]
    if misses:
        print(
            "\nNot first:",
            "; ".join(f"{row[5]} ({row[0]}): read {row[4]!r}, offered {row[6]}" for row in misses),
        )


if __name__ == "__main__":
    main()
