"""How much memory the state cache holds with many tables: 500 tables of a long evening each (a few hundred events,
snapshots every 100), folded through a cache bounded to its default and through one that keeps every table.

    python -m benchmarks.bench_state_cache --tables 500 --taps 300

Python's own allocation tracer counts what the cached states hold (not the database's pages); a markdown table.
"""

from __future__ import annotations

import argparse
import gc
import tempfile
import time
import tracemalloc
from pathlib import Path

from companion.input.actions import Action
from companion.rules.state import DISPLAY
from companion.service.table_service import TableService
from companion.storage import state_cache, store


def build(path: Path, tables: int, taps: int) -> list[int]:
    """A database of `tables` four-seat Chez Guevara tables, each with `taps` Slack and wound taps."""
    db = store.connect(path)
    store.migrate(db)
    play, ids = TableService(), []
    for _ in range(tables):
        table, _key = play.create_table(db, {"game": "guevara", "seats": 4, "language": "en"})
        for number in range(taps):
            kind, seat = ("adjust_slack", "adjust_wounds")[number // 8 % 2], 1 + number // 2 % 4
            delta = 1 if number % 2 == 0 else -1  # up and down again: nobody wins
            play.apply(db, table, Action(kind, seat, {"delta": delta}, f"t{number}"), DISPLAY)
        ids.append(table.id)
    play.cache.forget()
    return ids


def held_by(cache: state_cache.StateCache, db, ids: list[int]) -> tuple[float, float]:
    """MiB the cache holds after every table was asked about once, and seconds it took."""
    gc.collect()
    tracemalloc.start()
    started = time.perf_counter()
    for table_id in ids:
        cache.state(db, table_id)
    took = time.perf_counter() - started
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    return held, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--taps", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as folder:
        path = Path(folder) / "companion.sqlite"
        ids = build(path, args.tables, args.taps)
        db = store.connect(path)
        print(f"{args.tables} tables of {args.taps} taps each\n")
        print("| cache | tables kept | MiB held | s to fold all |")
        print("| --- | --- | --- | --- |")
        for label, cache in (("bounded (default)", state_cache.StateCache()),
                             ("unbounded", state_cache.StateCache(max_tables=10**9))):
            held, took = held_by(cache, db, ids)
            print(f"| {label} | {len(cache)} | {held:.1f} | {took:.2f} |")
            del cache


if __name__ == "__main__":
    main()
