"""Servers forked from a process that has already imported them, for a test run that starts well over a hundred.

multiprocessing's fork server, preloaded with `companion.__main__`, forks each server, which then runs as
`python -m companion serve …` would, in the environment and folder of the test that started it: the run pays the
server's imports once per test worker, not at every start. The benchmarks start theirs with the command itself, so
what a server's start costs is still measured as a table's laptop pays it.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import runpy
import select
import signal
import subprocess
import sys
import types
from multiprocessing import resource_tracker

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(["companion.__main__"])
_started: list[ForkedServer] = []


class ForkedServer:
    """What the tests use of subprocess.Popen, for a server the fork server started: its pid, poll, wait,
    returncode (negative for the signal that ended it), send_signal, terminate and kill.

    The fork server, not the test, waits for the server's end, the moment it comes: signals go through a pidfd,
    which names this process and no later one given the same pid, and an end is known from it at once, before
    the fork server has passed the exit code on."""

    def __init__(self, args: list[str], log_path: str):
        self.args = args
        self._process = _CONTEXT.Process(target=_serve, args=(args, dict(os.environ), log_path), name="companion")
        main = sys.modules["__main__"]
        # multiprocessing runs the starting program's main module again in the process it starts: a server runs
        # only its own, as its command would.
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            self._process.start()
        finally:
            sys.modules["__main__"] = main
        self.pid = self._process.pid
        try:
            self._pidfd: int | None = os.pidfd_open(self.pid)
        except ProcessLookupError:  # ended already
            self._pidfd = None

    @property
    def returncode(self) -> int | None:
        return self.poll()

    def poll(self) -> int | None:
        """The exit code once the server has ended, else None."""
        if self._process.exitcode is None and (self._pidfd is None or select.select([self._pidfd], [], [], 0)[0]):
            self._process.join()  # ended: the fork server is passing the code on
        if self._process.exitcode is not None and self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        """The exit code, once the server has ended (subprocess.TimeoutExpired after `timeout` seconds)."""
        self._process.join(timeout)
        if self.poll() is None:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self._process.exitcode

    def send_signal(self, signum: int) -> None:
        """The signal sent, unless the server has ended."""
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
                signal.pidfd_send_signal(self._pidfd, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def start(args: list[str], log_path: str) -> ForkedServer:
    """`python -m companion` with `args`, forked, its output appended to `log_path`."""
    for ended in [server for server in _started if server.poll() is not None]:
        _started.remove(ended)
        ended._process.close()
    server = ForkedServer(args, log_path)
    _started.append(server)
    return server


def _serve(args: list[str], environment: dict[str, str], log_path: str) -> None:
    """In the forked process: the starting test's environment, its output to the log, then the command's own run."""
    os.environ.clear()
    os.environ.update(environment)
    with open(log_path, "ab") as log:
        os.dup2(log.fileno(), sys.stdout.fileno())
        os.dup2(log.fileno(), sys.stderr.fileno())
    # The fork server hands on the test worker's resource tracker: a server starts its own when it needs one, as a
    # server started by its command does, so that what it leaves behind stays among its own processes.
    tracker = resource_tracker._resource_tracker
    if tracker._fd is not None:
        os.close(tracker._fd)
        tracker._fd = None
    sys.argv = ["companion", *args]
    sys.modules.pop("companion.__main__", None)  # run afresh as __main__, as `python -m companion` runs it
    runpy.run_module("companion", run_name="__main__", alter_sys=True)


@atexit.register
def _end_the_left() -> None:
    """Servers a test left running are killed before multiprocessing, at the worker's exit, waits for them."""
    for server in _started:
        with contextlib.suppress(OSError, ValueError):
            server.kill()
    for server in _started:
        with contextlib.suppress(OSError, ValueError):
            server._process.join(10)
