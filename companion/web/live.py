"""The push channel: a server-sent event stream of the table's version, with a polling fallback."""

from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, jsonify

from .. import store
from ..db import get_db
from .common import play, table_or_404

bp = Blueprint("live", __name__)


@bp.get("/t/<token>/live")
def live(token: str) -> Response:
    """Stream 'version' events; the browser re-fetches its own fragment when the number grows."""
    table = table_or_404(token)
    config = current_app.config
    hub = play().hub
    hub.publish(table.id, store.version(get_db(), table.id))
    if not hub.try_listen(config["MAX_LIVE_STREAMS"]):
        # Every live place is taken: the phone falls back to polling /version.
        return Response("busy", status=503, headers={"Retry-After": "30"})

    def stream():
        try:
            known, deadline = -1, time.monotonic() + config["LIVE_STREAM_SECONDS"]
            yield "retry: 1000\n\n"
            while time.monotonic() < deadline and not hub.closed:
                newest = hub.wait(table.id, known, config["LIVE_HEARTBEAT_SECONDS"])
                if newest > known:
                    known = newest
                    yield f"event: version\ndata: {newest}\n\n"
                else:
                    yield ": still here\n\n"
        finally:
            hub.stop_listening()

    # The stream ends after a while on purpose: the browser reconnects, and no thread is held forever.
    return Response(stream(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


@bp.get("/t/<token>/version")
def version(token: str) -> Response:
    """The table's version, for phones that cannot hold a stream open."""
    table = table_or_404(token)
    response = jsonify(version=store.version(get_db(), table.id))
    response.headers["Cache-Control"] = "no-store"
    return response
