"""Generated games: random taps, mostly what the screens show, after each of which every invariant holds.

The checks and the KNOWN_DEFECTS filters are in tests/helpers/game_invariants.py; the longer run is
`python -m tests.fuzz_rules --minutes N`. Each game runs under its own fixed seed, so a run is the same
every time; a failure names the game, the seed, the broken invariants and the shrunk steps.
"""

import pytest

from tests.helpers.game_invariants import INVARIANTS
from tests.helpers.generated_games import Figures, run_games

# (game, seats, seed, games, taps per game): every game and every Chez Guevara table size.
RUNS = [
    ("guevara", (2, 2), 2, 2, 35),
    ("guevara", (3, 3), 3, 2, 35),
    ("guevara", (4, 4), 4, 2, 35),
    ("guevara", (5, 5), 5, 2, 35),
    ("geek", (2, 5), 11, 3, 35),
    ("goth", (2, 5), 12, 3, 35),
    ("geekgoth", (2, 5), 13, 3, 35),
]


@pytest.mark.parametrize(
    ("game", "seats", "seed", "games", "taps"),
    RUNS,
    ids=[f"{game}-{seats[0]}-{seats[1]}" for game, seats, *_ in RUNS],
)
def test_every_invariant_holds_after_every_tap(game, seats, seed, games, taps):
    figures = run_games(game, seed, examples=games, steps=taps, figures=Figures(), seats=seats)
    assert figures.games >= games and figures.steps > 0
    assert {name for name in INVARIANTS} <= set(figures.checks)
