"""Card photos read side by side, away from the table's taps: worker processes at a low priority, one per core
but one (left to the taps), each photo read at idle priority while the machine has a core to spare, a few photos
waiting for them, and any more told at once to try again."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import select
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as Late
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .card_match import Choice

if TYPE_CHECKING:
    from .card_photo import Reading

# The readers' own priority below the server's (their readings inherit it), at which a photo is read when its
# reading at idle priority starves (idle_first). Not the lowest (19): beside other work the photos were then read
# minutes late and the readers' queue stalled.
NICENESS = 10
WAITING_PER_READER = 2
# Seconds a photo may wait for and take a reader before the phone is told and its reading stopped: a reader runs at
# a low priority and on a busy machine takes many times its CPU time, but a phone is not kept waiting for minutes.
READING_SECONDS = 20.0
# Seconds past a photo's time the server waits for its reader to answer that it stopped.
STOPPING = 2.0
# A photo's reading at idle priority is given up for one at the reader's own when, between two looks, it waited
# ready to run for most of the time (other work keeps every core busy): not when it merely takes long, as on a slow
# machine.
LOOK = 0.5
STARVED = 0.8


class Busy(RuntimeError):
    """Every reader is busy and as many photos wait as may: the phone is to try again in a moment."""


class TooSlow(Busy):
    """The photo was not read within its time (waiting for a reader included): its reading was stopped."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def lowered() -> None:
    """A reader process's start: below the server's priority, Tesseract and OpenCV on one thread (a reader has
    its core; no pool of threads is copied when it forks its idle reading), in a process group of its own that ends
    with the server process that started it."""
    os.environ["OMP_THREAD_LIMIT"] = "1"
    os.environ["OPENCV_FOR_THREADS_NUM"] = "1"
    os.nice(max(0, NICENESS - os.nice(0)))
    if hasattr(os, "setpgid"):
        os.setpgid(0, 0)
        end_with_parent()


def end_with_parent() -> None:
    """Kill this process's group (itself and the readings it started) when its parent ends, however it ends,
    even by SIGKILL: a thread waits for the parent's end (Linux's pidfd). A reader may otherwise outlive the server
    by minutes, holding its memory."""
    parent = os.getppid()
    try:
        watched = os.pidfd_open(parent)
    except (AttributeError, OSError):  # not on Linux 5.3 or later: Linux's signal at the parent's thread's end
        _die_with_parent()
        return
    if os.getppid() != parent:  # it ended before it could be watched
        os.killpg(0, signal.SIGKILL)

    def wait() -> None:
        select.select([watched], [], [])
        os.killpg(0, signal.SIGKILL)

    threading.Thread(target=wait, name="end-with-parent", daemon=True).start()


