"""Every offer has its control on the rendered page, and every control an offer (issue 57, item 2): generated
games of every game, each state's display and phone panels rendered by the app and read back by their `data-offer`
and `data-withheld` marks (tests/helpers/rendered_offers.py). The suite runs tuning seeds (even); the held-out
seeds (odd) by `python -m tests.fuzz_rules --panel-every 1 --held-out`. A failure names the game, the seed, the
screen, the offer and the shrunk steps.
"""

import pytest

from companion.rules import Offers
from tests.helpers.generated_games import PANELS_MATCH_OFFERS, Figures, held_out, run_games
from tests.helpers.rendered_offers import controls_on, mismatches

# (game, seats, seed, games, taps per game): a few short games each, so the suite stays within seconds.
RUNS = [
    ("guevara", (3, 5), 20, 2, 16),
    ("geek", (2, 4), 22, 2, 16),
    ("goth", (2, 3), 24, 1, 14),
    ("geekgoth", (2, 3), 26, 1, 14),
]


@pytest.mark.parametrize(("game", "seats", "seed", "games", "taps"), RUNS, ids=[run[0] for run in RUNS])
def test_each_offer_has_its_control_and_each_control_an_offer(game, seats, seed, games, taps):
    assert not held_out(seed)
    figures = run_games(game, seed, examples=games, steps=taps, figures=Figures(), seats=seats, panels=True)
    assert figures.checks[PANELS_MATCH_OFFERS] == figures.panel_states > taps // 2
    assert figures.panel_offers > figures.panel_states


def test_a_control_without_its_offer_and_an_offer_without_its_control_are_both_found():
    html = ('<form data-offer="promote"><input type="hidden" name="seat" value="2"></form>'
            '<form data-offer="undo"></form><p data-withheld="heal" data-seat="1"></p>')
    assert controls_on(html) == ({("promote", 2), ("undo", None)}, {("heal", 1)})
    found = mismatches("seat:1", Offers(acts_for=(1,), promote=(1,), undo=True), html)
    assert [(m.offer, m.seat, m.detail) for m in found] == [
        ("promote", 1, "offered, but no control serves it"),
        ("promote", 2, "a control on the page, but not offered"),
        ("heal", 1, "a reason on the page, but nothing withheld"),
    ]
