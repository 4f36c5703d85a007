"""What a phone on the table needs: the screen stays awake while its seat is open."""

import pytest
from playwright.sync_api import expect

from tests.helpers.browser_steps import open_table, scan_qr, until
from tests.helpers.chromium import PHONE

pytestmark = pytest.mark.full_browser  # the wake lock, the keep-awake video and visibility

FAKE_WAKE_LOCK = """
window.__wakeLocks = 0;
const listeners = [];
Object.defineProperty(navigator, 'wakeLock', {value: {request: async () => {
  window.__wakeLocks += 1;
  const lock = {addEventListener: (name, fn) => listeners.push(fn)};
  window.__releaseWakeLock = () => listeners.splice(0).forEach(fn => fn());
  return lock;
}}});
"""


def test_the_seat_keeps_the_screen_awake_and_asks_again_after_a_release(browser, server):
    display = open_table(browser, server, seats="2")
    context = browser.new_context(**PHONE)
    context.add_init_script(FAKE_WAKE_LOCK)
    ana = context.new_page()
    ana.goto(scan_qr(display))
    ana.check("input[name=seat][value='1']")
    ana.fill("#name", "Ana")
    ana.click("text=Sit down")
    expect(ana.locator(".me-name")).to_have_text("Ana")
    until(ana, "window.__wakeLocks === 1")
    ana.evaluate("window.__releaseWakeLock(); document.dispatchEvent(new Event('visibilitychange'))")
    until(ana, "window.__wakeLocks === 2")
