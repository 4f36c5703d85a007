"""Three phones and a display at one table, in a real Chromium against the real server."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers.api_tables import api
from tests.helpers.browser_steps import PROPAGATION_MS, join, open_table, scan_qr, tap, unfold
from tests.helpers.chromium import PHONE


def test_three_phones_join_by_qr_tap_undo_and_survive_a_restart(browser, server):
    display = open_table(browser, server)
    url = scan_qr(display)
    assert url == f"{server.url}/t/{url.split('/')[4]}/join"
    assert url == display.get_by_test_id("join-url").inner_text()

    ana, ben, cleo = (join(browser, url, seat, name) for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo")))
    screens = (ana, ben, cleo, display)

    tap(ana, "+1 Slack for Ana")
    tap(ana, "+1 Slack for Ana")
    for screen in screens:
        expect(screen.get_by_test_id("total-1")).to_have_text("2", timeout=PROPAGATION_MS)
    expect(ana.get_by_test_id("my-total")).to_have_text("2")

    tap(ben, "Undo")
    for screen in screens:
        expect(screen.get_by_test_id("total-1")).to_have_text("1", timeout=PROPAGATION_MS)
    expect(cleo.locator(".log li").first).to_contain_text("Ben undid: Ana: +1 Slack")

    unfold(cleo, "dice")
    cleo.select_option("#roll-purpose-seat", "get_rid")
    cleo.fill("#roll-note-seat", "Gordo")
    cleo.get_by_role("button", name="I rolled 5").click()
    for screen in screens:
        expect(screen.get_by_test_id("last-roll")).to_contain_text("5", timeout=PROPAGATION_MS)
        expect(screen.get_by_test_id("last-roll")).to_contain_text("Cleo · get rid of a person · Gordo")

    server.kill()
    expect(ana.locator("#conn")).to_have_attribute("data-state", "lost", timeout=5000)
    server.start()
    # A phone that was open during the crash reconnects by itself and catches up.
    expect(ana.locator("#conn")).to_have_attribute("data-state", "live", timeout=10000)
    tap(ben, "+1 Slack for Ben")
    expect(ana.get_by_test_id("total-2")).to_have_text("1", timeout=5000)
    # A phone that reloads after the restart is still in its seat with every number kept.
    for page, name in ((ana, "Ana"), (ben, "Ben"), (cleo, "Cleo")):
        page.reload()
        expect(page.locator(".me-name")).to_have_text(name)
    expect(ana.get_by_test_id("my-total")).to_have_text("1")
    expect(ben.get_by_test_id("my-total")).to_have_text("1")
    display.reload()
    expect(display.get_by_test_id("total-1")).to_have_text("1")
    expect(display.get_by_test_id("last-roll")).to_contain_text("5")


def test_a_taken_seat_is_greyed_out_and_the_display_can_free_it(browser, file_server):
    display = open_table(browser, file_server, seats="2")
    url = scan_qr(display)
    token = url.split("/t/")[1].split("/")[0]
    api(file_server, f"/t/{token}/join.json", {"seat": 1, "name": "Ana"})  # Ana's phone, which nobody looks at
    stranger = browser.new_context(**PHONE).new_page()
    stranger.goto(url)
    expect(stranger.locator("input[name=seat][value='1']")).to_be_disabled()
    expect(display.locator(".admin-list li[data-seat='1']")).to_contain_text("Ana", timeout=PROPAGATION_MS)
    seat_one = display.locator(".admin-list li[data-seat='1']")
    seat_one.get_by_role("button", name="Free seat").click()
    expect(seat_one.get_by_role("button", name="Free seat")).to_have_count(0)
    stranger.reload()
    expect(stranger.locator("input[name=seat][value='1']")).to_be_enabled()


def test_seat_page_is_phone_friendly(browser, file_server):
    display = open_table(browser, file_server, seats="2")
    ana = join(browser, scan_qr(display), 1, "Ana")
    sizes = ana.eval_on_selector_all(
        "button, select, input:not([type=hidden]), summary",
        "els => els.filter(e => e.offsetParent !== null).map(e => [e.outerHTML.slice(0, 60), "
        "e.getBoundingClientRect().width, e.getBoundingClientRect().height])")
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, small
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390
    ana.click(".settings summary")
    ana.click("text=Dark")
    background = ana.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 19, 17)"
    ana.reload()
    assert ana.evaluate("document.documentElement.dataset.theme") == "dark"
