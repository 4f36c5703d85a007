"""The share link to a table's finished games: the display makes it and revokes it, as it does the spectator link.

The link carries its own random key and never the table's token, so whoever holds it can read the table's finished
games and nothing else: not join, not act, not watch live. The key is kept hashed in the table's row, not in the
event log: undo cannot bring a revoked link back, and an export holds no key.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, current_app, g, redirect, render_template, session, url_for
from werkzeug.wrappers import Response

from ...service import table_reads
from .. import readings
from ..common import refuse, require_display, table_or_404
from ..connection import get_db
from ..i18n import gettext as _
from ..i18n import pick_language

bp = Blueprint("share", __name__)

COLUMN = "share_key"


def _shared_or_404(key: str) -> table_reads.TableRow:
    """The table a share key opens; a key never made, replaced or revoked is a 404 that says so."""
    table = table_reads.table_opened_by(get_db(), COLUMN, key)
    if table is None:
        abort(current_app.make_response(refuse(_("This link no longer works. Ask the table for a new one."), 404)))
    g.lang, g.table_lang = pick_language(table.language), table.language
    return table


def _keep(token: str, key: str | None) -> Response:
    """Store the table's new share key (or none), remember it in this browser, and go back to the display."""
    table = table_or_404(token)
    require_display(table)
    table_reads.set_link_key(get_db(), table.id, COLUMN, key)
    shares = session.setdefault("shares", {})
    if key:
        shares[token] = key
    else:
        shares.pop(token, None)
    session.modified = True
    return redirect(url_for("tables.display", token=token) + "#share", 303)


@bp.post("/t/<token>/share")
def make_link(token: str) -> Response:
    """A new share link to the table's finished games; the previous one, if any, stops working."""
    return _keep(token, secrets.token_urlsafe(24))


@bp.post("/t/<token>/share/revoke")
def revoke_link(token: str) -> Response:
    """The share link stops working at once."""
    return _keep(token, None)


@bp.get("/shared/<key>")
def games(key: str) -> str:
    """The table's finished games, for whoever holds the link."""
    table = _shared_or_404(key)
    link = lambda entry: url_for("share.story", key=key, number=entry.number)  # noqa: E731
    return render_template("games.html", games=readings.finished_games({table.id}), story_link=link,
                           shared=True)


@bp.get("/shared/<key>/<int:number>")
def story(key: str, number: int) -> str | Response:
    """The story of one of the table's finished games, for whoever holds the link."""
    return readings.story(_shared_or_404(key), number, url_for("share.games", key=key))
