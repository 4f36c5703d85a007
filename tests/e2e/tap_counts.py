"""Taps and keystrokes of Chez Guevara turns (a Person, two Things, an Activity, next player), counted.

Usage: python -m tests.e2e.tap_counts [--code PATH] [--typed]

Starts `python -m companion serve` on 127.0.0.1 (from the checkout at PATH if given, e.g. an older commit, else
this one) and Chromium with three phones, Cleo's in German at 320x568. Ana's turn teaches the table four new cards
(typed with their numbers, the Activity's Slack rolled); Ben's turn plays the same four known cards; Cleo passes; Ana's
next turn has one new Activity; Ben passes; Cleo calls a known Person to her own tent and plays one unseen Activity,
its Slack rolled (German names). Each counted but the passes. --typed names every card by typing (as before the
picker existed; needed for an older checkout). Everything talks to 127.0.0.1 only. Output: one markdown table, each
turn with its counts and what each tap was on. It plays the browser tests' own turns (tests/e2e/test_tap_benchmark.py
and tests/e2e/test_new_card_form.py keep their counts), so it lives with them, as the screenshots do.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.helpers.browser_steps import table_of_three
from tests.helpers.chromium import find_chromium, launch
from tests.helpers.counted_taps import UNSEEN_CARDS, Thumb, pass_turn, play_short_turn, play_turn
from tests.helpers.real_server import Server


def measure(code: str | None, typed: bool) -> dict[str, Thumb]:
    """The thumbs of the turn with four unseen cards, the known-card turn, the turn with one new card and the German
    short turn, each with its taps, keystrokes (letters and digits), Next/Go keys and what it tapped."""
    if code:
        os.environ["PYTHONPATH"] = code  # the server subprocess runs that checkout's companion
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = launch(playwright.chromium, find_chromium())
        server = Server(Path(folder) / "instance").start()
        try:
            ana, ben, cleo = table_of_three(browser, server, looks={"Cleo": ("de", 320, 568)})
            unseen = Thumb(ana, use_picker=not typed)
            play_turn(unseen, 1, "Ben", activity="Guitar Night", new=UNSEEN_CARDS)
            known = Thumb(ben, use_picker=not typed)
            play_turn(known, 2, "Cleo", activity="Guitar Night")
            pass_turn(Thumb(cleo), "Ana")
            one_new = Thumb(ana, use_picker=not typed)
            play_turn(one_new, 1, "Ben", activity="Siesta", new=("Siesta",))
            pass_turn(Thumb(ben), "Cleo")
            german = Thumb(cleo, use_picker=not typed)
            play_short_turn(german, 3, "Ana")
        finally:
            server.stop()
            browser.close()
    return {"four unseen cards (a Person, two Things, a rolled Activity), 390x844 en": unseen,
            "the same four cards, known (one roll more: the Activity's), 390x844 en": known,
            "one new card (an Activity), 390x844 en": one_new,
            "a known Person at home, one unseen rolled Activity, 320x568 de": german}


def main() -> None:
    """Run once and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", help="a checkout whose companion the server runs")
    parser.add_argument("--typed", action="store_true", help="type every card's name (no picker)")
    args = parser.parse_args()
    thumbs = measure(args.code, args.typed)
    print(f"| turn ({args.code or 'this checkout'}{', typed' if args.typed else ''}) | taps | letters and digits "
          "| Next/Go keys | the taps |")
    print("|---|---|---|---|---|")
    for turn, thumb in thumbs.items():
        print(f"| {turn} | {thumb.taps} | {thumb.keys} | {thumb.next_keys} | {'; '.join(thumb.tapped)} |")


if __name__ == "__main__":
    main()
