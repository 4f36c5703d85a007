"""Corners of the rules a table found (#33 items 1-9): what is withheld and why, who is waited for, what a
guilty Private, a pending swap, the dice and the story keep."""


import pytest

from companion.rules import RuleViolation, display_offers, game_story, offers
from tests.helpers.guevara_tables import CAT, LEADER, RAID, SLEEP, SOAP, end_turn, started, to_phase

DRILL = {"name": "Drill", "type": "activity", "slack": 1}
BIG = {"name": "Siesta Deluxe", "type": "activity", "slack": 4}
INVITED = {"name": "Camp Cook", "type": "person", "invited": True, "slack": 2}


def test_a_corporal_pulling_rank_under_a_sergeant_is_told_why_there_is_no_raid_box():
    log = started(["private", "corporal", "sergeant"], "freetime")
    log.act("play_card", 1, cards=[SLEEP])
    mine = offers(log.state, 2)
    assert mine.pull_rank == (2,) and mine.pull_rank_raid == ()
    [withheld] = mine.withheld_from("pull_rank_raid")
    assert withheld.seat == 2 and withheld.section == "guevara.raid"
    assert withheld.message == "Only the highest rank at the table may call a raid."
    assert offers(log.state, 3).pull_rank_raid == (3,) and not offers(log.state, 3).withheld_from(
        "pull_rank_raid"
    )
    with pytest.raises(RuleViolation):  # the rule the note explains
        log.act(
            "pull_rank",
            2,
            window=log.state.window.uid,
            card={**RAID, "type": "activity", "categories": ["raid"]},
        )


def test_demotion_is_offered_only_on_players_who_can_be_demoted():
    log = started(["private", "corporal", "sergeant", "private"], "draw")
    assert offers(log.state, 1).demote.targets == (2, 3)
    assert display_offers(log.state).demote.targets == (2, 3)
    everyone_private = started(["private", "private"], "draw")
    assert offers(everyone_private.state, 1).demote is None


def test_after_pulling_rank_the_order_waits_for_the_others_only():
    log = started(["private", "corporal", "sergeant"], "freetime")
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    log.act("pull_rank", 3, window=window, card=DRILL)
    assert offers(log.state, 3).pass_card == () and offers(log.state, 3).cancel_card == ()
    assert 3 not in display_offers(log.state).cancel_card
    state = log.act("pass_card", 2, window=window)
    assert state.window is None and [card.name for card in state.tents[1]] == ["Drill"]


def test_an_older_log_where_the_order_giver_passed_too_still_folds():
    log = started(["private", "corporal", "sergeant"], "freetime")
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    log.act("pull_rank", 3, window=window, card=DRILL)
    log.act("pass_card", 2, window=window)
    from companion.rules import apply

    state = apply(
        log.state,
        {"type": "window_passed", "seat": 3, "args": {"window": window}, "seq": len(log.events) + 1},
    )
    assert state.window is None and [card.name for card in state.tents[1]] == ["Drill"]


def test_once_somebody_wins_no_card_waits_to_be_canceled():
    log = started(["private", "corporal", "sergeant"], "freetime")
    log.act("play_card", 1, cards=[SLEEP])
    assert log.state.window is not None
    state = log.act("adjust_slack", 2, delta=25)
    assert state.winner == 2 and state.window is None
    assert display_offers(state).cancel_card == () and display_offers(state).pass_card == ()


def test_a_guilty_private_is_not_said_to_be_demoted():
    log = started(["private", "corporal", "sergeant"], "draw", private={"penalty": 0})
    log.act("denounce", 2, target=1)
    state = log.act("denounce_roll", 1, value=1)
    assert state.denunciation.stage == "move" and state.denunciation.demoted is False
    assert state.ranks[1] == "private"
    corporal = started(["private", "corporal", "sergeant"], "draw", private={"penalty": 0})
    corporal.act("denounce", 3, target=2)
    state = corporal.act("denounce_roll", 2, value=1)
    assert state.denunciation.demoted is True and state.ranks[2] == "private"


