"""A convention as deployed: two `companion serve` machines on one PostgreSQL, behind nginx with deploy/nginx.conf."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.helpers.nginx_proxy import Proxy, required_nginx
from tests.helpers.real_server import Server, free_port, wait_for

# Behind a proxy every request comes from its address: the per-address limits are raised to the totals
# (docs/deploy.md).
BEHIND_A_PROXY = ("--max-live", "200", "--max-live-per-client", "200", "--max-connections-per-client", "500")


@dataclass
class Convention:
    """Two servers (each a machine of its own: instance folder, one process) and the nginx in front of them."""

    servers: list[Server]
    proxy: Proxy
    stopped: list = field(default_factory=list)

    def by_port(self, port: int) -> Server:
        return next(server for server in self.servers if server.port == port)

    def owner(self, token: str) -> Server:
        """The server nginx sent this table's requests to (from its log, which it writes just after answering)."""

        def ports() -> set[int]:
            return {
                tried[-1]
                for _method, uri, _status, tried in self.proxy.routes()
                if uri.startswith(f"/t/{token}/") and tried
            }

        wait_for(ports, 5.0)
        ports = ports()
        assert len(ports) == 1, f"the table's requests went to {ports}"
        return self.by_port(ports.pop())

    def other(self, server: Server) -> Server:
        return next(other for other in self.servers if other is not server)

    def stop(self) -> None:
        self.proxy.stop()
        for server in self.servers:
            server.stop()


def start_convention(tmp_path: Path, database: str, routing: bool = True) -> Convention:
    """nginx and two servers on `database`, the second with the first's secret key (phones may reach either)."""
    required_nginx()
    ports = [free_port(), free_port()]
    proxy = Proxy(ports, routing=routing)
    servers = [
        Server(
            tmp_path / f"machine-{n}" / "instance",
            port=port,
            public_url=False,
            database=database,
            extra_args=("--public-url", proxy.url, *BEHIND_A_PROXY),
        )
        for n, port in enumerate(ports, 1)
    ]
    for server in servers:
        server.instance.mkdir(parents=True)
    convention = Convention(servers, proxy)
    try:
        servers[0].start()
        shutil.copy(servers[0].instance / "secret_key", servers[1].instance / "secret_key")
        servers[1].start()
        proxy.start()
    except BaseException:
        convention.stop()
        raise
    return convention


@pytest.fixture
def convention(postgres, tmp_path):
    """nginx routing each table to one of two servers on a fresh database of the session's PostgreSQL."""
    running = start_convention(tmp_path, postgres.fresh_database())
    yield running
    running.stop()


@pytest.fixture
def round_robin(postgres, tmp_path):
    """The same with nginx's routing turned off: it takes turns between the two servers."""
    running = start_convention(tmp_path, postgres.fresh_database(), routing=False)
    yield running
    running.stop()
