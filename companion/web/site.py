"""The web site assembled: blueprints, the hooks every answer passes (language, cross-origin check, security
headers), translated error pages."""

from __future__ import annotations

import hashlib
import sqlite3

from flask import Flask, current_app, g, jsonify, render_template, request
from jinja2 import FileSystemBytecodeCache
from jinja2.bccache import Bucket
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ..rules import N_
from ..service import database
from ..service.table_service import TableService
from ..translations import LANGUAGES
from .common import HEALTHY_AT, RowNumber, from_another_origin, host_served
from .connection import discard_connection
from .i18n import current_language, gettext, ngettext, template_gettext
from .limits import RateLimiter

# media-src: the keep-awake video (NoSleep.js's, vendored as files, so no data: URIs); manifest-src: the seat's
# web app manifest.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; "
       "manifest-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
       "frame-ancestors 'none'")


class _CompiledTemplates(FileSystemBytecodeCache):
    """Jinja's compiled templates in its private folder, each also kept in this process once read: the code is
    immutable, so every app of the process (each test's) takes it from memory instead of reading its file again."""

    _read: dict[tuple[str, str], tuple[str, object]] = {}  # (pattern, template key): (source's checksum, code)

    def load_bytecode(self, bucket: Bucket) -> None:
        """The template's code from memory if its source is unchanged, else from its file."""
        checksum, code = self._read.get((self.pattern, bucket.key), (None, None))
        if checksum == bucket.checksum:
            bucket.code = code
            return
        super().load_bytecode(bucket)
        if bucket.code is not None:
            self._read[self.pattern, bucket.key] = (bucket.checksum, bucket.code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """The template just compiled, written to its file and kept."""
        super().dump_bytecode(bucket)
        self._read[self.pattern, bucket.key] = (bucket.checksum, bucket.code)


def _compiled_templates(env) -> FileSystemBytecodeCache:
    """The templates compiled once for every process of this machine's user (a server process, each worker and each
    test's app compiled them anew: about 0.4 CPU-s for all of them), in Jinja's own private folder in the temporary
    directory; a template whose source changed is compiled again. The files are named for what changes the compiled
    code besides the source (the extensions and how gettext is called), so no other setup reads them."""
    setup = repr((sorted(env.extensions), env.newstyle_gettext, env.trim_blocks, env.lstrip_blocks))
    return _CompiledTemplates(pattern=f"chez-companion-{hashlib.sha1(setup.encode()).hexdigest()[:12]}-%s.cache")


def register(app: Flask) -> None:
    """Attach blueprints, hooks and template helpers to the app."""
    from . import assets, compress, kept_parts, render_cache, stories
    from .views import (
        api,
        archive_pages,
        bgstats_links,
        card_names,
        club_pages,
        deck_pages,
        explaining,
        install,
        live,
        reference_pages,
        seat,
        share_links,
        spectate,
        tables,
    )
    from .words import deck_words, help_links, narrate

    app.url_map.converters["int"] = RowNumber  # before the routes that use it
    app.extensions["play"] = TableService(app.config["DATABASE"])
    app.extensions["join_limiter"] = RateLimiter()
    app.extensions["shared_cache"] = render_cache.NewestCache()  # what every screen of a table shows alike
    app.extensions["render_cache"] = render_cache.KeptByContent()  # whole panels and the parts of screens
    for blueprint in (tables.bp, seat.bp, live.bp, reference_pages.bp, api.bp, archive_pages.bp, share_links.bp,
                      spectate.bp, install.bp, deck_pages.bp, card_names.bp, bgstats_links.bp, club_pages.bp,
                      explaining.bp):
        app.register_blueprint(blueprint)

    app.url_defaults(assets.version_static_urls)
    app.view_functions["static"] = assets.send_static
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)
    app.jinja_env.bytecode_cache = _compiled_templates(app.jinja_env)
    app.jinja_env.globals["_"] = template_gettext
    app.jinja_env.globals.update(languages=LANGUAGES, current_language=current_language,
                                 kept=kept_parts.kept, tally_of=kept_parts.tally_of,
                                 scoreboard_row=kept_parts.scoreboard_row, offered_tallies=kept_parts.offered_tallies,
                                 help=help_links.help_link,
                                 rule_help=help_links.rule_help, card_photos=card_names.photos_read,
                                 **narrate.FORMATTERS, **deck_words.FORMATTERS, **stories.TEMPLATE_HELPERS)
    # The forms' macros, made once: an `import` in every template that calls them costs a look through every global.
    forms = app.jinja_env.get_template("macros/forms.html").module
    app.jinja_env.globals.update(action=forms.action, tally_buttons=forms.tally_buttons,
                                 rolled_buttons=forms.rolled_buttons)
    app.extensions["part_templates"] = kept_parts.part_templates(app.jinja_env)

    app.before_request(_refuse_unknown_hosts)
    app.before_request(_refuse_other_origins)
    app.after_request(compress.gzip_response)
    app.after_request(_security_headers)
    for status in (400, 403, 404, 405, 413, 429, 500):
        app.register_error_handler(status, _error_page)
    for fault in (sqlite3.DatabaseError, *database.fault_types(app.config["DATABASE"])):
        app.register_error_handler(fault, _storage_fault)


