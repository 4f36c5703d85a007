"""A convention as deployed: `companion serve` machines on one PostgreSQL behind nginx with deploy/nginx.conf,
each machine a process with an instance folder of its own, all on 127.0.0.1 (the deployment tests, bench_live)."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from companion.serve.workers import core_of
from companion.testing.nginx_proxy import Proxy, required_nginx
from companion.testing.real_server import Server, free_port, wait_for

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
    own_cores: bool = False,
) -> Convention:
    """nginx and `machines` servers on `database`, each with the first's secret key (phones may reach either);
    with `own_cores`, each server keeps to a core of its own where there is one per server, as a machine of its
    own would (nginx, PostgreSQL and the phones still use every core)."""
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
            preexec_fn=keep_to_core(core_of(n - 1, machines, sorted(os.sched_getaffinity(0)))) if own_cores else None,
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


def keep_to_core(core: int | None):
    """What a server's process runs before it starts to keep to `core` (None: nothing, it may use any)."""
    return None if core is None else lambda: os.sched_setaffinity(0, {core})
