"""A tap survives a live refresh: the panel is updated in place, so pressing and releasing a button while
another phone's change arrives still counts."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import PROPAGATION_MS, join, open_table, scan_qr


def test_a_tap_held_across_another_phones_change_still_counts(browser, server):
    display = open_table(browser, server, seats="2")
    url = scan_qr(display)
    ana, ben = join(browser, url, 1, "Ana"), join(browser, url, 2, "Ben")
    plus = ana.get_by_role("button", name="+1 Slack for Ana")
    box = plus.bounding_box()
    ana.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ana.mouse.down()
    ben.get_by_role("button", name="+1 Slack for Ben").click()
    expect(ana.get_by_test_id("total-2")).to_have_text("1", timeout=PROPAGATION_MS)  # Ana's panel refreshed
    ana.mouse.up()
    for screen in (ana, ben, display):
        expect(screen.get_by_test_id("total-1")).to_have_text("1", timeout=PROPAGATION_MS)
