"""The server's host: whoever holds the host key (the link `serve` prints) decides the shared decks.

The browser that opens the link keeps a host cookie (HttpOnly, SameSite=Lax; not Secure, since phones and the
laptop reach the server over plain http); a script sends `Authorization: Bearer <host key>`. A table's display key
and the client's address never make a host.
"""

from __future__ import annotations

import hashlib
import secrets

from flask import current_app, request
from werkzeug.wrappers import Response

from .common import bearer_key

HOST_COOKIE = "companion_host"
HOST_COOKIE_DAYS = 365


def _cookie_value() -> str:
    """What the host cookie holds: a digest of the key, so the cookie is not the key itself."""
    return hashlib.sha256(("host cookie:" + current_app.config["HOST_KEY"]).encode()).hexdigest()


def is_host_key(key: str) -> bool:
    """Whether a key is this server's host key."""
    return bool(key) and secrets.compare_digest(key.encode(), current_app.config["HOST_KEY"].encode())


def is_host() -> bool:
    """Whether this request comes from the host: the host cookie, or the host key as bearer."""
    cookie = request.cookies.get(HOST_COOKIE, "")
    return is_host_key(bearer_key()) or (
        bool(cookie) and secrets.compare_digest(cookie.encode(), _cookie_value().encode())
    )


def make_host(response: Response) -> Response:
    """This browser is the host from now on."""
    response.set_cookie(
        HOST_COOKIE,
        _cookie_value(),
        max_age=HOST_COOKIE_DAYS * 24 * 3600,
        httponly=True,
        samesite="Lax",
        path="/",
    )
    return response


def host_path() -> str:
    """The path of the host link, key included (printed by `serve`)."""
    return "/host?key=" + current_app.config["HOST_KEY"]
