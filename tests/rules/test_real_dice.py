"""Every roll can be a real die: the job's two-value number waits for the table's die, and a die entered in the dice
panel for a step that waits for a roll is that step's roll (001, 002 and 004 in the shared seeds)."""

import pytest

from companion.rules import offers
from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import (
    FRIEND,
    NOOKIE,
    call_people_game,
    end_turn,
    free_time_game,
    gordo_on_maria,
    to_phase,
)
from tests.helpers.job_tables import job_table


def physical_temp_turn():
    """Chez Geek: seat 1 is the Temp (Income 1/4) and the table rolls its own die for it."""
    log = job_table(jobs=("temp", "slacker", "work_drone"))
    log.act("set_job_die", None, physical=True)
    log.act("start_game")
    return log


def test_a_table_rolling_its_own_die_makes_the_temps_turn_wait_for_it():
    log = physical_temp_turn()
    turn = log.state.turn
    assert turn.awaiting == ["income"] and turn.income_left == 0 and turn.free_time_left == 2
    assert offers(log.state, 1).job_roll.values == (1, 4)
    assert offers(log.state, 1).advance is None
    with pytest.raises(RuleViolation) as refused:
        log.act("advance", 1, phase="draw", turn=1)
    assert refused.value.section == "geek.variable_income"


@pytest.mark.parametrize(("die", "income"), [(2, 1), (3, 1), (4, 4), (6, 4)])
def test_the_tables_die_gives_the_lower_income_on_1_to_3_and_the_higher_on_4_to_6(die, income):
    log = physical_temp_turn()
    state = log.act("job_roll", 1, value=die, physical=True)
    assert state.turn.awaiting == [] and state.turn.income_left == income
    assert (state.last_roll.purpose, state.last_roll.value, state.last_roll.physical) == ("income", die, True)
    assert offers(state, 1).advance is not None


def test_the_job_income_entered_in_the_dice_panel_is_the_turns_income():
    """The issue's report: "the job's Income, 2" entered in the dice panel left Income at 4."""
    log = physical_temp_turn()
    state = log.act("roll_die", 1, purpose="income", note="", value=2, physical=True)
    assert state.turn.income_left == 1 and state.turn.awaiting == []


def test_the_server_still_rolls_by_default_and_the_setting_can_change_mid_game():
    log = job_table(jobs=("temp", "slacker", "work_drone"))
    state = log.act("start_game", dice=[5, 5])
    assert state.turn.income_left == 4 and state.turn.awaiting == []
    log.act("set_job_die", None, physical=True)
    for seat in (1, 2, 3):
        to_phase(log, "discard")
        log.act("advance", seat, phase="discard", turn=log.state.turn.number)
    assert log.state.turn.seat == 1 and log.state.turn.awaiting == ["income"]


def test_tech_support_waits_for_its_free_time_die():
    log = job_table(jobs=("tech_support", "slacker", "work_drone"))
    log.act("set_job_die", None, physical=True)
    state = log.act("start_game")
    assert state.turn.awaiting == ["free_time"] and state.turn.income_left == 3
    state = log.act("job_roll", 1, value=1, physical=True)
    assert state.turn.free_time_left == 1


def test_only_the_player_on_turn_rolls_the_jobs_die():
    log = physical_temp_turn()
    with pytest.raises(RuleViolation):
        log.act("job_roll", 2, value=5, physical=True)


def test_a_physical_get_rid_roll_sends_gordo_away_and_his_new_host_must_discard():
    log = gordo_on_maria()
    log.act("feed_pest", 2, card=next(c.uid for c in log.state.tents[2] if c.name == "Tequila"))
    end_turn(log)
    to_phase(log, "roll")
    gordo = next(c.uid for c in log.state.tents[2] if c.name == "Gordo")
    state = log.act("get_rid", 2, card=gordo, to="discard", value=5, physical=True)
    assert "Gordo" not in [c.name for c in state.tents[2]]
    assert log.events[-1]["args"]["physical"] is True


def test_a_get_rid_roll_typed_into_the_dice_panel_is_sent_to_the_person_it_is_for():
    log = gordo_on_maria()
    log.act("feed_pest", 2, card=next(c.uid for c in log.state.tents[2] if c.name == "Tequila"))
    end_turn(log)
    to_phase(log, "roll")
    with pytest.raises(RuleViolation) as refused:
        log.act("roll_die", 2, purpose="get_rid", note="", value=6, physical=True)
    assert "Get rid of People" in refused.value.message and refused.value.section == "guevara.people.get_rid"


def test_a_call_and_a_variable_slack_entered_in_the_dice_panel_settle_the_card():
    log = call_people_game()
    log.act("play_card", 1, cards=[FRIEND])
    state = log.act("roll_die", 1, purpose="call", note="", value=5, physical=True)
    assert state.window is None and "Camp Cook" in [c.name for c in state.tents[1]]
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[NOOKIE])
    state = log.act("roll_die", 1, purpose="variable", note="", value=4, physical=True)
    assert state.window is None and [c.slack for c in state.tents[1] if c.name == NOOKIE["name"]] == [3]


def test_raid_and_denounce_rolls_entered_in_the_dice_panel_count():
    log = free_time_game(("sergeant", "corporal", "private"))
    window = log.act("call_raid", 1, card={"name": "Raid", "loot": 2}).window.uid
    log.act("pass_card", 2, window=window)
    log.act("pass_card", 3, window=window)
    state = log.act("roll_die", 2, purpose="raid", note="", value=5, physical=True)
    assert state.raid.rolls == {2: 5}
    log = call_people_game()
    log.act("denounce", 1, target=2)
    state = log.act("roll_die", 2, purpose="denounce", note="", value=1, physical=True)
    assert state.denunciation.stage == "move" and state.denunciation.roll["value"] == 1


def test_a_lucky_seven_raises_this_turns_income_and_is_named():
    log = call_people_game()
    to_phase(log, "freetime")
    before = log.state.turn.income_left
    state = log.act("budget_card", 1, name="Lucky 7", key="lucky_7", income=1)
    assert state.turn.income_left == before + 1
    assert log.events[-1]["args"]["name"] == "Lucky 7"
    with pytest.raises(RuleViolation):
        log.act("budget_card", 1, name="Lucky 7")


def test_undoing_the_jobs_die_makes_the_turn_wait_for_it_again():
    log = physical_temp_turn()
    log.act("job_roll", 1, value=6, physical=True)
    state = log.act("undo")
    assert state.turn.awaiting == ["income"] and state.turn.income_left == 0
