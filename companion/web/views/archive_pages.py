"""The story of a finished game, the archive of finished games, and a table's export and deletion.

A table's history is its own: its display and the phones holding its seats read it, and so does whoever holds
the share link its display makes (see share_links); anyone else gets the 404 of a page that does not exist.
"""

from __future__ import annotations

from datetime import datetime

from flask import Blueprint, abort, current_app, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...service import table_reads
from ..common import forget_display, play, refuse, require_display, table_or_404
from ..connection import get_db
from ..i18n import gettext as _
from ..readings import at_the_table, finished_games, my_tables, newest_game, story, table_story

bp = Blueprint("archive", __name__)


@bp.get("/games")
def all_games() -> str:
    """Every finished game of the tables this browser hosts or sits at, the newest first."""
    return render_template("games.html", games=finished_games(my_tables()))


@bp.get("/games/<int:table_id>/<int:number>")
def story_page(table_id: int, number: int) -> str | Response:
    """The story of one finished game: the totals chart, the turning points and the winner (404 for a stranger,
    as for a game that does not exist)."""
    table = table_reads.table_numbered(get_db(), table_id)
    if table is None or not at_the_table(table):
        abort(404)
    return story(table, number, url_for("archive.all_games"))


@bp.get("/t/<token>/story")
def latest(token: str) -> Response:
    """The story of this table's most recent finished game, for its display and seats."""
    table = table_or_404(token)
    if not at_the_table(table):
        abort(404)
    return redirect(url_for("archive.story_page", table_id=table.id, number=newest_game(table)), 303)


# --- export and delete: the display's alone (its browser, or its key as a bearer token) ---------------------

@bp.get("/t/<token>/export.json")
def export(token: str) -> Response:
    """The table's event log as a JSON download."""
    table = table_or_404(token)
    require_display(table, bearer=True)
    log = table_story(table)
    if log.exported is None:  # made once per version: a long game's log is large
        log.exported = table_reads.export_text(table, log.events, log.games, log.lines)
    started = datetime.fromtimestamp(log.events[0]["at"]).strftime("%Y-%m-%d") if log.events else "empty"
    response = current_app.response_class(log.exported, mimetype="application/json")
    filename = f"chez-{table.game}-{started}-{table.id}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<token>/delete")
def confirm_delete(token: str) -> str:
    """Ask before deleting: a real form, with the way back."""
    table = table_or_404(token)
    require_display(table)
    games = table_story(table).games
    return render_template("delete.html", table=table, finished=sum(game.finished for game in games))


@bp.post("/t/<token>/delete")
def delete(token: str) -> Response | tuple[str, int]:
    """Delete the table for good: its events, seats and row; its live streams end."""
    table = table_or_404(token)
    require_display(table, bearer=True)
    play().delete(get_db(), table)
    forget_display(token)
    return refuse(_("This table has been deleted."), 200)


