"""The push channel: a server-sent event stream of the table's version (or of the viewer's new panel itself),
with a polling fallback."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from ...service import table_reads
from ..common import actor_for, play, table_or_404
from ..readings import on_a_lent_connection
from ..readings import version as version_now
from ..streams import panel_maker, version_json, version_stream

bp = Blueprint("live", __name__)


@bp.get("/t/<token>/live")
def live(token: str) -> Response:
    """Stream the table's changes: with `?view=`, each new version as this viewer's panel ('panel' events), so
    no screen needs a request of its own to follow a tap; without, as 'version' events (the browser re-fetches).
    """
    table = table_or_404(token)
    wants_panels = request.args.get("view") in ("seat", "display") and actor_for(table) is not None
    panel = panel_maker(current_app._get_current_object(), table) if wants_panels else None
    return version_stream(play().hub, table.id, version_now(table),
                          on_a_lent_connection(lambda db: table_reads.still_open(db, table)), panel)


@bp.get("/t/<token>/version")
def version(token: str) -> Response:
    """The table's version, for phones that cannot hold a stream open."""
    return version_json(version_now(table_or_404(token)))