def test_a_heal_phase_after_scrounging_says_why_no_wound_heals():
    log = started(["private", "corporal", "sergeant"], "freetime")
    log.act("adjust_wounds", 1, delta=1)
    log.act("play_card", 1, cards=[SOAP])
    to_phase(log, "heal")
    mine = offers(log.state, 1)
    assert mine.heal is None
    [withheld] = mine.withheld_from("heal")
    assert withheld.message == "Only a turn spent doing nothing but discarding heals a wound."
    assert withheld.section == "guevara.phase.heal"
    rested = started(["private", "corporal", "sergeant"], "freetime")
    rested.act("adjust_wounds", 1, delta=1)
    to_phase(rested, "heal")
    assert offers(rested.state, 1).heal == 1 and not offers(rested.state, 1).withheld


def test_a_get_rid_roll_for_the_glorious_leader_is_pointed_to_the_rule():
    log = started(["private", "corporal", "sergeant"], "call")
    log.act("play_card", 1, cards=[LEADER])
    end_turn(log)
    end_turn(log)
    end_turn(log)
    to_phase(log, "roll")
    assert log.state.turn.seat == 1
    with pytest.raises(RuleViolation) as refused:
        log.act("roll_die", 1, purpose="get_rid", note="", value=5)
    assert refused.value.section == "guevara.pests"
    state = log.act("roll_die", 1, purpose="other", note="", value=5)  # any other roll is still just logged
    assert state.last_roll.value == 5


def test_a_get_rid_roll_with_only_the_leader_and_a_cat_names_both():
    log = started(["private", "corporal", "sergeant"], "call")
    log.act("play_card", 1, cards=[LEADER])
    log.act("play_card", 1, cards=[CAT])
    end_turn(log)
    end_turn(log)
    end_turn(log)
    to_phase(log, "roll")
    with pytest.raises(RuleViolation) as refused:
        log.act("roll_die", 1, purpose="get_rid", note="", value=5)
    assert refused.value.message == "The Glorious Leader and Cats cannot be rolled away."
    assert refused.value.section == "guevara.people.get_rid"


def test_the_newest_roll_of_any_step_is_the_tables_last_roll():
    log = started(["private", "corporal", "sergeant"], "call")
    log.act("roll_die", 1, purpose="other", note="", value=2)
    log.act("play_card", 1, cards=[INVITED])
    state = log.act("roll_for_card", 1, value=5)
    assert (state.last_roll.value, state.last_roll.purpose, state.last_roll.note) == (5, "call", "Camp Cook")


def test_a_demotion_swap_the_player_picks_keeps_who_played_the_card():
    counts = {"private": 2, "corporal": 3, "sergeant": 3}
    log = started(["private", "corporal", "sergeant", "private"], "draw", counts=counts)
    log.act("demote", 3, target=2)  # no Private card is free: Ben picks whom to swap with
    assert log.state.swap.seat == 2 and log.state.swap.by == 3
    before = len(log.events)
    log.act("choose_swap", 2, **{"with": 4})
    swapped = log.events[before]
    assert swapped["type"] == "rank_changed" and swapped["seat"] == 2 and swapped["args"]["by"] == 3


def test_a_big_gain_from_a_card_let_pass_is_told_as_the_card_not_the_last_pass():
    log = started(["private", "corporal", "sergeant"], "freetime")
    window = log.act("play_card", 1, cards=[BIG]).window.uid
    log.act("pass_card", 2, window=window)
    log.act("pass_card", 3, window=window)
    [game] = game_story.games(log.events)
    [gain] = [moment for moment in game.moments if moment.kind == "gain"]
    assert gain.seat == 1 and gain.other == 1 and [card.name for card in gain.cards] == ["Siesta Deluxe"]
