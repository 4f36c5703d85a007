"""In-process notice board: writers post a table's new version, live streams wait for it."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Callable


class Hub:
    """A condition variable per table, so a tap wakes only that table's streams."""

    def __init__(self):
        self._versions: dict[int, int] = {}
        self._kicks: dict[int, int] = {}
        self._conditions: dict[int, threading.Condition] = {}
        self._guard = threading.Lock()
        self._live = 0
        self._live_by_client: Counter[str] = Counter()
        self.closed = False

    def _condition(self, table_id: int) -> threading.Condition:
        with self._guard:
            return self._conditions.setdefault(table_id, threading.Condition())

    def publish(self, table_id: int, version: int) -> None:
        """Record a table's version and wake its waiting streams if it moved on."""
        changed = self._condition(table_id)
        with changed:
            if version > self._versions.get(table_id, 0):
                self._versions[table_id] = version
                changed.notify_all()

    def wait(self, table_id: int, known: int, timeout: float, kicks: int | None = None) -> int:
        """Block until the table is newer than `known`, it was kicked since `kicks`, or the timeout passes;
        return the newest version."""
        changed = self._condition(table_id)
        with changed:
            changed.wait_for(lambda: self.closed or self._versions.get(table_id, 0) > known
                             or (kicks is not None and self._kicks.get(table_id, 0) != kicks), timeout)
            return self._versions.get(table_id, 0)

    def kicks(self, table_id: int) -> int:
        """How often the table's streams were kicked; a stream compares it with the count it started with."""
        with self._condition(table_id):
            return self._kicks.get(table_id, 0)

    def kick(self, table_id: int) -> None:
        """Wake the table's streams so each checks that it may go on (a spectator link revoked, a table deleted)."""
        changed = self._condition(table_id)
        with changed:
            self._kicks[table_id] = self._kicks.get(table_id, 0) + 1
            changed.notify_all()

    def forget(self, table_id: int) -> None:
        """A deleted table: its version is forgotten (a new table may get its id) and its streams are kicked."""
        with self._condition(table_id):
            self._versions.pop(table_id, None)
        self.kick(table_id)

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
        for changed in conditions:
            with changed:
                changed.notify_all()
