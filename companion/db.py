"""One database connection per request, opened lazily and closed at teardown."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from . import store


def get_db() -> Database:
    """This request's connection."""
    if "db" not in g:
        g.db = store.connect(current_app.config["DATABASE"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """Close this request's connection, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Create or upgrade the schema once, and close connections after each request."""
    database = store.connect(app.config["DATABASE"])
    try:
        store.migrate(database)
    finally:
        database.close()
    app.teardown_appcontext(close_db)
