"""Cards in tents, cancel windows, pests and getting rid of People, with the rulebook's worked examples.

Printed numbers here are test values standing in for what a table enters from its cards, except those the
rulebook states (Soap costs 1, The Art of War 3, Social Justice Nookie is 1 die - 1, Corporal Income 3).
"""

import pytest

from companion.rules.violations import RuleViolation
from tests.helpers.guevara_tables import (
    CAT,
    FRIEND,
    GORDO,
    LEADER,
    NOOKIE,
    SLEEP,
    SOAP,
    end_turn,
    game,
    gordo_on_maria,
    to_phase,
)

ART_OF_WAR = {"name": "The Art of War", "type": "thing", "cost": 3, "slack": 3}
GOAT = {"name": "Goat", "type": "thing", "categories": ["pet", "food"], "slack": 2}


def cards(log, seat):
    return [card.name for card in log.state.tents[seat]]


def test_the_corporal_scrounges_soap_and_the_art_of_war_with_lucky_seven():
    log = game()
    end_turn(log)  # seat 2, the Corporal, is next
    to_phase(log, "freetime")
    log.act("adjust_income", 2, delta=1)  # Lucky 7
    state = log.act("play_card", 2, cards=[SOAP, ART_OF_WAR])
    assert (state.turn.income_left, state.turn.free_time_left) == (0, 1)
    assert cards(log, 2) == []  # still being played: another player may cancel
    log.act("pass_card", 1, window=state.window.uid)
    state = log.act("pass_card", 3, window=state.window.uid)
    assert cards(log, 2) == ["Soap", "The Art of War"]
    assert state.total(2) == 2 + 4


def test_the_nookie_rolled_down_to_zero_is_discarded_and_the_free_time_spent():
    log = game()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[NOOKIE])
    state = log.act("roll_for_card", 1, value=1)
    assert cards(log, 1) == [] and state.window is None
    assert state.turn.free_time_left == 1


def test_a_variable_activity_can_only_be_canceled_before_its_roll():
    log = game()
    to_phase(log, "freetime")
    window = log.act("play_card", 1, cards=[NOOKIE]).window.uid
    log.act("roll_for_card", 1, value=6)
    with pytest.raises(RuleViolation) as refused:
        log.act("cancel_card", 2, window=window, **{"with": "Bomb Making Practice"})
    assert refused.value.section == "guevara.cancel"
    assert log.state.tents[1][0].worth == 5


def test_reaching_the_goal_for_a_moment_wins_even_if_requisitioned():
    log = game()
    log.act("adjust_slack", 1, delta=18)  # 18 markers + Private's 1 = 19
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[{"name": "New Beret", "type": "thing", "slack": 1}])
    state = log.act("advance", 1, phase="freetime", turn=1)  # nobody canceled: the Beret is in the tent
    assert state.winner == 1
    beret = state.tents[1][0].uid
    with pytest.raises(RuleViolation) as refused:  # a Requisition after the win comes too late
        log.act("remove_card", 3, card=beret)
    assert refused.value.message.startswith("The game is over")
    assert log.state.total(1) == 20 and log.state.winner == 1


def test_a_sleep_card_canceled_too_late_stays():
    log = game()
    to_phase(log, "freetime")
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    end_turn(log)
    with pytest.raises(RuleViolation) as refused:
        log.act("cancel_card", 2, window=window, **{"with": "Bomb Making Practice"})
    assert "Too late" in refused.value.message
    assert cards(log, 1) == ["Siesta"]


def test_a_canceled_activity_is_discarded_and_its_free_time_lost():
    log = game()
    to_phase(log, "freetime")
    window = log.act("play_card", 1, cards=[{**SLEEP, "cost": 1}]).window.uid
    state = log.act("cancel_card", 2, window=window, **{"with": "Bomb Making Practice"})
    assert cards(log, 1) == [] and state.window is None
    assert (state.turn.free_time_left, state.turn.income_left) == (1, 2)


def test_canceled_scrounging_keeps_the_income_and_loses_the_free_time():
    log = game()
    to_phase(log, "freetime")
    window = log.act("play_card", 1, cards=[SOAP]).window.uid
    state = log.act("cancel_card", 3, window=window, **{"with": "Rainstorm"})
    assert cards(log, 1) == []
    assert (state.turn.income_left, state.turn.free_time_left) == (2, 1)


def test_playing_the_next_card_closes_the_window():
    log = game()
    to_phase(log, "freetime")
    first = log.act("play_card", 1, cards=[SLEEP]).window.uid
    log.act("play_card", 1, cards=[SOAP])
    assert cards(log, 1) == ["Siesta"]
    with pytest.raises(RuleViolation):
        log.act("cancel_card", 2, window=first, **{"with": "Bomb Making Practice"})


def test_an_invited_person_needs_three_or_more():
    log = game()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[FRIEND])
    log.act("roll_for_card", 1, value=2)
    assert cards(log, 1) == []
    log.act("play_card", 1, cards=[FRIEND])
    state = log.act("roll_for_card", 1, value=3)
    assert cards(log, 1) == ["Camp Cook"] and state.total(1) == 1 + 2


