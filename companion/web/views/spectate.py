"""The spectator link: the race view read-only, for a second screen or a stream overlay; the display revokes
it.

The link carries its own random key and never the table's token, so whoever sees it cannot join a seat. The
key is kept hashed in the table's row, not in the event log: undo cannot bring a revoked link back, and an
export holds no key. Making a new link or revoking replaces the hash at once, and the old key's live streams
end.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, g, redirect, render_template, session, url_for
from werkzeug.wrappers import Response

from ...service import table_reads
from .. import readings
from ..common import fragment_or_page, play, require_display, table_or_404
from ..connection import get_db
from ..i18n import gettext as _
from ..i18n import pick_language
from ..screens import spectator_screen
from ..streams import version_json, version_stream

bp = Blueprint("spectate", __name__)


def _watched(key: str) -> table_reads.TableRow | None:
    """The table a spectator key shows, or None (never made, replaced or revoked)."""
    return table_reads.table_opened_by(get_db(), "spectator_key", key)


def _watched_or_404(key: str) -> table_reads.TableRow:
    table = _watched(key)
    if table is None:
        gone = _("This spectator link no longer works. Ask the table for a new one.")
        abort(fragment_or_page("partials/_message.html", "message.html", 404, message=gone))
    if "lang" not in g:
        g.lang = pick_language(table.language)
    g.table_lang = table.language
    return table


def _display_post(token: str) -> table_reads.TableRow:
    """The table, if this browser is its display (else 403)."""
    table = table_or_404(token)
    require_display(table)
    return table


@bp.post("/t/<token>/spectator")
def make_link(token: str) -> Response | tuple[str, int]:
    """A new spectator link; the previous one, if any, stops working."""
    table = _display_post(token)
    key = secrets.token_urlsafe(24)
    table_reads.set_link_key(get_db(), table.id, "spectator_key", key)
    play().hub.kick(table.id)
    session.setdefault("spectators", {})[token] = key
    session.modified = True
    return redirect(url_for("tables.display", token=token) + "#spectator", 303)


@bp.post("/t/<token>/spectator/revoke")
def revoke_link(token: str) -> Response | tuple[str, int]:
    """The spectator link stops working at once, its open pages included."""
    table = _display_post(token)
    table_reads.set_link_key(get_db(), table.id, "spectator_key", None)
    play().hub.kick(table.id)
    session.get("spectators", {}).pop(token, None)
    session.modified = True
    return redirect(url_for("tables.display", token=token) + "#spectator", 303)


def spectator_context(table: table_reads.TableRow, key: str) -> dict:
    """What the read-only race view shows: the race, the newest highlight and the last lines of the log."""
    return spectator_screen(readings.reading(table), key).context()


@bp.get("/watch/<key>")
def watch(key: str) -> str:
    """The race view, read-only: no forms, no table token, no way to act."""
    table = _watched_or_404(key)
    return render_template("spectate.html", **spectator_context(table, key))


@bp.get("/watch/<key>/panel")
def panel(key: str) -> Response:
    """The live part of the spectator page, re-fetched when the table's version moves on."""
    table = _watched_or_404(key)
    return fragment_or_page("partials/_spectate_panel.html", "spectate.html", **spectator_context(table, key))


@bp.get("/watch/<key>/live")
def live(key: str) -> Response:
    """The table's versions as server-sent events, ending the moment the link is revoked or replaced."""
    table = _watched_or_404(key)
    link_open = readings.on_a_lent_connection(lambda db: table_reads.table_opened_by(db, "spectator_key", key) == table)
    return version_stream(play().hub, table.id, readings.version(table), link_open)


@bp.get("/watch/<key>/version")
def version(key: str) -> Response:
    """The table's version, for spectator pages that poll."""
    return version_json(readings.version(_watched_or_404(key)))


@bp.get("/watch/<key>/story")
def story(key: str) -> str | Response:
    """The story of the table's most recent finished game: the one the spectators watched (not the table's
    archive, which is for its seats and its share link)."""
    table = _watched_or_404(key)
    return readings.story(table, readings.newest_game(table), None)
