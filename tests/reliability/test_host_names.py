"""Issue 30 item 8: the real server answers only the names it is served under. A page of another site whose name
was pointed at the laptop (DNS rebinding) reaches it from 127.0.0.1 with its own name as Host and Origin: that
passed the cross-origin check and counted as this machine's own browser."""

from __future__ import annotations

import http.client
import ipaddress
import json

import pytest

from companion.serve import netaddr
from companion.testing.loopback_clients import open_table
from companion.testing.real_server import Server
from tests.helpers.chromium import LAN_HOST

EVIL = "evil.example"
REFUSED = "This server does not answer to that name. Open the address the table's display shows."


def ask(port: int, method: str, path: str, host: str, body: dict | None = None, **headers) -> tuple[int, str]:
    """One request from 127.0.0.1 whose Host header names `host` (with the server's port)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    sent = {"Host": f"{host}:{port}", **({"Content-Type": "application/json"} if body is not None else {}), **headers}
    try:
        connection.request(method, path, json.dumps(body) if body is not None else None, sent)
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


@pytest.fixture
def named(tmp_path):
    """The real server as the LAN name's public URL, with two more names allowed."""
    running = Server(tmp_path / "instance", host_name=LAN_HOST,
                     extra_args=("--allowed-host", "games.example", "--allowed-host", "Den.Lan.")).start()
    yield running
    running.stop()


def test_another_sites_name_is_refused_before_anything_runs(server):
    table = open_table(server.port)
    origin = {"Origin": f"http://{EVIL}:{server.port}"}
    status, body = ask(server.port, "POST", "/api/tables", EVIL, {"seats": 2}, **origin)
    assert (status, json.loads(body)["error"]) == (400, REFUSED)
    # The deck pages let the host's browser edit what the server knows: never from a page of another site.
    status, body = ask(server.port, "POST", "/decks/guevara/undo/1", EVIL, **origin)
    assert status == 400 and "does not answer to that name" in body
    for path in ("/", f"/t/{table['token']}/state.json", "/static/app.js", "/healthz"):
        assert ask(server.port, "GET", path, EVIL)[0] == 400, path
    assert ask(server.port, "GET", "/", f"{EVIL}.", **{"Accept-Language": "de"})[0] == 400
    assert ask(server.port, "GET", "/", "127.0.0.1@evil.example")[0] == 400


def test_the_servers_own_names_and_addresses_are_answered(server):
    table = open_table(server.port)
    own = [address for _name, address in netaddr.interface_addresses()
           if not ipaddress.ip_address(address).is_loopback][:1]
    for host in ("127.0.0.1", "localhost", "LocalHost", "[::1]", "127.0.0.2", *own):
        assert ask(server.port, "GET", f"/t/{table['token']}/state.json", host)[0] == 200, host
        assert ask(server.port, "GET", "/", host)[0] == 200, host


def test_the_public_urls_name_and_the_allowed_names_are_answered(named):
    for host in (LAN_HOST, "games.example", "den.lan", "DEN.LAN", "127.0.0.1"):
        assert ask(named.port, "GET", "/", host)[0] == 200, host
    status, body = ask(named.port, "POST", "/api/tables", "games.example", {"seats": 2},
                       Origin=f"http://games.example:{named.port}")
    assert status == 201, body
    for host in ("other.lan", "lan", "games.example.evil.example", EVIL):
        assert ask(named.port, "GET", "/", host)[0] == 400, host
