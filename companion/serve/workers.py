"""serve --workers N: N server processes accepting on one listening socket, made by the parent before it forks.

Each child runs its own waitress on the inherited socket and serves any table (the kernel hands each new
connection to one of them; a table's state is read from the shared database, and its live streams hear of writes
in other workers through companion.live.bus). Each ends with the parent: Ctrl-C or SIGTERM
reaches every child, and a child whose parent died (even by SIGKILL) is sent SIGTERM by Linux. A child that dies
while the parent runs is replaced. Where there is no fork (Windows), the server runs as one process.

With a worker for every core, each keeps to its own core (Linux): a worker's threads hand Python's lock to one
another many times a tap, and on one core the thread woken for it runs at once, where across cores it waited for
a core the other worker held (measured: propagation p95 at 85 tables on two cores 243 and 287 ms against 566 and
694). A single process is left free to use every core: its database and socket work then runs beside its Python.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import socket
import sys
import time
from typing import Callable

PR_SET_PDEATHSIG = 1
RESPAWN_PAUSE = 1.0  # a child that dies this soon after starting is replaced only after a pause


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
    sock.bind(address)
    sock.listen(backlog)
    return sock


def _die_with_parent(parent: int) -> None:
    """Ask Linux to send this child SIGTERM when its parent dies; leave at once if it already has."""
    libc_name = ctypes.util.find_library("c")
    if sys.platform.startswith("linux") and libc_name:
        ctypes.CDLL(libc_name, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(0)


def _spawn(child: Callable[[int], None], number: int, count: int) -> int:
    """Fork worker `number` of `count` running `child(number)`; the worker never returns into the parent's code."""
    parent = os.getpid()
    pid = os.fork()
    if pid:
        return pid
    code = 0
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _die_with_parent(parent)
        _keep_to_own_core(number, count)
        child(number)
    except BaseException:
        code = 1
        import traceback
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def supervise(count: int, child: Callable[[int], None]) -> None:
    """Run `count` workers, numbered from 0, until Ctrl-C or SIGTERM, replacing any that dies meanwhile by one of
    the same number; then stop them all."""
    children: dict[int, tuple[int, float]] = {}  # pid: its number, when it started
    stopping = False

    def stop(signum, frame) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for number in range(count):
        children[_spawn(child, number, count)] = number, time.monotonic()
    while children:
        try:
            pid, _status = os.wait()
        except ChildProcessError:
            break
        ended = children.pop(pid, None)
        if stopping or ended is None:
            continue
        number, started = ended
        print(f"A server process ({pid}) ended; starting another.", flush=True)
        if time.monotonic() - started < RESPAWN_PAUSE:
            time.sleep(RESPAWN_PAUSE)
        if not stopping:
            children[_spawn(child, number, count)] = number, time.monotonic()
