"""The generated games of tests/rules/test_generated_games.py for as long as asked, with the run's figures.

    python -m tests.fuzz_rules --minutes 30 [--seed 1000] [--games 5] [--taps 60] [--panel-every 4]
    python -m tests.fuzz_rules --minutes 5 --panel-every 1 --held-out

Runs batches of generated games (Chez Guevara with 2, 3, 4 and 5 players, Chez Geek, Chez Goth, both combined,
in turn), each batch under its own seed, until the time is up; then prints the games, taps, distinct action
types sent and accepted, each invariant's checks, each known defect's hits (tests/helpers/game_invariants.py),
and every failure with its seed and shrunk steps. Each batch also names cards by full name, short name and typo in
every card-taking action (tests/helpers/named_cards.py). Exits 1 if any invariant broke beyond the known defects, or a
named card was decided otherwise than the card the picker resolves it to.

Every `--panel-every`th batch also renders each state's panels and checks them against the offers (fewer, shorter
games: a render costs far more than a rule); the panels' figures are given apart for the tuning seeds (even) and
the held-out ones (odd). `--held-out` runs odd seeds only.

It lives with the tests, not the benchmarks: it is the tests' own generated games run longer, a check rather than a
measurement (pytest does not collect it).
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.helpers.game_invariants import INVARIANTS, KNOWN_DEFECTS
from tests.helpers.generated_games import Figures, held_out, run_games
from tests.helpers.named_cards import CARD_ACTIONS, VARIANTS, NamingFigures, half, run_naming

TABLES = (
    ("guevara", (2, 2)),
    ("guevara", (3, 3)),
    ("guevara", (4, 4)),
    ("guevara", (5, 5)),
    ("geek", (2, 5)),
    ("goth", (2, 5)),
    ("geekgoth", (2, 5)),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--minutes", type=float, default=10, help="how long to run (a batch under way finishes)"
    )
    parser.add_argument("--seed", type=int, default=1000, help="the first batch's seed; each next one adds 1")
    parser.add_argument("--games", type=int, default=5, help="games per batch")
    parser.add_argument("--taps", type=int, default=60, help="taps per game at most")
    parser.add_argument("--panel-every", type=int, default=4,
                        help="every Nth batch also checks the rendered panels (0: none)")
    parser.add_argument("--held-out", action="store_true", help="odd (held-out) seeds only")
    options = parser.parse_args()
    figures, failures = Figures(), []
    panels = {False: Figures(), True: Figures()}  # the panel batches' figures: tuning seeds, held-out seeds
    naming = {"tuning": NamingFigures(), "held-out": NamingFigures()}
    started, batch = time.monotonic(), 0
    while time.monotonic() - started < options.minutes * 60:
        game, seats = TABLES[batch % len(TABLES)]
        run_seed = (options.seed | 1) + 2 * batch if options.held_out else options.seed + batch
        rendered = options.panel_every > 0 and batch % options.panel_every == options.panel_every - 1
        into = panels[held_out(run_seed)] if rendered else figures
        games, taps = (max(1, options.games // 2), max(10, options.taps // 3)) if rendered else (
            options.games, options.taps)
        try:
            run_games(game, run_seed, examples=games, steps=taps, figures=into, seats=seats, panels=rendered)
        except AssertionError as failure:
            failures.append(f"{game} {seats[0]}-{seats[1]} seats, seed {run_seed}:\n{failure}")
            print(f"FAILURE in batch {batch} ({game}, seed {run_seed})", file=sys.stderr, flush=True)
        try:
            run_naming(game, run_seed, examples=options.games, steps=options.taps, figures=naming[half(run_seed)],
                       seats=seats)
        except AssertionError as failure:
            failures.append(str(failure))
            print(f"NAMING FAILURE in batch {batch} ({game}, seed {run_seed})", file=sys.stderr, flush=True)
        batch += 1
    print(report(figures, failures, batch, time.monotonic() - started, options, panels))
    print(naming_report(naming))
    return 1 if failures else 0


def report(figures: Figures, failures: list[str], batches: int, seconds: float, options,
           panels: dict[bool, Figures]) -> str:
    """The run's figures as markdown."""
    first, step = ((options.seed | 1), 2) if options.held_out else (options.seed, 1)
    lines = [
        f"## Generated games: {seconds / 60:.1f} minutes, {batches} batches (seeds {first} to "
        f"{first + step * (batches - 1)}{', odd only' if options.held_out else ''}, {options.games} games of up to "
        f"{options.taps} taps each)",
        "",
        f"- games: {figures.games:,}",
        f"- taps: {figures.steps:,}",
        f"- distinct action types sent: {len(figures.sent)}, accepted: {len(figures.accepted)}",
        f"- failures: {len(failures)}",
        "",
        "| invariant | checks |",
        "| --- | --- |",
    ]
    lines += [f"| {name} | {figures.checks[name]:,} |" for name in INVARIANTS]
    lines += ["", "| panels checked against the offers | games | taps | states | offers and reasons looked for |",
              "| --- | --- | --- | --- | --- |"]
    lines += [f"| {'held-out seeds (odd)' if half else 'tuning seeds (even)'} | {done.games:,} | {done.steps:,} | "
              f"{done.panel_states:,} | {done.panel_offers:,} |" for half, done in panels.items()]
    lines += ["", "| known defect (filter) | breaches it explained |", "| --- | --- |"]
    lines += [f"| {name} | {figures.checks['known defect: ' + name]:,} |" for name in KNOWN_DEFECTS]
    lines += ["", "| action type | sent | accepted |", "| --- | --- | --- |"]
    lines += [
        f"| {kind} | {count:,} | {figures.accepted[kind]:,} |" for kind, count in figures.sent.most_common()
    ]
    for failure in failures:
        lines += ["", "### Failure", "```", failure, "```"]
    return "\n".join(lines)


def naming_report(naming: dict[str, NamingFigures]) -> str:
    """The named cards' figures per half of the seeds, as markdown: where the picker resolved each kind of name."""
    lines = ["", "## Named cards (full name, short name, typo)", "",
             "| half | games | name | sent | its own card | another card | no card |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for name, figures in naming.items():
        for variant in VARIANTS:
            own, other = figures.own_card[variant], figures.other_card[variant]
            sent = figures.sent[variant] or 1  # a half no seed fell in shows 0% throughout
            lines.append(f"| {name} | {figures.games:,} | {variant} | {figures.sent[variant]:,} | {own / sent:.1%} | "
                         f"{other / sent:.1%} | {(figures.sent[variant] - own - other) / sent:.1%} |")
    lines += ["", "| half | " + " | ".join(CARD_ACTIONS) + " |", "| --- " * (len(CARD_ACTIONS) + 1) + "|"]
    lines += [f"| {name} | " + " | ".join(f"{figures.compared[kind]:,}" for kind in CARD_ACTIONS) + " |"
              for name, figures in naming.items()]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
