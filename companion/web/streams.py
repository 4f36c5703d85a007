"""Server-sent event streams of a table's versions (or of the viewer's new panel itself), and the version as JSON for
polling when a stream cannot be held."""

from __future__ import annotations

import copy
import io
import threading
import time
from typing import Callable

from flask import Flask, Response, current_app, g, jsonify, request, session
from flask.ctx import RequestContext
from werkzeug.exceptions import MethodNotAllowed

from ..live.hub import Hub
from ..service.table_reads import TableRow
from .common import actor_for
from .i18n import current_language
from .panels import stream_panel
from .readings import as_of

TAPS_FIRST_SECONDS = 0.02  # how long a stream's panel waits for taps being answered in this process
# Python runs one thread at a time anyway; six streams rendering at once only hand its lock to each other at
# every database read (measured: twice the context switches, 12% more CPU per tap), so they take turns.
ONE_RENDER_AT_A_TIME = threading.Lock()


def panel_maker(app: Flask, table: TableRow) -> Callable[[int | None], tuple[str, int] | None]:
    """This viewer's panel as it is now and its version, made as in a request of its own (the stream's request
    has long been answered).

    The same cookies, address and `view` as the stream's request, so the same language, viewer and kept render;
    the viewer is asked again each time (a freed seat's phone gets no panel). None if it cannot be made: the
    stream then says the version, and the page fetches its panel itself (and hears why, if it may not).
    """
    environ = {**request.environ, "wsgi.input": io.BytesIO(), "CONTENT_LENGTH": "0"}
    hub = app.extensions["play"].hub
    # The stream's cookie never changes, so its session is read once, not per panel (checking its signature was
    # a third of what making a kept panel cost); each panel gets its own copy.
    cookie_session = copy.deepcopy(dict(session))
    lang = current_language()  # the stream's request chose it (the display's is the table's unless it chose another)

    def make(newest: int | None = None) -> tuple[str, int] | None:
        hub.taps.wait(TAPS_FIRST_SECONDS)
        try:
            own_session = app.session_interface.session_class(copy.deepcopy(cookie_session))
            with ONE_RENDER_AT_A_TIME, RequestContext(app, environ, session=own_session):
                g.lang, g.table_lang = lang, table.language
                if newest is not None:  # the version the stream heard of: its state and seat claims are read as of it
                    as_of(table.id, newest)
                actor = actor_for(table)
                return stream_panel(table, actor) if actor is not None else None
        except Exception:  # noqa: BLE001 - a version event still tells the page to catch up
            app.logger.exception("the live panel of table %s could not be made", table.id)
            return None

    return make


def panel_event(html: str) -> str:
    """A panel as one server-sent event: each of its lines a 'data:' line (the browser joins them again)."""
    # One replace rather than a string per line: a panel has hundreds of lines, and five streams send it per tap.
    return "event: panel\ndata: " + html.replace("\r", "").replace("\n", "\ndata: ") + "\n\n"


def version_stream(hub: Hub, table_id: int, version: int, may_go_on: Callable[[], bool],
                   panel: Callable[[int], tuple[str, int] | None] | None = None) -> Response:
    """The table's versions as server-sent events, until the stream's time is up or `may_go_on` says no (`hub`: the
    service's, told first of the table's `version` as the view read it).

    With `panel`, each version after the first is sent as the viewer's new panel instead (the first, on
    connecting, only as its number: the page has just been loaded, and re-fetches only if it is behind).
    `may_go_on` is asked again whenever the table's streams are kicked (a spectator link revoked, the table
    deleted); the stream then ends with a 'gone' event, so the page reloads and shows why.
    """
    if request.method == "HEAD":
        # A HEAD would hold a place and a thread for nothing: a stream is only ever read.
        raise MethodNotAllowed(valid_methods=["GET"])
    config = current_app.config
    hub.versions.publish(table_id, version)
    place = hub.places.take(config["MAX_LIVE_STREAMS"], request.remote_addr or "",
                            config["MAX_LIVE_STREAMS_PER_CLIENT"])
    if place is None:
        # This address's share is taken, or every place and none can fairly be taken over: the phone polls.
        return Response("busy", status=503, headers={"Retry-After": "30"})
    # waitress tells when the phone has gone; other servers end the stream when a write fails.
    disconnected = request.environ.get("waitress.client_disconnected", lambda: False)

    allowed = may_go_on

    def stream():
        kicks = hub.kicks(table_id)
        if not allowed():  # asked again after counting kicks, so a kick in between is not missed
            yield "event: gone\ndata: \n\n"
            return
        now = time.monotonic()
        known, deadline, beat = -1, now + config["LIVE_STREAM_SECONDS"], now + config["LIVE_HEARTBEAT_SECONDS"]
        yield "retry: 1000\n\n"
        while now < deadline and not hub.closed:
            # Short waits, so a phone that went away gives its place back within a couple of seconds.
            newest = hub.wait(table_id, known, min(config["LIVE_CHECK_SECONDS"], beat - now), kicks)
            if disconnected() or place.ended.is_set():  # the phone left, or another address took its place over
                return
            if hub.kicks(table_id) != kicks:
                kicks = hub.kicks(table_id)
                if not allowed():
                    yield "event: gone\ndata: \n\n"
                    return
            now = time.monotonic()
            if newest > known:
                made = panel(newest) if panel is not None and known >= 0 else None
                # A panel may show a version newer still (a tap came in meanwhile): that one is sent already.
                known, beat = max(newest, made[1] if made else newest), now + config["LIVE_HEARTBEAT_SECONDS"]
                yield panel_event(made[0]) if made else f"event: version\ndata: {newest}\n\n"
            elif now >= beat:
                beat = now + config["LIVE_HEARTBEAT_SECONDS"]
                yield "event: beat\ndata: \n\n"  # an event, not a comment: the page hears it and knows the line holds

    # The stream ends after a while on purpose: the browser reconnects, and no thread is held forever.
    response = Response(stream(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    # The server closes every response it was given, streamed or not: the one place the place is given back.
    response.call_on_close(place.give_back)
    return response


def version_json(version: int) -> Response:
    """A table's version as JSON, never cached."""
    response = jsonify(version=version)
    response.headers["Cache-Control"] = "no-store"
    return response
