"""The club night, for the server's host alone: every table of the evening, its games and the standings, merging two
spellings of a name (and undoing it), the CSV exports and where the tables play (the BG Stats location)."""

from __future__ import annotations

import csv
import io
from datetime import datetime, time, timedelta

from babel.numbers import format_decimal
from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...input.values import BadInput, as_text, parse_name
from ...rules import GAMES, N_
from ...service import club_night, play_records
from ..connection import get_db
from ..host import is_host
from ..i18n import current_language
from ..i18n import gettext as _
from ..readings import stories
from ..words import narrate

bp = Blueprint("club", __name__)


@bp.app_template_global()
def hosts_here() -> bool:
    """Whether this browser is the server's host (the front page then links to the club night)."""
    return is_host()

SINCE_FORMATS = ("%Y-%m-%dT%H:%M", "%Y-%m-%d")


@bp.before_request
def host_only() -> None:
    """Every club night page: 403 for anyone but the server's host (a table's display key and a phone's seat are
    not the host)."""
    if not is_host():
        abort(403)


EVENING_ENDS_BY = 6  # o'clock: until then, the night's club evening is still the one that began yesterday
EARLIEST_YEAR = 2000


def since_of(value: str | None) -> datetime:
    """The evening's start from the address (the server's local time); by default today at midnight, or yesterday's
    before six in the morning (a club night that runs past midnight stays one evening)."""
    if not value:
        now = datetime.now()
        return datetime.combine(now.date() - timedelta(days=now.hour < EVENING_ENDS_BY), time())
    for pattern in SINCE_FORMATS:
        try:
            since = datetime.strptime(value, pattern)
        except ValueError:
            continue
        if since.year >= EARLIEST_YEAR:
            return since
    raise BadInput(N_("Give the start of the evening as a date and a time, such as 2026-11-28T18:00."))


def _page(since: datetime, error: str | None = None, status: int = 200, done: str = "") -> tuple[str, int]:
    """The club night page for the evening since `since`, with a refusal or what was just done."""
    evening = club_night.evening(get_db(), stories(), since.timestamp())
    return render_template("club.html", evening=evening, since=since.strftime("%Y-%m-%dT%H:%M"), error=error,
                           done=done, location=play_records.location(get_db()), decimal=decimal), status


def decimal(value: float) -> str:
    """A number with one decimal as the reader's language writes it."""
    return format_decimal(value, "0.0", locale=current_language())


def _evening_since() -> tuple[datetime | None, tuple[str, int] | None]:
    """The evening's start the request names, or the page that refuses it (400, nothing done)."""
    try:
        return since_of(request.values.get("since")), None
    except BadInput as error:
        return None, _page(since_of(None), narrate.refusal(error), 400)


@bp.get("/club")
def club_page() -> str | tuple[str, int]:
    """Every table opened since the evening's start, each finished game, and the standings by player name."""
    since, refused = _evening_since()
    return refused or _page(since, done=request.args.get("done", ""))


def _back(since: datetime, done: str) -> Response:
    """Back to the club night page after a change (a real redirect, so a reload does not post again)."""
    return redirect(url_for("club.club_page", since=since.strftime("%Y-%m-%dT%H:%M"), done=done), 303)


@bp.post("/club/merges")
def merge_names() -> Response | tuple[str, int]:
    """Count one spelling of a player's name as another in the standings, from now on (undoable)."""
    since, refused = _evening_since()
    if refused:
        return refused
    db = get_db()
    try:
        spellings = club_night.evening(db, stories(), since.timestamp()).spellings
        club_night.merge(db, parse_name(request.form.get("spelling")), parse_name(request.form.get("into")), spellings)
    except BadInput as error:
        return _page(since, narrate.refusal(error), 400)
    except club_night.NobodyPlayed:
        return _page(since, _("Nobody played under that name this evening."), 400)
    except club_night.SameName:
        return _page(since, _("Those two names already count as one player."), 409)
    return _back(since, "merged")


@bp.post("/club/merges/<int:merge_id>/undo")
def undo_merge(merge_id: int) -> Response | tuple[str, int]:
    """Take a merge back: the two spellings count as two players again."""
    since, refused = _evening_since()
    if refused:
        return refused
    if not club_night.undo_merge(get_db(), merge_id):
        return _page(since, _("That merge is already undone."), 409)
    return _back(since, "unmerged")


@bp.post("/club/location")
def set_location() -> Response | tuple[str, int]:
    """Where this server's tables play, for the BG Stats links (empty: none)."""
    since, refused = _evening_since()
    if refused:
        return refused
    try:
        where = as_text(request.form.get("location", ""), N_("Type where the tables play."))
        if len(where) > play_records.LOCATION_LENGTH:
            raise BadInput(N_("A place has at most %(max)d characters."), max=play_records.LOCATION_LENGTH)
    except BadInput as error:
        return _page(since, narrate.refusal(error), 400)
    play_records.set_location(get_db(), where)
    return _back(since, "location")


def _csv(rows: list[list], name: str) -> Response:
    """Rows as a CSV download; a cell that a spreadsheet would run as a formula is kept as text."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow(["'" + cell if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@") else cell
                         for cell in row])
    # The byte order mark tells spreadsheets the file is UTF-8 ("José", Cyrillic names), as Excel needs.
    response = current_app.response_class("\ufeff" + out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _hosts_evening() -> tuple[datetime, club_night.Evening | None, tuple[str, int] | None]:
    """The evening's start and the evening, or the page that refuses the start."""
    since, refused = _evening_since()
    return since, None if refused else club_night.evening(get_db(), stories(), since.timestamp()), refused


@bp.get("/club/games.csv")
def games_csv() -> Response | tuple[str, int]:
    """Every finished game of the evening, one line per player: table, game, number, won at (UTC), name, total."""
    since, evening, refused = _hosts_evening()
    if refused:
        return refused
    rows = [["table", "game", "number", "won_at_utc", "player", "counted_as", "total", "winner", "bgstats_link"]]
    counted = {standing.key: standing.name for standing in evening.standings}
    for night in evening.tables:
        for played in night.games:
            rows += [[night.table_id, GAMES[night.game].title, played.number, play_records.utc_text(played.won_at or 0),
                      result.name, counted.get(result.key, result.name), result.total, int(result.winner),
                      played.link] for result in played.results]
    return _csv(rows, f"club-night-games-{since:%Y-%m-%d}.csv")


@bp.get("/club/standings.csv")
def standings_csv() -> Response | tuple[str, int]:
    """The evening's standings: player, games, wins, average total, best total."""
    since, evening, refused = _hosts_evening()
    if refused:
        return refused
    rows = [["player", "games", "wins", "average_total", "best_total"]]
    rows += [[s.name, s.games, s.wins, s.average, s.best] for s in evening.standings]
    return _csv(rows, f"club-night-standings-{since:%Y-%m-%d}.csv")
