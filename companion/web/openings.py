"""Opening a table and claiming a seat, the same for the pages' forms and the JSON API."""

from __future__ import annotations

import secrets

from flask import current_app, request

from ..input.actions import Action
from ..rules import N_
from ..service import table_reads
from .common import play
from .connection import get_db
from .limits import RateLimiter

TOO_MANY_TABLES = N_("This device has opened too many tables in the last hour. Please use one of them, or wait.")


def may_open_table() -> bool:
    """Count one new table for this client address; False once it has opened its share of the hour."""
    limit = current_app.config["NEW_TABLES_PER_HOUR"]
    return not limit or current_app.extensions.setdefault("table_limiter", RateLimiter(window=3600.0)).allow(
        request.remote_addr or "?", limit)


def open_table(options: dict) -> tuple[table_reads.TableRow, str]:
    """Open a table, after clearing away tables that never started a game and have long been idle."""
    hours = current_app.config["UNSTARTED_TABLE_HOURS"]
    if hours:
        play().expire_unstarted(get_db(), hours * 3600)
    return play().create_table(get_db(), options)


def claim(table: table_reads.TableRow, seat: int, name: str, action_id: str):
    """Join a seat under a fresh secret key; returns the key and the outcome."""
    key = secrets.token_urlsafe(24)
    action = Action("join", seat, {"name": name}, action_id)
    return key, play().apply(get_db(), table, action, f"seat:{seat}", claim_key=key)
