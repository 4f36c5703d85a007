"""What stops the server from starting, or its store from working, said in one line a host can act on."""

from __future__ import annotations

import errno
import re
import sqlite3
import sys
from pathlib import Path

# SQLite's primary result codes that say the file holds no usable database.
DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def explain(error: BaseException, *, instance: Path, database: str | None = None, host: str = "",
            port: int = 0) -> str | None:
    """The one line that says what is wrong and what to do, for an error a host can mend; None for any other (a
    bug, to be shown in full)."""
    if isinstance(error, OSError) and error.errno in (errno.EADDRINUSE, errno.EACCES, errno.EADDRNOTAVAIL) \
            and error.filename is None:
        return _address(error, host, port)
    if isinstance(error, OSError) and error.filename is not None:
        return (f"The instance folder {instance} cannot be used ({error.strerror}: {error.filename}): "
                "choose another with --instance, or mend this one.")
    if isinstance(error, sqlite3.DatabaseError):
        return storage_problem(error, instance / "companion.sqlite")
    if database and _is_postgres_error(error):
        return storage_problem(error, database)
    return None


def storage_problem(error: BaseException, database: str | Path) -> str | None:
    """What is wrong with the store and what to do, for an error of SQLite's or PostgreSQL's; None for others."""
    if isinstance(error, sqlite3.DatabaseError):
        path = Path(database)
        code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
        text = str(error)
        if path.is_dir():
            return f"{path} is a folder, not a database file: move it away (or choose another --instance)."
        if code in DAMAGED or "not a database" in text or "malformed" in text:
            return (f"{path} is damaged or is not an SQLite database: restore it from a backup, or move it away "
                    "to start with an empty one.")
        if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
            return (f"{path} is locked by another program (another companion on the same --instance?): stop it, "
                    "then start again.")
        if code == sqlite3.SQLITE_CANTOPEN or "unable to open" in text:
            return f"{path} cannot be opened: check that its folder exists and this user may read and write it."
        if code == sqlite3.SQLITE_READONLY or "readonly" in text:
            return f"{path} cannot be written: give this user write access to it and to its folder."
        if code == sqlite3.SQLITE_FULL:
            return f"The disk holding {path} is full: make room on it."
        if code == sqlite3.SQLITE_IOERR:
            return f"The disk holding {path} fails to read or write: check it."
        return None
    if _is_postgres_error(error):
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return (f"PostgreSQL cannot be reached or refuses ({_without_password(first)}): check that it runs "
                f"and that --database names it, its user and password rightly.")
    return None


def _address(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return (f"Port {port} on {host} is in use by another program (another companion?): stop it, or choose "
                "another port with --port.")
    if error.errno == errno.EACCES:
        return f"Port {port} needs administrator rights here: choose one above 1023 with --port."
    return f"{host} is not an address of this computer: choose one of its own with --host (or 0.0.0.0 for all)."


def _is_postgres_error(error: BaseException) -> bool:
    """Whether the error is psycopg's (or its pool's) that says the server is away or refused (loaded only for
    PostgreSQL)."""
    kinds = []
    if "psycopg" in sys.modules:
        kinds.append(sys.modules["psycopg"].OperationalError)
    if "psycopg_pool" in sys.modules:
        kinds.append(sys.modules["psycopg_pool"].PoolTimeout)
    return bool(kinds) and isinstance(error, tuple(kinds))


def _without_password(text: str) -> str:
    """An error's words with any password in a postgresql:// address left out."""
    return re.sub(r"(postgres(?:ql)?://[^:/@\s]*:)[^@\s]*@", r"\1***@", text)
