"""Notice board: writers post a table's new version, live streams wait for it.

Four small parts, each with one job: `Versions` (each table's newest version and kicks, which wake its streams),
`Watching` (the link to other server processes through companion.live.bus), `TapsFirst` (streams make their
panels after the taps being answered) and `LivePlaces` (how many streams may be held, and by whom). `Hub` holds
one of each and joins them where a stream needs two at once.
"""

from __future__ import annotations

import threading
import time
from collections import deque

from . import bus


class Versions:
    """Each table's newest version and kick count, with a condition per table so a tap wakes only its streams."""

    def __init__(self):
        self._versions: dict[int, int] = {}
        self._held: dict[int, int] = {}  # table: a version this process writes and will post itself
        self._kicks: dict[int, int] = {}
        self._conditions: dict[int, threading.Condition] = {}
        self._guard = threading.Lock()
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
        changed = self._condition(table_id)
        with changed:
            changed.wait_for(lambda: self.closed or self._versions.get(table_id, 0) > known
                             or (kicks is not None and self._kicks.get(table_id, 0) != kicks), timeout)
            return self._versions.get(table_id, 0)

    def kicks(self, table_id: int) -> int:
        """How often the table's streams were kicked; a stream compares it with the count it started with."""
        with self._condition(table_id):
            return self._kicks.get(table_id, 0)

    def kick_here(self, table_id: int) -> None:
        """Wake the table's streams in this process, so each checks that it may go on."""
        changed = self._condition(table_id)
        with changed:
            self._kicks[table_id] = self._kicks.get(table_id, 0) + 1
            changed.notify_all()

    def forget(self, table_id: int) -> None:
        """A deleted table's version is forgotten (a new table may get its id)."""
        with self._condition(table_id):
            self._versions.pop(table_id, None)

    def close(self) -> None:
        """Wake every stream for good, so the server can stop without waiting for them."""
        with self._guard:
            self.closed = True
            conditions = list(self._conditions.values())
        for changed in conditions:
            with changed:
                changed.notify_all()


class Watching:
    """Which tables streams wait for here, and the watcher thread that reads other processes' writes to them."""

    def __init__(self, database: str | None, hub: bus.LocalHub):
        self._database, self._hub = database, hub
        self._watcher: bus.Watcher | None = None
        self._watched: dict[int, float] = {}  # table: when a stream last waited for it here
        self._fresh: set[int] = set()  # tables newly watched, to be read once
        self._last_used = 0.0
        self._started_at = float("-inf")
        self._guard = threading.Lock()
        self._stopped = False

    def watch(self, table_id: int | None) -> None:
        """Note a stream's interest (in a table, or in kicks), starting the watcher if it is not running."""
        if self._database is None:
            return
        with self._guard:
            self._last_used = time.monotonic()
            if table_id is not None:
                if table_id not in self._watched:
                    self._fresh.add(table_id)
                self._watched[table_id] = self._last_used
            # One that stopped (idle, or the database away) is replaced, at most once every RETRY_SECONDS.
            due = self._watcher is None or (self._watcher.stopped.is_set()
                                            and self._last_used - self._started_at >= bus.RETRY_SECONDS)
            start = due and not self._stopped
            if start:  # a new watcher reads every watched table once: what the last one missed is not lost
                self._fresh |= set(self._watched)
                self._watcher = bus.watcher_for(self._database, self._hub)
                self._started_at = self._last_used
            watcher = self._watcher
        if start:
            watcher.start()
        elif watcher is not None:
            watcher.ready.wait(30)

    def round(self) -> tuple[set[int], set[int], bool]:
        """For the watcher: the tables to read once, those streams wait for, and whether to stop (idle)."""
        with self._guard:
            now = time.monotonic()
            self._watched = {table: at for table, at in self._watched.items() if now - at < bus.IDLE_SECONDS}
            fresh, self._fresh = self._fresh, set()
            idle = self._stopped or (not self._watched and now - self._last_used > bus.IDLE_SECONDS)
            if idle:
                self._watcher = None
            return fresh, set(self._watched), idle

    def tell_others_of_kick(self, table_id: int) -> None:
        """Let every other server process's streams of the table hear of a kick."""
        if self._database is not None:
            bus.record_kick(self._database, table_id)

    def stop(self) -> None:
        """Stop the watcher for good."""
        with self._guard:
            self._stopped = True
            if self._watcher is not None:
                self._watcher.stop()


