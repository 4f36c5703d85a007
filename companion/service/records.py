"""The stored tables as the web reads them: the one door from the web to the storage layer.

Tables by token, code or key, a seat's claim, versions, events, the archive of finished games and the database's
connections. The only writes here are those that are no game action: a link's key, a table's finished games kept.
"""

from __future__ import annotations

from sqlite_utils import Database

from ..storage import archive, store
from ..storage.pool import pool

TableRow = store.TableRow
Finished = archive.Finished
Stories = archive.Stories
TableStory = archive.TableStory
storage_errors = store.storage_errors
is_storage_fault = store.is_storage_fault
storage_problem = store.storage_problem
check_writable = store.check_writable
version = store.version
saw_version = store.saw_version
events_after = store.events_after
events_between = store.events_between
events_of_steps = store.events_of_steps
table_exists = store.table_exists
table_by_token = store.table_by_token
key_holder = store.key_holder
has_link_key = store.has_link_key
set_link_key = store.set_link_key
finished_games = archive.finished_games
export_text = archive.export_text
connections = pool




def table_by_join_code(db: Database, code: str) -> TableRow | None:
    """The table a join code names, or None."""
    return store.table_by(db, "join_code", code) if 4 <= len(code) <= 12 else None


def table_by_id(db: Database, table_id: int) -> TableRow | None:
    """The table with this row id, or None."""
    return store.table_by(db, "id", table_id)


def table_by_link_key(db: Database, column: str, key: str) -> TableRow | None:
    """The table a spectator or share link's key opens (`column`: "spectator_key" or "share_key"), or None."""
    return store.table_by(db, column, store.digest(key)) if 16 <= len(key) <= 64 else None


def is_display_key(table: TableRow, key: str) -> bool:
    """Whether a key is the table's display key (compared in constant time)."""
    return store.is_key_of(table.display_key, key)


def holds_seat(db: Database, table: TableRow, seat: int, key: str) -> bool:
    """Whether a seat key is the one that holds the seat now (a freed or retaken seat's old key is not)."""
    return store.is_key_of(store.claim_key(db, table.id, seat), key)


def open_database(database: str) -> None:
    """Create or upgrade the schema, once at start."""
    db = store.connect(database)
    try:
        store.migrate(db)
    finally:
        db.close()
