"""Benchmark of the rulebook search: index build time and per-query latency.

Run as `python -m benchmarks.bench_rulebook [repetitions]`; pytest does not collect it.

The queries are the rulebook's own: each section's title, and the words players ask with that its text does not use
(its keywords line), in each language, searched as from a table showing the section's game. How well players'
own questions are answered is the tests' to keep (tests/rulebook/test_player_questions.py and
test_rulebook_search.py); this measures how fast any query is.
"""
import statistics
import sys
import time

from benchmarks.measure import percentile
from companion.rulebook import LANGUAGES, sections
from companion.rulebook.search import build_index, search

TARGET_MS = 50.0


def queries(lang: str) -> list[tuple[str, str, str]]:
    """(query, game, the section it comes from) for every section's title and keywords in `lang`."""
    found = []
    for section in sections(lang):
        found += [(text, section.game, section.id) for text in (section.title, section.keywords) if text.strip()]
    return found


def main(repetitions: int = 20) -> int:
    """Build the index, time every query, print a summary; exit 1 if the target is missed."""
    started = time.perf_counter()
    build_index()
    print(f"index build: {(time.perf_counter() - started) * 1000:.1f} ms")
    every: list[float] = []
    for lang in LANGUAGES:
        asked, timings, top3 = queries(lang), [], 0
        for query, game, source in asked:
            for _ in range(repetitions):
                started = time.perf_counter()
                hits = search(query, lang, game=game)
                timings.append((time.perf_counter() - started) * 1000)
            top3 += source in [hit.section.id for hit in hits[:3]]
        every += timings
        print(f"{lang}: {len(asked)} queries x {repetitions}"
              f"  median {statistics.median(timings):.2f} ms  p95 {percentile(timings, 95):.2f} ms"
              f"  max {max(timings):.2f} ms  its own section in the top 3: {top3}/{len(asked)}")
    p95 = percentile(every, 95)
    print(f"all: median {statistics.median(every):.2f} ms  p95 {p95:.2f} ms  target < {TARGET_MS:.0f} ms: "
          f"{'met' if p95 < TARGET_MS else 'MISSED'}")
    return 0 if p95 < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
