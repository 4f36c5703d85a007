"""A phone's live panel, rendered once per table version and viewer and served as the same bytes to every browser.

Rendering the panel is most of a re-fetch's cost. A phone's panel depends only on the table's events (its
version), who looks (seat N, or the display in a phone's view), the language and the address it is served
at: it holds nothing of one browser (no form token: cross-origin posts are refused by their headers; no
action id: the browser makes one per form). So one render per (table, version, viewer, language, address) is kept
and every browser of that seat gets the same bytes and the same ETag; a new event (a new version) or another
language, viewer or address misses the cache. Anything new a phone's panel shows that does not come from the
table's events or the viewer must be added to `_viewer` below, or it would go stale: a new player's phone, for one,
explains the moments its seat has not dismissed, so those are part of its key. After a win, the place the host
set for BG Stats links is part of every panel's key too (the link names it). The display's own panel also shows
what the server remembers from other tables (its setup forms' prefill), so it is rendered for every answer, from
parts kept by what they are given (`kept_parts.py`).
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable

from flask import current_app, render_template, request
from werkzeug.wrappers import Response

from ..rules import DISPLAY, TableState
from ..service.table_reads import TableRow
from . import readings
from .i18n import current_language
from .render_cache import KeptByContent

PANEL = "partials/_panel.html"

_BOOT = secrets.token_hex(4)  # a restart (perhaps with new templates) changes every tag


def live_panel(table: TableRow, actor: str, context: Callable[[TableState], dict], status: int = 200
               ) -> Response:
    """The htmx panel for this viewer: 304 if the browser holds this version, else a kept or new render."""
    state = readings.state_now(table)
    key = _viewer(table, actor, state)
    tag = _etag(key)
    fresh = "no-cache" in request.headers.get("Cache-Control", "")
    # The display always gets its panel: what it remembers may differ from what its browser holds.
    if request.method == "GET" and not fresh and not _display_view(actor) and request.if_none_match.contains_weak(tag):
        return _finish(current_app.response_class(status=304), tag)
    html = _kept_or_rendered(key, state, context, fresh)
    return _finish(current_app.make_response((html, status)), tag)


def panel_now(table: TableRow, actor: str, context: Callable[[TableState], dict]) -> tuple[str, int]:
    """This viewer's panel of the table as it is now, kept or rendered (what the live stream carries), and the
    version it shows."""
    state = readings.state_now(table)
    return _kept_or_rendered(_viewer(table, actor, state), state, context), state.version


def _kept_or_rendered(key: tuple, state: TableState, context: Callable[[TableState], dict], fresh: bool = False
                      ) -> str:
    """The render kept for this viewer and the state's version, else one of `state` (kept, but for the display's
    own panel)."""
    cache: KeptByContent = current_app.extensions["render_cache"]
    html = None if fresh else cache.get(key)
    if html is None:
        html = render_template(PANEL, **context(state))
        if key[2] != "display":
            cache.put(key, html)
    return html


def _viewer(table: TableRow, actor: str, state: TableState) -> tuple:
    """Everything a panel's render depends on: the table's version, who looks and where, and what a new player's seat
    has had explained."""
    where = readings.location() if state.winner is not None else ""  # the BG Stats link names the host's
    view = "display" if _display_view(actor) else "seat"
    seen = None if view == "display" else readings.moments_seen(table, actor, state)
    return "panel", table.id, view, state.version, actor, current_language(), request.root_url, where, seen


def _display_view(actor: str) -> bool:
    """Whether this is the display's own panel (not the display looking as a seat)."""
    return actor == DISPLAY and request.values.get("view") != "seat"


def _etag(key: tuple) -> str:
    viewer = hashlib.blake2s(repr((key, _BOOT)).encode(), digest_size=9).hexdigest()
    return f"p{key[1]}-{key[3]}-{viewer}"


def _finish(response: Response, tag: str) -> Response:
    response.set_etag(tag, weak=True)
    # Only this browser may keep it, and must ask each time (the table moves on without telling caches).
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("HX-Request")
    response.vary.add("Cookie")
    return response
