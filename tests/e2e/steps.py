"""Steps the browser tests share: open a table on the display, scan its QR code, join and tap on phones."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from harness import DISPLAY, PHONE

PROPAGATION_MS = 1000


def open_table(browser, server, seats="3"):
    """The display creates a table and shows its QR code."""
    display = browser.new_context(**DISPLAY).new_page()
    display.goto(server.url + "/")
    display.select_option("#seats", seats)
    display.click("text=Open the table")
    expect(display.get_by_test_id("join-qr")).to_be_visible()
    return display


def scan_qr(display) -> str:
    """Decode the QR code as a phone camera would: from the pixels on the display."""
    qr = display.get_by_test_id("join-qr")
    for _ in range(50):  # wait_for_function would need eval, which the page's CSP forbids
        if qr.evaluate("img => img.complete && img.naturalWidth > 0"):
            break
        display.wait_for_timeout(100)
    png = qr.screenshot()
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert results, "no QR code found on the display"
    return results[0].text


def join(browser, url, seat, name):
    """A phone opens the scanned address, takes a seat and gets its seat page."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(url)
    page.check(f"input[name=seat][value='{seat}']")
    page.fill("#name", name)
    page.click("text=Sit down")
    expect(page.get_by_test_id("my-total")).to_have_text("0")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page


def tap(page, label):
    page.get_by_role("button", name=label).click()
