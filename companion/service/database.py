"""The database as the web's requests hold it: the schema made at start, a connection per request from the pool,
and what a storage fault means."""

from __future__ import annotations

from pathlib import Path

from sqlite_utils import Database

from ..storage import store
from ..storage.pool import pool

connections = pool


def open_database(database: str) -> None:
    """Create or upgrade the schema, once at start."""
    db = store.connect(database)
    try:
        store.migrate(db)
    finally:
        db.close()


def fault_types(database: str | Path) -> tuple[type[Exception], ...]:
    """The errors besides SQLite's that say the database is unreachable (PostgreSQL's, for its address)."""
    return store.storage_errors(database)


def is_fault(error: BaseException) -> bool:
    """Whether an error says the database cannot be written (or read) right now, rather than a bug."""
    return store.is_storage_fault(error)


def fault_text(error: BaseException, database: str | Path, public: bool = False) -> str | None:
    """What is wrong with the store and what to do (`public`: for anyone to read); None for other errors."""
    return store.storage_problem(error, database, public=public)


def check_writable(db: Database) -> None:
    """Raise the storage fault if the database refuses a committed write."""
    store.check_writable(db)
