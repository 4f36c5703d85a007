"""The real server (waitress, real sockets, a real SQLite file) against a long game and odd input: undo across
snapshots stays exact, odd input is a 400, a reused action id a 409, a table flood a 429, real names join."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import urllib.request

import pytest

from companion.testing.real_server import Server

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"


@pytest.fixture
def real_server(tmp_path):
    """The real server, allowing three new tables an hour per address."""
    running = Server(tmp_path / "instance", extra_args=("--new-tables-per-hour", "3")).start()
    yield running
    running.stop()


def call(server, method, path, body=None, key=None, source="127.0.0.1", raw=None):
    """One request from a loopback source address: status and decoded JSON (or text)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source, 0))
    headers = {"Content-Type": "application/json"} if body is not None or raw is not None else {}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    try:
        connection.request(method, path, raw if raw is not None else (json.dumps(body) if body is not None else None),
                           headers)
        response = connection.getresponse()
        data = response.read().decode()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if kind.startswith("application/json") else data
    finally:
        connection.close()


def open_table(server, source="127.0.0.1"):
    status, created = call(server, "POST", "/api/tables", {"seats": 3, "language": "en"}, source=source)
    assert status == 201, created
    return created


def test_undo_deep_in_a_long_game_equals_the_log_folded_afresh_after_a_restart(real_server):
    table = open_table(real_server)
    token, key = table["token"], table["display_key"]
    for tap in range(230):  # as many wounds as Slack: nobody wins
        seat = tap % 3 + 1
        status, _ = call(real_server, "POST", f"/t/{token}/actions",
                         {"type": "adjust_slack" if tap % 2 else "adjust_wounds", "seat": seat,
                          "args": {"delta": 1}}, key)
        assert status == 200
    for _ in range(40):  # back across the snapshots at 200 and 100 events
        assert call(real_server, "POST", f"/t/{token}/actions", {"type": "undo"}, key)[0] == 200
    assert call(real_server, "POST", f"/t/{token}/actions", {"type": "redo"}, key)[0] == 200
    cached = call(real_server, "GET", f"/t/{token}/state.json")[1]
    real_server.stop()
    real_server.start()
    assert call(real_server, "GET", f"/t/{token}/state.json")[1] == cached  # folded from the log alone
    status, exported = call(real_server, "GET", f"/t/{token}/export.json", key=key)
    assert status == 200 and len(exported["events"]) == cached["version"]


def test_odd_input_is_a_400_on_the_real_server(real_server):
    table = open_table(real_server)
    token, key = table["token"], table["display_key"]
    deep = '{"seat": 1, "name": "Ana", "type": "undo", "args": %s}' % ("[" * 4000 + "]" * 4000)
    for path in ("/api/tables", f"/t/{token}/join.json", f"/t/{token}/actions"):
        status, answer = call(real_server, "POST", path, key=key, raw=deep)
        assert status == 400 and answer["error"] == "The body is nested too deeply.", (path, status)
    for seat in ("abc", "9", "4"):
        assert call(real_server, "GET", f"/t/{token}/qr.svg?seat={seat}")[0] == 400
    status, answer = call(real_server, "POST", f"/t/{token}/actions",
                          {"type": "set_profile", "args": {"counts": {"private": 4, "corporal": 3, "sergeant": 1},
                                                           "values": [None, None, None]}}, key)
    assert status == 400
    assert call(real_server, "GET", f"/t/{token}/state.json")[1]["version"] == 1


def test_a_reused_action_id_is_a_409_on_the_real_server(real_server):
    table = open_table(real_server)
    token, key = table["token"], table["display_key"]
    tap = {"type": "adjust_slack", "seat": 1, "args": {"delta": 1}, "action_id": "reliability-0001"}
    assert call(real_server, "POST", f"/t/{token}/actions", tap, key)[1]["repeated"] is False
    assert call(real_server, "POST", f"/t/{token}/actions", tap, key)[1]["repeated"] is True
    status, answer = call(real_server, "POST", f"/t/{token}/actions", {**tap, "seat": 2}, key)
    assert status == 409 and "already used" in answer["error"]
    seats = call(real_server, "GET", f"/t/{token}/state.json")[1]["seats"]
    assert [seat["slack"] for seat in seats] == [1, 0, 0]


def test_one_address_cannot_flood_the_server_with_tables(real_server):
    for _ in range(3):
        open_table(real_server, source="127.0.0.2")
    status, answer = call(real_server, "POST", "/api/tables", {"seats": 3}, source="127.0.0.2")
    assert status == 429 and "too many tables" in answer["error"]
    open_table(real_server, source="127.0.0.1")  # the host's laptop still opens its table


def test_a_family_emoji_name_joins_and_the_display_shows_it_escaped(real_server):
    table = open_table(real_server)
    token = table["token"]
    name = f"<i>{FAMILY}</i>"
    status, joined = call(real_server, "POST", f"/t/{token}/join.json", {"seat": 2, "name": name})
    assert status == 201, joined
    assert call(real_server, "GET", f"/t/{token}/state.json")[1]["seats"][1]["name"] == name
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with browser.open(table["display_url"], timeout=30) as response:
        page = response.read().decode()
    assert f"&lt;i&gt;{FAMILY}&lt;/i&gt;" in page and f"<i>{FAMILY}" not in page
