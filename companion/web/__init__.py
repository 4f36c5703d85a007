"""The web layer: blueprints, language per request, security headers, translated error pages."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, g, jsonify, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from .. import store
from ..db import discard_connection
from ..i18n import LANGUAGES, current_language, gettext, ngettext
from ..play import Play
from ..rules.violations import N_
from .limits import RateLimiter

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


def register(app: Flask) -> None:
    """Attach blueprints, hooks and template helpers to the app."""
    from . import api, compress, fragments, live, lookup, race, seat, spectate, story, tables, views

    app.extensions["play"] = Play()
    app.extensions["join_limiter"] = RateLimiter()
    app.extensions["panel_cache"] = fragments.PanelCache()
    for blueprint in (tables.bp, seat.bp, live.bp, lookup.bp, api.bp, story.bp, spectate.bp):
        app.register_blueprint(blueprint)

    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)
    app.jinja_env.globals.update(languages=LANGUAGES, current_language=current_language,
                                 **views.TEMPLATE_HELPERS, **race.TEMPLATE_HELPERS, **story.TEMPLATE_HELPERS)
    # A panel may be rendered once for many answers: these let each answer get its browser's own tokens.
    app.jinja_env.globals.update(csrf_token=fragments.csrf_token, action_id=fragments.action_id)

    app.after_request(compress.gzip_response)
    app.after_request(_security_headers)
    for status in (400, 403, 404, 405, 413, 429, 500):
        app.register_error_handler(status, _error_page)
    app.register_error_handler(sqlite3.OperationalError, _storage_fault)


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    if "lang" in g:
        response.vary.add("Cookie")
    return response


ERROR_MESSAGES = {
    400: N_("The request was not understood."),
    403: N_("This is not yours to see or change."),
    404: N_("There is nothing here. Check the address or scan the table's QR code again."),
    405: N_("That is not how this address is used."),
    413: N_("That is far too much data for one tap."),
    429: N_("Too many tries. Please wait a minute."),
    500: N_("Something went wrong on the table's laptop. Nothing was changed."),
    503: N_("The server cannot save right now — nothing was recorded. Please try again in a moment."),
}


def wants_json() -> bool:
    """API paths answer errors in JSON, pages in HTML."""
    path = request.path
    return path.startswith("/api/") or path.endswith((".json", "/actions")) or path == "/healthz"


def _error_page(error) -> tuple[Response | str, int, dict]:
    status = getattr(error, "code", 500) or 500
    message = gettext(ERROR_MESSAGES.get(status, ERROR_MESSAGES[500]))
    # Keep what the error says about itself, such as the methods a 405 allows.
    headers = {k: v for k, v in error.get_headers() if k != "Content-Type"} if isinstance(error, HTTPException) else {}
    if wants_json():
        return jsonify(error=message), status, headers
    return render_template("message.html", message=message), status, headers


def _storage_fault(error: sqlite3.OperationalError) -> tuple[Response | str, int, dict]:
    """The database cannot be written (read-only, full, failing): 503, and the connection is not kept."""
    if not store.is_storage_fault(error):
        raise error
    discard_connection()
    current_app.logger.error("storage fault: %s", error)
    message = gettext(ERROR_MESSAGES[503])
    if wants_json():
        return jsonify(error=message), 503, {"Retry-After": "10"}
    return render_template("message.html", message=message), 503, {"Retry-After": "10"}
