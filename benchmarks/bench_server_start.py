"""What a server's start costs: the CPU time of `python -m companion serve` until /healthz answers.

    python -m benchmarks.bench_server_start [--starts 5] [--forked]

Each start gets a fresh instance folder on SQLite and a free loopback port; its CPU time (Linux: /proc) is read
once /healthz answers, then it is stopped. Prints each start and the median. The test suite starts about 150
servers; with --forked they start as the suite starts them, forked from a process that has imported the server
(companion.testing.forked_servers), whose own start is not counted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.measure import cpu_seconds, served
from companion.testing.real_server import Server


def one_start() -> float:
    """A server started until /healthz answers: its CPU seconds."""
    with served() as server:
        return cpu_seconds(server.process.pid)


def one_forked_start() -> float:
    """A server forked as the test suite forks it, until /healthz answers: its CPU seconds."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        server = Server(Path(folder) / "instance")
        server.forked = True
        server.start()
        try:
            return cpu_seconds(server.process.pid)
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--forked", action="store_true", help="forked as the test suite forks its servers")
    args = parser.parse_args()
    if args.forked:
        one_forked_start()  # starts the fork server, which the suite's workers start once each
    taken = []
    for _ in range(args.starts):
        taken.append(one_forked_start() if args.forked else one_start())
        time.sleep(0.2)
    print("CPU-s per start: " + ", ".join(f"{each:.2f}" for each in taken))
    print(f"median {statistics.median(taken):.2f} CPU-s ({os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
