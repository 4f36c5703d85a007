"""serve --workers N: N server processes accepting on one listening socket, made by the parent before it forks, and
the parent watching over them as gunicorn's arbiter does.

Each worker runs its own waitress on the inherited socket and serves any table (the kernel hands each new
connection to one of them; a table's state is read from the shared database, and its live streams hear of writes
in other workers through companion.live.bus). The parent:
- replaces a worker that dies, and kills and replaces one whose heartbeat is older than `timeout` seconds (its
  server loop beats, which a live stream or a photo being read never holds up); its connections close with it, so
  the phones' live streams reconnect at once;
- halts when workers fail at start BOOT_FAILURES times in a row, waiting longer before each new try, and returns
  the last failure's reason in one line;
- on Ctrl-C or SIGTERM asks every worker to stop and kills any still running after `graceful` seconds.
Signals only wake the parent's loop, which acts on them between its other steps. A worker whose parent dies (even
by SIGKILL) is killed by Linux. Where there is no fork (Windows), the server runs as one process.

With a worker for every core, each keeps to its own core (Linux): a worker's threads hand Python's lock to one
another many times a tap, and on one core the thread woken for it runs at once, where across cores it waited for
a core the other worker held (measured: propagation p95 at 85 tables on two cores 243 and 287 ms against 566 and
694). A single process is left free to use every core: its database and socket work then runs beside its Python.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import signal
import socket
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.sharedctypes import RawArray

PR_SET_PDEATHSIG = 1
HEARTBEAT_TIMEOUT = 5.0  # seconds without a beat after which a worker counts as hung
GRACEFUL_SECONDS = 10.0  # seconds the workers have to finish at a stop before they are killed
BOOT_SECONDS = 60.0  # a worker that has not beaten this long after its start failed to start
BOOT_FAILURES = 5  # failed starts in a row after which the server halts
FIRST_PAUSE = 0.5  # seconds before a failed worker is started again; doubled after each further failure
RESPAWN_PAUSE = 1.0  # a worker that dies this soon after it started is replaced only after a pause
LOOK = 0.25  # seconds between the parent's looks at the heartbeats
REASON_BYTES = 512
BOOT_FAILED = 3  # a worker's exit status when it could not start


def can_fork() -> bool:
    """Whether this system can run several server processes (Windows cannot fork)."""
    return hasattr(os, "fork")


def default_count() -> int:
    """One worker per core where processes can be forked, else one."""
    return (os.cpu_count() or 1) if can_fork() else 1


def core_of(number: int, count: int, cores: list[int]) -> int | None:
    """The one core worker `number` of `count` keeps to, from the cores this process may use; None (any core)
    unless there is a worker for every one of several cores."""
    if len(cores) < 2 or count < len(cores):
        return None
    return cores[number % len(cores)]


def _keep_to_own_core(number: int, count: int) -> None:
    """Keep this worker, and the threads it will start, on its own core (where the system can say so)."""
    if hasattr(os, "sched_setaffinity"):
        core = core_of(number, count, sorted(os.sched_getaffinity(0)))
        if core is not None:
            os.sched_setaffinity(0, {core})


def listening_socket(host: str, port: int, backlog: int = 1024) -> socket.socket:
    """A TCP socket bound to the first address `host` names, listening, to be shared by the workers."""
    family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6:
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
    try:
        sock.bind(address)
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    return sock


class Heartbeats:
    """When each worker last showed that its server loop runs, and why one could not start: memory the parent makes
    before forking, each worker writing its own place only."""

    def __init__(self, count: int):
        self._beats = RawArray(ctypes.c_double, count)
        self._reasons = RawArray(ctypes.c_char, count * REASON_BYTES)

    def beat(self, number: int) -> None:
        """Worker `number` is alive and serving."""
        self._beats[number] = time.monotonic()

    def last(self, number: int) -> float:
        """When worker `number` last beat (0.0: not since it was cleared)."""
        return self._beats[number]

    def clear(self, number: int) -> None:
        """Forget worker `number`'s beats and reason, for a new worker of that number."""
        self._beats[number] = 0.0
        self._reasons[number * REASON_BYTES] = b"\0"

    def fail(self, number: int, reason: str) -> None:
        """Worker `number` could not start, for this reason."""
        data = reason.encode()[: REASON_BYTES - 1] + b"\0"
        self._reasons[number * REASON_BYTES: number * REASON_BYTES + len(data)] = data

    def reason(self, number: int) -> str:
        """Why worker `number` could not start ("" if it did not say)."""
        raw = bytes(self._reasons[number * REASON_BYTES: (number + 1) * REASON_BYTES])
        return raw.split(b"\0", 1)[0].decode(errors="replace")


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this worker when its parent dies; leave at once if it already has."""
    libc_name = ctypes.util.find_library("c")
    if sys.platform.startswith("linux") and libc_name:
        ctypes.CDLL(libc_name, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(0)


Describe = Callable[[BaseException], "str | None"]


def _spawn(child: Callable[[int, Callable[[], None]], None], number: int, count: int, beats: Heartbeats,
           describe: Describe, debug: bool) -> int:
    """Fork worker `number` of `count` running `child(number, beat)`, where beat() says it is serving; the worker
    never returns into the parent's code."""
    parent = os.getpid()
    pid = os.fork()
    if pid:
        return pid
    code = 0
    try:
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        _die_with_parent(parent)
        _keep_to_own_core(number, count)
        child(number, lambda: beats.beat(number))
    except BaseException as error:
        if beats.last(number):
            code = 1
            traceback.print_exc()
        else:
            code = BOOT_FAILED
            reason = describe(error)
            beats.fail(number, reason or f"{type(error).__name__}: {error}")
            if debug or reason is None:
                traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


