"""The rows a club night reads and writes: the tables opened since a moment, and the host's name merges."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlite_utils import Database

from .store import TABLE_COLUMNS, TableRow


@dataclass(frozen=True)
class NameMerge:
    """One spelling of a player's name that the host counts as another (both as folded keys)."""

    id: int
    spelling: str
    into_name: str
    at: float


def tables_played_since(db: Database, since: float) -> list[tuple[TableRow, float]]:
    """Every table opened, or played at, at or after `since`, with when it was opened, the oldest first."""
    rows = db.execute(f"SELECT {TABLE_COLUMNS}, created_at FROM tables WHERE created_at >= ? OR EXISTS "
                      "(SELECT 1 FROM events WHERE events.table_id = tables.id AND events.at >= ?) "
                      "ORDER BY created_at, id", [since, since]).fetchall()
    return [(TableRow(*row[:-1]), row[-1]) for row in rows]


def merges_in_force(db: Database) -> list[NameMerge]:
    """The merges the host made and has not undone, the oldest first."""
    rows = db.execute("SELECT id, spelling, into_name, at FROM name_merges WHERE undone_at IS NULL ORDER BY id"
                      ).fetchall()
    return [NameMerge(*row) for row in rows]


def add_merge(db: Database, spelling: str, into_name: str) -> None:
    """Count one folded spelling as another from now on."""
    db.execute("INSERT INTO name_merges (spelling, into_name, at) VALUES (?, ?, ?)", [spelling, into_name, time.time()])


def undo_merge(db: Database, merge_id: int) -> bool:
    """Take a merge back (it stays in the table, marked undone); False when no merge in force has that id."""
    found = db.execute("SELECT 1 FROM name_merges WHERE id = ? AND undone_at IS NULL", [merge_id]).fetchone()
    if found is None:
        return False
    db.execute("UPDATE name_merges SET undone_at = ? WHERE id = ?", [time.time(), merge_id])
    return True
