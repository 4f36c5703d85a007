"""What the moment calls for (rules.lead): an answer the table waits for comes before the player's own turn."""

from companion.rules import lead
from companion.rules.offers import Advance, Loot, Offers

GO_ON = Advance(seat=1, phase="call", turn=1, ends_turn=False)


def test_going_on_is_the_moment_only_when_nothing_waits():
    assert lead(Offers(acts_for=(1,), advance=GO_ON)) == ("advance",)
    assert lead(Offers(acts_for=(1,), advance=GO_ON, heal=1)) == ("heal", "advance")
    assert lead(Offers(acts_for=(1,), advance=GO_ON, raid_roll=(1,))) == ("raid_roll",)
    assert lead(Offers(acts_for=(1,))) == ()


def test_a_phase_for_playing_cards_leads_to_the_card_form_before_going_on():
    from companion.rules.offers import PlayCard, Skip

    calling = Offers(acts_for=(1,), advance=GO_ON, skip=Skip(1, "call", 1, "end"), play_card=PlayCard(1, True))
    assert lead(calling) == ("play_card", "advance", "skip")
    assert lead(Offers(acts_for=(1,), advance=GO_ON, play_card=PlayCard(1, True), heal=1)) == ("heal", "advance")


def test_someone_elses_card_is_answered_by_cancelling_or_letting_it_pass_as_equals():
    assert lead(Offers(acts_for=(2,), cancel_card=(2,), pass_card=(2,))) == ("cancel_card", "pass_card")


def test_the_leaders_loot_pick_leads_and_a_roll_comes_before_it():
    picking = Offers(acts_for=(1,), take_loot=Loot(1, any_card=True), end_loot=1)
    assert lead(picking) == ("take_loot",)
    assert lead(Offers(acts_for=(1,), denounce_roll=1, take_loot=Loot(1, any_card=True))) == ("denounce_roll",)


def test_an_occasion_lasts_while_its_moment_does_and_a_new_one_is_new():
    from companion.rules import occasion
    from tests.helpers.guevara_tables import SLEEP, game, to_phase

    log = game()
    first = occasion(log.state, ("advance", "skip"))
    to_phase(log, "freetime")
    assert occasion(log.state, ("advance",)) == first  # the same turn, however far it went
    assert occasion(log.state, ("play_card", "advance", "skip")) == first
    log.act("play_card", 1, cards=[SLEEP])
    answer = occasion(log.state, ("cancel_card", "pass_card"))
    assert answer != first and answer.startswith("cancel_card-")
    assert occasion(log.state, ()) == ""


def test_a_cards_roll_leads_only_once_nobody_may_still_cancel_the_card():
    assert lead(Offers(acts_for=(1,), roll_for_card=1, answers_awaited=True)) == ()
    assert lead(Offers(acts_for=(1,), roll_for_card=1)) == ("roll_for_card",)
