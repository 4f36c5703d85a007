"""The reliability tests' setup: the real server (companion.testing.real_server) on loopback, one per test."""

from __future__ import annotations

import pytest

from companion.testing.real_server import Server


@pytest.fixture
def server(tmp_path):
    """The real server with its default limits, on a free loopback port with its own instance folder."""
    running = Server(tmp_path / "instance").start()
    yield running
    running.stop()


@pytest.fixture
def two(tmp_path):
    """The real server with two worker processes."""
    running = Server(tmp_path / "instance", workers=2).start()
    yield running
    running.kill()


@pytest.fixture(scope="module")
def file_two(tmp_path_factory):
    """The real server with two worker processes, shared by a file's tests (each opens tables of its own)."""
    running = Server(tmp_path_factory.mktemp("two") / "instance", workers=2).start()
    yield running
    running.kill()
