"""In-process notice board: writers post a table's new version, live streams wait for it."""

from __future__ import annotations

import threading


class Hub:
    """A condition variable per table, so a tap wakes only that table's streams."""

    def __init__(self):
        self._versions: dict[int, int] = {}
        self._conditions: dict[int, threading.Condition] = {}
        self._guard = threading.Lock()
        self._live = 0
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

    def wait(self, table_id: int, known: int, timeout: float) -> int:
        """Block until the table is newer than `known` or the timeout passes; return the newest version."""
        changed = self._condition(table_id)
        with changed:
            changed.wait_for(lambda: self.closed or self._versions.get(table_id, 0) > known, timeout)
            return self._versions.get(table_id, 0)

    def try_listen(self, limit: int) -> bool:
        """Take one of `limit` live-stream places; False when all are taken."""
        with self._guard:
            if self._live >= limit:
                return False
            self._live += 1
            return True

    def stop_listening(self) -> None:
        """Give a live-stream place back."""
        with self._guard:
            self._live -= 1

    def shutdown(self) -> None:
        """Wake every stream so the server can stop without waiting for them."""
        with self._guard:
            self.closed = True
            conditions = list(self._conditions.values())
        for changed in conditions:
            with changed:
                changed.notify_all()
