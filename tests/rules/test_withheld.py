"""Every option the offers withhold from a player who might look for it says why, where the option would be."""

from companion.rules import offers
from tests.helpers.guevara_tables import FRIEND, SLEEP, call_people_game, free_time_game, started

DRILL = {"name": "Drill", "type": "activity", "slack": 1}


def reason(state, seat, action):
    withheld = offers(state, seat).withheld_from(action)
    return [(item.message, item.section) for item in withheld]


def test_a_corporal_is_told_why_she_cannot_countermand_another_corporals_order():
    log = free_time_game(["private", "corporal", "corporal", "sergeant"])
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    state = log.act("pull_rank", 2, window=window, card=DRILL)
    assert offers(state, 3).pull_rank == ()
    assert reason(state, 3, "pull_rank") == [
        ("Only a rank higher than the first order's can countermand it.", "guevara.pull_rank.countermand")]
    assert offers(state, 4).pull_rank == (4,) and reason(state, 4, "pull_rank") == []


def test_an_equal_rank_is_told_why_it_cannot_pull_rank_and_the_lowest_rank_hears_nothing():
    log = free_time_game(["corporal", "corporal", "private"])
    state = log.act("play_card", 1, cards=[SLEEP])
    assert reason(state, 2, "pull_rank") == [("Only a higher rank can pull rank on this player.", "guevara.pull_rank")]
    assert reason(state, 3, "pull_rank") == []  # a Private never pulls rank: no sentence to read at every card


def test_a_corporal_with_a_sergeant_at_the_table_is_told_why_there_is_no_raid_to_call():
    state = started(["corporal", "sergeant"], "freetime").state
    assert offers(state, 1).call_raid is None
    assert reason(state, 1, "call_raid") == [("Only the highest rank at the table may call a raid.", "guevara.raid")]
    assert reason(state, 2, "call_raid") == []  # not her turn: nothing to look for


def test_going_on_is_not_offered_while_a_call_waits_for_its_roll_and_the_roll_is_named():
    log = call_people_game()
    state = log.act("play_card", 1, cards=[FRIEND])
    assert offers(state, 1).advance is None and offers(state, 1).roll_for_card == 1
    assert reason(state, 1, "advance") == [("Roll for %(card)s first.", "guevara.cancel")]
    assert offers(state, 1).withheld_from("advance")[0].params == {"card": "Camp Cook"}
