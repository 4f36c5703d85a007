"""A throwaway PostgreSQL cluster for the tests: Debian's server binaries, a temporary folder, loopback only.

Run as root, the cluster belongs to the `postgres` user (PostgreSQL refuses to run as root). Each test gets a
database of its own from `fresh_database`.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from companion.testing.real_server import free_port

BOTH_DATABASES = pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)  # as pytestmark
REQUIRED = os.environ.get("COMPANION_REQUIRE_POSTGRES") == "1" or os.environ.get("COMPANION_REQUIRE_BROWSER") == "1"
MISSING = ("PostgreSQL's server is not installed (Debian/Ubuntu: apt-get install postgresql): "
           "the PostgreSQL variants of the store, race, crash and HTTP tests need it")


def server_binaries() -> Path | None:
    """The folder with initdb and pg_ctl: Debian's newest, or the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


class Cluster:
    """initdb, start and stop of one cluster in a temporary folder, listening on 127.0.0.1 only."""

    def __init__(self, binaries: Path):
        self.binaries, self.port = binaries, free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        self.data, self.log = self.folder / "data", self.folder / "server.log"
        self._names = itertools.count(1)
        self.user = None
        if os.geteuid() == 0:
            self.user = pwd.getpwnam("postgres")
            os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.user else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120, cwd=self.folder)

    def start(self) -> Cluster:
        """Make the cluster and start its server; fast and unsafe settings suit a throwaway one."""
        self._watch()  # first: a run killed while the cluster starts leaves nothing either
        self._run(str(self.binaries / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C.UTF-8")
        self.resume()
        return self

    def _watch(self) -> None:
        """Should this process die without stopping the cluster (a test run killed), a watcher stops it and removes
        its folder: it waits on a pipe only this process holds, which closes however the process ends."""
        prefix = ["runuser", "-u", "postgres", "--"] if self.user else []
        self._watcher = subprocess.Popen(
            ["sh", "-c", 'read -r said || { "$@"; rm -rf -- "$FOLDER"; }', "watcher",
             *prefix, str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "FOLDER": str(self.folder)}, cwd=self.folder, start_new_session=True)

    def resume(self) -> None:
        """Start the cluster's server (again)."""
        options = (f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off -c full_page_writes=off "
                   "-c max_connections=300 -c shared_buffers=32MB")
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options,
                  "-w", "-t", "60", "start")

    def halt(self) -> None:
        """Stop the server as an administrator would (its clients' connections are closed), keeping the data."""
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, name: str = "postgres") -> str:
        """The address of one database of the cluster."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def fresh_database(self) -> str:
        """A new, empty database; its address."""
        import psycopg
        name = f"t{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and remove the folder."""
        self._watcher.communicate(b"stopped\n")
        try:
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def started_cluster() -> Cluster:
    """A new cluster, started; without the server binaries the test skips (or fails, where they are required)."""
    binaries = server_binaries()
    if binaries is None:
        if REQUIRED:
            pytest.fail(MISSING)
        pytest.skip(MISSING)
    return Cluster(binaries).start()  # present but failing to start: an error, never a skip