def test_a_call_must_be_rolled_before_the_next_card():
    log = game()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[FRIEND])
    with pytest.raises(RuleViolation):
        log.act("play_card", 1, cards=[CAT])


def test_an_invited_person_may_be_called_into_another_tent_and_the_slack_goes_there():
    log = game()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[FRIEND], target=2)
    state = log.act("roll_for_card", 1, value=5)
    assert cards(log, 2) == ["Camp Cook"] and state.total(2) == 2 + 2


def test_a_cat_comes_without_a_roll():
    log = game()
    to_phase(log, "call")
    assert cards(log, 1) == [] and log.act("play_card", 1, cards=[CAT]).tents[1][0].name == "Jungle Cat"


def test_gordo_eats_on_arrival_stays_on_a_three_eats_again_and_is_sent_back_on_a_six():
    """The rulebook's example: Heriberto (seat 1) plays Gordo on Maria (seat 2)."""
    log = gordo_on_maria()
    state = log.state
    assert [(d.seat, d.categories) for d in state.demands] == [(2, ("food", "booze"))]
    tequila = next(c.uid for c in state.tents[2] if c.name == "Tequila")
    log.act("feed_pest", 2, card=tequila)
    end_turn(log)
    gordo = next(c.uid for c in log.state.tents[2] if c.name == "Gordo")
    to_phase(log, "roll")
    log.act("get_rid", 2, card=gordo, to=1, value=3)
    state = log.act("advance", 2, phase="roll", turn=log.state.turn.number)
    assert [d.seat for d in state.demands] == [2]
    with pytest.raises(RuleViolation):
        log.act("advance", 2, phase="call", turn=state.turn.number)
    potato = next(c.uid for c in state.tents[2] if c.name == "Potato")
    log.act("feed_pest", 2, card=potato)
    end_turn(log)
    end_turn(log)
    end_turn(log)  # seats 3 and 1 pass; Maria again
    to_phase(log, "roll")
    state = log.act("get_rid", 2, card=gordo, to=1, value=6)
    assert cards(log, 1) == ["Gordo"] and "Gordo" not in cards(log, 2)


def test_the_goat_is_pet_and_food_so_gordo_may_eat_it():
    log = game()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[GOAT])
    to_phase(log, "discard")
    end_turn(log)
    to_phase(log, "call")
    state = log.act("play_card", 2, cards=[GORDO], target=1)
    assert state.demands and state.demands[0].seat == 1
    log.act("feed_pest", 1, card=state.tents[1][0].uid)
    assert cards(log, 1) == ["Gordo"]


def test_the_glorious_leader_and_cats_cannot_be_rolled_away():
    log = game()
    to_phase(log, "call")
    log.act("play_card", 1, cards=[LEADER])
    log.act("play_card", 1, cards=[CAT])
    end_turn(log)
    end_turn(log)
    end_turn(log)
    to_phase(log, "roll")
    for card in log.state.tents[1]:
        with pytest.raises(RuleViolation) as refused:
            log.act("get_rid", 1, card=card.uid, to="discard", value=6)
        assert refused.value.section == "guevara.people.get_rid"


def test_noisy_nookie_costs_both_neighbours_a_sleep_card():
    log = game()
    to_phase(log, "freetime")
    log.act("play_card", 1, cards=[SLEEP])
    end_turn(log)
    to_phase(log, "freetime")
    log.act("play_card", 2, cards=[SLEEP])
    end_turn(log)
    to_phase(log, "freetime")
    log.act("play_card", 3, cards=[NOOKIE])
    log.act("roll_for_card", 3, value=6)  # 6 - 1 = 5 Slack: loud
    assert cards(log, 1) == [] and cards(log, 2) == []
    assert log.state.tents[3][0].worth == 5


def test_markers_change_a_cards_worth():
    log = game()
    to_phase(log, "call")
    card = log.act("play_card", 1, cards=[CAT]).tents[1][0].uid
    assert log.act("mark_card", 1, card=card, delta=2).total(1) == 1 + 1 + 2


def test_cards_played_in_the_wrong_phase_are_refused():
    log = game()
    with pytest.raises(RuleViolation) as refused:
        log.act("play_card", 1, cards=[SOAP])
    assert refused.value.section == "guevara.phase.freetime"


def test_a_rematch_keeps_the_seats_and_clears_the_game():
    log = game()
    log.act("join", 1, name="Ana")
    with pytest.raises(RuleViolation):
        log.act("rematch")
    log.act("adjust_slack", 1, delta=19)
    state = log.act("rematch")
    assert state.winner is None and state.turn is None and state.ranks == {}
    assert state.seats[1].name == "Ana" and state.seats[1].claimed and state.profile is not None
    assert state.total(1) == 0


@pytest.mark.parametrize("kind", ["cancel_card", "pass_card"])
def test_an_answer_to_a_card_comes_from_a_seat_at_the_table(kind):
    """Found by the generated games: a cancel "by" seat 9 of a three-seat table was accepted."""
    log = game()
    to_phase(log, "freetime")
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    for nobody in (9, None):
        with pytest.raises(RuleViolation):
            log.act(kind, nobody, window=window, **{"with": "Car Alarm"})
    assert log.state.window.uid == window and log.state.window.passed == []