def _refuse_unknown_hosts() -> tuple[Response | str, int] | None:
    """A request to a name this server is not served under (another site's, pointed at it) is refused first."""
    if not host_served():
        return error_answer(gettext(UNKNOWN_HOST), 400)
    return None


def _refuse_other_origins() -> tuple[Response | str, int] | None:
    """A change sent by another website's page (cross-site request forgery) is refused before anything runs."""
    if from_another_origin():
        return error_answer(gettext(OTHER_ORIGIN), 403)
    return None


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["X-Content-Type-Options"] = "nosniff"
    # Addresses (with table tokens) never leave for other sites. Not no-referrer: under it a browser sends
    # `Origin: null` with the page's own form posts, which the cross-origin check has to refuse on plain http.
    response.headers["Referrer-Policy"] = "same-origin"
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
UNKNOWN_HOST = N_("This server does not answer to that name. Open the address the table's display shows.")
OTHER_ORIGIN = N_("That came from another website, so nothing was changed. Open the table's own page and try again.")


def wants_json() -> bool:
    """API paths answer errors in JSON, pages in HTML."""
    path = request.path
    return path.startswith("/api/") or path.endswith((".json", "/actions", "/card-photo", "/card-picks")) or \
        path == "/healthz"


def _error_page(error) -> tuple[Response | str, int, dict]:
    status = getattr(error, "code", 500) or 500
    message = gettext(ERROR_MESSAGES.get(status, ERROR_MESSAGES[500]))
    # Keep what the error says about itself, such as the methods a 405 allows.
    headers = {k: v for k, v in error.get_headers() if k != "Content-Type"} if isinstance(error, HTTPException) else {}
    return error_answer(message, status, headers)


def error_answer(message: str, status: int, headers: dict | None = None) -> tuple[Response | str, int, dict]:
    """An error as JSON on API paths, as a page elsewhere."""
    if wants_json():
        return jsonify(error=message), status, headers or {}
    return render_template("message.html", message=message), status, headers or {}


def _storage_fault(error: sqlite3.DatabaseError) -> tuple[Response | str, int, dict]:
    """The database cannot be written (read-only, full, damaged, failing): 503, and the connection is not kept;
    /healthz says the host what is wrong with the store as well."""
    if not database.is_fault(error):
        raise error
    discard_connection()
    current_app.extensions.pop(HEALTHY_AT, None)  # /healthz says so at once, not after its last write expires
    current_app.logger.error("storage fault: %s", error)
    if request.path == "/healthz":
        reason = database.fault_text(error, current_app.config["DATABASE"], public=True) or str(error)
        return jsonify(error=gettext(ERROR_MESSAGES[503]), storage=reason), 503, {"Retry-After": "10"}
    return error_answer(gettext(ERROR_MESSAGES[503]), 503, {"Retry-After": "10"})
