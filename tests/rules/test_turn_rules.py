"""Chez Guevara's turn, pure: the rank profile, dealing, phases, Income and Free Time, healing."""

import random

import pytest

from companion.rules.games import RANK_PHASES as PHASES
from companion.rules.guevara import default_profile_values
from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import COUNTS, values
from tests.helpers.table_log import Log


def ready(seats=3, dealer=1, ranks=("private", "corporal", "sergeant")):
    """A table with a profile, ranks set by hand and a dealer, not yet started."""
    log = Log(seats)
    log.act("set_profile", counts=COUNTS, values=values())
    for seat, rank in zip(range(1, seats + 1), ranks):
        log.act("set_rank", seat, rank=rank)
    log.act("set_dealer", dealer)
    return log


def test_only_the_rulebook_numbers_are_prefilled():
    prefill = default_profile_values()
    assert prefill["corporal"]["income"] == 3 and prefill["corporal"]["free_time"] == 2
    known = [(rank, field) for rank, fields in prefill.items() for field, value in fields.items()
             if value not in (None, "")]
    assert sorted(known) == [("corporal", "free_time"), ("corporal", "income")]


def test_the_profile_must_count_eight_rank_cards():
    with pytest.raises(RuleViolation) as refused:
        Log().act("set_profile", counts={"private": 4, "corporal": 2, "sergeant": 1}, values=values())
    assert refused.value.section == "guevara.ranks"


def test_rank_slack_counts_toward_the_total():
    log = ready()
    log.act("adjust_slack", 3, delta=5)
    assert log.state.total(3) == 8
    assert log.state.to_goal(3) == 12


def test_remaining_rank_cards_are_the_open_promotions():
    assert ready().state.free_ranks() == {"private": 3, "corporal": 1, "sergeant": 1}


def test_a_rank_with_no_free_card_cannot_be_given():
    log = ready(seats=4, ranks=("sergeant", "sergeant", "private", "private"))
    with pytest.raises(RuleViolation):
        log.act("set_rank", 3, rank="sergeant")


def test_dealing_gives_each_player_one_card_of_the_shuffled_deck():
    log = Log(4)
    log.act("set_profile", counts=COUNTS, values=values())
    deck = ["private"] * 4 + ["corporal"] * 2 + ["sergeant"] * 2
    random.Random(7).shuffle(deck)
    state = log.act("deal_ranks", shuffled=deck)
    assert [state.ranks[s] for s in state.order] == deck[:4]
    assert sum(state.free_ranks().values()) == 4


def test_two_players_are_both_privates():
    log = Log(2)
    log.act("set_profile", counts=COUNTS, values=values())
    state = log.act("deal_ranks", shuffled=["sergeant", "sergeant", "corporal", "corporal"] + ["private"] * 4)
    assert state.ranks == {1: "private", 2: "private"}


def test_a_deal_that_is_not_the_deck_is_refused():
    log = Log(3)
    log.act("set_profile", counts=COUNTS, values=values())
    with pytest.raises(RuleViolation):
        log.act("deal_ranks", shuffled=["sergeant"] * 8)


def test_the_player_left_of_the_dealer_starts_with_the_ranks_income_and_free_time():
    state = ready(dealer=1).act("start_game")
    assert (state.turn.seat, state.turn.number, state.turn.phase) == (2, 1, "draw")
    assert (state.turn.income_left, state.turn.free_time_left) == (3, 2)


def test_the_game_needs_ranks_a_dealer_and_known_values():
    log = Log(3)
    log.act("set_profile", counts=COUNTS, values=values(corporal={"income": None}))
    with pytest.raises(RuleViolation):
        log.act("start_game")
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant")):
        log.act("set_rank", seat, rank=rank)
    with pytest.raises(RuleViolation) as no_dealer:
        log.act("start_game")
    assert "dealer" in no_dealer.value.message
    log.act("set_dealer", 1)
    with pytest.raises(RuleViolation) as unknown:
        log.act("start_game")
    assert unknown.value.section == "guevara.income"


