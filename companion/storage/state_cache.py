"""Each table's folded state, kept by version and advanced by new events; snapshots make undo cheap.

A state handed out is never changed afterwards (pages render it while the next tap arrives): the cache
copies once and applies the new events to the copy. Every SNAPSHOT_EVERY events it keeps a copy, so an undo
or redo replays from the newest snapshot before the action it targets instead of from the table's creation.
At most `max_tables` tables are kept; the least recently asked-about is dropped first (its log folds it again).
Each entry also keeps the table's newest RECENT_EVENTS events, so the log's tail on every screen is not read again.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from sqlite_utils import Database

from ..rules import TableState, engine, initial_state
from . import store

SNAPSHOT_EVERY = 100
SNAPSHOTS_KEPT = 30  # an undo reaching back further than this replays from the start
MAX_TABLES = 256  # a process serves about a hundred tables at once (docs/deploy.md)
RECENT_EVENTS = 32  # more than any screen's log shows (screens.LOG_LINES)
WRITER_LOCKS = 64  # tables share these by id: two tables on one lock only take turns, and none is ever dropped


@dataclass(frozen=True)
class _Entry:
    """A table's newest known state, the snapshots on its way there (oldest first) and its newest events (up to
    RECENT_EVENTS of them, numbered one after another up to the state's version)."""

    state: TableState
    snapshots: tuple[TableState, ...]
    recent: tuple[dict, ...] = ()


class StateCache:
    """Folded state per table, advanced by new events instead of replaying the whole log."""

    def __init__(self, max_tables: int = MAX_TABLES):
        self._entries: OrderedDict[int, _Entry] = OrderedDict()
        self._max_tables = max_tables
        self._guard = threading.Lock()
        self._writers = tuple(threading.Lock() for _ in range(WRITER_LOCKS))

    def writer(self, table_id: int) -> threading.Lock:
        """A lock that lets one action at a time decide and append at a table."""
        return self._writers[table_id % WRITER_LOCKS]

    def __len__(self) -> int:
        return len(self._entries)

    def state(self, db: Database, table_id: int) -> TableState:
        """The current state, catching up from the log if other writes happened."""
        with self._guard:
            cached = self._entries.get(table_id)
            if cached is not None:
                self._entries.move_to_end(table_id)
        if cached is None:
            fresh = _replay(None, (), store.events_after(db, table_id))
        else:
            seen = store.seen_version(db, table_id)
            # This request read (or its stream heard of) that version or an older one a moment ago.
            if seen is not None and seen <= cached.state.version:
                return cached.state
            newer = store.events_after(db, table_id, cached.state.version)
            if not newer:
                return cached.state
            fresh = _advance(db, table_id, cached, newer)
        return self._keep(table_id, fresh)

    def appended(self, db: Database, table_id: int, stored: list[dict]) -> TableState:
        """The state after events this process just appended: the cached state advanced by them without reading
        them back, when it is the state they were appended after (else as `state` finds it)."""
        with self._guard:
            cached = self._entries.get(table_id)
        if not stored or cached is None or cached.state.version != stored[0]["seq"] - 1:
            return self.state(db, table_id)
        # The arguments as the log gives them back (JSON turns tuples into lists and keys into strings).
        events = [{"seq": event["seq"], "type": event["type"], "seat": event.get("seat"), "actor": event["actor"],
                   "args": store.decoded(json.dumps(event["args"])), "at": event["at"], "step": event["step"]}
                  for event in stored]
        state = self._keep(table_id, _advance(db, table_id, cached, events))
        store.saw_version(db, table_id, state.version)  # what this connection just wrote
        return state

    def recent_events(self, table_id: int, after: int, upto: int) -> list[dict] | None:
        """The table's events after `after` up to `upto` as kept here, or None when they are not all kept."""
        with self._guard:
            cached = self._entries.get(table_id)
        recent = cached.recent if cached is not None else ()
        if not recent or recent[0]["seq"] > after + 1 or recent[-1]["seq"] < upto:
            return None
        return [event for event in recent if after < event["seq"] <= upto]

    def _keep(self, table_id: int, fresh: _Entry) -> TableState:
        """Keep a newer entry (another thread may have kept a newer one still) and drop the least recently asked."""
        with self._guard:
            current = self._entries.get(table_id)
            if current is None or current.state.version < fresh.state.version:
                self._entries[table_id] = fresh
                self._entries.move_to_end(table_id)
            while len(self._entries) > self._max_tables:
                self._entries.popitem(last=False)
        return fresh.state

    def forget(self, table_id: int | None = None) -> None:
        """Drop one table's cached state (a deleted table), or every one (tests prove the log rebuilds them)."""
        with self._guard:
            if table_id is None:
                self._entries.clear()
            else:
                self._entries.pop(table_id, None)


def _advance(db: Database, table_id: int, cached: _Entry, newer: list[dict]) -> _Entry:
    """The entry after `newer`: applied to a copy, or replayed from a snapshot older than what an undo targets."""
    targets = [event["args"]["target"] for event in newer if engine.needs_replay(event)]
    if not targets:
        return _replay(cached.state, cached.snapshots, newer, cached.recent)
    # A snapshot at or after the earliest targeted action has that action's old effect folded in.
    kept = tuple(snapshot for snapshot in cached.snapshots if snapshot.version < min(targets))
    start = kept[-1] if kept else None
    return _replay(start, kept, store.events_after(db, table_id, start.version if start else 0), cached.recent)


def _replay(start: TableState | None, snapshots: tuple[TableState, ...], events: list[dict],
            recent: tuple[dict, ...] = ()) -> _Entry:
    """Fold `events` onward from a copy of `start` (or from nothing), keeping a snapshot every SNAPSHOT_EVERY;
    `recent` are the newest events known before them (those they follow on from are kept with them)."""
    first = events[0]["seq"] if events else (start.version + 1 if start else 1)
    before = tuple(event for event in recent if event["seq"] < first)
    if before and before[-1]["seq"] != first - 1:  # a gap: only what follows it is known to be whole
        before = ()
    state, kept = (start.copy() if start else initial_state()), list(snapshots)
    undone = engine.undone_steps(events)
    for event in events:
        engine.apply_in_place(state, event, undone)
        if event["seq"] % SNAPSHOT_EVERY == 0:
            kept.append(state.copy())
    return _Entry(state, tuple(kept[-SNAPSHOTS_KEPT:]), (before + tuple(events))[-RECENT_EVENTS:])
