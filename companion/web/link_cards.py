"""The display's cards for the links it may hand out (the spectator link, the share link to finished games)."""

from __future__ import annotations

from flask import session, url_for

from ..service import records
from .common import public_base
from .connection import get_db


def link_card(table: records.TableRow, column: str, remembered: str, endpoint: str) -> dict:
    """Whether the table has such a link open, and its address if this browser made it (only the link's hash is
    stored: the browser that made it keeps the key under `remembered` in its session)."""
    db = get_db()
    key = session.get(remembered, {}).get(table.token)
    mine = bool(key) and records.table_by_link_key(db, column, key) == table
    return {"open": mine or records.has_link_key(db, table.id, column),
            "url": public_base()[0] + url_for(endpoint, key=key) if mine else None}
