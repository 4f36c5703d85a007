"""Whole turns with cards on three phones: a call, a canceled Activity, scrounging, and a win everyone sees."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import (
    PROPAGATION_MS,
    advance_to,
    answered_posts,
    join,
    open_numbers,
    open_table,
    play,
    scan_qr,
    set_up,
    wait_for_answers,
)


def test_turns_with_a_call_a_canceled_activity_and_a_win(browser, server):
    display = open_table(browser, server, seats="3")
    url = scan_qr(display)
    ana, ben, cleo = (join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo")))
    set_up(display, (ana, ben, cleo))

    advance_to(ana, "Call People")
    play(ana, "Camp Cook", card_type="person", slack="3")
    expect(ben.get_by_test_id("window")).to_contain_text("calls Camp Cook", timeout=PROPAGATION_MS)
    # the call's roll waits while others may cancel; once both let it pass, it leads Ana's bar
    expect(ana.get_by_test_id("window-waiting")).to_contain_text("or go on", timeout=PROPAGATION_MS)
    for other in (ben, cleo):
        other.get_by_role("button", name="Let it pass").click()
    ana.get_by_test_id("action-bar").get_by_role("button", name="I rolled 4").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("tent-1")).to_contain_text("Camp Cook", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("total-1")).to_have_text("4")

    advance_to(ana, "Free Time")
    open_numbers(ana)
    for phone in (ana, ben):  # the card form and the tents fit a phone's width
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    play(ana, "Hammock Time", card_type="activity", slack="2", categories=["sleep"])  # Bomb Making Practice's kind
    expect(ben.get_by_test_id("window")).to_contain_text("Hammock Time", timeout=PROPAGATION_MS)
    ben.fill("#cancel-with-seat", "Bomb Making Practice")
    ben.get_by_role("button", name="Cancel it").click()
    for screen in (ana, cleo, display):
        expect(screen.get_by_test_id("window")).to_have_count(0, timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("total-1")).to_have_text("4")
    expect(ana.locator(".log li").first).to_contain_text(
        "Ben canceled the card of Ana with Bomb Making Practice — Hammock Time goes to the discard pile")
    expect(ana.get_by_test_id("free-time-left")).to_contain_text("Free Time left: 1")

    play(ana, "Soap", slack="1")  # the catalog knows Soap costs 1
    cleo.get_by_role("button", name="Let it pass").click()
    ben.get_by_role("button", name="Let it pass").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("tent-1")).to_contain_text("Soap", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("total-1")).to_have_text("5")

    # Ana's markers from cards the app does not model bring her close; the display records them.
    answered = answered_posts(display)
    for tapped in range(1, 15):
        display.get_by_role("button", name="+1 Slack for Ana").click()
        wait_for_answers(display, answered, tapped)  # each tap answered before the next
    expect(ana.get_by_test_id("my-total")).to_have_text("19", timeout=3000)
    advance_to(ana, "Discard")
    advance_to(ana, "Heal")
    ana.get_by_test_id("advance").click()
    expect(ben.get_by_test_id("turn-player")).to_have_text("Ben", timeout=PROPAGATION_MS)

    # Ben's whole turn: a scrounging trip that everyone lets pass.
    advance_to(ben, "Free Time")
    play(ben, "Soap", slack="1")
    ana.get_by_role("button", name="Let it pass").click()
    cleo.get_by_role("button", name="Let it pass").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.get_by_test_id("total-2")).to_have_text("3", timeout=PROPAGATION_MS)
    advance_to(ben, "Heal")
    ben.get_by_test_id("advance").click()

    # Cleo calls the Camp Cook (remembered: a Person worth 3) into Ana's tent, and Ana wins on Cleo's turn.
    expect(cleo.get_by_test_id("turn-player")).to_have_text("Cleo", timeout=PROPAGATION_MS)
    advance_to(cleo, "Call People")
    cleo.fill("#pc-name-seat", "Camp Cook")
    cleo.select_option("#pc-target-seat", "1")
    cleo.get_by_test_id("play-card").click()
    # nobody answers: Cleo rolls beside "or go on" in the window, which closes it
    cleo.get_by_test_id("window").get_by_role("button", name="I rolled 6").click()
    for screen in (ana, ben, cleo, display):
        expect(screen.locator(".winner")).to_contain_text("Ana has won!", timeout=PROPAGATION_MS)
    display.get_by_role("button", name="Rematch with the same seats").click()
    for screen in (ana, ben, cleo):
        expect(screen.locator(".winner")).to_have_count(0, timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("total-1")).to_have_text("0")
