"""`serve --host 127.0.0.1` without --public-url: phones are never sent to a LAN address where nothing listens."""

from __future__ import annotations

import json
import urllib.request

from companion.testing.real_server import Server


def test_a_server_listening_on_loopback_sends_phones_to_loopback_and_warns(tmp_path):
    server = Server(tmp_path / "instance", public_url=False).start()
    try:
        request = urllib.request.Request(server.url + "/api/tables", data=json.dumps({"seats": 2}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            created = json.load(response)
        assert created["join_url"] == f"{server.url}/t/{created['token']}/join"
    finally:
        server.stop()
    printed = (tmp_path / f"server-{server.port}.log").read_text()
    assert f"{server.url}/\n" in printed and "phones cannot join" in printed


def test_a_loopback_public_url_is_named_as_such_and_two_processes_say_stopped_once(tmp_path):
    server = Server(tmp_path / "instance", workers=2).start()
    server.stop()
    printed = (tmp_path / f"server-{server.port}.log").read_text()
    assert "the --public-url given is this computer's own address" in printed and "pass --public-url" not in printed
    assert printed.count("Stopped.") == 1
