"""A phone's live panel, rendered once per table version and viewer and served as the same bytes to every browser.

Rendering the panel is most of a re-fetch's cost. A phone's panel depends only on the table's events (its
version), who looks (seat N, or the display in a phone's view), the language and the address it is served
at: it holds nothing of one browser (no form token: cross-origin posts are refused by their headers; no
action id: the browser makes one per form). So one render per (table, viewer, language, address) is kept for
the newest version and every browser of that seat gets the same bytes and the same ETag; a new event (a new
version) or another language, viewer or address misses the cache. Anything new a phone's panel shows that
does not come from the table's events or the viewer must be added to `_viewer` below, or it would go stale.
The display's panel is kept the same way: besides the version it shows only the setup profiles the server
remembers from other tables, and their fingerprint is part of its key, read afresh for every answer. After a win,
the place the host set for BG Stats links is part of every panel's key too (the link names it).
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable

from flask import current_app, has_request_context, render_template, request
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.wrappers import Response

from ..rules import DISPLAY, TableState
from ..service.table_reads import TableRow
from . import readings
from .forms import setup_forms
from .i18n import current_language
from .render_cache import NewestCache

PANEL = "partials/_panel.html"

_BOOT = secrets.token_hex(4)  # a restart (perhaps with new templates) changes every tag


def live_panel(table: TableRow, actor: str, context: Callable[[TableState], dict], status: int = 200
               ) -> Response:
    """The htmx panel for this viewer: 304 if the browser holds this version, else a kept or new render."""
    state = readings.state_now(table)
    key, version = (table.id, *_viewer(actor, state)), state.version
    tag = _etag(key, version)
    fresh = "no-cache" in request.headers.get("Cache-Control", "")
    # The display always gets its panel (kept or new): what it remembers may differ from what its browser holds.
    if request.method == "GET" and not fresh and not _display_view(actor) and request.if_none_match.contains_weak(tag):
        return _finish(current_app.response_class(status=304), tag)
    html = _kept_or_rendered(key, state, context, fresh)
    return _finish(current_app.make_response((html, status)), tag)


def panel_now(table: TableRow, actor: str, context: Callable[[TableState], dict]) -> tuple[str, int]:
    """This viewer's panel of the table as it is now, kept or rendered (what the live stream carries), and the
    version it shows."""
    state = readings.state_now(table)
    return _kept_or_rendered((table.id, *_viewer(actor, state)), state, context), state.version


def _kept_or_rendered(key: tuple, state: TableState, context: Callable[[TableState], dict], fresh: bool = False
                      ) -> str:
    """The render kept for this viewer and the state's version, else one of `state` (kept)."""
    cache: NewestCache = current_app.extensions["panel_cache"]
    html = None if fresh else cache.get(key, state.version)
    if html is None:
        html = render_template(PANEL, **context(state))
        cache.put(key, state.version, html)
    return html


@pass_context
def shared_include(context: Context, name: str, **values) -> Markup:
    """`{% include name %}` (with `values` set), rendered once per table version for every screen that shows it.

    Meant for a part that looks the same to every phone at the table (another seat's scoreboard row, the log):
    it is kept per (table, version, language, address, view, phone or not, name, values), so the first screen
    to render it after a change renders it for all. What it shows must not depend on which phone looks.
    """
    table, state = context.get("table"), context["state"]
    template = context.environment.get_template(name)
    if table is None or not has_request_context():
        return Markup(template.render({**context.get_all(), **values}))
    cache: NewestCache = current_app.extensions["shared_cache"]
    key = ("include", name, table.id, current_language(), request.root_url, context["view"],
           context.get("me") is None, tuple(sorted((k, _value_key(v)) for k, v in values.items())))
    html = cache.get(key, state.version)
    if html is None:
        html = Markup(template.render({**context.get_all(), **values}))
        cache.put(key, state.version, html)
    return html


def _value_key(value) -> object:
    """A value as part of a cache key: itself if it can be one, else what it is named by (a seat by its id)."""
    return getattr(value, "id", value)


def _viewer(actor: str, state: TableState) -> tuple:
    """Everything besides the table's version that a panel's render depends on."""
    where = readings.location() if state.winner is not None else ""  # the BG Stats link names the host's
    if _display_view(actor):
        return actor, "display", current_language(), request.root_url, _remembered_fingerprint(state), where
    return actor, current_language(), request.root_url, where


def _display_view(actor: str) -> bool:
    """Whether this is the display's own panel (not the display looking as a seat)."""
    return actor == DISPLAY and request.values.get("view") != "seat"


def _remembered_fingerprint(state: TableState) -> str:
    """What the display's setup forms prefill (perhaps remembered from other tables, which this table's version
    does not cover), as a short digest: another table entering new rank or job cards changes it."""
    profile = setup_forms.job_profile_form(state) if state.rules.has_jobs else setup_forms.profile_form(state)
    return hashlib.blake2s(repr(profile).encode(), digest_size=12).hexdigest()


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
