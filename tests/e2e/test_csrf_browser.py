"""Cross-site request forgery in real Chromium: a page of another origin that posts to the table with the phone's
cookie is refused, and the table does not change; the player's own taps still work."""

from __future__ import annotations

import json
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from companion.testing.real_server import free_port
from tests.helpers.browser_steps import join, open_table, scan_qr
from tests.helpers.chromium import CHROMIUM_ARGS, launch

FORGED = """<!doctype html><title>Free prizes</title>
<form method="post" action="{target}"><input name="type" value="adjust_slack"><input name="seat" value="1">
<input name="delta" value="5"><input name="view" value="seat"><input name="action_id" value="forged-0001"></form>
<script>document.forms[0].submit()</script>"""

WAIT_MS = 10_000  # what is tested here is what happens, not how fast: a loaded machine may be slow


@pytest.fixture
def other_site():
    """A second web server on loopback that serves one page, which posts a form to `target` as soon as it opens."""
    page = {"html": ""}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the http.server API)
            body = page["html"].encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def serve(target: str) -> int:
        page["html"] = FORGED.format(target=target)
        return server.server_address[1]

    yield serve
    server.shutdown()
    server.server_close()


def slack_of_seat_1(server, token) -> tuple[int, int]:
    """Seat 1's Slack and the table's version, read from the server."""
    with urllib.request.urlopen(f"{server.loopback_url}/t/{token}/state.json", timeout=10) as response:
        state = json.load(response)
    return state["seats"][0]["slack"], state["version"]


def test_another_port_on_the_same_machine_cannot_tap_for_the_phone(browser, server, other_site):
    """127.0.0.1:A and 127.0.0.1:B are the same site, so the phone's cookie goes along: the headers refuse it."""
    display = open_table(browser, server, seats="2")
    ana = join(browser, scan_qr(display), 1, "Ana")
    token = ana.url.split("/")[4]
    before = slack_of_seat_1(server, token)

    port = other_site(f"{server.url}/t/{token}/act")
    forged = ana.context.new_page()
    forged.goto(f"http://127.0.0.1:{port}/")
    expect(forged.locator("body")).to_contain_text("another website")  # refused for its origin, not for lack of a seat
    assert slack_of_seat_1(server, token) == before

    ana.bring_to_front()
    ana.get_by_role("button", name="+1 Slack for Ana").click()
    expect(ana.get_by_test_id("my-total")).to_have_text("1", timeout=WAIT_MS)
    assert slack_of_seat_1(server, token)[0] == 1


def test_a_plain_http_lan_name_is_guarded_by_origin_alone(browser, chromium_path, lan_server, other_site):
    """On a LAN name over plain http Chromium sends no Sec-Fetch-Site; the Origin of a sibling name is refused."""
    server = lan_server  # served as table.lan (its public URL): the server answers no name it was not given
    mapped = launch(browser.browser_type, chromium_path, [
        *CHROMIUM_ARGS, "--host-resolver-rules=MAP table.lan 127.0.0.1, MAP evil.table.lan 127.0.0.1"])
    try:
        base = f"http://table.lan:{server.port}"
        display = open_table(mapped, SimpleNamespace(url=base), seats="2")  # the page's own posts pass
        token = display.url.split("/")[4]
        ana = join(mapped, f"{base}/t/{token}/join", 1, "Ana")
        before = slack_of_seat_1(server, token)

        port = other_site(f"{base}/t/{token}/act")
        forged = ana.context.new_page()
        with forged.expect_request(lambda request: request.method == "POST") as posted:
            forged.goto(f"http://evil.table.lan:{port}/")
        headers = posted.value.all_headers()
        assert "sec-fetch-site" not in headers and headers["origin"] == f"http://evil.table.lan:{port}"
        expect(forged.locator("body")).to_contain_text("another website")
        assert slack_of_seat_1(server, token) == before

        ana.bring_to_front()
        ana.get_by_role("button", name="+1 Slack for Ana").click()
        expect(ana.get_by_test_id("my-total")).to_have_text("1", timeout=WAIT_MS)
    finally:
        mapped.close()
