"""Each client address's share of connections, counted across every server process, with no lock between them.

With `--workers N` the kernel spreads one address's connections over the workers; counted in each worker alone, one
address held N times its share. So the count lives in memory the parent makes before forking: each worker has a
table of its own there (rows found by a keyed hash of the address) that only it writes, and reads the others' to
add up an address's connections. Nothing is ever waited for across processes: a worker stopped at any moment (a
debugger, a stall, SIGSTOP) leaves the others counting. Two workers admitting the same address at the same instant
may let it hold one connection more than its share for each other worker; never more. A worker's replacement
starts its table afresh (the dead one's connections went with it).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import threading
from multiprocessing.sharedctypes import RawArray

PROBES = 64  # rows looked at for one address: at a quarter full, 64 taken in a row does not happen by chance
EMPTY = 0


class AddressShares:
    """How many connections each client address holds in all the workers, refusing more than `per_client`."""

    def __init__(self, per_client: int, workers: int = 1, addresses: int = 1024):
        self.per_client, self._workers, self._me = per_client, workers, 0
        # four rows per address that can be connected at once, in each worker's table
        self._rows = 1 << max(8, (4 * addresses - 1).bit_length())
        self._keys = RawArray(ctypes.c_uint64, self._rows * workers)
        self._counts = RawArray(ctypes.c_int32, self._rows * workers)
        self._salt = os.urandom(16)  # nobody outside can choose addresses that land on one row
        self._threads = threading.Lock()  # this worker's threads take turns at its own table

    def as_worker(self, number: int) -> None:
        """Count as worker `number` from now on, starting its table afresh (a dead one's connections went with it)."""
        with self._threads:
            self._me = number
            start = number * self._rows
            for row in range(start, start + self._rows):
                self._counts[row] = 0
                self._keys[row] = EMPTY

    def take(self, address: str, force: bool = False) -> bool:
        """Count one more connection from `address` here, unless the address holds its share already (or `force`)."""
        key = self._key(address)
        with self._threads:
            if not force and self._held(key) >= self.per_client:
                return False
            row = self._row(self._me, key, claim=True)
            if row is None:
                return False
            self._keys[row] = key
            self._counts[row] += 1
            return True

    def give_back(self, address: str) -> None:
        """Count one connection from `address` fewer here (none if this worker counts none of it)."""
        key = self._key(address)
        with self._threads:
            row = self._row(self._me, key)
            if row is not None and self._counts[row] > 0:
                self._counts[row] -= 1

    def held(self, address: str) -> int:
        """How many connections `address` holds in all the workers."""
        return self._held(self._key(address))

    def _key(self, address: str) -> int:
        digest = hashlib.blake2b(address.encode(), digest_size=8, key=self._salt).digest()
        return int.from_bytes(digest, "little") or 1

    def _held(self, key: int) -> int:
        rows = (self._row(worker, key) for worker in range(self._workers))
        return sum(self._counts[row] for row in rows if row is not None)

    def _row(self, worker: int, key: int, claim: bool = False) -> int | None:
        """The address's row in `worker`'s table; with `claim`, else a free one for it (a row nobody holds a
        connection in); None if there is none. A row once used keeps a key, so a search ends at an empty one."""
        start, free = worker * self._rows, None
        for probe in range(PROBES):
            row = start + ((key + probe) & (self._rows - 1))
            if self._keys[row] == key:
                return row
            if claim and free is None and (self._keys[row] == EMPTY or not self._counts[row]):
                free = row
            if self._keys[row] == EMPTY:
                break
        return free
