"""Which of N workers owns a request's table (companion.serve.handoff hands the connection to it): the table's id
modulo N, so tables opened one after another are spread evenly."""

from __future__ import annotations

import re
from typing import Callable

from flask import Flask

from ..storage import store
from ..storage.pool import pool

TABLE_PATH = re.compile(r"/(t|watch)/([^/]{1,100})(?:/|$)")
KEPT = 10_000  # tables remembered by token or spectator key; past that the memory starts afresh


def owner_lookup(app: Flask, workers: int) -> Callable[[str], int | None]:
    """A path's owning worker (0 to workers - 1), or None for paths that name no table (any worker serves them).

    Read from the database once per token or key, then remembered: a table's id never changes. A key that names
    no table is not remembered (the request is answered with a 404 wherever it lands).
    """
    database = app.config["DATABASE"]
    known: dict[tuple[str, str], int] = {}

    def owner(path: str) -> int | None:
        match = TABLE_PATH.match(path)
        if match is None:
            return None
        named = match.groups()
        table_id = known.get(named)
        if table_id is None:
            table_id = _table_id(database, *named)
            if table_id is None:
                return None
            if len(known) >= KEPT:
                known.clear()
            known[named] = table_id
        return table_id % workers

    return owner


def _table_id(database: str, kind: str, key: str) -> int | None:
    """The id of the table a token (kind 't') or spectator key ('watch') names, if any."""
    try:
        with pool.lent(database) as db:
            table = store.table_by(db, "token", key) if kind == "t" else \
                store.table_by(db, "spectator_key", store.digest(key))
    except Exception:  # noqa: BLE001 - routing only saves work: the request is served where it is
        return None
    return table.id if table is not None else None
