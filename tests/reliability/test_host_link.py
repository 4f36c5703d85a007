"""Issue 31: `serve` prints the host link for the laptop; the browser that opens it may change the shared decks,
a request from the server's own address without it may not, on one process and on two."""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.request

import pytest

from companion.testing.real_server import Server, wait_for

DECK = {
    "format": "chez-companion-deck",
    "version": 1,
    "deck": "guevara",
    "cards": [{"name": "Siesta", "lang": "en", "type": "activity", "slack": 1}],
}


def printed_links(server: Server) -> list[str]:
    """The host links in what the server printed so far (its log keeps every start on this port)."""
    printed = (server.instance.parent / f"server-{server.port}.log").read_text(errors="replace")
    return re.findall(r"http://\S+/host\?key=\S+", printed)


def imported(opener, server: Server) -> int:
    """A deck import from this machine through `opener` (with its cookies, if any); the status."""
    request = urllib.request.Request(
        f"{server.url}/decks/guevara",
        json.dumps({"deck": DECK, "take": ["en:siesta"]}).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with opener.open(request, timeout=5) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("workers", [1, 2])
def test_the_printed_host_link_makes_the_host_and_the_servers_own_address_does_not(tmp_path, workers):
    server = Server(tmp_path / "instance", workers=workers).start()
    try:
        assert wait_for(lambda: len(printed_links(server)) == 1)
        [link] = printed_links(server)
        assert link == f"{server.url}/host?key={server.host_key()}"  # the key kept in the instance folder
        stranger = urllib.request.build_opener()
        assert imported(stranger, server) == 403  # from 127.0.0.1, as every request behind nginx is
        laptop = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with laptop.open(link, timeout=5) as landed:
            assert landed.status == 200 and landed.url == f"{server.url}/"
        assert imported(laptop, server) == 200
    finally:
        server.stop()
    again = Server(tmp_path / "instance", port=server.port, workers=workers).start()
    try:
        assert wait_for(lambda: len(printed_links(again)) == 2) and set(printed_links(again)) == {
            link
        }  # made once
    finally:
        again.stop()
