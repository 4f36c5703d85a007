"""Issue 30 item 7: what the real server keeps for later answers is bounded and keyed by nothing a client makes up.

A story page was kept per address, query string included: requests to one story under ever new query strings
grew the server by a page each, never freed.
"""

from __future__ import annotations

import http.client
import json

import psutil

from companion.testing.loopback_clients import call, open_table

REQUESTS = 3000
GROWTH_ALLOWED = 16 * 2 ** 20  # bytes; a page kept per request grows the server by ~80 MiB here


def won(port: int, table: dict) -> str:
    """Seat 1 reaches the goal; the address of the story of that game (the display's key reads it)."""
    auth = {"Authorization": f"Bearer {table['display_key']}"}
    win = {"type": "adjust_slack", "seat": 1, "args": {"delta": 20}}
    assert call(port, "POST", f"/t/{table['token']}/actions", win, headers=auth)[0] == 200
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", f"/t/{table['token']}/story", headers=auth)
    location = connection.getresponse().getheader("Location")
    connection.close()
    return location


def test_a_story_asked_for_under_ever_new_query_strings_leaves_the_server_as_big_as_it_was(server):
    table = open_table(server.port)
    story = won(server.port, table)
    auth = {"Authorization": f"Bearer {table['display_key']}"}
    status, page, _ = call(server.port, "GET", story, headers=auth)
    assert status == 200 and b"won" in page
    process = psutil.Process(server.workers()[0])
    before = process.memory_info().rss
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    for number in range(REQUESTS):  # one kept-alive connection: the per-client limits stay out of the way
        connection.request("GET", f"{story}?n={number}&pad={'x' * 1000}", headers=auth)
        answer = connection.getresponse()
        answer.read()
        assert answer.status in (200, 301, 302, 303, 308), answer.status
    connection.close()
    grown = process.memory_info().rss - before
    assert grown < GROWTH_ALLOWED, f"the server grew by {grown / 2 ** 20:.0f} MiB"
    status, again, _ = call(server.port, "GET", story, headers=auth)
    assert status == 200 and again == page  # the story itself is still answered, and as before
    assert json.loads(call(server.port, "GET", "/healthz")[1]) == {"ok": True}
