"""Where a command's CPU time goes, by kind of process: for the test suite, Chromium, the servers the tests start,
the pytest workers, the photo readers, PostgreSQL, nginx.

    python -m benchmarks.suite_cpu [--every 0.5] -- python -m pytest

Runs the command and reads /proc every `--every` seconds (Linux only): each process's CPU time so far, by its
command line; only the command's own processes count (they carry a mark in their environment, which the processes
they start inherit, servers that detach included, or their parent is one of them), so other work on the machine
does not. A process that lives shorter than one reading is missed, and one's last moments are, so the figures
are a floor; processes already running when it starts count only what they spend from then on. Prints the wall
time, the CPU time of each kind, and their sum against what the machine's cores could have given; the command lines
of the costliest processes of no known kind (those with the same start added up); then how long
the cores were busy in all (/proc/stat: nothing missed, but other work on the machine counts too), and their busy
share in each stretch of `--stretch` seconds, which shows when the command left a core idle.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import uuid
from collections import Counter
from pathlib import Path

from benchmarks.measure import cpu_seconds, machine_busy_seconds

OTHERS = "others"  # the kind of a process no mark of KINDS names
# (what the command line holds, the kind it is counted as): the first that matches.
KINDS = (
    ("--type=renderer", "Chromium: pages"),
    ("--type=gpu", "Chromium: drawing"),
    ("--type=utility", "Chromium: network and others"),
    ("--type=zygote", "Chromium: start"),
    ("chromium", "Chromium: browser"),
    ("companion serve", "servers"),
    ("multiprocessing.forkserver", "servers"),  # the test run forks its servers (companion.testing.forked_servers)
    ("multiprocessing", "servers' photo readers"),
    ("playwright", "Playwright's driver"),
    ("postgres", "PostgreSQL"),
    ("nginx", "nginx"),
    ("pytest", "pytest and its workers"),
    ("sys.stdin.readline", "pytest and its workers"),  # how pytest-xdist starts a worker (execnet)
)


MARK = "SUITE_CPU_RUN"


def started_by(pid: int, mark: bytes, ours: dict[int, bool]) -> bool:
    """Whether the process is the command's or was started by it: it carries this run's mark in its environment, or
    its parent is one of ours (Chromium starts its renderers with an environment of its own)."""
    try:
        parent = int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1])
        return ours.get(parent, False) or mark in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except (OSError, IndexError, ValueError):
        return False


def command_of(pid: int) -> str | None:
    """The process's command line; None if it is gone."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return None


def kind_of(command: str) -> str:
    """What the process is, by its command line."""
    return next((kind for mark, kind in KINDS if mark in command), OTHERS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=float, default=0.5, help="seconds between readings")
    parser.add_argument("--stretch", type=float, default=20.0, help="seconds of each busy share printed at the end")
    parser.add_argument("--others", type=int, default=10, help="how many of the others' command lines to print")
    parser.add_argument("--width", type=int, default=100, help="characters of each of those command lines")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to measure after --")
    before = {int(p): cpu_seconds(int(p)) or 0.0 for p in os.listdir("/proc") if p.isdigit()}
    seen: dict[int, tuple[str, str, float]] = {}
    started, busy_before = time.monotonic(), machine_busy_seconds()
    stretch_started, stretch_busy, shares = started, busy_before, []
    run = uuid.uuid4().hex
    mark = f"{MARK}={run}".encode()  # as the environment holds it
    process = subprocess.Popen(command, env={**os.environ, MARK: run})
    ours: dict[int, bool] = {}
    while process.poll() is None:
        if time.monotonic() - stretch_started >= args.stretch:
            now, busy_now = time.monotonic(), machine_busy_seconds()
            shares.append((busy_now - stretch_busy) / ((now - stretch_started) * os.cpu_count()))
            stretch_started, stretch_busy = now, busy_now
        for name in os.listdir("/proc"):
            pid = int(name) if name.isdigit() else 0
            spent = cpu_seconds(pid) if pid and pid != os.getpid() else None
            if spent is None:
                continue
            if pid not in ours:
                ours[pid] = started_by(pid, mark, ours)
            if not ours[pid]:
                continue
            command = seen[pid][1] if pid in seen else command_of(pid)
            if command is not None:
                seen[pid] = (kind_of(command), command, spent - before.get(pid, 0.0))
        time.sleep(args.every)
    wall, busy = time.monotonic() - started, machine_busy_seconds() - busy_before
    spent, others = Counter(), Counter()
    for kind, command, seconds in seen.values():
        spent[kind] += seconds
        if kind == OTHERS:
            others[" ".join(command.split())[:args.width]] += seconds
    total = sum(spent.values())
    print(f"\n{wall:.0f} s wall on {os.cpu_count()} cores ({wall * os.cpu_count():.0f} CPU-s could be had); "
          f"{total:.0f} CPU-s read, by kind (the command's own processes):")
    for kind, seconds in spent.most_common():
        print(f"{seconds:8.1f} s  {100 * seconds / total:5.1f}%  {kind}")
    print(f"The machine's cores were busy {busy:.0f} CPU-s meanwhile ({100 * busy / (wall * os.cpu_count()):.0f}%), "
          "short-lived processes and everything else running on it included.")
    if others:
        print(f"The {OTHERS}, by command line (its first {args.width} characters), the costliest first:")
        for command, seconds in others.most_common(args.others):
            print(f"{seconds:8.1f} s  {command}")
    print(f"Their busy share, every {args.stretch:g} s: " + " ".join(f"{100 * share:.0f}%" for share in shares))
    return process.returncode


if __name__ == "__main__":
    sys.exit(main())
