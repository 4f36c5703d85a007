"""Fixtures every suite may use: the database a test's server stores into, SQLite or a real PostgreSQL.

A test module asks for both with `pytestmark = BOTH_DATABASES` (or parametrizes `database` itself). The
PostgreSQL cluster starts once per session; without the server binaries the PostgreSQL variants skip, or fail
where required (CI sets COMPANION_REQUIRE_POSTGRES=1).
"""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite("tests.helpers")  # their asserts explain a failure as a test's own do

from tests.helpers.postgres_cluster import started_cluster  # noqa: E402


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
