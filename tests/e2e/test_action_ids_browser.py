"""Action ids are made by the browser: one per rendered form, kept for a repeated tap; one per tap on counters."""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request

from playwright.sync_api import expect

from tests.helpers.browser_steps import join, open_table, scan_qr

WAIT_MS = 10_000  # what is tested here is what happens, not how fast: a loaded machine may be slow


def posted_ids(page) -> list[str]:
    """The action ids of every tap the page sends from now on (aborted ones too)."""
    ids: list[str] = []

    def record(request):
        if request.method == "POST" and request.url.endswith("/act"):
            body = request.post_data or ""  # htmx sends it url-encoded, the counters' fetch as multipart
            field = re.search(r'name="action_id"\r\n\r\n([^\r]*)', body)
            ids.append(field.group(1) if field else urllib.parse.parse_qs(body).get("action_id", [""])[0])

    page.on("request", record)
    return ids


def version(server, token) -> int:
    with urllib.request.urlopen(f"{server.url}/t/{token}/state.json", timeout=10) as response:
        return json.load(response)["version"]


def test_a_tap_repeated_after_a_lost_answer_counts_once_and_a_refreshed_form_is_a_new_action(browser, file_server):
    display = open_table(browser, file_server, seats="3")
    token = display.url.split("/")[4]
    ana = join(browser, scan_qr(display), 1, "Ana")
    ids = posted_ids(display)
    move_up = display.locator(".admin-list li[data-seat='2'] form").filter(
        has=display.locator("button[aria-label^='Move']")).locator("button")
    before = version(file_server, token)
    expect(display.locator("#panel")).to_have_attribute("data-version", str(before), timeout=WAIT_MS)

    # The tap reaches the server but its answer is lost, and so is the new panel it would bring: the live
    # stream (which carries panels) is down, so the page polls, and the refreshes it asks for are lost too.
    lost_refreshes = []
    display.route("**/live*", lambda route: route.abort())
    display.route("**/panel*", lambda route: (lost_refreshes.append(route), route.abort()))
    display.reload()
    display.route("**/act", lambda route: (route.fetch(), route.abort()))
    move_up.click()
    # The page says the tap was not recorded (its poll may already show the connection live again).
    expect(display.locator(".not-recorded")).to_have_count(1, timeout=WAIT_MS)
    assert version(file_server, token) == before + 1
    for _ in range(100):  # wait_for_function would need eval, which the page's CSP forbids
        if lost_refreshes:
            break
        display.wait_for_timeout(100)
    assert lost_refreshes, "the live stream never asked for the new version"
    display.unroute("**/act")

    # Once the server answers again, the unanswered tap is sent again by itself, with the same id: the server
    # does not do it again.
    display.unroute("**/panel*")
    expect(display.locator(".admin-list li").first).to_have_attribute("data-seat", "2", timeout=WAIT_MS)
    assert len(ids) >= 2 and len(set(ids)) == 1 and len(ids[0]) >= 16
    assert version(file_server, token) == before + 1

    # A tap that never reached the server is sent again, with its id, once the server answers: recorded without
    # another tap. A form a later panel brings is a new action (a morph drops the form's id).
    display.unroute("**/live*")
    display.reload()
    form = display.locator(".dealer-list li[data-seat='3'] form").filter(
        has=display.get_by_role("button", name="Make dealer"))
    dealer = form.get_by_role("button")
    display.route("**/act", lambda route: route.abort())
    earlier = len(ids)
    dealer.click()
    expect(form).to_have_attribute("data-action-id", re.compile("."))
    unanswered = form.get_attribute("data-action-id")
    expect(display.locator(".not-recorded")).to_have_count(1, timeout=WAIT_MS)
    display.unroute("**/act")
    expect(display.locator(".admin-list li[data-seat='3'] .badge")).to_have_text("dealer", timeout=WAIT_MS)
    assert set(ids[earlier:]) == {unanswered}  # every sending of it, the first and again
    shown = display.locator("#panel").get_attribute("data-version")
    ana.get_by_role("button", name="+1 Slack for Ana").click()
    expect(display.locator("#panel")).not_to_have_attribute("data-version", shown, timeout=WAIT_MS)
    assert display.locator(f"[data-action-id='{unanswered}']").count() == 0


def test_each_tap_on_a_counter_is_its_own_action(browser, file_server):
    display = open_table(browser, file_server, seats="2")
    ana = join(browser, scan_qr(display), 1, "Ana")
    ids = posted_ids(ana)
    plus = ana.get_by_role("button", name="+1 Slack for Ana")
    for _ in range(3):
        plus.click()
    expect(ana.get_by_test_id("my-total")).to_have_text("3", timeout=WAIT_MS)
    assert len(ids) == 3 and len(set(ids)) == 3
