"""Taps and keystrokes of one Chez Guevara turn (a Person, two Things, an Activity, next player), counted.

Usage: python -m tests.e2e.tap_counts [--code PATH] [--typed]

Starts `python -m companion serve` on 127.0.0.1 (from the checkout at PATH if given, e.g. an older commit, else
this one) and Chromium with three phones. Ana's turn teaches the server four new cards (typed with their numbers);
Ben's turn plays the same four known cards; Cleo passes; Ana's next turn has one new Activity. Each counted but Cleo's.
--typed names every card by typing (as before the picker existed; needed for an older checkout).
Everything talks to 127.0.0.1 only. Output: one markdown table. It plays the browser tests' own turn
(tests/e2e/test_tap_benchmark.py keeps its counts), so it lives with them, as the screenshots do.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from companion.testing.real_server import Server
from tests.helpers.browser_steps import table_of_three
from tests.helpers.chromium import find_chromium, launch
from tests.helpers.counted_taps import NEW_CARDS, Thumb, pass_turn, play_turn


def measure(code: str | None, typed: bool) -> dict[str, tuple[int, int, int]]:
    """Taps, keystrokes (letters and digits) and Next/Go keys of the turn with four unseen cards, the known-card
    turn and the turn with one new card."""
    if code:
        os.environ["PYTHONPATH"] = code  # the server subprocess runs that checkout's companion
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = launch(playwright.chromium, find_chromium())
        server = Server(Path(folder) / "instance").start()
        try:
            ana, ben, cleo = table_of_three(browser, server)
            unseen = Thumb(ana, use_picker=not typed)
            play_turn(unseen, 1, "Ben", new=NEW_CARDS)
            known = Thumb(ben, use_picker=not typed)
            play_turn(known, 2, "Cleo")
            pass_turn(Thumb(cleo), "Ana")
            one_new = Thumb(ana, use_picker=not typed)
            play_turn(one_new, 1, "Ben", activity="Siesta", new=("Siesta",))
        finally:
            server.stop()
            browser.close()
    turns = (("four unseen cards", unseen), ("known cards", known), ("one new card", one_new))
    return {turn: (thumb.taps, thumb.keys, thumb.next_keys) for turn, thumb in turns}


def main() -> None:
    """Run once and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", help="a checkout whose companion the server runs")
    parser.add_argument("--typed", action="store_true", help="type every card's name (no picker)")
    args = parser.parse_args()
    counts = measure(args.code, args.typed)
    print(f"| turn ({args.code or 'this checkout'}{', typed' if args.typed else ''}) | taps | letters and digits "
          "| Next/Go keys |")
    print("|---|---|---|---|")
    for turn, (taps, keys, next_keys) in counts.items():
        print(f"| {turn} | {taps} | {keys} | {next_keys} |")


if __name__ == "__main__":
    main()
