"""PostgreSQL through psycopg 3: connections that speak the store's SQL, their pool, and the schema's steps.

The store writes its SQL once, with `?` marks, for SQLite; a PgDatabase takes the same calls (`execute`,
`conn.in_transaction`, `conn.rollback`, `close`) and turns the marks into psycopg's. psycopg is imported only
here, so a kitchen table on SQLite needs none of it.
"""

from __future__ import annotations

import contextlib
import time
from typing import Iterator

import psycopg
from psycopg_pool import ConnectionPool

from . import schema

MIGRATION_LOCK = 7420150  # an advisory lock: server processes starting together migrate one at a time
POOL_SIZE = 16
# While the database is away a tap answers 503 within about two seconds instead of hanging: a new connection
# waits at most CONNECT_SECONDS, a request at most POOL_WAIT_SECONDS for one from the pool, and the pool gives a
# reconnection up after RECONNECT_SECONDS (its backoff would otherwise wait up to a minute between attempts), so
# the next request tries again at once and the database is used again within a second or two of its return.
CONNECT_SECONDS = 2
POOL_WAIT_SECONDS = 1.5
RECONNECT_SECONDS = 1.0


class PgDatabase:
    """One PostgreSQL connection (autocommit, as the store's SQLite connections are) with the store's calls."""

    dialect = "postgresql"

    def __init__(self, conn: psycopg.Connection):
        self.conn = conn
        self.opened_read_only = False

    def execute(self, sql: str, params=()) -> psycopg.Cursor:
        """Run one statement; `?` marks its parameters."""
        return self.conn.execute(sql.replace("?", "%s"), list(params))

    @contextlib.contextmanager
    def write_transaction(self) -> Iterator["PgDatabase"]:
        """One transaction (a nested call joins the outer one); the unique keys refuse what a concurrent
        writer made stale."""
        with self.conn.transaction():
            yield self

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


def connect(url: str) -> PgDatabase:
    """A connection of its own (migrations, tests), not from a pool."""
    return PgDatabase(psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_SECONDS))


class PgPool:
    """psycopg's pool for one server, handing out PgDatabase wrappers; a connection the server dropped (a
    restart) is found out before it is handed out, and replaced."""

    def __init__(self, url: str):
        self._pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, open=True, timeout=POOL_WAIT_SECONDS,
                                    kwargs={"autocommit": True, "connect_timeout": CONNECT_SECONDS},
                                    check=ConnectionPool.check_connection, reconnect_timeout=RECONNECT_SECONDS)

    def take(self) -> PgDatabase:
        """A connection from the pool (waits while all are in use)."""
        return PgDatabase(self._pool.getconn())

    def give(self, db: PgDatabase, failed: bool = False) -> None:
        """Take a connection back, clean; the pool replaces a broken one."""
        try:
            if db.conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                db.conn.rollback()
        except psycopg.Error:
            failed = True
        if failed:
            db.conn.close()
        self._pool.putconn(db.conn)

    def close(self) -> None:
        """Close every connection."""
        self._pool.close()


def migrate(db: PgDatabase) -> None:
    """Bring the schema up to date, one server process at a time."""
    with db.write_transaction():
        db.execute("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK])
        db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION)")
        applied = {row[0] for row in db.execute("SELECT name FROM schema_migrations").fetchall()}
        for step in schema.STEPS:
            if step.name in applied:
                continue
            for statement in step.sql("postgresql"):
                db.execute(statement)
            if step.then:
                step.then(db)
            db.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", [step.name, time.time()])


INTEGRITY_ERRORS = (psycopg.IntegrityError,)
STORAGE_ERRORS = (psycopg.OperationalError,)  # the server gone or unreachable, the pool exhausted
