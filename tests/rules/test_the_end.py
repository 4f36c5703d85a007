"""Once somebody has won, the game is over: only undo, redo, the rematch and phones taking their seats go on."""

import pytest

from companion.rules import ACTION_TYPES, RuleViolation, display_offers, engine
from tests.helpers.guevara_tables import game, to_phase


def won():
    log = game()
    log.act("adjust_slack", 1, delta=18)  # 18 markers + Private's 1 = 19
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "New Beret", "type": "thing", "slack": 1}])
    log.act("advance", 1, phase="freetime", turn=1)
    assert log.state.winner == 1
    return log


@pytest.mark.parametrize("kind", sorted(set(ACTION_TYPES) - engine.AFTER_A_WIN))
def test_every_move_after_the_win_is_refused_and_changes_nothing(kind):
    log = won()
    beret = log.state.tents[1][0].uid
    args = {"card": beret, "to": 2, "delta": 1, "value": 4}
    with pytest.raises(RuleViolation) as refused:
        log.act(kind, 1, **args)
    assert refused.value.message.startswith("The game is over") and refused.value.section == "guevara.win"
    assert log.state.tents[1][0].uid == beret and log.state.total(1) == 20


def test_after_the_win_the_table_may_undo_it_or_play_again():
    log = won()
    assert log.act("undo").winner is None
    assert log.act("redo").winner == 1
    assert log.act("rematch").winner is None


def test_after_the_win_the_display_offers_only_what_it_would_accept():
    state = won().state
    offered = display_offers(state).as_json()
    assert set(offered) <= {"acts_for", "undo", "redo", "rematch", "free_seat"} and offered["rematch"]
