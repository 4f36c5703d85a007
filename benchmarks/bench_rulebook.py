"""Benchmark of the rulebook search: index build time and per-query latency over the question sets.

Run as `python -m benchmarks.bench_rulebook [repetitions]`; pytest does not collect it.
"""
import statistics
import sys
import time

from benchmarks.measure import percentile
from companion.rulebook import LANGUAGES
from companion.rulebook.search import build_index, search
from tests.helpers.player_questions import PLAYER_QUESTIONS
from tests.helpers.rulebook_questions import QUESTIONS

TARGET_MS = 50.0


def main(repetitions: int = 20) -> int:
    """Build the index, time every question, print a summary; exit 1 if the target is missed."""
    started = time.perf_counter()
    build_index()
    print(f"index build: {(time.perf_counter() - started) * 1000:.1f} ms")
    every: list[float] = []
    for lang in LANGUAGES:
        timings, top3 = [], 0
        for query, game, expected in QUESTIONS[lang]:
            for _ in range(repetitions):
                started = time.perf_counter()
                hits = search(query, lang, game=game)
                timings.append((time.perf_counter() - started) * 1000)
            top3 += expected in [hit.section.id for hit in hits[:3]]
        every += timings
        print(f"{lang}: {len(QUESTIONS[lang])} questions x {repetitions}"
              f"  median {statistics.median(timings):.2f} ms  p95 {percentile(timings, 95):.2f} ms"
              f"  max {max(timings):.2f} ms"
              f"  top-3 {top3}/{len(QUESTIONS[lang])}")
    for lang in LANGUAGES:  # players' own words, searched as from a table: its game first
        asked = PLAYER_QUESTIONS[lang]
        top3 = sum(expected in [hit.section.id for hit in search(query, lang, limit=3, first=game)]
                   for query, game, expected in asked)
        print(f"{lang}: players' questions top-3 {top3}/{len(asked)} ({100 * top3 / len(asked):.0f}%)")
    p95 = percentile(every, 95)
    print(f"all: median {statistics.median(every):.2f} ms  p95 {p95:.2f} ms  target < {TARGET_MS:.0f} ms: "
          f"{'met' if p95 < TARGET_MS else 'MISSED'}")
    return 0 if p95 < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
