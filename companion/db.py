"""Database connections: one per worker thread and database file, reused across that thread's requests."""

from __future__ import annotations

import threading

from flask import Flask, current_app, g
from sqlite_utils import Database

from . import store

_per_thread = threading.local()


def get_db() -> Database:
    """This thread's connection to the app's database (opening a connection per request cost a quarter of a tap)."""
    if "db" not in g:
        path = current_app.config["DATABASE"]
        connections = _per_thread.__dict__.setdefault("connections", {})
        if path not in connections:
            connections[path] = store.connect(path)
        g.db = connections[path]
    return g.db


def end_request(exc: BaseException | None = None) -> None:
    """Leave the connection clean for the thread's next request: no transaction may stay open."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def init_app(app: Flask) -> None:
    """Create or upgrade the schema once, and tidy the connection after each request."""
    database = store.connect(app.config["DATABASE"])
    try:
        store.migrate(database)
    finally:
        database.close()
    app.teardown_appcontext(end_request)
