"""Create a table, show its display with the join QR, and let phones join a seat."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...input.actions import BadInput, parse_action_id, parse_name, parse_seat, parse_table_options
from ...rules import RuleViolation
from ...serve import qr
from ...service import table_reads
from ...translations import CODES, LANGUAGES
from ..common import (
    forget_seat,
    held_seat,
    is_display,
    join_url,
    play,
    refuse,
    remember_display,
    remember_seat,
    table_or_404,
)
from ..connection import get_db
from ..i18n import LANG_COOKIE, current_language
from ..i18n import gettext as _
from ..openings import TOO_MANY_TABLES, claim, may_open_table, open_table
from ..readings import link_card, reading, recent_games
from ..screens import display_screen
from ..words import hyphens, narrate

bp = Blueprint("tables", __name__)


@bp.get("/")
def index() -> str:
    """The front page: open a new table, or join one by its short code."""
    recent, finished = recent_games()
    return _front_page(recent=recent, finished=finished)


def _front_page(error: str | None = None, **shown) -> str:
    """The front page's form: a new table is the players' first game (a learning game) until this server has seen
    a game finished."""
    return render_template("index.html", languages=LANGUAGES, error=error,
                           first_game=not table_reads.anyone_has_played(get_db()), **shown)


@bp.post("/tables")
def create() -> Response:
    """Open a new table and make this browser its display."""
    if not may_open_table():
        return _front_page(_(TOO_MANY_TABLES)), 429
    try:
        options = parse_table_options(request.form, CODES)
    except BadInput as error:
        return _front_page(narrate.refusal(error)), 400
    table, key = open_table(options)
    remember_display(table.token, key)
    return redirect(url_for("tables.display", token=table.token), 303)


@bp.post("/code")
def join_by_code() -> Response:
    """Find a table by the short code shown on its display (a few tries a minute per address)."""
    if not current_app.extensions["join_limiter"].allow(request.remote_addr or "?",
                                   current_app.config["JOIN_CODE_ATTEMPTS_PER_MINUTE"]):
        return _front_page(_("Too many tries. Please wait a minute.")), 429
    code = "".join(request.form.get("code", "").split()).upper()
    table = table_reads.table_joined_by(get_db(), code)
    if table is None:
        return _front_page(_("No table has that code.")), 404
    return redirect(url_for("tables.join", token=table.token), 303)


@bp.get("/t/<token>/display")
def display(token: str) -> Response | str:
    """The table display: the QR code, the seats and the scoreboard."""
    table = table_or_404(token)
    key = request.args.get("key")
    if key:
        if not is_display(table, key):
            abort(403)
        remember_display(table.token, key)
        return redirect(url_for("tables.display", token=token), 303)
    if not is_display(table):
        return render_template("not_display.html", table=table), 403
    hyphens.warm(current_language(), table.language)  # for the chips of the card forms this page shows
    return render_template("display.html", **display_screen(table, reading(table, display=True)).context(),
                           tools=link_card(table, "spectator_key", "spectators", "spectate.watch"),
                           share=link_card(table, "share_key", "shares", "share.games"))


@bp.get("/t/<token>/qr.svg")
def qr_code(token: str) -> Response:
    """The QR code of the join address (or of one seat's rejoin address)."""
    table = table_or_404(token)
    seat = request.args.get("seat")
    try:
        seat = parse_seat(seat) if seat else None
    except BadInput as error:
        return refuse(narrate.refusal(error), 400)
    if seat is not None and seat not in play().state(get_db(), table).seats:
        return refuse(_("There is no such seat at this table."), 400)
    url = join_url(table, seat)
    response = current_app.response_class(qr.svg(url), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<token>/join")
def join(token: str) -> Response | str:
    """Pick a free seat and a name; a phone that already holds a seat goes straight back to it."""
    table = table_or_404(token)
    if held_seat(table):
        return redirect(url_for("seat.seat_page", token=token), 303)
    return _join_page(table)


def _join_page(table: table_reads.TableRow, error: str | None = None, status: int = 200):
    """The seat picker; at a full table instead the way to get a seat back (the display frees it)."""
    state = play().state(get_db(), table)
    wanted = request.values.get("seat", type=int)
    full = all(state.seats[seat].claimed for seat in state.order)
    return render_template("join.html", table=table, state=state, wanted=wanted, error=error, full=full), status


@bp.post("/t/<token>/join")
def take_seat(token: str) -> Response:
    """Claim a seat for this phone with a signed cookie."""
    table = table_or_404(token)
    try:
        seat, name = parse_seat(request.form.get("seat")), parse_name(request.form.get("name"))
        key, outcome = claim(table, seat, name, parse_action_id(request.form.get("action_id")))
    except BadInput as error:
        return _join_page(table, narrate.refusal(error), 400)
    except RuleViolation as error:
        return _join_page(table, narrate.refusal(error), 409)
    if not outcome.repeated:
        forget_seat(token)
        remember_seat(token, seat, key)
    return redirect(url_for("seat.seat_page", token=token), 303)


@bp.post("/language")
def choose_language() -> Response:
    """Remember this phone's language (it never changes the table's)."""
    lang = request.form.get("lang")
    target = request.form.get("next") or "/"
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = redirect(target, 303)
    if lang in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return response
