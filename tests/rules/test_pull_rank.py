"""Pulling rank on another player's Free Time, and countermanding it (part of #4)."""

import pytest

from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import COUNTS, SLEEP, SOAP, to_phase, values
from tests.helpers.guevara_tables import free_time_game as game
from tests.helpers.table_log import Log

DIG_HOLES = {"name": "Dig Holes", "key": "dig_holes", "type": "activity", "slack": 0}
DRILL = {"name": "Drill", "type": "activity", "slack": 1}


def test_the_puller_gains_one_slack_first_and_the_target_does_the_given_activity():
    log = game(["private", "corporal", "sergeant"])
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    state = log.act("pull_rank", 2, window=window, card=DRILL)
    assert state.seats[2].slack == 1
    assert [c.name for c in state.window.cards] == ["Drill"] and state.window.pulled_by == 2
    state = log.act("advance", 1, phase="freetime", turn=1)
    assert [c.name for c in state.tents[1]] == ["Drill"]
    assert state.turn.free_time_left == 1  # the Free Time went to the given Activity


def test_the_puller_wins_a_tie_to_the_goal():
    log = game(["private", "corporal"])
    log.act("adjust_slack", 1, delta=17)  # 17 + Private 1 = 18
    log.act("adjust_slack", 2, delta=17)  # 17 + Corporal 2 = 19
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    state = log.act("pull_rank", 2, window=window, card={**DRILL, "slack": 2})
    assert state.winner == 2  # 20 at once, before the Private's Drill lands


def test_scrounged_things_go_back_and_the_income_is_kept():
    log = game(["private", "sergeant"])
    window = log.act("play_card", 1, cards=[SOAP]).window.uid
    state = log.act("pull_rank", 2, window=window, card=DIG_HOLES)
    assert state.turn.income_left == 2
    state = log.act("advance", 1, phase="freetime", turn=1)
    assert state.tents[1] == []  # a 0-Slack Activity is discarded


def test_only_a_rank_above_the_first_puller_countermands():
    log = game(["private", "corporal", "corporal", "sergeant"])
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    log.act("pull_rank", 2, window=window, card=DRILL)
    with pytest.raises(RuleViolation) as refused:
        log.act("pull_rank", 3, window=window, card=DIG_HOLES)
    assert refused.value.section == "guevara.pull_rank.countermand"
    state = log.act("pull_rank", 4, window=window, card=DIG_HOLES)
    assert state.window.pulled_by == 4 and [c.name for c in state.window.cards] == ["Dig Holes"]


def test_no_pulling_rank_on_an_equal_or_on_calling_people():
    log = game(["corporal", "corporal", "sergeant"])
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    with pytest.raises(RuleViolation):
        log.act("pull_rank", 2, window=window, card=DRILL)
    caller = Log(2)
    caller.act("set_profile", counts=COUNTS, values=values())
    caller.act("set_rank", 1, rank="private")
    caller.act("set_rank", 2, rank="sergeant")
    caller.act("set_dealer", 2)
    caller.act("start_game")
    to_phase(caller, "call")
    window = caller.act("play_card", 1, cards=[{"name": "Cook", "type": "person", "slack": 2}]).window.uid
    with pytest.raises(RuleViolation) as refused:
        caller.act("pull_rank", 2, window=window, card=DRILL)
    assert "not Free Time" in refused.value.message
