"""One scrounging trip (002, "Scrounging": however many Things, one expedition): Things played one by one while the
trip is still being played join it, for their cost and no more Free Time; the trip is canceled whole."""

import pytest

from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import SLEEP, SOAP, end_turn, game, to_phase

ART_OF_WAR = {"name": "The Art of War", "type": "thing", "cost": 3, "slack": 3}
RUM = {"name": "Rum", "type": "thing", "slack": 1, "cost": 0}


def the_corporals_free_time():
    """Seat 2, the Corporal (Income 3, Free Time 2), in Free Time."""
    log = game()
    end_turn(log)
    to_phase(log, "freetime")
    return log


def test_things_played_one_by_one_while_the_trip_is_open_are_one_trip():
    log = the_corporals_free_time()
    first = log.act("play_card", 2, cards=[SOAP]).window.uid
    state = log.act("play_card", 2, cards=[RUM])
    assert [card.name for card in state.window.cards] == ["Soap", "Rum"]
    assert state.window.uid != first  # a new card is being played: the others may cancel the trip again
    assert (state.turn.income_left, state.turn.free_time_left) == (2, 1)  # Soap's cost, one Free Time
    with pytest.raises(RuleViolation):
        log.act("pass_card", 1, window=first)  # an answer to the trip before Rum came is too late
    state = log.act("play_card", 2, cards=[SLEEP])  # the next Free Time: the trip is in the tent
    assert [card.name for card in state.tents[2]] == ["Soap", "Rum"]
    assert state.turn.free_time_left == 0


def test_a_thing_joining_the_trip_is_still_charged_its_cost():
    log = the_corporals_free_time()
    log.act("play_card", 2, cards=[SOAP])
    with pytest.raises(RuleViolation) as refused:
        log.act("play_card", 2, cards=[ART_OF_WAR])  # 1 + 3 is more than the Corporal's Income 3
    assert "Income" in str(refused.value)
    state = log.act("play_card", 2, cards=[RUM])
    assert state.turn.income_left == 2


def test_canceling_the_trip_sends_every_thing_on_it_back_and_gives_the_income_back():
    log = the_corporals_free_time()
    log.act("play_card", 2, cards=[SOAP])
    window = log.act("play_card", 2, cards=[RUM]).window.uid
    state = log.act("cancel_card", 3, window=window, **{"with": "Rainstorm"})
    assert state.tents[2] == [] and state.window is None
    assert (state.turn.income_left, state.turn.free_time_left) == (3, 1)


def test_a_thing_after_the_trip_was_settled_is_a_new_trip():
    log = the_corporals_free_time()
    log.act("play_card", 2, cards=[SOAP])
    log.act("play_card", 2, cards=[SLEEP])  # the trip is settled by the next card
    with pytest.raises(RuleViolation) as refused:
        log.act("play_card", 2, cards=[RUM])
    assert "Free Time" in str(refused.value)
