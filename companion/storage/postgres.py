"""PostgreSQL through psycopg 3: connections that speak the store's SQL, their pool, and the schema's steps.

The store writes its SQL once, with `?` marks, for SQLite; a PgDatabase takes the same calls (`execute`,
`conn.in_transaction`, `conn.rollback`, `close`) and turns the marks into psycopg's. psycopg is imported only
here, so a kitchen table on SQLite needs none of it.
"""

from __future__ import annotations

import contextlib
import select
import time
import weakref
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
# A connection handed out is checked with a round trip only when it is in doubt: idle this long (a firewall or an
# idle timeout may have dropped it unheard), or with something to read while idle (a server that stopped or
# restarted closes its connections, and the socket then reads its last words or its end). Checking every one cost
# a round trip per request, six per tap with its five screens' panels.
DOUBTFUL_IDLE_SECONDS = 5.0


class PgDatabase:
    """One PostgreSQL connection (autocommit, as the store's SQLite connections are) with the store's calls."""

    dialect = "postgresql"

    def __init__(self, conn: psycopg.Connection, lent: bool = False, claims_at: dict | None = None):
        self.conn = conn
        self.opened_read_only = False
        # Lent for one request or job: the versions its reads saw (companion.storage.store.saw_version).
        self.versions_seen: dict[int, int] | None = {} if lent else None
        # Lent: its pool's seat claims by table, as read at a version (companion.storage.store.claim_key).
        self.claims_at: dict[int, tuple[int, dict[int, str]]] = {} if claims_at is None else claims_at

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
        self._given_back: weakref.WeakKeyDictionary[psycopg.Connection, float] = weakref.WeakKeyDictionary()
        self._claims_at: dict[int, tuple[int, dict[int, str]]] = {}
        self._pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, open=True, timeout=POOL_WAIT_SECONDS,
                                    kwargs={"autocommit": True, "connect_timeout": CONNECT_SECONDS},
                                    check=self._check, reconnect_timeout=RECONNECT_SECONDS)

    def _check(self, conn: psycopg.Connection) -> None:
        """Raise if a connection in doubt no longer works (see DOUBTFUL_IDLE_SECONDS); pass the others at once."""
        given_back = self._given_back.get(conn)
        if given_back is None or time.monotonic() - given_back > DOUBTFUL_IDLE_SECONDS or _has_word(conn):
            ConnectionPool.check_connection(conn)

    def take(self) -> PgDatabase:
        """A connection from the pool (waits while all are in use)."""
        return PgDatabase(self._pool.getconn(), lent=True, claims_at=self._claims_at)

    def give(self, db: PgDatabase, failed: bool = False) -> None:
        """Take a connection back, clean; the pool replaces a broken one."""
        try:
            if db.conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                db.conn.rollback()
        except psycopg.Error:
            failed = True
        if failed:
            db.conn.close()
        else:
            self._given_back[db.conn] = time.monotonic()
        self._pool.putconn(db.conn)

    def close(self) -> None:
        """Close every connection."""
        self._pool.close()


def _has_word(conn: psycopg.Connection) -> bool:
    """Whether an idle connection's socket has something to read (nothing is expected: the server said goodbye)."""
    try:
        return bool(select.select([conn.fileno()], [], [], 0)[0])
    except (OSError, ValueError, psycopg.Error):  # closed already
        return True


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