class TapsFirst:
    """Taps being answered in this process: streams make their panels after them."""

    def __init__(self):
        self._taps = 0
        self._no_taps = threading.Condition()

    def started(self) -> None:
        """A tap is being answered in this process."""
        with self._no_taps:
            self._taps += 1

    def answered(self) -> None:
        """A tap's answer is made."""
        with self._no_taps:
            self._taps -= 1
            if not self._taps:
                self._no_taps.notify_all()

    def wait(self, timeout: float) -> None:
        """Wait (at most `timeout`) until no tap is being answered here: the person who tapped waits for the
        answer, the other screens hardly notice a few milliseconds; Python runs one thread at a time, so a
        tap's answer made beside five panels would take five times as long."""
        with self._no_taps:
            self._no_taps.wait_for(lambda: not self._taps, timeout)


class LivePlace:
    """One live stream's place: given back once, or taken over for another address's stream (then `ended`)."""

    def __init__(self, places: LivePlaces, client: str):
        self._places, self.client = places, client
        self.ended = threading.Event()  # taken over: the stream ends and its page polls or connects again

    def give_back(self) -> None:
        """The stream is over: its place is free (calling it again, or after a takeover, does nothing)."""
        self._places.release(self)


class LivePlaces:
    """The live-stream places this process holds: a limit in all, and a share per client address.

    When all are taken, an address with fewer takes the oldest place of the address holding most, so a handful
    of addresses cannot keep every phone of the room out: a phone's stream gets in, and one that ended comes back.
    """

    def __init__(self):
        self._held: dict[str, deque[LivePlace]] = {}
        self._taken = 0
        self._guard = threading.Lock()

    def take(self, limit: int, client: str, per_client: int) -> LivePlace | None:
        """Take one of `limit` places, at most `per_client` of them for one client address; None when refused."""
        with self._guard:
            mine = len(self._held.get(client, ()))
            if mine >= per_client:
                return None
            if self._taken >= limit:
                most = max(self._held, key=lambda other: len(self._held[other]))
                if len(self._held[most]) < mine + 2:  # taking over would only pass the place back and forth
                    return None
                self._drop(self._held[most][0]).ended.set()
            place = LivePlace(self, client)
            self._held.setdefault(client, deque()).append(place)
            self._taken += 1
            return place

    def release(self, place: LivePlace) -> None:
        """Free a place still held."""
        with self._guard:
            if place in self._held.get(place.client, ()):
                self._drop(place)

    def _drop(self, place: LivePlace) -> LivePlace:
        held = self._held[place.client]
        held.remove(place)
        if not held:
            del self._held[place.client]
        self._taken -= 1
        return place

    def taken(self) -> int:
        """How many places are taken."""
        return self._taken


class Hub:
    """One process's notice board: versions, the link to other processes, taps first, and live places."""

    def __init__(self, database: str | None = None):
        self.versions = Versions()
        # Given the database, it hears of other server processes' writes and kicks too.
        self.watching = Watching(database, self)
        self.taps = TapsFirst()
        self.places = LivePlaces()

    @property
    def closed(self) -> bool:
        """Whether the server is stopping."""
        return self.versions.closed

    def wait(self, table_id: int, known: int, timeout: float, kicks: int | None = None) -> int:
        """A stream waits for the table to move on (see Versions.wait), watching other processes' writes too."""
        self.watching.watch(table_id)
        return self.versions.wait(table_id, known, timeout, kicks)

    def kicks(self, table_id: int) -> int:
        """How often the table's streams were kicked, here or (once watched) in another process."""
        self.watching.watch(None)
        return self.versions.kicks(table_id)

    def kick(self, table_id: int) -> None:
        """Wake the table's streams, here and in every other server process, so each checks that it may go on
        (a spectator link revoked, a table deleted)."""
        self.versions.kick_here(table_id)
        self.watching.tell_others_of_kick(table_id)

    def forget(self, table_id: int) -> None:
        """A deleted table: its version is forgotten and its streams are kicked."""
        self.versions.forget(table_id)
        self.kick(table_id)

    def publish_seen(self, table_id: int, version: int) -> None:
        """For the watcher: a version another process wrote."""
        self.versions.publish_seen(table_id, version)

    def kick_here(self, table_id: int) -> None:
        """For the watcher: a kick another process made."""
        self.versions.kick_here(table_id)

    def watch_round(self) -> tuple[set[int], set[int], bool]:
        """For the watcher: what to read this round, and whether to stop."""
        return self.watching.round()

    def shutdown(self) -> None:
        """Stop the watcher and wake every stream, so the server can stop without waiting for them."""
        self.watching.stop()
        self.versions.close()
