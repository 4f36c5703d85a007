"""The faults `serve --workers 2` survives by itself (issue 58), measured on loopback.

    python -m benchmarks.bench_faults [--stops 30] [--skip-startup]

1. Taps while a worker is stopped: four threads open new connections without pause; the first worker is stopped
   (SIGSTOP) `--stops` times, at whatever moment it is in, and during each stop five taps go out on new
   connections. Prints how many were answered and their p50/p95/max, and how many stops came inside an SQLite
   write (the others' writes then wait until the heartbeat's timeout replaces the stopped worker).
2. A hung worker: a live stream held by the first worker, which is then stopped for good; prints the seconds until
   its stream ends and until its replacement answers (the default heartbeat timeout).
3. A worker that cannot start: the database damaged, a worker killed; seconds until the server halts, its line.
4. Start-up errors: each case's exit status, seconds until exit and the line printed.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

from benchmarks.measure import Served, free_port, new_table, percentile, served, slack_tap


def storm(port: int, until: threading.Event) -> None:
    """New connections as fast as a thread can make them, each asking /healthz, until `until` is set."""
    while not until.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
                sock.recv(4096)
        except OSError:
            pass


def live_stream(server: Served, token: str) -> socket.socket:
    """A table's live stream, its answer's head read: the socket while the stream runs."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(f"GET /t/{token}/live HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(4096) or b"\r\n\r\n"
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"the live stream was refused: {head[:80]!r}")
    return sock


def holder(server: Served, sock: socket.socket) -> int:
    """The worker that holds the server's end of this connection."""
    port = sock.getsockname()[1]
    return next(pid for pid in server.workers()
                if any(c.raddr and c.raddr.port == port for c in psutil.Process(pid).net_connections("tcp")))


def stopped_worker(stops: int) -> None:
    """Taps on new connections while a worker is stopped at any moment."""
    with served(workers=2) as server:
        table = new_table(server.url)
        until = threading.Event()
        storms = [threading.Thread(target=storm, args=(server.port, until)) for _ in range(4)]
        for each in storms:
            each.start()
        victim, seconds, answered, sent, replaced = server.workers()[0], [], 0, 0, 0
        try:
            for _ in range(stops):
                os.kill(victim, signal.SIGSTOP)
                try:
                    while psutil.Process(victim).status() != psutil.STATUS_STOPPED:
                        pass  # a connection it accepted before it stopped waits for it: only later ones count
                    for _ in range(5):  # +1 and -1 Slack in turn: the game stays below its goal
                        status, _body, took = slack_tap(server.url, table, 1 - 2 * (sent % 2), timeout=10)
                        sent += 1
                        answered += status == 200
                        seconds.append(took)
                finally:
                    try:
                        os.kill(victim, signal.SIGCONT)
                    except ProcessLookupError:  # stopped inside an SQLite write: the others' writes waited for
                        replaced += 1  # its heartbeat's timeout, which killed and replaced it
                        while len(server.workers()) < 2 or victim in server.workers():
                            time.sleep(0.05)
                        victim = server.workers()[0]
                time.sleep(0.1)
        finally:
            until.set()
            for each in storms:
                each.join()
    print(f"taps while a worker is stopped ({stops} stops): {answered} of {sent} answered; p50 "
          f"{1000 * percentile(seconds, 50):.0f} ms, p95 {1000 * percentile(seconds, 95):.0f} ms, max "
          f"{1000 * max(seconds):.0f} ms; "
          f"{replaced} stop(s) came inside an SQLite write, and the worker was replaced as hung")


def hung_worker() -> None:
    """Seconds from a worker's hang to its stream's end and to its replacement's first answer."""
    with served(workers=2) as server:
        streams = []
        try:
            table = new_table(server.url)
            before = set(server.workers())
            victim = server.workers()[0]
            while True:
                stream = live_stream(server, table["token"])
                streams.append(stream)
                if holder(server, stream) == victim:
                    break
            os.kill(victim, signal.SIGSTOP)
            hung = time.monotonic()
            stream.settimeout(60)
            try:
                while stream.recv(4096):
                    pass
            except ConnectionResetError:
                pass
            ended = time.monotonic() - hung
            while not set(server.workers()) - before:
                time.sleep(0.01)
            replacement, = set(server.workers()) - before
            started = time.monotonic() - hung
            while True:  # its first answer: a connection the replacement holds
                connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                connection.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
                if connection.recv(4096).startswith(b"HTTP/1.1 200") and holder(server, connection) == replacement:
                    connection.close()
                    break
                connection.close()
            serving = time.monotonic() - hung
        finally:
            for each in streams:
                each.close()
    print(f"hung worker: its live stream ended after {ended:.1f} s, its replacement started after {started:.1f} s "
          f"and answered after {serving:.1f} s")


def failed_start() -> None:
    """Seconds from a worker's death, with the database damaged meanwhile, to the server's halt; its last line."""
    with served(workers=2) as server:
        for part in ("companion.sqlite", "companion.sqlite-wal", "companion.sqlite-shm"):
            path = server.instance / part
            with open(path, "r+b") as file:
                file.write(b"\x5a" * path.stat().st_size)
        killed = time.monotonic()
        os.kill(server.workers()[0], signal.SIGKILL)
        server.process.wait(120)
        took = time.monotonic() - killed
        lines = server.log()
    print(f"a worker that cannot start: the server exited {server.process.returncode} after {took:.1f} s: {lines[-1]}")


def start_errors() -> None:
    """Each start-up error's exit status, time and line."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "file").write_text("")
        (root / "folder" / "companion.sqlite").mkdir(parents=True)
        (root / "damaged").mkdir()
        (root / "damaged" / "companion.sqlite").write_bytes(b"\x5a" * 8192)
        (root / "locked").mkdir()
        lock = sqlite3.connect(root / "locked" / "companion.sqlite", isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        lock.execute("CREATE TABLE held (x)")
        taken = socket.create_server(("127.0.0.1", 0))
        cases = {
            "port in use": ("--port", str(taken.getsockname()[1]), "--instance", str(root / "ok")),
            "instance under a file": ("--instance", str(root / "file" / "instance")),
            "companion.sqlite a folder": ("--instance", str(root / "folder")),
            "damaged companion.sqlite": ("--instance", str(root / "damaged")),
            "locked companion.sqlite": ("--instance", str(root / "locked")),
            "PostgreSQL unreachable": ("--instance", str(root / "pg"), "--database",
                                       f"postgresql://who:secret@127.0.0.1:{free_port()}/chez"),
        }
        for name, extra in cases.items():
            command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(free_port()),
                       "--workers", "2", *extra]
            started = time.monotonic()
            done = subprocess.run(command, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
                                  check=False)
            took = time.monotonic() - started
            lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
            print(f"{name}: exit {done.returncode} after {took:.1f} s, {len(lines)} line(s): {lines[-1]}")
        taken.close()
        lock.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stops", type=int, default=30)
    parser.add_argument("--skip-startup", action="store_true")
    args = parser.parse_args()
    stopped_worker(args.stops)
    hung_worker()
    failed_start()
    if not args.skip_startup:
        start_errors()
    print(f"({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
