"""Fixtures every suite may use: the database a test's server stores into, SQLite or a real PostgreSQL.

A test module asks for both with `pytestmark = BOTH_DATABASES` (or parametrizes `database` itself). The
PostgreSQL cluster starts once per session; without the server binaries the PostgreSQL variants skip, or fail
where required (CI sets COMPANION_REQUIRE_POSTGRES=1).
"""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

import pytest

pytest.register_assert_rewrite("tests.helpers")  # their asserts explain a failure as a test's own do

from companion.testing.real_server import Server
from tests.helpers import drawn_photos
from tests.helpers.language_scan import RECORDER
from tests.helpers.postgres_cluster import started_cluster
from tests.helpers.url_builders import share_compiled_url_builders


def pytest_configure(config):
    """Where Python is told not to write bytecode (PYTHONDONTWRITEBYTECODE), the project's modules are compiled once
    here: else each of the 150-odd servers the suite starts, and each photo reader they spawn, compiled them from
    source again (0.14 CPU-s of a server's 0.46 to start). And the run, its pytest-xdist workers included, writes
    bytecode after all: else every worker rewrote each test module for pytest's asserts anew on every run (4 of
    its 7 CPU-s of collecting) instead of reading it from __pycache__. Every process compiles each URL rule's
    builder once, not once for each app its tests create (url_builders). The run keeps each card photo a test
    draws, for every worker (drawn_photos). Its servers are forked from a process that has imported them once
    (real_server.Server.forked): the imports of a server are paid once a worker, not at every start."""
    if not hasattr(config, "workerinput"):
        drawn_photos.open_folder()
        if sys.dont_write_bytecode:
            for package in ("companion", "benchmarks"):
                compileall.compile_dir(Path(config.rootpath, package), quiet=1)
            sys.dont_write_bytecode = False
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the workers, started after this, inherit it
    share_compiled_url_builders()
    Server.forked = True


def pytest_unconfigure(config):
    """The run's drawn photos removed, by the process that kept them."""
    if not hasattr(config, "workerinput"):
        drawn_photos.close_folder()


# Files that mostly wait (for timeouts, a database away, workers replaced) go out among the browser files, one to
# every two, so that while one pytest-xdist worker waits the others keep both cores busy; the many short files go
# last, to even out the end.
WAITING = ("tests/reliability/", "tests/deploy/")
BROWSER = ("tests/e2e/",)


def pytest_collection_modifyitems(config, items):
    """The files in the order the workers are given them (the suite runs `--dist loadfile`, in this order)."""
    by_file: dict[str, list] = {}
    for item in items:
        by_file.setdefault(Path(item.path).relative_to(config.rootpath).as_posix(), []).append(item)
    waiting = [name for name in by_file if name.startswith(WAITING)]
    browser = [name for name in by_file if name.startswith(BROWSER)]
    rest = [name for name in by_file if name not in waiting and name not in browser]
    ordered = []
    while waiting or browser:
        ordered += browser[:2] + waiting[:1]
        browser, waiting = browser[2:], waiting[1:]
    items[:] = [item for name in ordered + rest for item in by_file[name]]


def pytest_sessionfinish(session):
    """A pytest-xdist worker hands the controller how many page states its language scan read (#33)."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["language_scan"] = dict(RECORDER.scanned)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller adds up what each worker's language scan read."""
    for lang, count in getattr(node, "workeroutput", {}).get("language_scan", {}).items():
        RECORDER.scanned[lang] += count


def pytest_terminal_summary(terminalreporter):
    """How many page states the German and Russian scan of the browser tests read, all workers together."""
    if any(RECORDER.scanned.values()):
        counts = ", ".join(f"{n} in {lang}" for lang, n in RECORDER.scanned.items())
        terminalreporter.write_line(f"language scan (#33): page states read {counts}")


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL cluster on 127.0.0.1 for the whole session."""
    cluster = started_cluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def database(request):
    """Where the test's app or server keeps its data: None for the SQLite file in its instance folder (the
    default), or the address of a fresh PostgreSQL database."""
    if getattr(request, "param", "sqlite") == "sqlite":
        return None
    return request.getfixturevalue("postgres").fresh_database()


@pytest.fixture
def own_cluster():
    """A PostgreSQL cluster of the test's own, for a test that stops it (the session's serves every other test)."""
    cluster = started_cluster()
    yield cluster
    cluster.stop()
