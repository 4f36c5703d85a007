"""Promotion and demotion (the first part of the rank rules): free cards, swaps, and numbers that follow at once."""

import pytest

from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import COUNTS, values
from tests.helpers.table_log import Log


def table(ranks, counts=COUNTS):
    log = Log(len(ranks))
    log.act("set_profile", counts=counts, values=values())
    for seat, rank in enumerate(ranks, start=1):
        log.act("set_rank", seat, rank=rank)
    log.act("set_dealer", len(ranks))
    log.act("start_game")  # Promotion and Demotion cards are played in the game, not while it is set up
    return log


def test_a_promotion_takes_a_free_card_one_rank_higher():
    state = table(["private", "corporal", "sergeant"]).act("promote", 1)
    assert state.ranks[1] == "corporal"
    assert state.free_ranks() == {"private": 4, "corporal": 0, "sergeant": 1}


def test_with_no_free_card_nothing_happens_and_the_card_stays_in_hand():
    log = table(["private", "corporal", "corporal"])
    with pytest.raises(RuleViolation) as refused:
        log.act("promote", 1)
    assert refused.value.section == "guevara.promotion" and "keep your Promotion card" in refused.value.message
    assert log.state.ranks[1] == "private"


def test_a_promotion_to_the_goal_wins_at_once():
    log = table(["corporal", "private"])
    state = log.act("adjust_slack", 1, delta=17)
    assert state.total(1) == 19 and state.winner is None
    assert log.act("promote", 1).winner == 1  # the Sergeant's 3 Slack: 20


def test_a_demotion_takes_a_free_lower_card():
    state = table(["sergeant", "private"]).act("demote", 1)
    assert state.ranks[1] == "corporal"


def test_with_no_free_lower_card_the_demoted_player_picks_a_player_of_that_rank_to_swap_with():
    counts = {"private": 2, "corporal": 4, "sergeant": 2}
    log = table(["corporal", "private", "private"], counts)
    state = log.act("demote", 2, target=1)
    assert state.swap.seat == 1 and state.ranks[1] == "corporal"  # waiting for the demoted player's pick
    with pytest.raises(RuleViolation) as refused:
        log.act("promote", 2)  # promotions and demotions apply in the order played
    assert refused.value.section == "guevara.rank_timing"
    with pytest.raises(RuleViolation):
        log.act("choose_swap", 2, **{"with": 3})  # only the demoted player picks
    state = log.act("choose_swap", 1, **{"with": 3})
    assert (state.ranks[1], state.ranks[3]) == ("private", "corporal") and state.swap is None


def test_with_only_one_player_of_the_lower_rank_the_swap_needs_no_pick():
    counts = {"private": 1, "corporal": 5, "sergeant": 2}
    state = table(["corporal", "private"], counts).act("demote", 2, target=1)
    assert state.ranks == {1: "private", 2: "corporal"} and state.swap is None


def test_a_swap_moves_the_numbers_of_both_players_at_once():
    counts = {"private": 1, "corporal": 5, "sergeant": 2}
    log = table(["private", "corporal"], counts)  # seat 1, a Private, starts: Income 2
    state = log.act("demote", 1, target=2)  # the Corporal swaps with seat 1, who is on turn
    assert state.ranks == {1: "corporal", 2: "private"} and state.turn.income_left == 3
    assert (state.total(1), state.total(2)) == (2, 1)


def test_income_and_free_time_follow_the_new_rank_at_once_for_the_player_on_turn():
    log = table(["private", "corporal", "sergeant"])  # seat 1, a Private, starts: Income 2, Free Time 2
    for phase in ("draw", "roll", "call"):
        log.act("advance", 1, phase=phase, turn=1)
    log.act("adjust_income", 1, delta=1)
    state = log.act("promote", 1)  # Corporal: Income 3, Free Time 2
    assert (state.turn.income_left, state.turn.free_time_left) == (4, 2)
    assert state.total(1) == 2


def test_the_edges_of_the_ranks():
    with pytest.raises(RuleViolation):
        table(["sergeant", "private"]).act("promote", 1)
    with pytest.raises(RuleViolation):
        table(["private", "private"]).act("demote", 1)


def test_a_demotion_card_is_played_on_another_player():
    state = table(["private", "sergeant"]).act("demote", 1, target=2)
    assert state.ranks == {1: "private", 2: "corporal"}


def test_one_undo_takes_back_both_halves_of_a_swap():
    counts = {"private": 1, "corporal": 5, "sergeant": 2}
    log = table(["corporal", "private"], counts)
    log.act("demote", 2, target=1)
    state = log.act("undo")
    assert state.ranks == {1: "corporal", 2: "private"}
    assert log.act("redo").ranks == {1: "private", 2: "corporal"}


@pytest.mark.parametrize("kind", ["promote", "demote", "denounce"])
def test_no_rank_card_is_played_while_the_table_is_still_being_set_up(kind):
    log = Log(3)
    log.act("set_profile", counts=COUNTS, values=values())
    log.act("set_rank", 1, rank="corporal")
    log.act("set_rank", 2, rank="sergeant")  # seat 3 has no rank yet: nothing is dealt, nobody has a hand
    before = log.state
    with pytest.raises(RuleViolation) as refused:
        log.act(kind, 3, target=2)
    assert refused.value.message == "The game has not started yet." and log.state == before
