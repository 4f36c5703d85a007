"""A web app manifest per seat, so "Add to Home Screen" opens the seat full-screen under the table's name."""

from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for
from werkzeug.wrappers import Response

from ..common import play, table_or_404
from ..connection import get_db
from ..i18n import current_language
from ..stories import game_name
from ..words.told import seat_name

bp = Blueprint("install", __name__)

# The accent colour of the light theme (static/app.css); base.html gives the dark one for dark mode.
THEME_COLOR = "#2f6f3e"
BACKGROUND_COLOR = "#f6f3ee"
ICONS = (("icons/icon-192.png", "192x192", "image/png"), ("icons/icon-512.png", "512x512", "image/png"),
         ("icons/icon.svg", "any", "image/svg+xml"))


@bp.get("/t/<token>/manifest.webmanifest")
def manifest(token: str) -> Response:
    """The manifest of a seat's page: its name, the seat page to start at, standalone, the icons.

    Browsers fetch manifests without cookies, so the seat comes in the address; a seat's name is no secret
    to whoever holds the table's address.
    """
    table = table_or_404(token)
    state = play().state(get_db(), table)
    seat = request.args.get("seat", type=int)
    title = game_name(state.game)
    name = f"{title} — {seat_name(state, seat)}" if seat in state.seats else title
    body = {
        "name": name,
        "short_name": title,
        "lang": current_language(),
        "start_url": url_for("seat.seat_page", token=token),
        "scope": url_for("seat.seat_page", token=token).rsplit("/", 1)[0] + "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{"src": url_for("static", filename=path), "sizes": sizes, "type": kind, "purpose": "any"}
                  for path, sizes, kind in ICONS],
    }
    response = jsonify(body)
    response.mimetype = "application/manifest+json"
    return response
