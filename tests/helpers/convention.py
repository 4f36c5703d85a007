"""A convention as deployed: `companion serve` machines on one PostgreSQL behind nginx with deploy/nginx.conf,
each machine a process with an instance folder of its own, all on 127.0.0.1 (the deployment tests, bench_live)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from tests.helpers.nginx_proxy import Proxy, required_nginx
from tests.helpers.real_server import Server, free_port, wait_for

# Behind a proxy every request comes from its address: the per-address limits are raised to the totals
# (docs/deploy.md).
BEHIND_A_PROXY = ("--max-live", "200", "--max-live-per-client", "200", "--max-connections-per-client", "500")


@dataclass
class Convention:
    """The servers (each a machine of its own: instance folder, one process) and the nginx in front of them."""

    servers: list[Server]
    proxy: Proxy

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


def start_convention(
    folder: Path,
    database: str,
    routing: bool = True,
    machines: int = 2,
    extra_args: tuple[str, ...] = BEHIND_A_PROXY,
) -> Convention:
    """nginx and `machines` servers on `database`, each with the first's secret key (phones may reach either)."""
    required_nginx()
    ports = [free_port() for _ in range(machines)]
    proxy = Proxy(ports, routing=routing)
    servers = [
        Server(
            folder / f"machine-{n}" / "instance",
            port=port,
            public_url=False,
            database=database,
            extra_args=("--public-url", proxy.url, *extra_args),
        )
        for n, port in enumerate(ports, 1)
    ]
    for server in servers:
        server.instance.mkdir(parents=True)
    convention = Convention(servers, proxy)
    try:
        servers[0].start()
        for server in servers[1:]:
            shutil.copy(servers[0].instance / "secret_key", server.instance / "secret_key")
            server.start()
        proxy.start()
    except BaseException:
        convention.stop()
        raise
    return convention
