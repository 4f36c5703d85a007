"""Generated: a card named by its full name, a short name or a typo, in every card-taking action, at moments of
generated games, is decided by the rules as the card the picker resolves the name to (tests/helpers/named_cards.py).
The long run is `python -m tests.fuzz_rules --minutes N`; a failure names the game, the seed and the shrunk
steps."""

import pytest

from tests.helpers.named_cards import CARD_ACTIONS, VARIANTS, NamingFigures, half, run_naming

# Held-out seeds (odd): the matching's thresholds were never tuned on them.
RUNS = [("guevara", (2, 5), 21), ("geek", (2, 5), 23), ("goth", (2, 5), 25), ("geekgoth", (2, 5), 27)]


@pytest.mark.parametrize(("game", "seats", "seed"), RUNS, ids=[game for game, *_ in RUNS])
def test_a_card_named_in_any_way_is_decided_as_the_card_the_picker_resolves_it_to(game, seats, seed):
    assert half(seed) == "held-out"
    figures = run_naming(game, seed, examples=3, steps=40, figures=NamingFigures(), seats=seats)
    assert figures.games >= 3 and set(figures.sent) == set(VARIANTS)
    assert figures.own_card["full"] == figures.sent["full"]  # a name in full is always its own card
    assert set(figures.compared) == set(CARD_ACTIONS), figures.compared
