"""The server's host in tests: its key (from the app or the instance folder), as a bearer or as a browser's cookie."""

from __future__ import annotations

from pathlib import Path


def host_key(app) -> str:
    """The host key an app made in its instance folder."""
    return app.config["HOST_KEY"]


def instance_host_key(instance: Path) -> str:
    """The host key a server kept in its instance folder (the one its printed link carries)."""
    return (Path(instance) / "host_key").read_text().strip()


def as_host(app) -> dict:
    """Headers that make a request the host's: the key as bearer."""
    return {"Authorization": f"Bearer {host_key(app)}"}


def made_host(app, client):
    """The client opened the host link: it keeps the host cookie from now on."""
    opened = client.get(f"/host?key={host_key(app)}")
    assert opened.status_code == 303 and "companion_host=" in opened.headers.get("Set-Cookie", "")
    return client


def accept_every_proposal(base_url: str, key: str, deck: str = "guevara") -> int:
    """The host accepts every proposal waiting in a deck of a running server (over HTTP, its key as bearer); how
    many."""
    import re
    import urllib.parse
    import urllib.request

    bearer = {"Authorization": f"Bearer {key}"}
    with urllib.request.urlopen(
        urllib.request.Request(f"{base_url}/decks/{deck}", headers=bearer), timeout=10
    ) as page:
        ids = sorted(set(re.findall(rf"/decks/{deck}/proposals/(\d+)", page.read().decode())))
    for proposal in ids:
        body = urllib.parse.urlencode({"decision": "accept"}).encode()
        request = urllib.request.Request(
            f"{base_url}/decks/{deck}/proposals/{proposal}", data=body, headers=bearer, method="POST"
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200  # the redirect to the deck page, followed
    return len(ids)
