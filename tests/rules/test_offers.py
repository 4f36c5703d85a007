"""What a screen may do now (rules.offers): every offer is an action the rules accept, and nothing else is offered."""

from companion.rules.offers import Offers, Revenge, accepts, display_offers, offers
from tests.helpers.guevara_tables import (
    CAT,
    FRIEND,
    LEADER,
    PEDRO,
    TEQUILA,
    call_people_game,
    end_turn,
    free_time_game,
    game,
    gordo_on_maria,
    raiding,
    started,
    to_phase,
)
from tests.helpers.job_tables import job_table


def test_only_the_active_player_may_go_on_and_the_last_phase_ends_the_turn():
    log = game()
    assert offers(log.state, 1).advance.phase == "draw" and offers(log.state, 2).advance is None
    assert display_offers(log.state).advance.seat == 1
    to_phase(log, "heal")
    assert offers(log.state, 1).advance.ends_turn


def test_heal_is_offered_only_to_a_wounded_player_who_did_nothing_this_turn():
    log = game()
    log.act("adjust_wounds", 1, delta=1)
    to_phase(log, "heal")
    assert offers(log.state, 1).heal == 1
    log = game()
    log.act("adjust_wounds", 1, delta=1)
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[TEQUILA])
    to_phase(log, "heal")
    assert offers(log.state, 1).heal is None  # the rulebook heals only a turn spent doing nothing
    assert not accepts(log.state, "heal", 1, {})


def test_cards_are_offered_in_call_people_and_free_time_only():
    log = game()
    to_phase(log, "call")
    assert offers(log.state, 1).play_card.calls_people
    to_phase(log, "freetime")
    assert not offers(log.state, 1).play_card.calls_people
    to_phase(log, "discard")
    assert offers(log.state, 1).play_card is None


def test_a_called_person_waits_for_its_roll_before_another_card():
    log = game()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[FRIEND])
    mine, theirs = offers(log.state, 1), offers(log.state, 2)
    assert mine.play_card is None and mine.roll_for_card == 1
    assert theirs.cancel_card == (2,) and theirs.pass_card == (2,) and theirs.roll_for_card is None


def test_who_let_a_card_pass_is_offered_nothing_more_on_it():
    log = started(["private", "corporal", "sergeant"], "freetime")
    window = log.act("play_card", 1, cards=[TEQUILA]).window.uid
    log.act("pass_card", 2, window=window)
    assert offers(log.state, 2).cancel_card == () and offers(log.state, 3).cancel_card == (3,)
    assert display_offers(log.state).cancel_card == (3,)  # a pass is the player's answer, on every screen


def test_only_a_higher_rank_may_pull_rank_on_free_time():
    log = started(["private", "corporal", "sergeant"], "freetime")
    log.act("play_card", 1, cards=[TEQUILA])
    assert offers(log.state, 2).pull_rank == (2,) and offers(log.state, 3).pull_rank == (3,)
    assert offers(log.state, 1).pull_rank == ()
    assert offers(log.state, 3).pull_rank_raid == (3,) and offers(log.state, 2).pull_rank_raid == ()


def test_a_pest_asks_its_owner_for_a_card_of_its_kind():
    state = gordo_on_maria().state
    feed = offers(state, 2).feed_pest
    names = {card.uid: card.name for card in state.tents[2]}
    assert [(f.seat, sorted(names[uid] for uid in f.cards)) for f in feed] == [(2, ["Potato", "Tequila"])]
    assert offers(state, 1).feed_pest == ()  # the player on turn does not answer for Maria's tent


def test_the_glorious_leader_and_cats_are_never_offered_for_rolling_away():
    log = game()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[LEADER])
    log.act("play_card", 1, cards=[CAT])
    log.act("play_card", 1, cards=[FRIEND])
    log.act("roll_for_card", 1, value=5)
    for _ in range(3):
        end_turn(log)
    to_phase(log, "roll")
    rid = offers(log.state, 1).get_rid
    friend = next(card.uid for card in log.state.tents[1] if card.name == FRIEND["name"])
    assert rid.cards == (friend,) and not rid.all_at_once and rid.destinations == (2, 3)


