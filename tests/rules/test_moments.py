"""The moments a new player meets (rules.moments): each named from the state and the seat's offers alone, for the
seat whose moment it is, and the one the whole table is in."""

import pytest

from companion.rules import MOMENTS, WHENEVER, moments, offers, table_moment
from companion.rules.moments import _answers, _any_time, _own_turn
from tests.helpers.generated_games import GeneratedGame, machine_for, run_seeded
from tests.helpers.guevara_tables import (
    CAT,
    FRIEND,
    NOOKIE,
    PEDRO,
    SLEEP,
    SOAP,
    call_people_game,
    free_time_game,
    game,
    gordo_on_maria,
    raiding,
    started,
    to_phase,
)
from tests.helpers.job_tables import job_table
from tests.helpers.job_tables import to_phase as job_phase


def seen_by(log, seat):
    """The seat's moments now."""
    return moments(log.state, offers(log.state, seat), seat)


def test_each_phase_of_ones_own_turn_is_its_moment_and_nobody_elses():
    log = game()
    for phase, moment in (("draw", "draw"), ("roll", "roll"), ("call", "call"), ("freetime", "free_time"),
                          ("discard", "discard"), ("heal", "heal")):
        to_phase(log, phase)
        assert moment in seen_by(log, 1), phase
        assert moment not in seen_by(log, 2) and moment not in seen_by(log, 3), phase


def test_the_whenever_cards_are_moments_of_whoever_may_play_them():
    log = game()
    found = seen_by(log, 1)  # the Private may be promoted, may demote the others and denounce
    assert {"promotion", "demotion", "denounce"} <= set(found)
    assert found[0] == "draw"  # the turn before the cards that wait in their fold


@pytest.mark.parametrize(("card", "moment"), [(FRIEND, "announced_call"), (PEDRO, "announced_person"),
                                              (CAT, "announced_cat")])
def test_a_card_called_is_its_players_moment_and_the_others_answer(card, moment):
    log = call_people_game()
    log.act("play_card", 1, cards=[card])
    assert moment in seen_by(log, 1) and "answer" not in seen_by(log, 1)
    for other in (2, 3):
        assert "answer" in seen_by(log, other) and moment not in seen_by(log, other)
    assert table_moment(log.state) == (moment, 1)


@pytest.mark.parametrize(("cards", "moment"), [([SLEEP], "announced_activity"), ([NOOKIE], "announced_variable"),
                                               ([SOAP], "announced_scrounge")])
def test_a_free_time_card_is_its_players_moment(cards, moment):
    log = free_time_game(("private", "corporal", "sergeant"))
    log.act("play_card", 1, cards=cards)
    assert seen_by(log, 1)[0] == moment
    assert seen_by(log, 2)[0] == "answer"


def test_a_higher_rank_may_pull_rank_and_a_higher_one_still_countermand():
    log = free_time_game(("private", "corporal", "sergeant"))
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    assert "pull_rank" in seen_by(log, 2) and "pull_rank" in seen_by(log, 3)
    log.act("pull_rank", 2, window=window, card={"name": "Dig Holes", "type": "activity", "slack": 0})
    assert "ordered" in seen_by(log, 1) and "announced_activity" not in seen_by(log, 1)
    assert "countermand" in seen_by(log, 3) and "pull_rank" not in seen_by(log, 3)
    assert table_moment(log.state) == ("ordered", 1)


def test_a_raid_is_everybodys_roll_then_the_loots():
    log = raiding(("sergeant", "private", "private"), {})
    assert all("raid_roll" in seen_by(log, seat) for seat in (1, 2, 3))
    assert table_moment(log.state) == ("raid_roll", 1)
    for seat, value in ((1, 6), (2, 2), (3, 3)):
        log.act("raid_roll", seat, value=value)
    assert "raid_loot" in seen_by(log, 1)
    assert table_moment(log.state)[0] == "raid_loot"


def test_the_highest_rank_in_free_time_may_call_a_raid():
    log = free_time_game(("sergeant", "private", "private"))
    assert "call_raid" in seen_by(log, 1)
    assert "call_raid" not in seen_by(free_time_game(("private", "sergeant", "private")), 1)


