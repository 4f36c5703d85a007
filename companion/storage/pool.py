"""Database connections from a small pool: an SQLite file's idle connections, psycopg's pool for PostgreSQL.

A database is an SQLite file's path or a postgresql:// address.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

from sqlite_utils import Database

from . import store

if TYPE_CHECKING:
    from . import postgres

IDLE_CONNECTIONS = 16


class Pool:
    """Idle connections per database file; opening one per request cost ~40% of a panel."""

    def __init__(self):
        self._idle: dict[str, list[Database]] = {}
        self._servers: dict[str, "postgres.PgPool"] = {}
        self._lock = threading.Lock()
        self._closed = False

    def _server(self, url: str) -> "postgres.PgPool":
        """The pool of connections to one PostgreSQL server (made on first use, in the process that uses it)."""
        from . import postgres
        with self._lock:
            if url not in self._servers:
                self._servers[url] = postgres.PgPool(url)
            return self._servers[url]

    def take(self, path: str) -> Database:
        """An idle connection, or a new one."""
        if store.is_url(path):
            return self._server(path).take()
        with self._lock:
            idle = self._idle.setdefault(path, [])
            if idle:
                return idle.pop()
        # Asked before opening: a connection opened while the file cannot be written stays read-only for good.
        writable = store.writable(path)
        db = store.connect(path)
        db.opened_read_only = not writable
        return db

    def give(self, path: str, db: Database, failed: bool = False) -> None:
        """Take a connection back, clean; one that failed on a write or was opened read-only is closed, and so is
        any beyond a few idle ones (file handles are finite)."""
        if store.is_postgresql(db):
            self._server(path).give(db, failed)
            return
        discard = failed or getattr(db, "opened_read_only", False)
        try:
            if db.conn.in_transaction:
                db.conn.rollback()
        except sqlite3.Error:
            discard = True
        if not discard:
            with self._lock:
                idle = self._idle.setdefault(path, [])
                if len(idle) < IDLE_CONNECTIONS and not self._closed:
                    idle.append(db)
                    return
        db.close()

    @contextlib.contextmanager
    def lent(self, path: str) -> Iterator[Database]:
        """A connection for work outside a request, given back afterwards (closed if the work failed)."""
        db = self.take(path)
        try:
            yield db
        except BaseException:
            self.give(path, db, failed=True)
            raise
        self.give(path, db)

    def close(self) -> None:
        """Close every idle SQLite connection, and each given back from now on, and every PostgreSQL server's pool (a
        server stops). The last SQLite connection to a file folds its write-ahead log into it, so a stopped server
        leaves the one file: a worker ends without Python's own cleanup, which would otherwise have closed them."""
        with self._lock:
            self._closed = True
            servers, self._servers = list(self._servers.values()), {}
            idle, self._idle = [db for dbs in self._idle.values() for db in dbs], {}
        for db in idle:
            db.close()
        for server in servers:
            server.close()


pool = Pool()
