"""Servers forked from a process that has already imported them, for a test run that starts well over a hundred.

multiprocessing's fork server, preloaded with `companion.__main__`, forks each server, which then runs as
`python -m companion serve …` would, in the environment and folder of the test that started it: the run pays the
server's imports once per test worker, not at every start. The benchmarks start theirs with the command itself, so
what a server's start costs is still measured as a table's laptop pays it.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import runpy
import signal
import subprocess
import sys
from multiprocessing import resource_tracker

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(["companion.__main__"])
_started: list[ForkedServer] = []


class ForkedServer:
    """What the tests use of subprocess.Popen, for a server the fork server started: its pid, poll, wait,
    returncode (negative for the signal that ended it), send_signal, terminate and kill."""

    def __init__(self, args: list[str], log_path: str):
        self.args = args
        self._process = _CONTEXT.Process(target=_serve, args=(args, dict(os.environ), log_path), name="companion")
        self._process.start()
        self.pid = self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.exitcode

    def poll(self) -> int | None:
        """The exit code once the server has ended, else None."""
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        """The exit code, once the server has ended (subprocess.TimeoutExpired after `timeout` seconds)."""
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self._process.exitcode

    def send_signal(self, signum: int) -> None:
        """The signal sent, unless the server has ended (its pid may be another process's by now)."""
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def start(args: list[str], log_path: str) -> ForkedServer:
    """`python -m companion` with `args`, forked, its output appended to `log_path`."""
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
    # The fork server's resource tracker is the test worker's: a server starts its own when it needs one, as a
    # server started by its command does, so that what it leaves behind stays among its own processes.
    resource_tracker._resource_tracker._fd = None
    sys.argv = ["companion", *args]
    runpy.run_module("companion", run_name="__main__", alter_sys=True)


@atexit.register
def _end_the_left() -> None:
    """Servers a test left running are killed before multiprocessing, at the worker's exit, waits for them."""
    for server in _started:
        if server.poll() is None:
            server.kill()
