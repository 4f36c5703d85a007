"""A phone on shaky Wi-Fi: a tap the server never got says so, and the phone is live again as soon as the server
answers. Opened under the table's LAN address, as phones do."""

import os
import signal
import time

from playwright.sync_api import expect

from tests.helpers.browser_steps import join, open_table, scan_qr, unfold

NOT_ANSWERED = "Not answered yet: sent again when the server answers"
BACK_WITHIN_MS = 5000  # polling asks every 2 s; the rest is slack for a loaded machine
SILENCE_TOLD_MS = 12000  # static/app.js: a stream silent for 7 s, noticed within a second; slack for a loaded machine
FIRST_ANSWER_MS = 15000


def two_phones(browser, server):
    """Ana and Ben sit down at a two-seat table opened on the LAN address."""
    url = scan_qr(open_table(browser, server, seats="2"))
    return join(browser, url, 1, "Ana"), join(browser, url, 2, "Ben")


def test_a_tap_while_the_server_is_down_says_so_next_to_it_and_is_recorded_once_it_is_back(browser, lan_server):
    ana, _ben = two_phones(browser, lan_server)
    lan_server.stop()
    ana.get_by_role("button", name="+1 Slack for Ana").click()
    expect(ana.locator(".tally-buttons .not-recorded")).to_have_text(NOT_ANSWERED)
    unfold(ana, "dice")
    four = ana.get_by_role("button", name="I rolled 4")
    four.click()
    expect(ana.locator(".physical .not-recorded")).to_have_text(NOT_ANSWERED)
    assert "not-recorded" in four.evaluate("b => b.nextElementSibling.className")  # right next to the tap
    expect(ana.locator("#conn")).to_have_attribute("data-state", "lost")
    expect(ana.get_by_test_id("my-total")).to_have_text("0")

    lan_server.start()
    expect(ana.locator("#conn")).to_have_attribute("data-state", "live", timeout=BACK_WITHIN_MS)
    # Both taps are sent again with their own action ids: recorded once each, without a tap more.
    # The first answer of a freshly started server renders its templates first: give it time on a busy machine.
    expect(ana.get_by_test_id("my-total")).to_have_text("1", timeout=FIRST_ANSWER_MS)
    expect(ana.get_by_test_id("last-roll")).to_contain_text("4", timeout=FIRST_ANSWER_MS)
    expect(ana.locator(".not-recorded")).to_have_count(0)
    ana.get_by_role("button", name="+1 Slack for Ana").click()
    expect(ana.get_by_test_id("my-total")).to_have_text("2", timeout=FIRST_ANSWER_MS)


def test_after_a_blip_the_phone_is_live_within_seconds_of_the_server_answering(browser, lan_server):
    ana, ben = two_phones(browser, lan_server)
    ana.route("**/live", lambda route: route.abort())  # the stream stays away for a while after the blip
    lan_server.stop()
    expect(ana.locator("#conn")).to_have_attribute("data-state", "lost")
    lan_server.start()
    expect(ana.locator("#conn")).to_have_attribute("data-state", "live", timeout=BACK_WITHIN_MS)
    ben.get_by_role("button", name="+1 Slack for Ben").click()
    expect(ana.get_by_test_id("total-2")).to_have_text("1", timeout=BACK_WITHIN_MS)  # current while polling
    ana.unroute("**/live")  # whether the stream or the polling brings it, the next change arrives
    ben.get_by_role("button", name="+1 Slack for Ben").click()
    expect(ana.get_by_test_id("total-2")).to_have_text("2", timeout=BACK_WITHIN_MS)
    expect(ana.locator("#conn")).to_have_attribute("data-state", "live")


def test_a_refusal_goes_once_another_phones_change_has_moved_the_table_on(browser, lan_server):
    ana, ben = two_phones(browser, lan_server)
    ana.get_by_role("button", name="−1 Slack for Ana").click()
    expect(ana.get_by_role("alert")).to_contain_text("Slack cannot drop below zero.")
    ben.get_by_role("button", name="+1 Slack for Ben").click()
    expect(ana.get_by_test_id("total-2")).to_have_text("1")
    expect(ana.get_by_text("Slack cannot drop below zero.")).to_have_count(0)


def test_a_stream_gone_silent_says_so_and_a_new_stream_brings_the_table_once_the_server_answers(browser, lan_server):
    ana, ben = two_phones(browser, lan_server)
    streams = []
    ana.on("request", lambda request: streams.append(request.url) if "/live" in request.url else None)
    stalled = [lan_server.process.pid, *lan_server.workers()]
    for pid in stalled:  # a laptop's lid closed: the connection stays up, and nothing comes through it
        os.kill(pid, signal.SIGSTOP)
    try:
        expect(ana.locator("#conn")).to_have_attribute("data-state", "lost", timeout=SILENCE_TOLD_MS)
    finally:
        for pid in stalled:
            os.kill(pid, signal.SIGCONT)
    expect(ana.locator("#conn")).to_have_attribute("data-state", "live", timeout=BACK_WITHIN_MS)
    deadline = time.monotonic() + BACK_WITHIN_MS / 1000
    while not streams and time.monotonic() < deadline:  # the page opens a new stream of its own
        ana.wait_for_timeout(100)
    assert streams, "no new stream was opened after the silence"
    ben.get_by_role("button", name="+1 Slack for Ben").click()
    expect(ana.get_by_test_id("total-2")).to_have_text("1", timeout=BACK_WITHIN_MS)
