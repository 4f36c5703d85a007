"""A database the server cannot write: reading goes on, writes say so, and the first tap after the fix counts
(issue 18, item 3). The real server on a real SQLite file that the operating system refuses to let it write."""

from __future__ import annotations

import ctypes
import http.cookiejar
import json
import os
import urllib.parse
import urllib.request

from companion.testing.loopback_clients import call, open_table, tap, version
from companion.testing.real_server import Server

PR_CAPBSET_DROP, CAP_DAC_OVERRIDE = 24, 1
ENGLISH = "The server cannot save right now — nothing was recorded. Please try again in a moment."


def obey_file_modes() -> None:
    """Run in the server's process before it starts: root keeps its uid but loses CAP_DAC_OVERRIDE, so the kernel
    refuses it a file whose mode forbids writing, as it would any user (nobody cannot run this venv's Python)."""
    if os.geteuid() == 0 and ctypes.CDLL(None, use_errno=True).prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0):
        raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def seated_phone(server: Server, token: str, seat: int, name: str) -> urllib.request.OpenerDirector:
    """A phone (a cookie jar) that joined a seat through the join form."""
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    phone.open(f"{server.url}/t/{token}/join", timeout=5).read().decode()
    form = urllib.parse.urlencode({"seat": seat, "name": name}).encode()
    assert phone.open(f"{server.url}/t/{token}/join", data=form, timeout=5).geturl().endswith("/seat")
    return phone


def test_a_read_only_database_keeps_pages_up_refuses_writes_clearly_and_recovers_at_once(tmp_path):
    server = Server(tmp_path / "instance", preexec_fn=obey_file_modes).start()
    try:
        table = open_table(server.port)
        phone = seated_phone(server, table["token"], 1, "Ana")
        assert tap(server.port, table)[0] == 200
    finally:
        server.stop()

    database = server.instance / "companion.sqlite"
    database.chmod(0o444)  # the fault: the file can be read but not written
    server.start(ready_path="/rules")  # "/" is asserted below
    try:
        known = version(server.port, table)
        for path in ("/", "/games", "/rules", f"/t/{table['token']}/state.json"):
            assert call(server.port, "GET", path)[0] == 200, path
        assert phone.open(f"{server.url}/t/{table['token']}/seat", timeout=5).status == 200

        status, body, _ = tap(server.port, table)
        assert (status, json.loads(body)["error"]) == (503, ENGLISH)
        status, body, _ = tap(server.port, table, **{"Accept-Language": "de"})
        assert status == 503 and "nichts wurde festgehalten" in json.loads(body)["error"]
        assert call(server.port, "POST", "/api/tables", {"seats": 2})[0] == 503
        status, body, _ = call(server.port, "GET", "/healthz")
        assert (status, json.loads(body)["error"]) == (503, ENGLISH)
        assert version(server.port, table) == known  # nothing was recorded

        # The fault is mended while the server runs; SQLite made its shared-memory file with the database file's
        # read-only mode, so the host gives write access back to all of the database's files.
        for part in server.instance.glob("companion.sqlite*"):
            part.chmod(0o644)
        status, body, _ = tap(server.port, table)
        assert status == 200, body  # the very first tap counts
        assert version(server.port, table) == known + 1
        assert call(server.port, "POST", "/api/tables", {"seats": 2})[0] == 201
        assert call(server.port, "GET", "/healthz")[0] == 200
    finally:
        server.stop()
