"""A learning game on a phone: a moment's explanation dismissed, all of them brought back, the "I'm new" switch.

None of these is a game action: which explanations a seat has read is kept with the seat (one small write when one
is dismissed), and whether a phone is new is kept by the phone, as its language is.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...input.values import BadInput, as_flag
from ...rules import MOMENTS
from ...service import table_reads
from ...service.table_reads import TableRow
from ..common import held_seat, is_htmx, say_new_player, table_or_404
from ..connection import get_db
from ..fragments import live_panel
from ..i18n import gettext as _
from ..panels import panel_context
from ..readings import moments_seen_changed

bp = Blueprint("explaining", __name__)


@bp.post("/t/<token>/explained")
def dismiss(token: str) -> Response | tuple[str, int]:
    """This seat has read a moment's explanation: no phone of the seat shows it again (htmx gets the panel)."""
    table, seat = _seat_of(token)
    moment = request.form.get("moment")
    if moment not in MOMENTS:
        return render_template("message.html", message=_("That explanation does not exist.")), 400
    table_reads.moment_seen(get_db(), table.id, seat, moment)
    moments_seen_changed()  # the panel now leaves it out
    if not is_htmx():
        return _back(token)
    actor = f"seat:{seat}"
    return live_panel(table, actor, panel_context(table, actor))


@bp.post("/t/<token>/explain-again")
def explain_again(token: str) -> Response:
    """Every moment is explained to this seat again, on each of its phones that is new."""
    table, seat = _seat_of(token)
    table_reads.explain_again(get_db(), table.id, seat)
    return _back(token)


@bp.post("/t/<token>/new-player")
def new_player(token: str) -> Response | tuple[str, int]:
    """This phone's "I'm new" switch: it explains each moment the first time, or nothing more than today."""
    _seat_of(token)
    try:
        new = bool(as_flag(request.form.get("new")))
    except BadInput as error:
        return render_template("message.html", message=_(error.message)), 400
    say_new_player(token, new)
    return _back(token)


def _seat_of(token: str) -> tuple[TableRow, int]:
    """The table and the seat this phone holds there (a phone without one is told so: 403)."""
    table = table_or_404(token)
    seat = held_seat(table)
    if seat is None:
        message = render_template("message.html", message=_("This phone has no seat at this table."))
        abort(current_app.make_response((message, 403)))
    return table, seat


def _back(token: str) -> Response:
    """Back to the seat's page."""
    response = redirect(url_for("seat.seat_page", token=token), 303)
    response.vary.add("HX-Request")
    return response
