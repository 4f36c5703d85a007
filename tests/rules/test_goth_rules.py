"""Heartache, TV cards, pests, job changes and the combined Chez Geek + Chez Goth rules, pure."""

import pytest

from companion.rules.goth import counts_as, same_job
from companion.rules.violations import RuleViolation
from tests.helpers.job_tables import GEEK_JOBS, entry, job_table, to_phase


def started(game="goth", jobs=("artist", "porn_shop_clerk", "poet"), dice=(5, 5)):
    log = job_table(game, jobs)
    log.act("start_game", dice=list(dice))
    return log


def person(name="Ana's friend"):
    return {"name": name, "type": "person", "slack": 0, "invited": False}


def everyone_passes(log):
    window = log.state.window
    for seat in log.state.order:
        if seat != window.seat and log.state.window is not None:
            log.act("pass_card", seat, window=window.uid)


# --- Heartache ---------------------------------------------------------------------------------------

def test_heartache_counts_toward_the_goal_and_wins_at_once():
    log = started(jobs=("porn_shop_clerk", "artist", "poet"))
    log.act("adjust_slack", 1, delta=13)
    log.act("adjust_heartache", 1, delta=4)
    assert log.state.total(1) == 17 and log.state.to_goal(1) == 1
    log.act("adjust_heartache", 1, delta=1)
    assert log.state.winner == 1


def test_heartache_never_drops_below_zero():
    log = started()
    with pytest.raises(RuleViolation) as refused:
        log.act("adjust_heartache", 2, delta=-1)
    assert refused.value.section == "goth.heartache"


def test_an_empty_room_after_call_people_loses_one_heartache():
    log = started()
    log.act("adjust_heartache", 1, delta=2)
    to_phase(log, "freetime")
    assert log.state.heartache[1] == 1


def test_one_person_in_the_room_keeps_the_heartache():
    log = started()
    log.act("adjust_heartache", 1, delta=2)
    to_phase(log, "call")
    log.act("play_card", 1, cards=[person()], target=1)
    to_phase(log, "freetime")
    assert log.state.heartache[1] == 2


def test_no_heartache_in_chez_geek():
    log = started("geek", ("slacker", "temp", "drummer"))
    with pytest.raises(RuleViolation) as refused:
        log.act("adjust_heartache", 1, delta=1)
    assert refused.value.section == "goth.heartache"
    to_phase(log, "freetime")
    assert log.state.heartache.get(1, 0) == 0


# --- TV cards ----------------------------------------------------------------------------------------

TV = {"name": "Late Night TV", "type": "activity", "categories": ["tv"], "slack": 1}


def test_a_tv_card_on_an_activity_discards_it_and_the_target_keeps_the_tv_for_1_slack():
    log = started()
    to_phase(log, "freetime")
    free_before = log.state.turn.free_time_left
    log.act("play_card", 1, cards=[{"name": "Moping", "type": "activity", "slack": 3, "cost": 1}])
    log.act("watch_tv", 3, window=log.state.window.uid, card=TV)
    state = log.state
    assert state.window is None
    assert [(c.name, c.worth) for c in state.tents[1]] == [("Late Night TV", 1)]
    assert state.total(1) == 1 and state.turn.free_time_left == free_before - 1
    assert state.turn.income_left == 4  # nothing was bought or done: the money stays


def test_a_tv_card_on_shopping_sends_the_things_back_to_the_hand_and_keeps_the_money():
    log = started()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "Coffin", "type": "thing", "slack": 2, "cost": 3}])
    assert log.state.turn.income_left == 1
    log.act("watch_tv", 2, window=log.state.window.uid, card=TV)
    assert log.state.turn.income_left == 4
    assert [c.name for c in log.state.tents[1]] == ["Late Night TV"]


def test_a_tv_card_cannot_stop_calling_people():
    log = started()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[{"name": "Friend", "type": "person", "slack": 2}])
    with pytest.raises(RuleViolation) as refused:
        log.act("watch_tv", 2, window=log.state.window.uid, card=TV)
    assert refused.value.section == "goth.tv"


def test_nobody_plays_tv_on_their_own_free_time():
    log = started()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "Moping", "type": "activity", "slack": 3}])
    with pytest.raises(RuleViolation):
        log.act("watch_tv", 1, window=log.state.window.uid, card=TV)


def test_a_tv_card_is_also_an_ordinary_activity():
    log = started("geek", ("slacker", "temp", "drummer"))
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{**TV, "slack": 2}])
    everyone_passes(log)
    assert [(c.name, c.worth) for c in log.state.tents[1]] == [("Late Night TV", 2)]


# --- Pests and getting rid of People -----------------------------------------------------------------

