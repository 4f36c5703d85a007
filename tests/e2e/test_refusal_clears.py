"""A refusal is about the tap that was refused: once a later action at the table succeeds, it is gone from the
phone that was refused, whoever made that action (issue 57: "… does not cancel this kind of card." stayed under the
cancel form)."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import PROPAGATION_MS, advance_to, play, table_of_three

REFUSED = "Bomb Making Practice does not cancel this kind of card."


def refuse(ben):
    """Ben tries to cancel Ana's Soap with a card that cancels only Sleep, tapping before his picker could answer
    (on a slow Wi-Fi its answer, which would make the button dead, has not come): the server refuses it."""
    expect(ben.get_by_test_id("window")).to_contain_text("Soap", timeout=PROPAGATION_MS)
    ben.route("**/card-picks*", lambda route: None)  # the picker's question never gets its answer
    ben.fill("#cancel-with-seat", "Bomb Making Practice")
    ben.get_by_test_id("cancel-card").click()
    expect(ben.locator("#panel [data-refusal]")).to_contain_text(REFUSED)
    ben.unroute("**/card-picks*")


def test_a_refusal_goes_once_a_later_cancel_succeeds(browser, server):
    ana, ben, cleo = table_of_three(browser, server)
    advance_to(ana, "Free Time")
    play(ana, "Soap", slack="1")
    refuse(ben)
    ben.fill("#cancel-with-seat", "Counter Spy")  # his own next cancel succeeds
    ben.get_by_test_id("cancel-card").click()
    ben.get_by_test_id("cancel-cancels").select_option("any")  # the server asks once what a new card cancels
    ben.get_by_test_id("cancel-card").click()
    expect(ben.locator(".log li").first).to_contain_text("Counter Spy")
    expect(ben.locator("#panel [data-refusal]")).to_have_count(0)
    expect(ben.get_by_text(REFUSED)).to_have_count(0)

    play(ana, "Soap", slack="1")  # another window, with a cancel form like the last
    refuse(ben)
    cleo.fill("#cancel-with-seat", "Counter Spy")  # someone else's cancel succeeds
    cleo.get_by_test_id("cancel-card").click()
    expect(ben.locator(".log li").first).to_contain_text("Counter Spy", timeout=PROPAGATION_MS)
    expect(ben.get_by_text(REFUSED)).to_have_count(0)
    expect(ben.get_by_test_id("window")).to_have_count(0)
