"""A finished game's BG Stats link as a QR code, so each player can scan it from the display."""

from __future__ import annotations

from flask import Blueprint, abort, current_app
from werkzeug.wrappers import Response

from ...serve import qr
from ..common import table_or_404
from ..readings import at_the_table, play_link

bp = Blueprint("bgstats", __name__)


@bp.get("/t/<token>/games/<int:number>/bgstats.svg")
def bgstats_qr(token: str, number: int) -> Response:
    """The QR code of a finished game's BG Stats link, for the table's display and seats (404 for anyone else,
    and for a game nobody has won)."""
    table = table_or_404(token)
    link = play_link(table, number) if at_the_table(table) else None
    if link is None:
        abort(404)
    response = current_app.response_class(qr.svg(link, level="L"), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, no-store"
    return response