def test_a_denouncement_is_the_accuseds_roll_then_revenge_or_the_denouncers_move():
    log = started(("corporal", "private", "private"), "draw")
    log.act("denounce", 2, target=1)
    assert seen_by(log, 1)[0] == "denounced" and table_moment(log.state) == ("denounced", 1)
    log.act("denounce_roll", 1, value=6)
    assert seen_by(log, 1)[0] == "revenge"
    log.act("revenge", 1, **{"with": "card"})
    assert "denounce_move" in seen_by(log, 1)


def test_a_pest_is_its_hosts_moment():
    log = gordo_on_maria()  # Gordo arrives in Maria's tent (seat 2) and wants a card at once
    for seat in (2, 3):
        log.act("pass_card", seat, window=log.state.window.uid)
    assert seen_by(log, 2)[0] == "pest" and "pest" not in seen_by(log, 1)
    assert table_moment(log.state) == ("pest", 2)


def test_the_win_is_everybodys_moment_alone():
    log = game()
    log.act("adjust_slack", 2, delta=25)
    assert all(seen_by(log, seat) == ("win",) for seat in (1, 2, 3))
    assert table_moment(log.state) == ("win", 2)


def test_a_job_game_rolls_the_jobs_number_first_and_has_no_ranks():
    log = job_table("geek", jobs=("temp", "slacker", "work_drone"))
    log.act("start_game", dice=[6, 6])
    found = seen_by(log, 1)
    assert not {"promotion", "demotion", "denounce", "heal", "raid_roll"} & set(found)
    assert "job_change" in found


def test_a_tv_card_is_the_others_moment_in_a_job_games_free_time():
    log = job_table("geek")
    log.act("start_game", dice=[6, 6])
    job_phase(log, "freetime")
    log.act("play_card", 1, cards=[SLEEP])
    assert "tv" in seen_by(log, 2) and "answer" in seen_by(log, 2)


def test_heartache_is_a_goths_moment_once_held():
    log = job_table("goth", jobs=("artist", "poet", "barista"))
    log.act("start_game", dice=[6, 6])
    assert "heartache" not in seen_by(log, 2)
    log.act("adjust_heartache", 2, delta=1)
    assert "heartache" in seen_by(log, 2)


def test_before_the_first_turn_no_moment_and_no_table_moment():
    from tests.helpers.table_log import Log
    log = Log(3)
    assert table_moment(log.state) is None
    assert moments(log.state, offers(log.state, 1), 1) == ()
    assert moments(log.state, offers(log.state, 1), 9) == ()


class MomentsOfGeneratedGames(GeneratedGame):
    """A generated game in which every state's moments are checked for every seat."""

    def _check(self, action, before, accepted):
        super()._check(action, before, accepted)
        state = self.table.state
        for seat in state.order:
            offered = offers(state, seat)
            found = moments(state, offered, seat)
            named = {name for part in (_answers, _own_turn, _any_time) for name in part(state, offered, seat)}
            assert named <= set(MOMENTS), named - set(MOMENTS)  # a key no explanation has would be dropped unseen
            assert list(found) == sorted(found, key=MOMENTS.index)
            assert state.winner is None or found == ("win",)
            if state.turn is not None and state.turn.seat != seat:
                assert not {"draw", "roll", "call", "free_time", "discard", "heal", "get_rid"} & set(found)
        whole = table_moment(state)
        assert whole is None or (whole[0] in MOMENTS and whole[0] not in WHENEVER and whole[1] in state.seats)


@pytest.mark.parametrize(("game_key", "seed"), [("guevara", 21), ("geek", 22), ("goth", 23), ("geekgoth", 24)])
def test_every_generated_state_names_known_moments_in_order(game_key, seed):
    machine = machine_for(game_key)
    checked = type(f"Moments_{game_key}", (MomentsOfGeneratedGames,),
                   {"GAME": game_key, "SEATS": machine.SEATS, "FIGURES": machine.FIGURES})
    run_seeded(checked, seed, examples=3, steps=40)
