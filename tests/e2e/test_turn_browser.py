"""A Chez Guevara setup and turn in the browser: the display enters the ranks, phones follow the phases."""

import re

from playwright.sync_api import expect

from tests.helpers.browser_steps import (
    PROPAGATION_MS,
    answered_posts,
    join,
    open_table,
    play,
    scan_qr,
    wait_for_answers,
)

RANK_VALUES = {  # what a table would copy from its own cards; only the Corporal's 3 and 2 are in the rulebook
    "count": {"private": "4", "corporal": "2", "sergeant": "2"},
    "income": {"private": "2", "corporal": "3", "sergeant": "4"},
    "free_time": {"private": "2", "corporal": "2", "sergeant": "1"},
    "slack": {"private": "1", "corporal": "2", "sergeant": "3"},
}


def test_setup_then_phases_advance_on_every_phone_and_a_double_tap_counts_once(browser, server):
    display = open_table(browser, server, seats="3")
    url = scan_qr(display)
    ana, ben, cleo = (join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo")))

    expect(display.get_by_text("Lay your eight purple rank cards face up")).to_be_visible()
    for field, per_rank in RANK_VALUES.items():
        for rank, value in per_rank.items():
            display.fill(f"#{field}_{rank}", value)
    display.get_by_role("button", name="Save the rank cards").click()
    display.get_by_role("button", name="Deal ranks at random").click()
    for phone in (ana, ben, cleo):
        expect(phone.get_by_test_id("my-rank")).to_have_text(
            re.compile("Private|Corporal|Sergeant"), timeout=PROPAGATION_MS)
    # the guide ticks each step the display has done, on the display as it is tapped
    for step in ("rank_cards", "deal_ranks"):
        expect(display.locator(f".setup-step[data-step='{step}']")).to_have_class(re.compile(r"\bdone\b"))
    expect(display.locator(".setup-step[data-step='dealer']")).not_to_have_class(re.compile(r"\bdone\b"))
    display.locator(".dealer-list li[data-seat='3']").get_by_role("button", name="Make dealer").click()
    expect(display.locator(".setup-step[data-step='dealer']")).to_have_class(re.compile(r"\bdone\b"))
    display.get_by_role("button", name="Start the game").click()

    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("turn-phase")).to_have_text("Draw")
    expect(ben.get_by_test_id("advance")).to_have_count(0)

    answered = answered_posts(ana)
    ana.get_by_test_id("advance").dblclick()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("turn-phase")).to_have_text("Roll", timeout=PROPAGATION_MS)
    wait_for_answers(ana, answered, 1)
    expect(ana.locator(".tap-note.sending")).to_have_count(0)  # no second tap on its way, and the server's last word:
    expect(ana.get_by_test_id("turn-phase")).to_have_text("Roll")
    assert len(answered) == 1

    for phase in ("Call People", "Free Time"):
        ana.get_by_test_id("advance").click()
        expect(cleo.get_by_test_id("turn-phase")).to_have_text(phase, timeout=PROPAGATION_MS)
    # Ranks were dealt at random: a Sergeant has 1 Free Time, the others 2.
    free_time = int(ana.get_by_test_id("free-time-left").inner_text().rsplit(" ", 1)[1])
    play(ana, "Soap", card_type="thing", cost="1", slack="1")  # one way to spend Free Time: the card form
    expect(ben.get_by_test_id("window")).to_contain_text("Soap", timeout=PROPAGATION_MS)
    expect(ben.get_by_test_id("free-time-left")).to_contain_text(f"Free Time left: {free_time - 1}",
                                                                   timeout=PROPAGATION_MS)
    for phase in ("Discard", "Heal"):
        ana.get_by_test_id("advance").click()
        expect(ben.get_by_test_id("turn-phase")).to_have_text(phase, timeout=PROPAGATION_MS)
    expect(ana.get_by_role("button", name="Heal one wound")).to_have_count(0)
    ana.get_by_test_id("advance").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("turn-player")).to_have_text("Ben", timeout=PROPAGATION_MS)
    expect(ben.get_by_test_id("advance")).to_be_visible()