def test_phases_run_in_order_and_the_turn_passes_left():
    log = ready(dealer=1)
    log.act("start_game")
    seen = []
    for phase in PHASES:
        seen.append(log.state.turn.phase)
        log.act("advance", 2, phase=phase, turn=1)
    assert seen == list(PHASES)
    assert (log.state.turn.seat, log.state.turn.number, log.state.turn.phase) == (3, 2, "draw")
    assert (log.state.turn.income_left, log.state.turn.free_time_left) == (4, 1)


def test_two_quick_taps_never_advance_twice():
    log = ready()
    log.act("start_game")
    log.act("advance", 2, phase="draw", turn=1)
    with pytest.raises(RuleViolation) as refused:
        log.act("advance", 2, phase="draw", turn=1)
    assert refused.value.section == "guevara.turn"
    assert log.state.turn.phase == "roll"


def test_only_the_active_player_advances():
    log = ready()
    log.act("start_game")
    with pytest.raises(RuleViolation):
        log.act("advance", 3, phase="draw", turn=1)


def test_lucky_seven_raises_this_turns_income_and_it_is_gone_next_turn():
    """The rulebook's Corporal: Income 3, Free Time 2; Lucky 7 makes 4; Soap (1) and The Art of War (3)."""
    log = ready()
    log.act("start_game")
    for phase in ("draw", "roll", "call"):
        log.act("advance", 2, phase=phase, turn=1)
    log.act("adjust_income", 2, delta=1)  # Lucky 7 changes this turn's Income in Free Time
    state = log.act("use_free_time", 2, kind="scrounge", cost=4)
    assert (state.turn.income_left, state.turn.free_time_left) == (0, 1)
    for phase in ("freetime", "discard", "heal"):
        log.act("advance", 2, phase=phase, turn=1)
    for seat in (3, 1):
        for phase in PHASES:
            log.act("advance", seat, phase=phase, turn=log.state.turn.number)
    assert (log.state.turn.seat, log.state.turn.income_left) == (2, 3)


def test_free_time_and_income_cannot_be_overspent():
    log = ready()
    log.act("start_game")
    with pytest.raises(RuleViolation):
        log.act("use_free_time", 2, kind="activity", cost=0)  # not the Free Time phase yet
    for phase in ("draw", "roll", "call"):
        log.act("advance", 2, phase=phase, turn=1)
    with pytest.raises(RuleViolation):
        log.act("use_free_time", 2, kind="scrounge", cost=4)
    log.act("use_free_time", 2, kind="activity", cost=0)
    log.act("use_free_time", 2, kind="scrounge", cost=3)
    with pytest.raises(RuleViolation):
        log.act("use_free_time", 2, kind="activity", cost=0)


def test_heal_only_after_a_turn_of_nothing_but_discarding():
    log = ready()
    log.act("adjust_wounds", 2, delta=2)
    log.act("start_game")
    for phase in PHASES[:-1]:
        log.act("advance", 2, phase=phase, turn=1)
    assert log.act("heal", 2).seats[2].wounds == 1
    busy = ready()
    busy.act("adjust_wounds", 2, delta=1)
    busy.act("start_game")
    for phase in ("draw", "roll", "call"):
        busy.act("advance", 2, phase=phase, turn=1)
    busy.act("use_free_time", 2, kind="activity", cost=0)
    for phase in ("freetime", "discard"):
        busy.act("advance", 2, phase=phase, turn=1)
    with pytest.raises(RuleViolation) as refused:
        busy.act("heal", 2)
    assert refused.value.section == "guevara.phase.heal"


def test_a_call_roll_in_the_call_phase_counts_as_calling_people():
    log = ready()
    log.act("adjust_wounds", 2, delta=1)
    log.act("start_game")
    for phase in ("draw", "roll"):
        log.act("advance", 2, phase=phase, turn=1)
    log.act("roll_die", 2, purpose="call", value=4)
    assert log.state.turn.acted


def test_undo_takes_back_a_phase_step():
    log = ready()
    log.act("start_game")
    log.act("advance", 2, phase="draw", turn=1)
    assert log.act("undo").turn.phase == "draw"
