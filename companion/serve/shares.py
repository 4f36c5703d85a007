"""Each client address's share of connections, counted across every server process.

With `--workers N` the kernel spreads one address's connections over the workers, and a worker hands each on to
the worker owning its table; counted in each worker alone, one address held N times its share, and an owner adopted
every connection handed to it (1,477 from one address, past its file descriptors). So the count lives in memory
the parent makes before forking: one row per address (found by a keyed hash of it), one column per worker, each
column written only by its worker. A check and its count are one step under a lock that each process takes in
turn: a POSIX record lock on a file the workers share, which the kernel lets go of when its holder dies (kill -9
included), so a dead worker cannot leave the others waiting. A worker's replacement starts its column afresh.
"""

from __future__ import annotations

import ctypes
import fcntl
import hashlib
import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.sharedctypes import RawArray

PROBES = 64  # rows looked at for one address: at a quarter full, 64 taken in a row does not happen by chance
EMPTY = 0


class AddressShares:
    """How many connections each client address holds in all the workers, refusing more than `per_client`."""

    def __init__(self, per_client: int, workers: int = 1, addresses: int = 1024):
        self.per_client, self._workers, self._me = per_client, workers, 0
        rows = 1 << max(
            8, (4 * addresses - 1).bit_length()
        )  # four rows per address that can be connected at once
        self._rows = rows
        self._keys = RawArray(ctypes.c_uint64, rows)
        self._counts = RawArray(ctypes.c_int32, rows * workers)
        self._salt = os.urandom(16)  # nobody outside can choose addresses that land on one row
        self._threads = threading.Lock()
        self._file = tempfile.TemporaryFile() if workers > 1 else None  # noqa: SIM115 - open as long as the server

    def as_worker(self, number: int) -> None:
        """Count as worker `number` from now on, starting its column afresh (a dead one's connections went with it)."""
        self._me = number
        with self._locked():
            for row in range(self._rows):
                self._counts[row * self._workers + number] = 0

    def take(self, address: str, force: bool = False) -> bool:
        """Count one more connection from `address` here, unless the address holds its share already (or `force`)."""
        key = self._key(address)
        with self._locked():
            row = self._row(key)
            if row is None or (not force and self._held(row) >= self.per_client):
                return False
            self._keys[row] = key
            self._counts[row * self._workers + self._me] += 1
            return True

    def give_back(self, address: str) -> None:
        """Count one connection from `address` fewer here (none if this worker counts none of it)."""
        key = self._key(address)
        with self._locked():
            row = self._row(key)
            cell = None if row is None else row * self._workers + self._me
            if cell is not None and self._keys[row] == key and self._counts[cell] > 0:
                self._counts[cell] -= 1

    def held(self, address: str) -> int:
        """How many connections `address` holds in all the workers."""
        key = self._key(address)
        with self._locked():
            row = self._row(key)
            return 0 if row is None or self._keys[row] != key else self._held(row)

    def _key(self, address: str) -> int:
        digest = hashlib.blake2b(address.encode(), digest_size=8, key=self._salt).digest()
        return int.from_bytes(digest, "little") or 1

    def _held(self, row: int) -> int:
        start = row * self._workers
        return sum(self._counts[start : start + self._workers])

    def _row(self, key: int) -> int | None:
        """The address's row, or a free one for it (a row nobody holds a connection in); None if there is none."""
        free = None
        for probe in range(PROBES):
            row = (key + probe) & (self._rows - 1)
            if self._keys[row] == key:
                return row
            if free is None and (self._keys[row] == EMPTY or not self._held(row)):
                free = row
            if self._keys[row] == EMPTY:
                break
        return free

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with self._threads:
            if self._file is None:
                yield
                return
            fcntl.lockf(self._file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.lockf(self._file, fcntl.LOCK_UN)
