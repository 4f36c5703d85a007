"""What the benchmarks share: the rank cards their tables enter, the processes that count as the server, and where
each run's server stores."""

from __future__ import annotations

import time
import types
from pathlib import Path

import psutil

PROFILE = {"count_private": 4, "count_corporal": 2, "count_sergeant": 2,
           "income_private": 2, "free_time_private": 2, "slack_private": 1,
           "income_corporal": 3, "free_time_corporal": 2, "slack_corporal": 2, "penalty_corporal": 1,
           "income_sergeant": 4, "free_time_sergeant": 1, "slack_sergeant": 3, "penalty_sergeant": 2}


class ServerProcesses:
    """Some processes and their children (a server's parent and its workers, or several machines' servers, or nginx
    or PostgreSQL): their CPU time and memory, summed. No processes at all (an address aimed at with --url and no
    --pid) counts nothing, and the figures then say nan."""

    LOOKED_UP_FOR = 5.0  # seconds a list of children is used: finding them reads every process's /proc entry

    def __init__(self, *pids: int):
        self.parents = [psutil.Process(pid) for pid in pids]
        self._found: list[psutil.Process] = []
        self._found_at = -self.LOOKED_UP_FOR

    def _all(self, fresh: bool = True) -> list[psutil.Process]:
        if not fresh and time.monotonic() - self._found_at < self.LOOKED_UP_FOR:
            return self._found
        found = []
        for parent in self.parents:
            try:
                found += [parent, *parent.children(recursive=True)]
            except psutil.NoSuchProcess:
                pass
        self._found, self._found_at = found, time.monotonic()
        return found

    def cpu_times(self) -> tuple[float, float]:
        """User and system seconds of every process."""
        times = []
        for process in self._all():
            try:
                times.append(process.cpu_times())
            except psutil.NoSuchProcess:
                pass  # a PostgreSQL backend that just ended takes its CPU time with it
        return sum(t.user for t in times), sum(t.system for t in times)

    def core_wait(self) -> float:
        """Seconds the processes' threads have spent ready to run but waiting for a core (Linux's schedstat; nan
        where it is missing): high while a setup misses with CPU time to spare means the cores were contended."""
        if not Path("/proc/self/schedstat").exists():
            return float("nan")
        waited = 0
        for process in self._all():
            for task in Path(f"/proc/{process.pid}/task").glob("*/schedstat"):
                try:
                    waited += int(task.read_text().split()[1])
                except FileNotFoundError:
                    pass  # a thread that just ended takes its figures with it
        return waited / 1e9

    def memory_info(self):
        """The processes' resident memory together (as `rss`)."""
        rss = 0
        for process in self._all(fresh=False):  # sampled four times a second
            try:
                rss += process.memory_info().rss
            except psutil.NoSuchProcess:
                pass
        return types.SimpleNamespace(rss=rss)


class Databases:
    """Where each run's server stores: SQLite in its instance folder, or a PostgreSQL database."""

    def __init__(self, choice: str):
        self.choice, self.cluster = choice, None
        if choice == "postgresql":
            from tests.helpers.postgres_cluster import Cluster, server_binaries
            self.cluster = Cluster(server_binaries()).start()

    def next(self) -> str | None:
        """The address for the next run's server (None: SQLite)."""
        if self.cluster is not None:
            return self.cluster.fresh_database()
        return self.choice if self.choice.startswith("postgres") else None

    def close(self) -> None:
        if self.cluster is not None:
            self.cluster.stop()

    def server_pids(self) -> tuple[int, ...]:
        """The throwaway cluster's server process (its backends are its children), if the benchmark runs one."""
        if self.cluster is None:
            return ()
        return (int((self.cluster.data / "postmaster.pid").read_text().split()[0]),)