def _die_with_parent() -> None:
    """Ask Linux to kill this process when the thread that started it ends (where there is no pidfd)."""
    import ctypes
    import ctypes.util
    libc = ctypes.util.find_library("c")
    if libc and hasattr(os, "sched_setaffinity"):  # Linux
        ctypes.CDLL(libc).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _waited(child: int) -> int:
    """Nanoseconds `child` has waited, ready to run, for a core."""
    try:
        return int(Path(f"/proc/{child}/schedstat").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0  # it ended meanwhile


STARVING = object()  # a reading at idle priority given up: other work keeps every core busy


def idle_first(work, *args, deadline: float | None = None, look: float = LOOK):
    """work(*args) in a child process at idle priority; if it starves (STARVED), in another at this process's
    priority. Raises what work raises, and TooSlow once the wall clock passes `deadline` (its reading is stopped).

    A core that runs only idle-priority work counts as free: a tap's thread wakes there at once, where behind a
    reader at nice 10 it waited for the reader's turn to end. But idle work gets nothing while other work keeps
    every core busy, and an unprivileged process cannot raise its priority again: hence the second reading.
    """
    if not hasattr(os, "SCHED_IDLE"):  # not on Linux
        return work(*args)
    if deadline is not None and time.time() >= deadline:
        raise TooSlow
    outcome = _in_child(work, args, deadline, look, idle=True)
    if outcome is STARVING:
        outcome = _in_child(work, args, deadline, look, idle=False)
    if outcome is STARVING:
        raise Busy  # the reading died without an answer (out of memory, killed)
    done, value = outcome
    if done:
        return value
    raise value


def _in_child(work, args, deadline: float | None, look: float, idle: bool):
    """(True, work(*args)) or (False, what it raised) from a child process in a group of its own, at idle
    priority if `idle`; STARVING if, at idle priority, it starved, or it died without an answer; TooSlow raised
    past `deadline`."""
    answer, into = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            # None of the reader's pipes stays open in a reading: one killed at idle priority on a busy machine
            # takes seconds to finish dying, and multiprocessing's resource tracker ends only once every pipe to it
            # is closed.
            os.closerange(3, into)
            os.closerange(into + 1, os.sysconf("SC_OPEN_MAX"))
            os.setpgid(0, 0)
            end_with_parent()
            if idle:
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            try:
                outcome = (True, work(*args))
            except Exception as error:  # raised again in the parent
                outcome = (False, error)
            os.write(into, pickle.dumps(outcome))
        finally:
            os._exit(0)
    os.close(into)
    try:
        os.setpgid(child, child)  # in case the child has not run yet
    except OSError:
        pass  # it has, and is in its own group already
    written, waited, late = [], _waited(child), False
    try:
        while True:
            wait = look if deadline is None else min(look, deadline - time.time())
            if wait > 0 and select.select([answer], [], [], wait)[0]:
                while chunk := os.read(answer, 2**16):
                    written.append(chunk)
                break
            if deadline is not None and time.time() >= deadline:
                late = True
                os.killpg(child, signal.SIGKILL)
                break
            waited, before = _waited(child), waited
            if idle and waited - before > STARVED * look * 1e9:
                os.killpg(child, signal.SIGKILL)
                break
    finally:
        os.close(answer)
        os.waitpid(child, 0)
    if late:
        raise TooSlow
    if not written:
        return STARVING
    return pickle.loads(b"".join(written))


def _read(data: bytes, choices: list[Choice], langs: tuple[str, ...], deadline: float) -> Reading:
    """card_photo.read in a child of this reader (idle_first), Tesseract's models for the table's languages
    loaded here first, once a reader: each child finds them loaded (a Tesseract command loaded them for each
    picture, most of what it cost)."""
    from . import card_photo  # the readers' own code: OpenCV and NumPy load there, not in the server

    card_photo.loaded(langs)
    return idle_first(card_photo.read, data, choices, langs, deadline=deadline)


class Readers:
    """At most `readers` photos read at once (default: one per core but one, at least one) and `waiting` more
    waiting (default: two per reader); a photo beyond those gets Busy at once, never after a wait, and one not read
    within `seconds` TooSlow."""

    def __init__(self, readers: int | None = None, waiting: int | None = None, seconds: float | None = None):
        self.readers = readers or max(1, cores() - 1)
        self.seconds = seconds or READING_SECONDS
        self.waiting = WAITING_PER_READER * self.readers if waiting is None else waiting
        self._places = threading.BoundedSemaphore(self.readers + self.waiting)
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        """The reader processes, started at the first photo (a fresh interpreter each: the server has
        threads)."""
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.readers, multiprocessing.get_context("spawn"), initializer=lowered
                )
            return self._pool

    @contextmanager
    def place(self):
        """A place among the photos being read or waiting, for the request's time, or Busy at once (before the
        upload is even parsed: a refusal must cost the server, and the taps it serves, next to nothing)."""
        if not self._places.acquire(blocking=False):
            raise Busy
        try:
            yield self
        finally:
            self._places.release()

    def read(self, data: bytes, choices: list[Choice], langs: tuple[str, ...]) -> Reading:
        """The photo read by a reader process (card_photo.read), within a place(); NotAPhoto as card_photo
        raises it."""
        pool = self._executor()
        deadline = time.time() + self.seconds
        reading = pool.submit(_read, data, choices, langs, deadline)
        try:
            return reading.result(timeout=self.seconds + STOPPING)
        except Late:
            reading.cancel()  # still waiting for a reader; a reader stops a reading itself at its deadline
            raise TooSlow from None
        except BrokenProcessPool:  # a reader died (killed, out of memory): the next photo gets fresh ones
            with self._lock:
                if self._pool is pool:
                    self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise Busy from None

    def close(self) -> None:
        """Stop the reader processes, and the photos they are reading (their groups end with them)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.kill()


def close_all() -> None:
    """Stop every reader of this process (the server stops)."""
    with _SHARED_LOCK:
        sets = list(_SHARED.values())
    for readers in sets:
        readers.close()


_SHARED: dict[tuple[int | None, int | None, float | None], Readers] = {}
_SHARED_LOCK = threading.Lock()


def shared(readers: int | None = None, waiting: int | None = None, seconds: float | None = None) -> Readers:
    """The one set of readers of this process for these numbers (every app of a process shares its cores)."""
    with _SHARED_LOCK:
        if (readers, waiting, seconds) not in _SHARED:
            _SHARED[readers, waiting, seconds] = Readers(readers, waiting, seconds)
        return _SHARED[readers, waiting, seconds]
