"""Notice board: writers post a table's new version, live streams wait for it.

Writes in this process are posted directly; given the database, a watcher (companion.live_bus) also posts what
other server processes wrote, and carries kicks both ways.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Callable

from . import bus


class Hub:
    """A condition variable per table, so a tap wakes only that table's streams."""

    def __init__(self, database: str | None = None):
        self._database = database
        self._watcher: bus.Watcher | None = None
        self._watched: dict[int, float] = {}  # table: when a stream last waited for it here
        self._fresh: set[int] = set()  # tables newly watched, to be read once
        self._last_used = 0.0
        self._versions: dict[int, int] = {}
        self._held: dict[int, int] = {}  # table: a version this process writes and will post itself
        self._kicks: dict[int, int] = {}
        self._conditions: dict[int, threading.Condition] = {}
        self._guard = threading.Lock()
        self._live = 0
        self._live_by_client: Counter[str] = Counter()
        self._taps = 0
        self._no_taps = threading.Condition()
        self.closed = False

    def _condition(self, table_id: int) -> threading.Condition:
        with self._guard:
            return self._conditions.setdefault(table_id, threading.Condition())

    def publish(self, table_id: int, version: int) -> None:
        """Record a table's version and wake its waiting streams if it moved on."""
        changed = self._condition(table_id)
        with changed:
            if version >= self._held.get(table_id, 0):
                self._held.pop(table_id, None)
            if version > self._versions.get(table_id, 0):
                self._versions[table_id] = version
                changed.notify_all()

    def hold(self, table_id: int, version: int | None) -> None:
        """This process is writing `version` and will post it itself, later (once the tap's answer is out): the
        watcher does not post it earlier. None: the write did not happen after all."""
        with self._condition(table_id):
            if version is None:
                self._held.pop(table_id, None)
            else:
                self._held[table_id] = version

    def publish_seen(self, table_id: int, version: int) -> None:
        """Post a version the watcher read from the database, unless this process is about to post it itself."""
        with self._condition(table_id):
            if self._held.get(table_id, 0) >= version:
                return
        self.publish(table_id, version)

    def wait(self, table_id: int, known: int, timeout: float, kicks: int | None = None) -> int:
        """Block until the table is newer than `known`, it was kicked since `kicks`, or the timeout passes;
        return the newest version."""
        self._watch(table_id)
        changed = self._condition(table_id)
        with changed:
            changed.wait_for(lambda: self.closed or self._versions.get(table_id, 0) > known
                             or (kicks is not None and self._kicks.get(table_id, 0) != kicks), timeout)
            return self._versions.get(table_id, 0)

    def kicks(self, table_id: int) -> int:
        """How often the table's streams were kicked; a stream compares it with the count it started with."""
        self._watch(None)
        with self._condition(table_id):
            return self._kicks.get(table_id, 0)

    def kick(self, table_id: int) -> None:
        """Wake the table's streams, here and in every other server process, so each checks that it may go on
        (a spectator link revoked, a table deleted)."""
        self.kick_here(table_id)
        if self._database is not None:
            bus.record_kick(self._database, table_id)

    def kick_here(self, table_id: int) -> None:
        """Wake the table's streams in this process (the watcher's way in for other processes' kicks)."""
        changed = self._condition(table_id)
        with changed:
            self._kicks[table_id] = self._kicks.get(table_id, 0) + 1
            changed.notify_all()

    def forget(self, table_id: int) -> None:
        """A deleted table: its version is forgotten (a new table may get its id) and its streams are kicked."""
        with self._condition(table_id):
            self._versions.pop(table_id, None)
        self.kick(table_id)

    def _watch(self, table_id: int | None) -> None:
        """Note a stream's interest (in a table, or in kicks), starting the watcher if it is not running."""
        if self._database is None:
            return
        with self._guard:
            self._last_used = time.monotonic()
            if table_id is not None:
                if table_id not in self._watched:
                    self._fresh.add(table_id)
                self._watched[table_id] = self._last_used
            start = not self.closed and (self._watcher is None or self._watcher.stopped.is_set())
            if start:  # a new watcher reads every watched table once: what the last one missed is not lost
                self._fresh |= set(self._watched)
                self._watcher = bus.watcher_for(self._database, self)
            watcher = self._watcher
        if start:
            watcher.start()
        elif watcher is not None:
            watcher.ready.wait(30)

    def watch_round(self) -> tuple[set[int], set[int], bool]:
        """For the watcher: the tables to read once, those streams wait for, and whether to stop (idle)."""
        with self._guard:
            now = time.monotonic()
            self._watched = {table: at for table, at in self._watched.items()
                             if now - at < bus.IDLE_SECONDS}
            fresh, self._fresh = self._fresh, set()
            idle = self.closed or (not self._watched and now - self._last_used > bus.IDLE_SECONDS)
            if idle:
                self._watcher = None
            return fresh, set(self._watched), idle

    def tap_started(self) -> None:
        """A tap is being answered in this process (streams make their panels after it: see `after_taps`)."""
        with self._no_taps:
            self._taps += 1

    def tap_answered(self) -> None:
        """A tap's answer is made."""
        with self._no_taps:
            self._taps -= 1
            if not self._taps:
                self._no_taps.notify_all()

    def after_taps(self, timeout: float) -> None:
        """Wait (at most `timeout`) until no tap is being answered here: the person who tapped waits for the
        answer, the other screens hardly notice a few milliseconds; Python runs one thread at a time, so a
        tap's answer made beside five panels would take five times as long."""
        with self._no_taps:
            self._no_taps.wait_for(lambda: not self._taps, timeout)

    def try_listen(self, limit: int, client: str, per_client: int) -> Callable[[], None] | None:
        """Take one of `limit` live-stream places, at most `per_client` of them for one client address.

        Returns the function that gives the place back (calling it again does nothing), or None when refused.
        """
        with self._guard:
            if self._live >= limit or self._live_by_client[client] >= per_client:
                return None
            self._live += 1
            self._live_by_client[client] += 1
        given_back = threading.Event()

        def give_back() -> None:
            with self._guard:
                if given_back.is_set():
                    return
                given_back.set()
                self._live -= 1
                self._live_by_client[client] -= 1
                if not self._live_by_client[client]:
                    del self._live_by_client[client]
        return give_back

    def listening(self) -> int:
        """How many live-stream places are taken."""
        return self._live

    def shutdown(self) -> None:
        """Wake every stream so the server can stop without waiting for them."""
        with self._guard:
            self.closed = True
            conditions = list(self._conditions.values())
            if self._watcher is not None:
                self._watcher.stop()
        for changed in conditions:
            with changed:
                changed.notify_all()
