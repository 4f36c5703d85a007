"""A 320 px wide phone: nothing on the seat page scrolls sideways, the dice row included (issue 17 item 18)."""

from playwright.sync_api import expect

from tests.helpers.browser_steps import open_table, scan_qr, unfold
from tests.helpers.chromium import PHONE

NARROW = 320


def test_the_seat_page_fits_a_320_px_phone(browser, server):
    display = open_table(browser, server, seats="2")
    ana = browser.new_context(**{**PHONE, "viewport": {"width": NARROW, "height": 640}}).new_page()
    ana.goto(scan_qr(display))
    ana.check("input[name=seat][value='1']")
    ana.fill("#name", "Ana")
    ana.click("text=Sit down")
    unfold(ana, "dice")
    expect(ana.locator(".roll-form .physical")).to_be_visible()
    # A mobile browser widens the layout viewport to fit content that is too wide, so both must stay at 320.
    widths = ana.evaluate("[window.innerWidth, document.documentElement.scrollWidth]")
    assert widths == [NARROW, NARROW], f"the page is {widths} px wide on a {NARROW} px phone"
    smallest = ana.locator(".roll-form .physical button").evaluate_all(
        "buttons => Math.min(...buttons.map(b => Math.min(b.getBoundingClientRect().width,"
        " b.getBoundingClientRect().height)))")
    assert smallest >= 44  # touch targets stay at least 44 px
