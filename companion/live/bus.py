"""How server processes that share a database tell each other's live streams about new versions and kicks.

A watcher thread per process reads what other processes wrote and hands it to the local hub: on SQLite it asks
`PRAGMA data_version` every POLL_SECONDS (it changes when another connection commits) and then reads the new
versions of the tables whose streams wait here; on PostgreSQL it LISTENs for the NOTIFY each append sends when it
commits. Kicks travel through the `live_kicks` counters (SQLite) or a NOTIFY (PostgreSQL). A table whose streams
start waiting here is read once on the next round, so a write that landed just before is not missed. The thread
stops when no stream has waited for IDLE_SECONDS and starts again with the next one.
"""

from __future__ import annotations

import logging
import threading
from typing import Protocol

from ..storage import store

POLL_SECONDS = 0.02
IDLE_SECONDS = 20.0  # longer than any one wait of a stream (companion.web.streams)
RETRY_SECONDS = 1.0  # after a watcher could not reach the database, how soon the next may try


class LocalHub(Protocol):
    """What a watcher tells the hub of its own process."""

    def publish_seen(self, table_id: int, version: int) -> None: ...

    def kick_here(self, table_id: int) -> None: ...

    def watch_round(self) -> tuple[set[int], set[int], bool]: ...


class Watcher:
    """The thread that carries other processes' writes to this process's hub; one per backend below."""

    def __init__(self, database: str, hub: LocalHub):
        self.database, self.hub = database, hub
        self.stopped = threading.Event()
        self.ready = threading.Event()
        self._posted: dict[int, int] = {}
        self._thread = threading.Thread(target=self._run, name="live-watcher", daemon=True)

    def start(self) -> None:
        """Start watching; returns once the watcher listens, so nothing written from now on is missed."""
        self._thread.start()
        self.ready.wait(30)

    def stop(self) -> None:
        """Stop the thread (it ends within a round)."""
        self.stopped.set()

    def _run(self) -> None:
        try:
            db = self.open()
        except Exception:  # the database is unreachable: the next stream starts another, a moment later
            self.stopped.set()
            self.ready.set()
            return
        try:
            self.ready.set()
            while not self.stopped.is_set():
                fresh, watched, idle = self.hub.watch_round()
                if idle:
                    return
                self.round(db, fresh, watched)
        except Exception:  # a broken connection: the next stream starts a new watcher
            logging.getLogger(__name__).exception("the live watcher stopped; the next stream starts another")
        finally:
            self.stopped.set()
            db.close()

    def open(self):
        """The watcher's own connection, ready to notice writes."""
        raise NotImplementedError

    def round(self, db, fresh: set[int], watched: set[int]) -> None:
        """Wait up to POLL_SECONDS for writes, and publish what changed at the fresh and watched tables."""
        raise NotImplementedError

    def publish_versions(self, db, watched: set[int], fresh: set[int]) -> None:
        """Read these tables' versions and post to the hub the watched ones that moved on since this watcher last
        posted them, and every fresh table's."""
        for table_id, version in store.versions(db, sorted(watched | fresh)).items():
            if table_id in fresh or self._posted.get(table_id) != version:
                self._posted[table_id] = version
                self.hub.publish_seen(table_id, version)


class SqliteWatcher(Watcher):
    """Asks SQLite whether another connection committed since the last round."""

    def open(self):
        """A connection of its own, with the data version and kick counters read as they are now."""
        db = store.connect(self.database)
        self._data_version = self._read_version(db)
        self._kicks = store.kick_counts(db)
        return db

    @staticmethod
    def _read_version(db) -> int:
        return db.execute("PRAGMA data_version").fetchone()[0]

    def round(self, db, fresh: set[int], watched: set[int]) -> None:
        """Publish the fresh tables' versions, and the watched ones' and every changed kick count after a commit."""
        self.stopped.wait(POLL_SECONDS)
        changed = self._read_version(db) != self._data_version
        if changed:
            self._data_version = self._read_version(db)
            kicks = store.kick_counts(db)
            for table_id, count in kicks.items():
                if self._kicks.get(table_id) != count:
                    self.hub.kick_here(table_id)
            self._kicks = kicks
        self.publish_versions(db, watched if changed else set(), fresh)


class PostgresWatcher(Watcher):
    """LISTENs on the store's channel; each append and each kick NOTIFYs it when it commits."""

    def open(self):
        """A connection of its own that listens."""
        db = store.connect(self.database)
        db.execute(f"LISTEN {store.LIVE_CHANNEL}")
        return db

    def round(self, db, fresh: set[int], watched: set[int]) -> None:
        """Publish what the notifications say, and the fresh tables' versions."""
        for notice in db.conn.notifies(timeout=POLL_SECONDS * 5):  # those that came meanwhile wait in a backlog
            kind, table_id, *version = notice.payload.split()
            if kind == "v":
                self.hub.publish_seen(int(table_id), int(version[0]))
            elif kind == "k":
                self.hub.kick_here(int(table_id))
        self.publish_versions(db, set(), fresh)


def watcher_for(database: str, hub: LocalHub) -> Watcher:
    """The watcher that fits the database."""
    return (PostgresWatcher if store.is_url(database) else SqliteWatcher)(database, hub)


def record_kick(database: str, table_id: int) -> None:
    """Tell the other processes' streams of a table to check that they may go on."""
    from ..storage.pool import pool
    with pool.lent(database) as db:
        store.record_kick(db, table_id)
