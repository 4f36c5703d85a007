"""Every option a player looks for is offered or withheld with its reason: the Whenever cards each by their own
offer, a blank job card's numbers asked of its holder, a card let pass once and by its own phone (issue 57)."""

import pytest

from companion.rules import BY_DISPLAY, decide
from companion.rules.offers import display_offers, offers
from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import COUNTS, FRIEND, TEQUILA, started, values
from tests.helpers.job_tables import GEEK_JOBS, entry, job_table, to_phase
from tests.helpers.table_log import Log


def test_a_sergeant_may_play_demotion_and_denounce_and_is_told_why_not_promotion():
    log = started(["private", "corporal", "sergeant"], "freetime")
    sergeant = offers(log.state, 3)
    assert sergeant.promote == ()
    assert 3 in sergeant.demote.seats and 3 in sergeant.denounce.seats
    assert [(item.seat, item.message) for item in sergeant.withheld_from("promote")] == [
        (3, "A Sergeant cannot be promoted.")]


def test_promotion_is_withheld_with_its_reason_when_no_higher_card_is_free():
    counts = {"private": 5, "corporal": 2, "sergeant": 1}
    log = started(["private", "corporal", "sergeant"], "freetime", counts=counts)
    corporal = offers(log.state, 2)
    assert corporal.promote == () and corporal.demote is not None
    reason = corporal.withheld_from("promote")[0]
    assert reason.message == "No %(rank)s card is free: keep your Promotion card for later."
    assert reason.params == {"rank": "sergeant"}
    assert any(item.action == "promote" and item.seat == 2 for item in display_offers(log.state).withheld)


def test_no_promotion_reason_before_the_first_turn():
    log = Log(3)
    log.act("set_profile", counts=COUNTS, values=values())
    log.act("set_rank", 1, rank="sergeant")
    assert offers(log.state, 1).withheld_from("promote") == ()


def _window(log):
    return log.act("play_card", 1, cards=[TEQUILA]).window.uid


def test_a_card_is_let_pass_once():
    log = started(["private", "corporal", "sergeant"], "freetime")
    window = _window(log)
    log.act("pass_card", 2, window=window)
    with pytest.raises(RuleViolation) as refused:
        log.act("pass_card", 2, window=window)
    assert refused.value.message == "This player has already let the card pass."
    assert log.state.window.passed == [2]


def test_a_seat_that_let_the_card_pass_cannot_cancel_it_afterwards_not_even_through_the_display():
    log = started(["private", "corporal", "sergeant"], "freetime")
    window = _window(log)
    log.act("pass_card", 2, window=window)
    assert 2 not in display_offers(log.state).cancel_card and display_offers(log.state).cancel_card == (3,)
    for args in ({"window": window, "with": "Veto"}, {"window": window, "with": "Veto", BY_DISPLAY: True}):
        with pytest.raises(RuleViolation) as refused:
            decide(log.state, "cancel_card", 2, args)
        assert refused.value.message == "This player has already let the card pass."
        assert decide(log.state, "cancel_card", 3, args)  # the same cancel for a seat still deciding


def test_the_display_lets_a_card_pass_only_for_a_seat_no_phone_holds():
    log = started(["private", "corporal", "sergeant"], "freetime")
    log.act("join", 2, name="Ben")
    window = _window(log)
    assert display_offers(log.state).pass_card == (3,)
    by_display = {"window": window, BY_DISPLAY: True}  # as the service adds it to the display's taps
    with pytest.raises(RuleViolation) as refused:
        decide(log.state, "pass_card", 2, by_display)
    assert refused.value.message == "This player has a phone at the table: only that phone lets the card pass."
    assert decide(log.state, "pass_card", 2, {"window": window})
    [event] = decide(log.state, "pass_card", 3, by_display)
    assert event["args"] == {"window": window, "by_display": True}
    log.act("pass_card", 3, **by_display)
    assert log.state.window.passed_by_display == [3]


def test_a_client_cannot_claim_the_display_tapped():
    from companion.input.actions import parse_action
    action = parse_action({"type": "pass_card", "seat": 2, "args": {"window": 1, "by_display": True}})
    assert action.args == {"window": 1}


