"""Phones as they really are: the table's plain-http LAN address is no secure context, and the screen still has
to stay awake there; the seat can be added to the home screen."""

import pytest
from playwright.sync_api import expect

from tests.helpers.browser_steps import join, open_table, scan_qr

pytestmark = pytest.mark.full_browser  # the wake lock, the keep-awake video and visibility

HIDE = """() => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
SHOW = """() => {
  delete document.visibilityState;
  delete document.hidden;
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def hide_and_show(page, while_hidden=lambda: None):
    """The player switches to another app and back: headless Chromium never hides a page by itself, so the
    page is told it is hidden, then visible again (the document's own visibility, overridden and restored)."""
    page.evaluate(HIDE)
    while_hidden()
    page.evaluate(SHOW)


def seat_on(browser, server):
    """A phone that scanned the display's QR code and sat down; and the policy violations its page reports."""
    url = scan_qr(open_table(browser, server, seats="2"))
    page = join(browser, url, 1, "Ana")
    violations = []
    page.on("console", lambda message: "Content Security Policy" in message.text and violations.append(message.text))
    page.reload()  # the seat page again, now with its console watched
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page, violations


def test_the_qr_code_leads_phones_to_an_insecure_context_where_the_wake_lock_api_is_missing(browser, file_lan_server):
    page, _ = seat_on(browser, file_lan_server)
    assert page.url.startswith("http://table.lan:")
    assert page.evaluate("[window.isSecureContext, 'wakeLock' in navigator]") == [False, False]


def test_on_the_lan_the_first_tap_keeps_the_screen_awake_with_the_fallback_again_after_hiding(browser, file_lan_server):
    page, violations = seat_on(browser, file_lan_server)
    awake, video = page.locator("#keep-awake"), page.locator("video.keep-awake-video")
    expect(awake).to_have_attribute("data-state", "off")  # nothing may play before the player's first tap
    page.locator(".settings summary").click()  # the first tap: opening the settings to look
    expect(awake.locator(".keep-awake-fallback")).to_be_visible()
    expect(awake).to_have_text("Screen kept awake (fallback)", use_inner_text=True)
    expect(video).to_have_js_property("paused", False)
    assert "/static/vendor/nosleep-0.12.0." in video.evaluate("v => v.currentSrc")
    # silent, so the player's own music plays on, and inline, never full screen
    assert video.evaluate("v => [v.muted, v.defaultMuted, v.hasAttribute('muted'), v.volume,"
                          " v.hasAttribute('playsinline'), v.hasAttribute('webkit-playsinline')]") == [
        True, True, True, 0, True, True]

    def paused_while_hidden():
        expect(video).to_have_js_property("paused", True)
        expect(awake).to_have_attribute("data-state", "off")

    hide_and_show(page, paused_while_hidden)
    expect(video).to_have_js_property("paused", False)  # re-armed without another tap
    expect(video).to_have_js_property("muted", True)
    expect(awake).to_have_text("Screen kept awake (fallback)", use_inner_text=True)
    assert violations == []


def test_on_loopback_the_wake_lock_api_is_used_and_the_indicator_says_what_the_browser_decided(browser, server):
    page, violations = seat_on(browser, server)
    assert page.evaluate("window.isSecureContext") is True
    granted = page.evaluate("() => navigator.wakeLock.request('screen').then(lock => lock.release().then(() => true),"
                            " () => false)")
    awake = page.locator("#keep-awake")
    page.locator(".settings summary").click()
    expect(awake).to_have_attribute("data-state", "on" if granted else "refused")
    expect(awake).to_have_text("Screen kept awake" if granted else "Screen not kept awake: this browser refused",
                               use_inner_text=True)
    assert page.locator("video.keep-awake-video").count() == 0  # no fallback where the API exists
    assert violations == []


def test_the_seat_pages_manifest_resolves_and_parses_in_chromium(browser, file_lan_server):
    page, _ = seat_on(browser, file_lan_server)
    manifest = page.context.new_cdp_session(page).send("Page.getAppManifest")
    assert manifest["url"].startswith("http://table.lan:") and "/manifest.webmanifest?seat=1" in manifest["url"]
    assert manifest["errors"] == []
    parsed = manifest["manifest"]  # as Chromium understood it
    assert parsed["name"] == "Chez Guevara — Ana" and parsed["display"] == "kStandalone"
    assert parsed["startUrl"] == page.url  # the seat page itself
    assert {icon["sizes"] for icon in parsed["icons"]} >= {"192x192", "512x512"}
    for icon in parsed["icons"]:
        ok, kind = page.evaluate("url => fetch(url).then(r => [r.ok, r.headers.get('content-type')])", icon["url"])
        assert ok and kind.split(";")[0] == icon["type"]
