"""What the benchmarks share: percentiles, CPU readings, the server they start, the rank cards their tables enter, the
processes that count as the server, and where each run's server stores."""

from __future__ import annotations

import contextlib
import http.client
import json
import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import types
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

PROFILE = {"count_private": 4, "count_corporal": 2, "count_sergeant": 2,
           "income_private": 2, "free_time_private": 2, "slack_private": 1,
           "income_corporal": 3, "free_time_corporal": 2, "slack_corporal": 2, "penalty_corporal": 1,
           "income_sergeant": 4, "free_time_sergeant": 1, "slack_sergeant": 3, "penalty_sergeant": 2}
TICKS = os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: int) -> float:
    """The p-th percentile (1 to 99), interpolated between the two samples it falls between (nan without samples).

    Of few samples a high percentile says little: of 20, the 95th lies between the largest two."""
    if len(values) < 2:
        return values[0] if values else math.nan
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def cpu_seconds(pid: int) -> float | None:
    """The process's user and system time so far (Linux: /proc); None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS


def machine_busy_seconds() -> float:
    """The CPU time every core of the machine has spent busy since boot (Linux: /proc/stat), all processes."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / TICKS  # less idle and waiting for I/O


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Served:
    """A server a benchmark started: where it answers, its first process, its instance folder."""

    url: str
    port: int
    process: subprocess.Popen
    instance: Path

    def host_key(self) -> str:
        """The host key the server made in its instance folder."""
        return (self.instance / "host_key").read_text().strip()

    def workers(self) -> list[int]:
        """The processes that serve requests: the first process's children, or itself."""
        return [child.pid for child in psutil.Process(self.process.pid).children()] or [self.process.pid]

    def log(self) -> list[str]:
        """What the server has printed so far, line by line."""
        return (self.instance.parent / "server.log").read_text(errors="replace").splitlines()


def call(url: str, method: str, path: str, body: dict | None = None, key: str | None = None,
         timeout: float = 30) -> tuple[int, bytes, float]:
    """One request on a connection of its own, as a key's bearer: its status (0: no answer), body and seconds."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    if body is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url + path, None if body is None else json.dumps(body).encode(), headers,
                                     method=method)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status, data = answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        status, data = refused.code, refused.read()
    except (OSError, http.client.HTTPException):
        status, data = 0, b""
    return status, data, time.perf_counter() - started


def new_table(url: str, seats: int = 3) -> dict:
    """A Chez Guevara table opened through the JSON API: its token, display key and so on."""
    status, data, _ = call(url, "POST", "/api/tables", {"game": "guevara", "seats": seats, "language": "en"})
    if status != 201:
        raise RuntimeError(f"the server did not open a table: {status} {data[:200]!r}")
    return json.loads(data)


def slack_tap(url: str, table: dict, delta: int = 1, timeout: float = 30) -> tuple[int, bytes, float]:
    """The display gives seat 1 `delta` Slack: the answer's status, body and seconds."""
    action = {"type": "adjust_slack", "seat": 1, "args": {"delta": delta}}
    return call(url, "POST", f"/t/{table['token']}/actions", action, table["display_key"], timeout)


@contextlib.contextmanager
def served(*options: str, workers: int = 1, database: str | None = None) -> Iterator[Served]:
    """`python -m companion serve` on 127.0.0.1 with an instance folder of its own, until /healthz answers; stopped
    as Ctrl-C would stop it, and its folder removed, when the block ends."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(port),
                   "--instance", str(Path(folder) / "instance"), "--public-url", url, "--workers", str(workers),
                   *(("--database", database) if database else ()), *options]
        with open(Path(folder) / "server.log", "wb") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
            try:
                _wait_until_healthy(process, url)
                yield Served(url, port, process, Path(folder) / "instance")
            finally:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    for each in (*psutil.Process(process.pid).children(recursive=True), process):
                        each.kill()
                    process.wait()


def _wait_until_healthy(process: subprocess.Popen, url: str, seconds: float = 30) -> None:
    """Return once the server answers /healthz; raise if it exits or stays silent for `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the server did not answer /healthz in {seconds:.0f} s")


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
    """Where each run's server stores: SQLite in its instance folder, a fresh database per run on a throwaway
    PostgreSQL cluster (Debian's pg_virtualenv makes it on localhost and names it in libpq's variables), or the
    postgresql:// address given."""

    def __init__(self, choice: str):
        self.choice, self._made = choice, 0
        if choice == "postgresql" and "PGHOST" not in os.environ:
            found = shutil.which("pg_virtualenv")
            if found is None:
                raise SystemExit("--database postgresql needs Debian's pg_virtualenv (apt-get install postgresql)")
            os.execv(found, [found, *sys.orig_argv])  # the benchmark again, from the start, beside the cluster

    def next(self) -> str | None:
        """The address for the next run's server (None: SQLite)."""
        if self.choice != "postgresql":
            return self.choice if self.choice.startswith("postgres") else None
        import psycopg
        self._made += 1
        name = f"bench_{os.getpid()}_{self._made}"
        with psycopg.connect(dbname="postgres", autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        environ = os.environ
        return (f"postgresql://{environ.get('PGUSER', 'postgres')}:{environ.get('PGPASSWORD', '')}"
                f"@{environ['PGHOST']}:{environ.get('PGPORT', '5432')}/{name}")

    def close(self) -> None:
        """Drop the databases the runs made."""
        if self.choice != "postgresql":
            return
        import psycopg
        with psycopg.connect(dbname="postgres", autocommit=True) as connection:
            for number in range(1, self._made + 1):
                connection.execute(f"DROP DATABASE IF EXISTS bench_{os.getpid()}_{number} WITH (FORCE)")

    def server_pids(self) -> tuple[int, ...]:
        """The PostgreSQL server's main process (its backends are its children), where the runs make databases."""
        if self.choice != "postgresql":
            return ()
        import psycopg
        with psycopg.connect(dbname="postgres") as connection:
            backend = connection.execute("SELECT pg_backend_pid()").fetchone()[0]
            return (psutil.Process(backend).ppid(),)
