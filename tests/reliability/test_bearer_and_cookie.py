"""Issue 30 item 10: a bearer header exempts a request from the cross-origin check only when it carries no cookie
(as Datasette does). A post from another site with any `Authorization: Bearer` and the browser's cookies was let
through, and the cookie said who acted. The real server, a display browser with its cookie."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.parse
import urllib.request
import uuid

from companion.testing.loopback_clients import call, open_table, version

EVIL = "http://evil.example"


def post(opener, url: str, fields: dict, **headers) -> int:
    """A form post through `opener` (with its cookies); the status."""
    request = urllib.request.Request(url, urllib.parse.urlencode(fields).encode(), headers=headers)
    try:
        with opener.open(request, timeout=5) as answer:
            answer.read()
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_bearer_header_beside_a_cookie_is_checked_for_its_origin(server):
    table = open_table(server.port)
    token, key = table["token"], table["display_key"]
    display = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    display.open(f"{server.url}/t/{token}/display?key={key}", timeout=5).read()
    tap = {"type": "adjust_slack", "seat": 1, "delta": 1}
    before = version(server.port, table)

    for bearer in ("Bearer not-a-key", f"Bearer {key}"):
        status = post(display, f"{server.url}/t/{token}/act", {**tap, "action_id": uuid.uuid4().hex},
                      Origin=EVIL, Authorization=bearer)
        assert status == 403, bearer
    assert version(server.port, table) == before

    # A program's call with its key and no cookie is not a browser's form: no origin to check.
    action = {"type": "adjust_slack", "seat": 1, "args": {"delta": 1}}
    status, body, _ = call(server.port, "POST", f"/t/{token}/actions", action,
                           headers={"Authorization": f"Bearer {key}", "Origin": EVIL})
    assert status == 200, body
    assert json.loads(body)["version"] == before + 1
    # The display's own page, as before.
    assert post(display, f"{server.url}/t/{token}/act", {**tap, "action_id": uuid.uuid4().hex},
                Origin=server.url) == 200