def test_only_the_highest_rank_may_call_a_raid_and_others_may_hand_one_over():
    log = free_time_game(["sergeant", "private", "private"])
    assert offers(log.state, 1).call_raid.leader == 1 and offers(log.state, 1).call_raid.seat == 1
    assert offers(log.state, 2).call_raid.seat == 2  # handing the Sergeant a Raid card
    log = free_time_game(["corporal", "sergeant", "private"])
    assert offers(log.state, 1).call_raid is None and display_offers(log.state).call_raid is None


def test_everybody_rolls_for_the_raid_then_the_leader_names_who_picks_second():
    log = raiding(["corporal", "private", "private"], {1: 6, 2: 3})
    assert offers(log.state, 3).raid_roll == (3,) and offers(log.state, 2).raid_roll == ()
    state = log.act("raid_roll", 3, value=1)
    assert offers(state, 1).take_loot.any_card and offers(state, 2).take_loot is None
    state = log.act("take_loot", 1, card={"name": "Rum", "slack": 2})
    second = offers(state, 1).name_second
    assert second.seat == 1 and second.options == (2, 3) and offers(state, 2).name_second is None
    state = log.act("name_second", 1, **{"with": 3})
    loot = offers(state, 3).take_loot
    assert loot.seat == 3 and not loot.any_card and offers(state, 3).end_loot == 3


def test_the_denounced_rolls_and_the_innocent_may_take_revenge():
    log = call_people_game()
    state = log.act("denounce", 1, target=3)
    assert offers(state, 3).denounce_roll == 3 and offers(state, 1).denounce_roll is None
    assert offers(state, 2).denounce is None  # one denouncement at a time
    state = log.act("denounce_roll", 3, value=5)  # innocent
    assert offers(state, 3).revenge == Revenge(3, toady=False) and offers(state, 1).revenge is None


def test_the_successful_denouncer_may_move_a_person_out_of_the_tent():
    log = call_people_game()
    log.act("play_card", 1, cards=[PEDRO], target=3)
    log.act("denounce", 1, target=3)
    state = log.act("denounce_roll", 3, value=4)  # guilty
    move = offers(state, 1).denounce_move
    assert (move.people == (state.tents[3][0].uid,) and move.destinations == (1, 2)
            and offers(state, 3).denounce_move is None)


def test_after_a_win_only_undo_and_the_rematch_remain():
    log = game()
    log.act("adjust_slack", 1, delta=30)
    assert log.state.winner == 1
    mine, display = offers(log.state, 1), display_offers(log.state)
    assert mine.as_json() == {"acts_for": [1], "undo": True}
    assert display.rematch and display.advance is None and display.roll_die == () and display.adjust_slack == ()


def test_the_display_sets_the_table_up_and_phones_enter_their_own_dealt_card():
    log = job_table()
    display, mine = display_offers(log.state), offers(log.state, 1)
    assert display.setup and display.deal and display.start_game and display.set_job == (1, 2, 3)
    assert not mine.setup and mine.set_job == (1,) and not mine.start_game
    log.act("start_game", dice=[1, 1])
    assert not display_offers(log.state).setup and offers(log.state, 1).set_job == ()


def test_job_games_offer_no_ranks_wounds_or_raids_and_goths_keep_heartache():
    log = job_table(game="goth", jobs=("artist", "poet", "barista"))
    log.act("start_game", dice=[1, 1])
    mine = offers(log.state, 1)
    assert mine.adjust_wounds == () and mine.promote == () and mine.call_raid is None
    assert mine.more_heartache == (1,) and mine.less_heartache == ()
    assert mine.change_job is not None and set(mine.change_job.jobs).isdisjoint(log.state.jobs.values())


def test_offers_are_plain_json_of_the_action_vocabulary():
    log = game()
    data = offers(log.state, 1).as_json()
    assert data["advance"] == {"seat": 1, "phase": "draw", "turn": 1, "ends_turn": False}
    assert set(data) <= {field for field in Offers.__dataclass_fields__}
