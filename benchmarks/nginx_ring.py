"""Benchmark: how evenly nginx's consistent hash (deploy/nginx.conf) shares tables between machines.

Usage: python -m benchmarks.nginx_ring [--machines 2] [--pairs 500] [--tokens 1500]

nginx puts 160 points per unit of a machine's weight on a ring (a CRC32 of "host\\0port" and the point before it)
and sends a table to the machine of the first point at or after the CRC32 of its token. The ring's arcs, not only
chance, decide each machine's share: this computes the busier machine's share for random ports at weight 1 and at
the weight deploy/nginx.conf gives, then routes random tokens through Debian's nginx started with that file to two
listeners on 127.0.0.1 and counts how often the computed machine is the one nginx chose.
"""

from __future__ import annotations

import argparse
import bisect
import http.server
import random
import re
import secrets
import statistics
import struct
import threading
import urllib.request
import zlib

from benchmarks.measure import free_port, percentile
from companion.testing.nginx_proxy import CONF, Proxy

POINTS_PER_WEIGHT = 160  # nginx's ngx_http_upstream_hash_module


def ring(machines: list[str], weight: int) -> list[tuple[int, str]]:
    """The consistent hash's points, sorted, for machines named "host:port" of one weight."""
    points = []
    for machine in machines:
        host, port = machine.rsplit(":", 1)
        base, previous = host.encode() + b"\0" + port.encode(), 0
        for _ in range(weight * POINTS_PER_WEIGHT):
            previous = zlib.crc32(base + struct.pack("<I", previous))
            points.append((previous, machine))
    return sorted(points)


def owner(points: list[tuple[int, str]], token: str) -> str:
    """The machine nginx sends this table's requests to."""
    at = bisect.bisect_left(points, (zlib.crc32(token.encode()), ""))
    return points[at % len(points)][1]


def shares(points: list[tuple[int, str]]) -> dict[str, float]:
    """Each machine's part of the ring: the share of random tokens it gets."""
    parts: dict[str, float] = {}
    for index, (point, machine) in enumerate(points):
        before = points[index - 1][0] - (2**32 if index == 0 else 0)
        parts[machine] = parts.get(machine, 0.0) + (point - before) / 2**32
    return parts


def configured_weight() -> int:
    """The weight deploy/nginx.conf gives each machine (1 without one)."""
    found = re.search(r"^ +server [\w.]+:\d+ .*\bweight=(\d+)", CONF.read_text(), flags=re.MULTILINE)
    return int(found[1]) if found else 1


def busier_shares(machines: int, pairs: int, weight: int) -> list[float]:
    """The busiest machine's share of the ring for `pairs` random sets of loopback ports, sorted."""
    rng = random.Random(1)
    found = []
    for _ in range(pairs):
        ports = rng.sample(range(20000, 32768), machines)
        found.append(max(shares(ring([f"127.0.0.1:{port}" for port in ports], weight)).values()))
    return sorted(found)


class PortSays(http.server.BaseHTTPRequestHandler):
    """Answers every request with the port it listens on."""

    def do_GET(self):
        body = str(self.server.server_port).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def through_nginx(machines: int, tokens: int, weight: int) -> tuple[int, dict[int, int]]:
    """How many of `tokens` random tables nginx sent where the ring says, and how many went to each machine."""
    listeners = [http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), PortSays) for _ in range(machines)]
    for listener in listeners:
        threading.Thread(target=listener.serve_forever, daemon=True).start()
    ports = [listener.server_port for listener in listeners]
    proxy = Proxy(ports).start()
    points = ring([f"127.0.0.1:{port}" for port in ports], weight)
    agreed, counts = 0, {port: 0 for port in ports}
    try:
        for _ in range(tokens):
            token = secrets.token_urlsafe(16)
            with urllib.request.urlopen(f"{proxy.url}/t/{token}/version", timeout=10) as answer:
                port = int(answer.read())
            counts[port] += 1
            agreed += owner(points, token) == f"127.0.0.1:{port}"
    finally:
        proxy.stop()
        for listener in listeners:
            listener.shutdown()
    return agreed, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machines", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=500, help="random sets of ports to compute the ring for")
    parser.add_argument("--tokens", type=int, default=1500, help="tables routed through the real nginx")
    args = parser.parse_args()
    weight = configured_weight()
    lines = ["| weight per machine | points per machine | the busier machine's share of the ring: median / 90th "
             "percentile / largest |", "|---|---|---|"]
    for each in sorted({1, weight}):
        found = busier_shares(args.machines, args.pairs, each)
        lines.append(f"| {each}{' (deploy/nginx.conf)' if each == weight else ''} | {each * POINTS_PER_WEIGHT} "
                     f"| {statistics.median(found):.3f} / {percentile(found, 90):.3f} / {found[-1]:.3f} |")
    agreed, counts = through_nginx(args.machines, args.tokens, weight)
    lines += ["", f"Through nginx with deploy/nginx.conf: {agreed} of {args.tokens} random tables went to the machine "
              f"the ring computed here names; per machine {' + '.join(str(n) for n in counts.values())}."]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
