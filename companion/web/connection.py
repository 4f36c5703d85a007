"""This request's database connection: taken from the pool when first asked for, given back after the request."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..service import database


def get_db() -> Database:
    """This request's connection."""
    if "db" not in g:
        g.db = database.connections.take(current_app.config["DATABASE"])
    return g.db


def discard_connection() -> None:
    """This request's connection failed on a write: close it instead of keeping it for the next request."""
    g.db_failed = True


def end_request(exc: BaseException | None = None) -> None:
    """Give the request's connection back to the pool."""
    db = g.pop("db", None)
    if db is not None:
        database.connections.give(current_app.config["DATABASE"], db, failed=g.pop("db_failed", False))


def init_app(app: Flask) -> None:
    """Create or upgrade the schema once, and give connections back after each request."""
    database.open_database(app.config["DATABASE"])
    app.teardown_appcontext(end_request)
