"""Issue 30 item 5: a table whose log already holds text no longer accepted (a lone surrogate, a direction override,
written by an older version) still renders on the real server: display, seat, panel, log and export, through undo
and later taps."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.parse
import urllib.request

from companion.storage import store
from companion.testing.loopback_clients import call, open_table, tap

TOLD = ("x\ud800", "Ana\u202e\udc00", "\ud83d")  # lone surrogates (low, high) and an override


def browser() -> urllib.request.OpenerDirector:
    """A browser with its own cookies."""
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def status(opener: urllib.request.OpenerDirector, url: str) -> int:
    """The answer's status after redirects, its body read to the end (as a browser would)."""
    try:
        with opener.open(url, timeout=10) as answer:
            answer.read()
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def written_by_an_older_version(database, token: str) -> None:
    """Events holding the odd text, appended through the store as an older server wrote them."""
    db = store.connect(database)
    table = store.table_by(db, "token", token)
    events = [{"type": "seat_named", "seat": 2, "args": {"name": TOLD[1]}},
              {"type": "die_rolled", "seat": 1,
               "args": {"purpose": "other", "note": TOLD[0], "value": 3, "physical": True}},
              {"type": "die_rolled", "seat": 2,
               "args": {"purpose": "other", "note": TOLD[2], "value": 5, "physical": True}}]
    for number, event in enumerate(events):
        store.append(db, table.id, store.version(db, table.id), f"older-server-{number}", "display", [event])
    db.close()


def test_a_log_holding_unsendable_text_still_renders_everywhere(server):
    table = open_table(server.port)
    token, key = table["token"], table["display_key"]
    display, phone = browser(), browser()
    assert status(display, f"{server.url}/t/{token}/display?key={key}") == 200
    form = urllib.parse.urlencode({"seat": 1, "name": "Ben"}).encode()
    assert phone.open(f"{server.url}/t/{token}/join", data=form, timeout=5).geturl().endswith("/seat")
    written_by_an_older_version(server.instance / "companion.sqlite", token)

    def renders():
        for opener, path in ((display, "display"), (display, "panel"), (display, "log"), (phone, "seat"),
                             (phone, "panel"), (phone, "log")):
            assert status(opener, f"{server.url}/t/{token}/{path}") == 200, path
        answer, body, _ = call(server.port, "GET", f"/t/{token}/export.json",
                               headers={"Authorization": f"Bearer {key}"})
        assert answer == 200, body
        notes = [event["args"].get("note") for event in json.loads(body)["events"] if event["type"] == "die_rolled"]
        assert notes[:2] == ["x\ufffd", "\ufffd"]  # what could not be sent is told as the replacement character
        assert call(server.port, "GET", f"/t/{token}/state.json")[0] == 200

    renders()
    undo = {"type": "undo", "action_id": "undo-the-odd-roll"}
    assert call(server.port, "POST", f"/t/{token}/actions", undo, headers={"Authorization": f"Bearer {key}"})[0] == 200
    renders()
    assert tap(server.port, table)[0] == 200
    renders()
