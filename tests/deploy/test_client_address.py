"""Through nginx every request arrives from the proxy's loopback address: none of them gets authority from that.

The Host a phone names is still checked (a page of another site pointed at the proxy is refused), and a deck's
cards may not be changed by a visitor without a key, though the app sees every request come from 127.0.0.1.
"""

from __future__ import annotations

import json

from companion.testing.loopback_clients import call, open_table


def test_a_host_name_the_servers_do_not_serve_is_refused_through_the_proxy(file_convention):
    proxy = file_convention.proxy
    assert call(proxy.port, "GET", "/", headers={"Host": f"127.0.0.1:{proxy.port}"})[0] == 200
    for host in ("evil.example", f"rebound.example:{proxy.port}"):
        status, _, _ = call(proxy.port, "GET", "/", headers={"Host": host})
        assert status == 400, host


def test_deck_edits_through_the_proxy_need_a_key_though_every_request_comes_from_loopback(file_convention):
    proxy = file_convention.proxy
    open_table(
        proxy.port
    )  # a table is being played here: its display key is nobody's authority over the decks
    status, deck_file, _ = call(proxy.port, "GET", "/decks/guevara.json")
    assert status == 200, deck_file
    # A well-formed import (as a script would send it: JSON, no cookie, so no cross-site check applies), whose only
    # lack is a key: it must be refused for that, not for its form.
    for path, body in (
        ("/decks/guevara", {"deck": json.loads(deck_file)}),
        ("/decks/guevara", {"deck": json.loads(deck_file), "take": []}),
    ):
        status, data, _ = call(proxy.port, "POST", path, body)
        assert status == 403, data
