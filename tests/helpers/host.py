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
