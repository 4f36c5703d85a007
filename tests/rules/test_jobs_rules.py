"""Chez Geek and Chez Goth's turn, pure: jobs, five phases, rolled Income and Free Time, the goal on the job."""

import pytest

from companion.rules.games import JOB_PHASES, game
from companion.rules.violations import RuleViolation
from tests.helpers.job_tables import GEEK_JOBS, entry, job_table, to_phase
from tests.helpers.table_log import Log


def test_the_job_games_have_five_phases_and_no_heal():
    assert game("geek").phases == game("goth").phases == game("geekgoth").phases == JOB_PHASES
    assert "heal" not in JOB_PHASES and game("guevara").phases[-1] == "heal"


def test_an_unknown_game_is_refused():
    with pytest.raises(RuleViolation):
        Log(3, game="munchkin")


def test_ranks_are_refused_in_a_job_game_with_the_jobs_rule():
    log = job_table()
    with pytest.raises(RuleViolation) as refused:
        log.act("set_rank", 1, rank="private")
    assert refused.value.section == "geek.jobs"


def test_jobs_are_refused_in_chez_guevara():
    with pytest.raises(RuleViolation) as refused:
        Log(3).act("set_job", 1, job="slacker")
    assert refused.value.section == "guevara.overview"


def test_the_goal_comes_from_each_job():
    state = job_table().state
    assert [state.goal_of(seat) for seat in (1, 2, 3)] == [25, 22, 22]
    assert state.to_goal(1) == 25


def test_each_job_card_is_held_once():
    log = job_table()
    with pytest.raises(RuleViolation) as refused:
        log.act("set_job", 2, job="slacker")
    assert refused.value.section == "geek.jobs"


def test_dealing_gives_a_job_to_everyone_without_one_and_keeps_a_picked_job():
    log = Log(3, game="geek")
    log.act("set_job_profile", jobs=[entry(job) for job in GEEK_JOBS])
    log.act("set_job", 2, job="drummer")  # last game's winner picks first
    keys = [job["key"] for job in GEEK_JOBS]
    log.act("deal_jobs", shuffled=list(reversed(keys)))
    assert log.state.jobs == {1: "web_designer", 2: "drummer", 3: "tech_support"}


def test_dealing_refuses_cards_not_in_the_deck():
    log = Log(3, game="geek")
    log.act("set_job_profile", jobs=[entry(job) for job in GEEK_JOBS])
    with pytest.raises(RuleViolation):
        log.act("deal_jobs", shuffled=["slacker", "temp"])


@pytest.mark.parametrize("dealer", [1, 2])
def test_a_job_without_numbers_cannot_start_whoever_starts(dealer):
    log = Log(2, game="geek")
    log.act("set_job_profile", jobs=[entry({"key": "slacker", "name": "Slacker", "income": None, "free_time": [3],
                                            "goal": None}), entry(GEEK_JOBS[1])])
    log.act("set_job", 1, job="slacker")
    log.act("set_job", 2, job="temp")
    log.act("set_dealer", dealer)
    with pytest.raises(RuleViolation) as refused:
        log.act("start_game", dice=[1, 1])
    assert refused.value.section == "geek.jobs" and refused.value.params["job"] == "Slacker"


def test_a_fixed_job_starts_with_its_printed_numbers_and_no_roll():
    log = job_table()
    log.act("start_game", dice=[6, 6])
    turn = log.state.turn
    assert (turn.seat, turn.phase, turn.income_left, turn.free_time_left) == (1, "draw", 2, 3)
    assert log.state.last_roll is None


@pytest.mark.parametrize("die, income", [(1, 1), (3, 1), (4, 4), (6, 4)])
def test_a_two_value_income_is_rolled_at_the_start_of_the_turn(die, income):
    log = job_table(jobs=("temp", "slacker", "work_drone"))
    log.act("start_game", dice=[die, 6])
    assert log.state.turn.income_left == income
    roll = log.state.last_roll
    assert (roll.seat, roll.purpose, roll.value, roll.note) == (1, "income", die, "Temp")


def test_a_two_value_free_time_rolls_too_and_the_next_player_rolls_at_their_turn():
    log = job_table(jobs=("slacker", "tech_support", "work_drone"))
    log.act("start_game", dice=[2, 2])
    to_phase(log, "discard")
    log.act("advance", 1, phase="discard", turn=1, dice=[2, 5])
    turn = log.state.turn
    assert (turn.seat, turn.phase, turn.free_time_left, turn.income_left) == (2, "draw", 3, 3)
    assert (log.state.last_roll.purpose, log.state.last_roll.value) == ("free_time", 5)


def test_the_turn_passes_after_discard_without_a_heal_phase():
    log = job_table()
    log.act("start_game", dice=[1, 1])
    seen = [log.state.turn.phase]
    while log.state.turn.seat == 1:
        turn = log.state.turn
        log.act("advance", 1, phase=turn.phase, turn=turn.number, dice=[1, 1])
        seen.append(log.state.turn.phase)
    assert seen == ["draw", "roll", "call", "freetime", "discard", "draw"]


def test_reaching_the_jobs_goal_wins_at_once_even_for_a_moment():
    log = job_table(jobs=("drummer", "temp", "work_drone"))
    log.act("start_game", dice=[1, 1])
    log.act("adjust_slack", 1, delta=19)
    assert log.state.winner is None
    log.act("adjust_slack", 1, delta=1)
    assert log.state.winner == 1
    with pytest.raises(RuleViolation):
        log.act("adjust_slack", 1, delta=-1)


def test_the_hand_limit_is_six_except_for_the_work_drone():
    from companion.rules.jobs import hand_limit
    state = job_table().state
    assert [hand_limit(state, seat) for seat in (1, 2, 3)] == [6, 6, 7]


def test_a_rematch_returns_the_jobs_and_remembers_the_winner():
    log = job_table()
    log.act("start_game", dice=[1, 1])
    log.act("adjust_slack", 2, delta=22)
    log.act("rematch")
    assert log.state.jobs == {} and log.state.winner is None and log.state.last_winner == 2
    log.act("set_job", 2, job="slacker")
    assert log.state.jobs == {2: "slacker"}


def test_a_job_bonus_lands_on_the_card_as_markers_only_in_the_holders_room():
    log = job_table(jobs=("web_designer", "temp", "work_drone"))
    log.act("start_game", dice=[1, 1])
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "Surfing the Web", "type": "activity", "categories": ["web"],
                                    "slack": 1, "key": "surfing_the_web"}], target=1)
    log.act("pass_card", 2, window=log.state.window.uid)
    log.act("pass_card", 3, window=log.state.window.uid)
    card = log.state.tents[1][0]
    assert (card.slack, card.markers, card.worth) == (1, 2, 3)


def test_getting_rid_of_people_uses_the_geek_rule_sections():
    log = job_table()
    log.act("start_game", dice=[1, 1])
    with pytest.raises(RuleViolation) as refused:
        log.act("get_rid", 1, card=99, to="discard", value=6)
    assert refused.value.section == "geek.people.get_rid"
