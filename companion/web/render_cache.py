"""Kept renders and the values screens share: keyed by all they are made from, so nothing is ever invalidated."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

MAX_ENTRIES = 4096  # a few per viewer and per table, and the parts of their screens: ~20 KB each at most
# Characters of rendered text kept: keys name the address a page is served at, which a client may vary (a Host's
# port), so the entries' count alone would let ~80 MB fill each cache.
MAX_TEXT = 32 * 2 ** 20


class _LeastRecentlyUsed:
    """Entries under a lock; past `limit` entries or `max_text` characters of text, the least recently used are
    dropped first."""

    def __init__(self, limit: int = MAX_ENTRIES, max_text: int = MAX_TEXT):
        self.limit, self.max_text = limit, max_text
        self._entries: OrderedDict[tuple, Any] = OrderedDict()
        self._sizes: dict[tuple, int] = {}
        self.text = 0  # characters of text kept
        self._lock = threading.Lock()

    def _keep(self, key: tuple, entry: Any, value: Any) -> None:
        """Store an entry (holding `value`) as the most recently used (the caller holds the lock)."""
        size = len(value) if isinstance(value, str) else 0  # other values are small
        self.text += size - self._sizes.get(key, 0)
        self._entries[key], self._sizes[key] = entry, size
        self._entries.move_to_end(key)
        while len(self._entries) > self.limit or self.text > self.max_text:
            dropped, _entry = self._entries.popitem(last=False)
            self.text -= self._sizes.pop(dropped)

    def __len__(self) -> int:
        """How many entries are kept."""
        return len(self._entries)

    def keys(self) -> list[tuple]:
        """The keys of the entries kept, least recently used first."""
        with self._lock:
            return list(self._entries)


class NewestCache(_LeastRecentlyUsed):
    """The newest kept value per key, each tagged with the table version it was made from; least recently used
    keys are dropped first.

    Nothing is ever invalidated: a reader asks for the version it has just read from the store, and a value
    made from another version does not answer. So a table written by another process (a newer version in the
    store) simply misses, and stays correct without any "on write" hook.
    """

    def get(self, key: tuple, version: int) -> Any:
        """The value kept for exactly this version, else None."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] != version:
                return None
            self._entries.move_to_end(key)
            return entry[1]

    def put(self, key: tuple, version: int, value: Any) -> None:
        """Keep a value, unless one made from a newer version of the same key is already kept."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry[0] > version:
                return
            self._keep(key, (version, value), value)


class KeptByContent(_LeastRecentlyUsed):
    """The app's renders (whole panels, parts of screens), each kept by everything it is made from (its key names
    all of it), least recently used dropped first: a key's value never goes stale, so nothing is ever
    invalidated."""

    def get(self, key: tuple) -> Any:
        """The value kept under this key, else None."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: tuple, value: Any) -> None:
        """Keep a value."""
        with self._lock:
            self._keep(key, value, value)
