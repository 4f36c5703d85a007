"""The moments each seat has had explained and dismissed (a learning game): kept with the seat, outside the log.

Which explanations a new player has read is the phone's preference, as its language is, not the game's state: it
changes nothing the rules allow, so it is no event and nothing to undo. One row per seat and moment, written once
when the player dismisses it; every phone of the seat reads the same rows.
"""

from __future__ import annotations

from sqlite_utils import Database


def seen(db: Database, table_id: int, seat: int) -> tuple[str, ...]:
    """The moments the seat has dismissed, sorted."""
    rows = db.execute("SELECT moment FROM seen_moments WHERE table_id = ? AND seat = ? ORDER BY moment",
                      [table_id, seat]).fetchall()
    return tuple(row[0] for row in rows)


def mark_seen(db: Database, table_id: int, seat: int, moment: str) -> None:
    """The seat has read a moment's explanation (a second dismissal changes nothing)."""
    db.execute("INSERT INTO seen_moments (table_id, seat, moment) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
               [table_id, seat, moment])


def forget_seen(db: Database, table_id: int, seat: int) -> None:
    """Every moment is explained to the seat again ("Explain again")."""
    db.execute("DELETE FROM seen_moments WHERE table_id = ? AND seat = ?", [table_id, seat])
