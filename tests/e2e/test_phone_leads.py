"""The phone leads the turn (issue 32), on the table's LAN name: what to do next under the thumb, nothing silent."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers.browser_steps import join, open_table, scan_qr
from tests.helpers.chromium import LAN_HOST
from tests.helpers.real_server import Server


@pytest.fixture(scope="module")
def lan(tmp_path_factory):
    """One real server for the module, opened under the LAN name as phones open it."""
    running = Server(tmp_path_factory.mktemp("phone-leads") / "instance", host_name=LAN_HOST).start()
    yield running
    running.stop()


def requests_sent(page, act) -> list[str]:
    """The addresses the page asked the network for while `act` ran (answers from the browser's cache not counted)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    sent, cached = {}, set()
    session.on(
        "Network.requestWillBeSent",
        lambda event: sent.setdefault(event["requestId"], event["request"]["url"]),
    )
    session.on("Network.requestServedFromCache", lambda event: cached.add(event["requestId"]))
    session.on(
        "Network.responseReceived",
        lambda event: event["response"].get("fromDiskCache") and cached.add(event["requestId"]),
    )
    act()
    session.detach()
    return [url for request_id, url in sent.items() if request_id not in cached]


def test_a_warm_seat_load_asks_only_for_the_page_and_its_live_stream(browser, lan):
    ana = join(browser, scan_qr(open_table(browser, lan, seats="2")), 1, "Ana")
    seat = ana.url

    def open_again():
        ana.goto(seat)
        expect(ana.locator("#conn")).to_have_attribute("data-state", "live")

    asked = requests_sent(ana, open_again)
    assert len(asked) <= 2, asked
    assert asked[0].split("?")[0] == seat.split("?")[0] and "/live" in asked[-1]
