"""A card that cancels nothing, typed into the cancel field, is refused on the phone as the picker says: the button
goes dead, and the winning Beret stays."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import PROPAGATION_MS, advance_to, join, open_table, play, scan_qr, set_up


def test_requisition_typed_to_cancel_the_winning_beret_is_refused_and_the_beret_stays(browser, server):
    display = open_table(browser, server, seats="3")
    url = scan_qr(display)
    ana, ben, cleo = (join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo")))
    set_up(display, (ana, ben, cleo))
    advance_to(ana, "Free Time")
    total = int(display.get_by_test_id("total-1").inner_text())
    for _ in range(19 - total):  # markers from cards the app does not model, recorded by the display
        display.get_by_role("button", name="+1 Slack for Ana").click()
        total += 1
        expect(display.get_by_test_id("total-1")).to_have_text(str(total), timeout=PROPAGATION_MS)
    play(ana, "New Beret", slack="2", cost="0")
    expect(ben.get_by_test_id("window")).to_contain_text("New Beret", timeout=PROPAGATION_MS)

    ben.fill("#cancel-with-seat", "Requisition")
    expect(ben.get_by_test_id("no-match")).to_have_text(
        "Requisition is not a canceling card: it cannot cancel anything.", timeout=PROPAGATION_MS)
    expect(ben.get_by_test_id("cancel-card")).to_be_disabled()
    posts = []
    ben.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    ben.locator("#cancel-with-seat").press("Enter")  # a dead button sends nothing, not even by the keyboard
    ben.fill("#cancel-with-seat", "Requisiton")  # a typo: the same card, the same answer
    expect(ben.locator("[data-card-picker][aria-busy]")).to_have_count(0, timeout=PROPAGATION_MS)  # once it came
    expect(ben.get_by_test_id("no-match")).to_have_text(
        "Requisition is not a canceling card: it cannot cancel anything.", timeout=PROPAGATION_MS)
    expect(ben.get_by_test_id("cancel-card")).to_be_disabled()
    assert posts == []  # the picker has answered since the Enter: a post it had sent would have gone before

    for phone in (ben, cleo):
        phone.get_by_role("button", name="Let it pass").click()
    for phone in (ana, ben, cleo):
        expect(phone.get_by_test_id("tent-1")).to_contain_text("New Beret", timeout=PROPAGATION_MS)
    expect(ana.locator(".winner")).to_contain_text("Ana has won!", timeout=PROPAGATION_MS)