@dataclass
class _Worker:
    number: int
    started: float
    ready: bool = False
    killed: bool = False


class _Wakeups:
    """The signals the parent has received, queued; each one wakes its loop (signal.set_wakeup_fd)."""

    def __init__(self):
        self.read, self.write = os.pipe()
        os.set_blocking(self.read, False)
        os.set_blocking(self.write, False)
        self.stop = False
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, self._stop)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)  # only to wake the loop
        signal.set_wakeup_fd(self.write)

    def _stop(self, signum, frame) -> None:
        self.stop = True

    def wait(self, seconds: float) -> None:
        """Until a signal comes, or `seconds` pass."""
        if select.select([self.read], [], [], max(0.0, seconds))[0]:
            try:
                while os.read(self.read, 256):
                    pass
            except BlockingIOError:
                pass

    def close(self) -> None:
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        os.close(self.read)
        os.close(self.write)


def supervise(count: int, child: Callable[[int, Callable[[], None]], None], *, timeout: float = HEARTBEAT_TIMEOUT,
              graceful: float = GRACEFUL_SECONDS, describe: Describe = lambda error: None,
              debug: bool = False) -> str | None:
    """Run `count` workers, numbered from 0, until Ctrl-C or SIGTERM (then None), replacing any that dies or hangs
    meanwhile by one of the same number, or until they fail to start BOOT_FAILURES times in a row (then the last
    one's reason, from `describe`); then stop them all."""
    beats = Heartbeats(count)
    wakeups = _Wakeups()
    workers: dict[int, _Worker] = {}
    due = {number: 0.0 for number in range(count)}  # workers to start: when
    failures, halt = 0, None
    try:
        while not wakeups.stop and halt is None:
            now = time.monotonic()
            for number, when in sorted(due.items()):
                if when <= now and not wakeups.stop:
                    del due[number]
                    beats.clear(number)
                    workers[_spawn(child, number, count, beats, describe, debug)] = _Worker(number, time.monotonic())
            for pid, ended in _reap(workers):
                if ended.ready:
                    if not ended.killed:
                        print(f"A server process ({pid}) ended; starting another.", flush=True)
                    lived = time.monotonic() - ended.started
                    due[ended.number] = time.monotonic() + (RESPAWN_PAUSE if lived < RESPAWN_PAUSE else 0.0)
                    continue
                failures += 1
                reason = beats.reason(ended.number) or "a server process ended before it could serve"
                if failures >= BOOT_FAILURES:
                    halt = reason
                    break
                due[ended.number] = time.monotonic() + FIRST_PAUSE * 2 ** (failures - 1)
            failures = _watch(workers, beats, timeout, failures)
            wakeups.wait(min([LOOK, *(when - time.monotonic() for when in due.values())]))
    finally:
        _stop_all(workers, graceful, wakeups)
        wakeups.close()
    return halt


def _reap(workers: dict[int, _Worker], wait: bool = False) -> list[tuple[int, _Worker]]:
    """The workers that have ended since the last look (with `wait`, each that ends), taken out of `workers`; only
    the workers are reaped, never another child of the parent."""
    ended = []
    for pid in list(workers):
        try:
            done, _status = os.waitpid(pid, 0 if wait else os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            ended.append((pid, workers.pop(pid)))
    return ended


def _watch(workers: dict[int, _Worker], beats: Heartbeats, timeout: float, failures: int) -> int:
    """Kill each worker whose heartbeat is older than `timeout` (or that has not started serving BOOT_SECONDS after
    its start); the failures in a row, reset by a worker that started serving."""
    now = time.monotonic()
    for pid, worker in workers.items():
        last = beats.last(worker.number)
        if last and not worker.ready:
            worker.ready, failures = True, 0
        late = now - last > timeout if worker.ready else now - worker.started > BOOT_SECONDS
        if late and not worker.killed:
            worker.killed = True
            if worker.ready:
                print(f"A server process ({pid}) has not answered for {now - last:.0f} s; replacing it.", flush=True)
            _kill(pid, signal.SIGKILL)
    return failures


def _stop_all(workers: dict[int, _Worker], graceful: float, wakeups: _Wakeups) -> None:
    """Ask every worker to stop, wait up to `graceful` seconds for them, then kill the rest."""
    for pid in workers:
        _kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + graceful
    while workers and time.monotonic() < deadline:
        _reap(workers)
        if workers:
            wakeups.wait(min(LOOK, deadline - time.monotonic()))
    for pid in workers:
        _kill(pid, signal.SIGKILL)
    _reap(workers, wait=True)


def _kill(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass
