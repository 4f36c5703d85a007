"""What a server's start costs: the CPU time of `python -m companion serve` until /healthz answers.

    python -m benchmarks.bench_server_start [--starts 5]

Each start gets a fresh instance folder on SQLite and a free loopback port; its CPU time (Linux: /proc) is read
once /healthz answers, then it is stopped. Prints each start and the median. The test suite starts about 150
servers, and every `--workers` process pays the same.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from benchmarks.measure import cpu_seconds, served


def one_start() -> float:
    """A server started until /healthz answers: its CPU seconds."""
    with served() as server:
        return cpu_seconds(server.process.pid)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()
    taken = []
    for _ in range(args.starts):
        taken.append(one_start())
        time.sleep(0.2)
    print("CPU-s per start: " + ", ".join(f"{each:.2f}" for each in taken))
    print(f"median {statistics.median(taken):.2f} CPU-s ({os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