def test_a_goth_pest_takes_a_card_when_it_arrives_and_after_each_roll_phase():
    log = started()
    to_phase(log, "freetime")
    for name in ("Ankh", "Velvet Cloak"):
        log.act("play_card", 1, cards=[{"name": name, "type": "thing", "categories": ["jewellery"], "slack": 1,
                                        "cost": 0}])
        everyone_passes(log)
    to_phase(log, "discard")
    log.act("advance", 1, phase="discard", turn=1, dice=[5, 5])
    to_phase(log, "call")
    log.act("play_card", 2, cards=[{"name": "The UK Import", "type": "person", "slack": 0, "invited": False,
                                    "pest": ["jewellery", "clothing"]}], target=1)
    assert [d.seat for d in log.state.demands] == [1]
    ankh = log.state.tents[1][0].uid
    log.act("feed_pest", 1, card=ankh)
    turn = log.state.turn
    while log.state.turn.seat != 1:
        turn = log.state.turn
        log.act("advance", turn.seat, phase=turn.phase, turn=turn.number, dice=[5, 5])
    log.act("advance", 1, phase="draw", turn=log.state.turn.number, dice=[5, 5])
    log.act("advance", 1, phase="roll", turn=log.state.turn.number, dice=[5, 5])
    assert [d.seat for d in log.state.demands] == [1]


def test_getting_rid_names_the_destination_before_the_roll():
    log = started()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[person("Bore")], target=1)
    while log.state.turn.seat != 1 or log.state.turn.phase != "roll":
        turn = log.state.turn
        log.act("advance", turn.seat, phase=turn.phase, turn=turn.number, dice=[5, 5])
    bore = log.state.tents[1][0].uid
    log.act("get_rid", 1, card=bore, to=2, value=4)
    assert [c.name for c in log.state.tents[2]] == ["Bore"] and log.state.tents[1] == []


# --- Job change --------------------------------------------------------------------------------------

def test_a_new_job_keeps_slack_and_cards_and_bonuses_count_only_afterwards():
    log = started("geek", ("slacker", "temp", "drummer"))
    to_phase(log, "freetime")
    web = {"name": "Surfing the Web", "type": "activity", "categories": ["web"], "slack": 1}
    log.act("play_card", 1, cards=[web])
    everyone_passes(log)
    log.act("change_job", 1, job="web_designer", why="new_job")
    assert log.state.jobs[1] == "web_designer" and log.state.total(1) == 1
    assert log.state.goal_of(1) == 21
    log.act("play_card", 1, cards=[web])
    everyone_passes(log)
    assert [c.worth for c in log.state.tents[1]] == [1, 3]


def test_a_job_held_by_another_player_cannot_be_taken():
    log = started("geek", ("slacker", "temp", "drummer"))
    with pytest.raises(RuleViolation) as refused:
        log.act("change_job", 1, job="temp", why="fired")
    assert refused.value.section == "geek.job_change"


# --- Combined Chez Geek + Chez Goth ------------------------------------------------------------------

def test_combined_only_goth_jobs_score_heartache():
    log = started("geekgoth", ("slacker", "artist", "drummer"))
    assert [log.state.is_goth(s) for s in (1, 2, 3)] == [False, True, False]
    log.act("adjust_heartache", 2, delta=1)
    with pytest.raises(RuleViolation) as refused:
        log.act("adjust_heartache", 1, delta=1)
    assert refused.value.section == "goth.combined"


def test_combined_leaving_a_goth_job_loses_heartache_for_1_slack_on_the_job_kept_for_good():
    log = started("geekgoth", ("artist", "slacker", "drummer"))
    log.act("adjust_heartache", 1, delta=3)
    assert log.state.total(1) == 3
    log.act("change_job", 1, job="temp", why="fired")
    assert log.state.heartache[1] == 0 and log.state.job_slack[1] == 1 and log.state.total(1) == 1
    log.act("change_job", 1, job="poet", why="new_job")
    assert log.state.heartache[1] == 1 and log.state.job_slack[1] == 1 and log.state.total(1) == 2


def test_combined_leaving_a_goth_job_without_heartache_gives_nothing():
    log = started("geekgoth", ("artist", "slacker", "drummer"))
    log.act("change_job", 1, job="temp", why="fired")
    assert log.state.job_slack.get(1, 0) == 0 and log.state.total(1) == 0


def test_combined_painted_windows_help_goths_and_hurt_the_others_until_they_go():
    log = started("geekgoth", ("artist", "slacker", "drummer"))
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "Paint Your Windows Black", "key": "paint_your_windows_black",
                                    "type": "activity", "slack": 1}])
    everyone_passes(log)
    assert [log.state.total(s) for s in (1, 2, 3)] == [2, -1, -1]
    log.act("remove_card", 1, card=log.state.tents[1][0].uid)
    assert [log.state.total(s) for s in (1, 2, 3)] == [0, 0, 0]