def _blank_web_designer():
    """Ana (Slacker) and Ben (Temp) play; Web Designer's numbers were never entered."""
    deck = [entry(job) for job in GEEK_JOBS if job["key"] != "web_designer"]
    deck.append(entry({"key": "web_designer", "name": "Web Designer", "income": None, "free_time": None,
                       "goal": None}))
    log = Log(2, game="geek")
    log.act("set_job_profile", jobs=deck)
    log.act("set_job", 1, job="slacker")
    log.act("set_job", 2, job="temp")
    log.act("set_dealer", 2)
    log.act("start_game", dice=[6, 6])
    return log


def test_a_new_job_with_blank_numbers_is_asked_of_its_holder_and_the_display_at_once():
    log = _blank_web_designer()
    assert offers(log.state, 1).set_job_numbers == ()
    log.act("change_job", 1, job="web_designer", why="new_job")
    assert offers(log.state, 1).set_job_numbers == (1,)
    assert offers(log.state, 2).set_job_numbers == ()
    assert display_offers(log.state).set_job_numbers == (1,)


def test_the_numbers_entered_let_the_game_go_on():
    log = _blank_web_designer()
    to_phase(log, "freetime")
    log.act("change_job", 2, job="web_designer", why="new_job")
    to_phase(log, "discard")
    with pytest.raises(RuleViolation) as refused:
        log.act("advance", 1, phase="discard", turn=1, dice=[6, 6])
    assert refused.value.params == {"job": "Web Designer"}
    assert offers(log.state, 1).withheld_from("advance")
    log.act("set_job_numbers", 2, income=[3], free_time=[2], goal=21)
    job = log.state.job(2)
    assert (job.income, job.free_time, job.goal, job.name) == ((3,), (2,), 21, "Web Designer")
    assert offers(log.state, 2).set_job_numbers == ()
    log.act("advance", 1, phase="discard", turn=1, dice=[6, 6])
    assert log.state.turn.seat == 2


def test_job_numbers_are_entered_only_for_ones_own_blank_job_and_all_at_once():
    log = _blank_web_designer()
    with pytest.raises(RuleViolation) as refused:
        log.act("set_job_numbers", 1, income=[1], free_time=[1], goal=20)
    assert refused.value.message == "The numbers of %(job)s are already entered."
    log.act("change_job", 1, job="web_designer", why="new_job")
    with pytest.raises(RuleViolation):
        log.act("set_job_numbers", 1, income=[3], free_time=None, goal=21)
    assert not log.state.job(1).complete


def test_a_deal_that_brings_out_a_blank_job_asks_for_it_before_the_start():
    log = job_table()
    assert offers(log.state, 1).set_job_numbers == ()
    log = Log(2, game="geek")
    log.act("set_job_profile", jobs=[entry({"key": "slacker", "name": "Slacker", "income": [2], "free_time": None,
                                            "goal": 25}), entry(GEEK_JOBS[1])])
    log.act("deal_jobs", shuffled=["slacker", "temp"])
    assert offers(log.state, 1).set_job_numbers == (1,)
    log.act("set_job_numbers", 1, income=None, free_time=[3], goal=None)
    assert log.state.job(1).complete and log.state.job(1).income == (2,)


def test_the_turn_is_not_offered_to_end_in_one_step_while_the_next_job_has_no_numbers():
    log = _blank_web_designer()
    to_phase(log, "freetime")
    assert offers(log.state, 1).skip.to == "end"
    log.act("change_job", 2, job="web_designer", why="new_job")
    assert offers(log.state, 1).skip is None  # found by the generated games (Chez Geek, seed 1018)


def test_a_budget_card_waits_for_the_called_persons_roll_as_any_card_does():
    log = started(["private", "corporal", "sergeant"], "call")
    log.act("play_card", 1, cards=[FRIEND])
    assert offers(log.state, 1).play_card is None
    with pytest.raises(RuleViolation) as refused:  # found by the generated games (Chez Guevara, seed 2220)
        log.act("budget_card", 1, name="Lucky 7", income=1)
    assert refused.value.message == "Roll for %(card)s first."
