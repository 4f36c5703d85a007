"""The table's state as a fold of its log: tallies, dice, undo/redo and the momentary win."""

import pytest

from companion.rules import engine as core
from companion.rules.violations import RuleViolation
from tests.helpers.table_log import Log


def test_new_table_has_empty_seats_in_order_and_the_goal_by_player_count():
    assert Log(4).state.goal == 20
    state = Log(5).state
    assert state.goal == 18
    assert state.order == [1, 2, 3, 4, 5]
    assert all(seat.slack == 0 and not seat.claimed for seat in state.seats.values())


def test_total_is_slack_less_wounds_and_distance_to_goal_follows():
    log = Log()
    log.act("adjust_slack", 2, delta=7)
    state = log.act("adjust_wounds", 2, delta=2)
    assert state.total(2) == 5
    assert state.to_goal(2) == 15


def test_slack_and_wounds_cannot_go_negative():
    log = Log()
    with pytest.raises(RuleViolation) as refused:
        log.act("adjust_slack", 1, delta=-1)
    assert refused.value.section == "guevara.goal"
    with pytest.raises(RuleViolation):
        log.act("adjust_wounds", 1, delta=-1)
    assert len(log.events) == 1


def test_undo_reverts_the_latest_change_and_redo_restores_it():
    log = Log()
    log.act("adjust_slack", 1, delta=3)
    log.act("adjust_slack", 2, delta=2)
    state = log.act("undo")
    assert (state.seats[1].slack, state.seats[2].slack) == (3, 0)
    state = log.act("undo")
    assert state.seats[1].slack == 0
    state = log.act("redo")
    assert state.seats[1].slack == 3
    assert state.seats[2].slack == 0
    state = log.act("redo")
    assert state.seats[2].slack == 2
    with pytest.raises(RuleViolation):
        log.act("redo")


def test_a_new_change_after_undo_drops_the_redo():
    log = Log()
    log.act("adjust_slack", 1, delta=3)
    log.act("undo")
    log.act("adjust_slack", 1, delta=1)
    with pytest.raises(RuleViolation):
        log.act("redo")
    assert log.state.seats[1].slack == 1


def test_undo_skips_joins_so_a_phone_keeps_its_seat():
    log = Log()
    log.act("adjust_slack", 1, delta=4)
    log.act("join", 2, name="Ben")
    state = log.act("undo")
    assert state.seats[2].claimed and state.seats[2].name == "Ben"
    assert state.seats[1].slack == 0


def test_the_fold_of_the_log_equals_the_live_state():
    log = Log()
    log.act("join", 1, name="Ana")
    log.act("adjust_slack", 1, delta=5)
    log.act("adjust_wounds", 1, delta=1)
    log.act("undo")
    log.act("roll_die", 1, purpose="call", value=4)
    log.act("undo")
    log.act("redo")
    log.act("set_order", order=[2, 1, 4, 3])
    log.act("set_dealer", 4)
    assert core.fold(log.events) == log.state
    assert log.state.first_player == 3
    assert log.state.last_roll.value == 4


def test_reaching_the_goal_wins_at_once_and_ends_the_game():
    log = Log()
    log.act("adjust_wounds", 3, delta=1)
    log.act("adjust_slack", 3, delta=20)
    assert log.state.winner is None
    state = log.act("adjust_slack", 3, delta=1)
    assert state.winner == 3
    with pytest.raises(RuleViolation) as refused:
        log.act("adjust_slack", 1, delta=1)
    assert refused.value.section == "guevara.win"


def test_the_win_stands_even_if_the_slack_is_lost_a_moment_later():
    events = [
        {"seq": 1, "type": "table_created", "seat": None, "args": {"game": "guevara", "seats": 3, "language": "en"}},
        {"seq": 2, "type": "slack_adjusted", "seat": 2, "args": {"delta": 20}},
        {"seq": 3, "type": "slack_adjusted", "seat": 2, "args": {"delta": -2}},
    ]
    state = core.fold(events)
    assert state.total(2) == 18
    assert state.winner == 2


def test_undoing_the_winning_change_reopens_the_game():
    log = Log(5)
    log.act("adjust_slack", 3, delta=18)
    state = log.act("undo")
    assert state.winner is None
    assert log.act("adjust_slack", 1, delta=1).seats[1].slack == 1


def test_a_taken_seat_cannot_be_joined_until_freed():
    log = Log()
    log.act("join", 2, name="Ben")
    with pytest.raises(RuleViolation):
        log.act("join", 2, name="Eve")
    log.act("free_seat", 2)
    assert log.act("join", 2, name="Eve").seats[2].name == "Eve"


def test_seat_order_must_name_every_seat_once():
    log = Log(3)
    with pytest.raises(RuleViolation):
        log.act("set_order", order=[1, 1, 2])
    assert log.act("set_order", order=[3, 1, 2]).order == [3, 1, 2]


def test_first_player_sits_left_of_the_dealer_and_wraps_round():
    log = Log(3)
    log.act("set_order", order=[3, 1, 2])
    assert log.act("set_dealer", 2).first_player == 3


@pytest.mark.parametrize("value", [0, 7])
def test_a_die_shows_one_to_six(value):
    with pytest.raises(RuleViolation):
        Log().act("roll_die", 1, purpose="other", value=value)
