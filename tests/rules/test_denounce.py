"""Denounce!: the roll with modifiers and penalty, demotion, the denouncer's move, and sweet revenge (part of #4)."""

import pytest

from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import COUNTS, PEDRO, to_phase, values
from tests.helpers.guevara_tables import call_people_game as game
from tests.helpers.table_log import Log

MAO = {"name": "Sayings of Chairman Mao", "key": "sayings_of_chairman_mao", "type": "thing", "slack": 1, "cost": 0,
       "denounce_modifier": 1}
TOADY = {"name": "The Toady", "key": "the_toady", "type": "person", "slack": 0, "invited": False}
LEADER = {"name": "Glorious Leader", "key": "glorious_leader", "type": "person", "slack": 0, "invited": False}


def test_a_roll_of_three_or_more_after_modifiers_and_penalty_is_innocent():
    log = game()
    log.act("denounce", 1, target=3)
    state = log.act("denounce_roll", 3, value=5)  # 5 - Sergeant's penalty 2 = 3
    assert state.ranks[3] == "sergeant" and state.denunciation.stage == "revenge"


def test_two_or_less_is_demoted_and_the_denouncer_may_move_a_person():
    log = game()
    log.act("play_card", 1, cards=[PEDRO], target=3)
    log.act("denounce", 1, target=3)
    state = log.act("denounce_roll", 3, value=4)  # 4 - 2 = 2
    assert state.ranks[3] == "corporal" and state.denunciation.stage == "move"
    pedro = state.tents[3][0].uid
    with pytest.raises(RuleViolation):
        log.act("denounce_move", 2, card=pedro, to=2)  # only the denouncer moves
    state = log.act("denounce_move", 1, card=pedro, to=2)
    assert [c.name for c in state.tents[2]] == ["Pedro"] and state.denunciation is None


def test_things_modifiers_and_other_printed_bonuses_count_toward_the_roll():
    log = game()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[MAO])
    log.act("advance", 1, phase="freetime", turn=1)  # the scrounged Mao lands in seat 1's tent
    log.act("denounce", 2, target=1)
    state = log.act("denounce_roll", 1, value=1, extra=1)  # 1 + Mao 1 + 1 - Private 0 = 3
    assert state.denunciation.stage == "revenge"
    assert log.events[-1]["args"]["modifier"] == 1 and log.events[-1]["args"]["total"] == 3


def test_the_glorious_leader_can_be_moved_into_the_denounced_players_tent():
    log = game()
    log.act("play_card", 1, cards=[LEADER], target=2)
    log.act("denounce", 1, target=3)
    log.act("denounce_roll", 3, value=1)
    leader = next(c.uid for c in log.state.tents[2] if c.key == "glorious_leader")
    with pytest.raises(RuleViolation):
        log.act("denounce_move", 1, card=leader, to=1)  # only into the denounced player's tent
    state = log.act("denounce_move", 1, card=leader, to=3)
    assert [c.key for c in state.tents[3]] == ["glorious_leader"]


def test_the_glorious_leader_is_never_moved_out_of_the_denounced_tent():
    log = game()
    log.act("play_card", 1, cards=[LEADER], target=3)
    log.act("denounce", 1, target=3)
    log.act("denounce_roll", 3, value=1)
    with pytest.raises(RuleViolation):
        log.act("denounce_move", 1, card=log.state.tents[3][0].uid, to=2)


def test_sweet_revenge_with_a_denounce_card_always_succeeds():
    log = game()
    log.act("denounce", 2, target=1)
    log.act("denounce_roll", 1, value=3)  # innocent
    state = log.act("revenge", 1, **{"with": "card"})
    assert state.ranks[2] == "private" and state.denunciation.by == 1 and state.denunciation.stage == "move"


def test_sweet_revenge_by_the_toady_needs_the_toady_in_the_tent():
    log = game()
    log.act("denounce", 2, target=1)
    log.act("denounce_roll", 1, value=6)
    with pytest.raises(RuleViolation) as refused:
        log.act("revenge", 1, **{"with": "toady"})
    assert refused.value.section == "guevara.denounce.revenge"
    log = game()
    log.act("play_card", 1, cards=[TOADY])
    log.act("denounce", 2, target=1)
    log.act("denounce_roll", 1, value=6)
    assert log.act("revenge", 1, **{"with": "toady"}).ranks[2] == "private"


def test_no_revenge_after_a_guilty_roll_and_none_for_the_denouncer():
    log = game()
    log.act("denounce", 1, target=2)
    log.act("denounce_roll", 2, value=1)
    with pytest.raises(RuleViolation):
        log.act("revenge", 2, **{"with": "card"})
    assert log.act("denounce_done", 1).denunciation is None


def test_a_private_is_denounced_with_no_penalty_entered_because_the_card_prints_none():
    """#17 item 1: the Private card has no denounce penalty (002_22fc518f8780fc11.txt); a blank counts as 0."""
    log = Log(2)
    log.act("set_profile", counts=COUNTS, values=values())
    log.act("set_rank", 1, rank="private")
    log.act("set_rank", 2, rank="private")
    log.act("set_dealer", 2)
    log.act("start_game")
    assert log.state.profile.values["private"].penalty is None
    log.act("denounce", 2, target=1)
    state = log.act("denounce_roll", 1, value=2)
    assert log.events[-1]["args"]["penalty"] == 0 and log.events[-1]["args"]["total"] == 2
    assert state.denunciation.stage == "move"  # 2 is guilty: the Denounce! card resolves


def test_only_the_target_rolls_and_nobody_denounces_themselves():
    log = game()
    with pytest.raises(RuleViolation):
        log.act("denounce", 1, target=1)
    log.act("denounce", 1, target=2)
    with pytest.raises(RuleViolation):
        log.act("denounce_roll", 1, value=2)
    with pytest.raises(RuleViolation):
        log.act("denounce", 3, target=1)  # one denouncement at a time


def test_one_undo_takes_back_a_guilty_roll_with_its_demotion():
    log = game()
    log.act("denounce", 1, target=3)
    log.act("denounce_roll", 3, value=1)
    state = log.act("undo")
    assert state.ranks[3] == "sergeant" and state.denunciation.stage == "roll"


def test_only_the_player_the_denouncement_waits_for_may_end_it():
    """Found by the generated games: the denouncer could end it while the target still had revenge to choose."""
    log = game()
    log.act("denounce", 1, target=2)
    log.act("denounce_roll", 2, value=6)  # innocent: Ben may take revenge
    with pytest.raises(RuleViolation):
        log.act("denounce_done", 1)
    assert log.act("denounce_done", 2).denunciation is None
