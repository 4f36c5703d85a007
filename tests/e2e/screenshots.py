"""Regenerate the README's screenshots with the browser tests' setup: python -m tests.e2e.screenshots"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from companion.testing.real_server import Server
from tests.helpers.browser_steps import advance_to, play, set_up
from tests.helpers.chromium import DISPLAY, PHONE, find_chromium, launch

OUT = Path(__file__).resolve().parents[2] / "docs" / "img"


def first_screen(phone, name: str) -> None:
    """Photograph what a phone shows without scrolling."""
    phone.wait_for_timeout(300)  # let a live refresh settle
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=str(OUT / name), full_page=False)


def main() -> None:
    """Play a few taps at a table of three; photograph the display (also in its room view), a phone's first screen
    in Call People and in Free Time, one seat, and the story after a win."""
    chromium = find_chromium()
    if chromium is None:
        sys.exit("Chromium not found (apt-get install chromium)")
    OUT.mkdir(parents=True, exist_ok=True)
    server = Server(Path(tempfile.mkdtemp()) / "instance").start()
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright.chromium, chromium)
            display = browser.new_context(**DISPLAY).new_page()
            display.goto(server.url + "/")
            display.select_option("#seats", "3")
            display.get_by_test_id("first-game").uncheck()
            display.click("text=Open the table")
            join_url = display.get_by_test_id("join-url").inner_text()
            phones = []
            for seat, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo")):
                phone = browser.new_context(**PHONE).new_page()
                phone.goto(join_url)
                phone.check(f"input[name=seat][value='{seat}']")
                phone.fill("#name", name)
                phone.click("text=Sit down")
                phones.append(phone)
            set_up(display, phones)
            ana, ben, cleo = phones
            advance_to(ana, "Call People")
            first_screen(ana, "seat-call.png")
            play(ana, "Camp Cook", card_type="person", slack="3")
            ana.get_by_test_id("window").get_by_role("button", name="I rolled 5").click()
            advance_to(ana, "Free Time")
            play(ana, "Soap", slack="1")
            expect(ana.get_by_test_id("window-waiting")).to_be_visible()
            first_screen(ana, "seat-freetime.png")
            ben.get_by_role("button", name="Let it pass").click()
            cleo.get_by_role("button", name="Let it pass").click()
            for label in ("+1 Slack for Ben", "+1 Slack for Ben", "+ wound for Cleo"):
                display.get_by_role("button", name=label).click()
            play(ana, "Hammock Time", card_type="activity", slack="2")
            display.wait_for_timeout(5000)  # past the wound's highlight
            phones[0].wait_for_timeout(300)
            for page in (display, phones[0]):
                page.evaluate("window.scrollTo(0, 0)")
            display.screenshot(path=str(OUT / "display.png"), full_page=False)
            phones[0].screenshot(path=str(OUT / "seat.png"), full_page=False)
            display.get_by_test_id("room-view").click()
            display.wait_for_timeout(500)  # the browser's switch to full screen
            display.screenshot(path=str(OUT / "display-room.png"), full_page=False)
            display.get_by_test_id("room-view").click()
            ben.get_by_role("button", name="Let it pass").click()
            cleo.get_by_role("button", name="Let it pass").click()
            for _ in range(13):
                display.get_by_role("button", name="+1 Slack for Ana").click()
                display.wait_for_timeout(100)
            display.get_by_test_id("story-link").click()
            display.get_by_test_id("chart").wait_for()
            display.screenshot(path=str(OUT / "story.png"), full_page=False)
            browser.close()
    finally:
        server.stop()
    print(f"wrote display.png, display-room.png, seat.png, seat-call.png, seat-freetime.png and story.png in {OUT}")


if __name__ == "__main__":
    main()