def test_poet_drummer_and_temp_count_as_the_same_job_when_combined():
    assert same_job("poet", "drummer") and same_job("temp", "poet") and not same_job("poet", "slacker")
    log = started("geekgoth", ("poet", "slacker", "artist"))
    assert counts_as(log.state, 1, "drummer") and not counts_as(log.state, 2, "drummer")
    assert not counts_as(job_table("goth", ("poet", "artist", "barista")).state, 1, "drummer")


def test_combined_blogging_counts_as_surfing_the_web_for_the_web_designer():
    log = started("geekgoth", ("web_designer", "slacker", "artist"))
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "Blogging", "key": "blogging", "type": "activity", "slack": 1}])
    everyone_passes(log)
    assert log.state.tents[1][0].markers == 2


# --- Cancel windows ------------------------------------------------------------------------------------

def test_canceled_shopping_keeps_the_money_but_not_the_free_time():
    log = started()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "Absinthe", "type": "thing", "slack": 2, "cost": 2}])
    log.act("cancel_card", 2, window=log.state.window.uid, **{"with": "Mister Sunshine"})
    assert log.state.turn.income_left == 4 and log.state.turn.free_time_left == 1 and log.state.tents[1] == []


def test_a_rolled_activity_is_canceled_before_its_roll_or_not_at_all():
    log = started()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "Nookie", "type": "activity", "slack_die": True, "slack_modifier": -1}])
    window = log.state.window.uid
    log.act("roll_for_card", 1, value=6)
    with pytest.raises(RuleViolation) as refused:
        log.act("cancel_card", 2, window=window, **{"with": "Mister Sunshine"})
    assert refused.value.section == "goth.cancel"


def test_getting_rid_of_all_people_rolls_once_for_each_to_the_announced_room():
    log = started()
    to_phase(log, "call")
    for name in ("Bore", "Cat", "Snob"):
        spec = {"name": name, "type": "cat"} if name == "Cat" else person(name)
        log.act("play_card", 1, cards=[spec], target=1)
    while log.state.turn.seat != 1 or log.state.turn.phase != "roll":
        turn = log.state.turn
        log.act("advance", turn.seat, phase=turn.phase, turn=turn.number, dice=[5, 5])
    log.act("get_rid_all", 1, to=3, values=[4, 2, 6])
    assert sorted(c.name for c in log.state.tents[1]) == ["Cat", "Snob"]  # the Cat is never rolled away
    assert [c.name for c in log.state.tents[3]] == ["Bore"]
    with pytest.raises(RuleViolation) as refused:
        log.act("get_rid_all", 2, to="discard", values=[6])
    assert refused.value.section == "goth.turn"


@pytest.mark.parametrize("game, jobs, section", [("goth", ("artist", "poet", "barista"), "goth.people.uninvited"),
                                                 ("geek", ("slacker", "temp", "drummer"), "geek.pests")])
def test_a_pest_refusal_links_to_the_games_own_pest_rule(game, jobs, section):
    log = started(game, jobs)
    with pytest.raises(RuleViolation) as refused:
        log.act("feed_pest", 1, card=1)
    assert refused.value.section == section


def test_the_twin_jobs_are_listed_only_in_the_combined_game():
    from companion.rules.goth import twins_of
    assert twins_of(started("geekgoth", ("poet", "slacker", "artist")).state, 1) == ["drummer", "temp"]
    assert twins_of(started("geekgoth", ("poet", "slacker", "artist")).state, 2) == []
    assert twins_of(started("goth", ("poet", "artist", "barista")).state, 1) == []


def test_the_lab_rat_plays_no_booze_but_keeps_what_came_before_the_job_change():
    log = started("geek", ("slacker", "temp", "drummer"))
    log.act("set_job_profile", jobs=[*[entry(job) for job in GEEK_JOBS],
                                     entry({"key": "lab_rat", "name": "Lab Rat", "income": [2], "free_time": [2],
                                            "goal": 20, "forbidden": ["booze", "weed", "mushrooms"]})])
    to_phase(log, "freetime")
    beer = {"name": "Beer", "type": "thing", "categories": ["booze"], "slack": 1, "cost": 0}
    log.act("play_card", 1, cards=[beer])
    everyone_passes(log)
    log.act("change_job", 1, job="lab_rat", why="new_job")
    assert [c.name for c in log.state.tents[1]] == ["Beer"]
    with pytest.raises(RuleViolation) as refused:
        log.act("play_card", 1, cards=[beer])
    assert refused.value.section == "geek.jobs"


def test_undoing_a_job_change_brings_the_heartache_back():
    log = started("geekgoth", ("artist", "slacker", "drummer"))
    log.act("adjust_heartache", 1, delta=3)
    log.act("change_job", 1, job="temp", why="fired")
    log.act("undo")
    assert (log.state.jobs[1], log.state.heartache[1], log.state.job_slack.get(1, 0)) == ("artist", 3, 0)
