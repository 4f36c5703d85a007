"""A canceling card is judged by the kind the service found for it (002, "Winning": Requisition is not a canceling
card): a known card that cancels nothing is refused with its rule, a canceling card only cancels its kind."""

import pytest

from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import SLEEP, SOAP, game, to_phase


def window_of(log, card):
    log_state = log.act("play_card", 1, cards=[card])
    return log_state.window.uid


@pytest.mark.parametrize("known", [
    {"with": "Requisition", "with_type": None, "with_categories": [], "with_cancels": []},
    {"with": "Soap", "with_type": "thing", "with_categories": [], "with_cancels": []},
])
def test_a_known_card_that_cancels_nothing_is_refused_with_its_rule(known):
    log = game()
    to_phase(log, "freetime")
    window = window_of(log, SLEEP)
    with pytest.raises(RuleViolation) as refused:
        log.act("cancel_card", 2, window=window, **known)
    assert refused.value.message == "%(card)s is not a canceling card: it cannot cancel anything."
    assert refused.value.section == "guevara.cancel" and refused.value.params == {"card": known["with"]}
    assert log.state.window.uid == window


def test_a_canceling_card_cancels_its_own_kind_only():
    log = game()
    to_phase(log, "freetime")
    practice = {"with": "Bomb Making Practice", "with_categories": ["cancel"], "with_cancels": ["sleep"]}
    window = window_of(log, SOAP)
    with pytest.raises(RuleViolation, match="does not cancel this kind"):
        log.act("cancel_card", 2, window=window, **practice)
    log.act("pass_card", 2, window=window)
    log.act("pass_card", 3, window=window)
    log.act("adjust_free_time", 1, delta=1)
    window = window_of(log, SLEEP)
    assert log.act("cancel_card", 2, window=window, **practice).window is None
