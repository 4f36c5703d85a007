"""A phone's live panel, rendered once per table version and viewer and served as the same bytes to every browser.

Rendering the panel is most of a re-fetch's cost. A phone's panel depends only on the table's events (its
version), who looks (seat N, or the display in a phone's view), the language and the address it is served
at: it holds nothing of one browser (no form token: cross-origin posts are refused by their headers; no
action id: the browser makes one per form). So one render per (table, viewer, language, address) is kept for
the newest version and every browser of that seat gets the same bytes and the same ETag; a new event (a new
version) or another language, viewer or address misses the cache. Anything new a phone's panel shows that
does not come from the table's events or the viewer must be added to `_viewer` below, or it would go stale.
"""
from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable

from flask import current_app, render_template, request
from werkzeug.wrappers import Response

from .. import store
from ..db import get_db
from ..i18n import current_language
from ..rules import DISPLAY
from .common import play

PANEL = "partials/_panel.html"
MAX_ENTRIES = 1024  # one per viewer of a table (only the newest version is kept): ~20 KB each at most

_BOOT = secrets.token_hex(4)  # a restart (perhaps with new templates) changes every tag


class PanelCache:
    """The newest rendered panel per (table, viewer), least recently used dropped first."""

    def __init__(self, limit: int = MAX_ENTRIES):
        self.limit = limit
        self._entries: OrderedDict[tuple, tuple[int, str]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, version: int) -> str | None:
        """The render for exactly this version, if kept."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] != version:
                return None
            self._entries.move_to_end(key)
            return entry[1]

    def put(self, key: tuple, version: int, html: str) -> None:
        """Keep a render, unless a newer one of the same viewer is already kept."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry[0] > version:
                return
            self._entries[key] = (version, html)
            self._entries.move_to_end(key)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)


def live_panel(table: store.TableRow, actor: str, context: Callable[[], dict], status: int = 200) -> Response:
    """The htmx panel for this viewer: 304 if the browser holds this version, else a kept or new render."""
    if actor == DISPLAY and request.values.get("view") != "seat":
        # The display also shows what the server remembers from other tables (rank and job profiles to
        # prefill), which this table's version does not cover: it is rendered afresh each time.
        response = current_app.make_response((render_template(PANEL, **context()), status))
        response.vary.add("HX-Request")
        return response
    cache: PanelCache = current_app.extensions["panel_cache"]
    key = (table.id, *_viewer(actor))
    version = play().state(get_db(), table).version
    tag = _etag(key, version)
    fresh = "no-cache" in request.headers.get("Cache-Control", "")
    if request.method == "GET" and not fresh and request.if_none_match.contains_weak(tag):
        return _finish(current_app.response_class(status=304), tag)
    html = None if fresh else cache.get(key, version)
    if html is None:
        values = context()
        html = render_template(PANEL, **values)
        version = values["state"].version  # the state it was rendered from, even if a tap came in meanwhile
        tag = _etag(key, version)
        cache.put(key, version, html)
    return _finish(current_app.make_response((html, status)), tag)


def _viewer(actor: str) -> tuple:
    """Everything besides the table's version that a panel's render depends on."""
    return actor, current_language(), request.host_url


def _etag(key: tuple, version: int) -> str:
    viewer = hashlib.blake2s(repr((key, _BOOT)).encode(), digest_size=9).hexdigest()
    return f"p{key[0]}-{version}-{viewer}"


def _finish(response: Response, tag: str) -> Response:
    response.set_etag(tag, weak=True)
    # Only this browser may keep it, and must ask each time (the table moves on without telling caches).
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("HX-Request")
    response.vary.add("Cookie")
    return response
