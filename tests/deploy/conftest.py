"""A convention as deployed: two `companion serve` machines on one PostgreSQL, behind nginx with deploy/nginx.conf."""

from __future__ import annotations

import os

import pytest

from companion.testing.convention import start_convention
from companion.testing.nginx_proxy import NginxMissing, required_nginx

NGINX_REQUIRED = os.environ.get("COMPANION_REQUIRE_NGINX") == "1"


@pytest.fixture(autouse=True)
def nginx() -> str:
    """Every deployment test runs nginx: without it the test skips, or fails where COMPANION_REQUIRE_NGINX=1 (CI)."""
    try:
        return required_nginx()
    except NginxMissing as missing:
        if NGINX_REQUIRED:
            pytest.fail(str(missing))
        pytest.skip(str(missing))


@pytest.fixture
def convention(postgres, tmp_path):
    """nginx routing each table to one of two servers on a fresh database of the session's PostgreSQL."""
    running = start_convention(tmp_path, postgres.fresh_database())
    yield running
    running.stop()


@pytest.fixture(scope="module")
def file_convention(postgres, tmp_path_factory):
    """The same, shared by a file's tests (each opens tables of its own and stops nothing)."""
    running = start_convention(tmp_path_factory.mktemp("convention"), postgres.fresh_database())
    yield running
    running.stop()


@pytest.fixture
def round_robin(postgres, tmp_path):
    """The same with nginx's routing turned off: it takes turns between the two servers."""
    running = start_convention(tmp_path, postgres.fresh_database(), routing=False)
    yield running
    running.stop()
