"""After the win, in Chromium (issue 48): every phone shows the BG Stats link of the play, and the display shows it
as a QR code that a phone camera reads as the same link. The link is only read, never opened (no traffic leaves
127.0.0.1)."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.helpers.api_tables import api
from tests.helpers.bgstats_plays import PREFIX, play_of
from tests.helpers.browser_steps import PROPAGATION_MS, seated
from tests.helpers.chromium import DISPLAY


def scanned(page, test_id: str) -> str:
    """A QR code on screen read from its pixels, as a phone camera would."""
    code = page.get_by_test_id(test_id)
    expect(code).to_be_visible(timeout=PROPAGATION_MS)
    for _ in range(50):  # wait_for_function would need eval, which the page's CSP forbids
        if code.evaluate("img => img.complete && img.naturalWidth > 0"):
            break
        page.wait_for_timeout(100)
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(code.screenshot())))
    assert results, "no QR code found on the display"
    return results[0].text


def test_the_phones_and_the_display_offer_the_play_to_bg_stats_after_the_win(browser, server):
    table = api(server, "/api/tables", {"seats": 2, "language": "en"})
    display = browser.new_context(**DISPLAY).new_page()
    display.goto(table["display_url"])
    ana = seated(browser, table["join_url"], 1, "Ana")
    ben = seated(browser, table["join_url"], 2, "Ben")
    expect(ana.get_by_test_id("bgstats-link")).to_have_count(0)
    api(server, f"/t/{table['token']}/actions", {"type": "adjust_slack", "seat": 2, "args": {"delta": 6}},
        table["display_key"])
    api(server, f"/t/{table['token']}/actions", {"type": "adjust_slack", "seat": 1, "args": {"delta": 20}},
        table["display_key"])

    links = []
    for phone in (ana, ben):  # the win reaches every phone live, the link with it
        link = phone.get_by_test_id("bgstats-link")
        expect(link).to_be_visible(timeout=PROPAGATION_MS)
        expect(phone.get_by_test_id("bgstats")).to_contain_text("BG Stats must be installed")
        links.append(link.get_attribute("href"))
    expect(display.get_by_test_id("bgstats-link")).to_be_visible(timeout=PROPAGATION_MS)
    # on the display, the win and its BG Stats come before the race: on the first screen at any number of seats
    assert display.get_by_test_id("bgstats").bounding_box()["y"] < display.get_by_test_id("race").bounding_box()["y"]
    expect(display.get_by_test_id("bgstats-link")).to_be_in_viewport()
    links.append(display.get_by_test_id("bgstats-link").get_attribute("href"))
    assert len(set(links)) == 1 and links[0].startswith(PREFIX)
    assert scanned(display, "bgstats-qr") == links[0]
    play = play_of(links[0])
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [("Ana", 20, True), ("Ben", 6, False)]
