"""Benchmark: tap latency and how fast a tap reaches every other phone, against the real server on loopback.

Usage: python tests/bench/bench_live.py [--tables 1 10 50] [--seconds 10] [--pace 1.0]

For each table count T it starts `python -m companion serve` on 127.0.0.1, opens T tables with five
phones (each joined through the HTML form, holding its own cookie) and a display, keeps a live stream
open for each of the six screens, and has one random phone per table tap +1 wound every `pace` seconds.
Each screen, on a version event, re-fetches its own panel fragment (as htmx does). Reported:
action latency p50/p95/p99; p95 time from the tap until all five other screens hold the new fragment;
fragment vs. /healthz throughput; server memory. Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import json
import random
import re
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from harness import Server  # noqa: E402

CSRF = re.compile(r'name="csrf" value="([^"]+)"')
VERSION = re.compile(r'id="panel"[^>]*data-version="(\d+)"')


class Screen:
    """One phone (or the display) with its cookie jar and its live stream."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.version = 0
        self.seen: dict[int, float] = {}
        self.view = "seat"

    def get(self, path: str, headers: dict | None = None) -> str:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, fields: dict, headers: dict | None = None) -> str:
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()

    def join(self, seat: int) -> None:
        csrf = CSRF.search(self.get(f"/t/{self.token}/join")).group(1)
        self.csrf = csrf
        self.post(f"/t/{self.token}/join", {"csrf": csrf, "seat": seat, "name": f"P{seat}"})
        self.seat = seat

    def listen(self, stop: threading.Event) -> None:
        """Hold the live stream; on each new version fetch the panel, like the page's script."""
        host, port = urllib.parse.urlsplit(self.base).netloc.split(":")
        while not stop.is_set():
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
            connection.request("GET", f"/t/{self.token}/live", headers={"Cookie": cookies})
            response = connection.getresponse()
            try:
                for line in response:
                    if stop.is_set():
                        break
                    if line.startswith(b"data: "):
                        version = int(line[6:])
                        if version > self.version:
                            html = self.get(f"/t/{self.token}/panel?view={self.view}", {"HX-Request": "true"})
                            self.version = int(VERSION.search(html).group(1))
                            now = time.perf_counter()
                            for v in range(version, self.version + 1):
                                self.seen.setdefault(v, now)
            except (OSError, http.client.HTTPException):
                pass
            finally:
                connection.close()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def throughput(base: str, path: str, headers: dict, seconds: float, threads: int = 4) -> float:
    """Requests per second that `threads` clients get on one path."""
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    counts = [0] * threads
    deadline = time.perf_counter() + seconds

    def hammer(i: int) -> None:
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        while time.perf_counter() < deadline:
            connection.request("GET", path, headers=headers)
            connection.getresponse().read()
            counts[i] += 1
        connection.close()

    workers = [threading.Thread(target=hammer, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(counts) / seconds


def run(tables: int, seconds: float, pace: float) -> dict:
    """One run with `tables` tables; returns the figures."""
    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    server = Server(folder / "instance", extra_args=("--max-live", str(tables * 6 + 8))).start()
    stop = threading.Event()
    try:
        screens_by_table = []
        for _ in range(tables):
            display = Screen(server.url, "")
            csrf = CSRF.search(display.get("/")).group(1)
            request = urllib.request.Request(server.url + "/tables", data=urllib.parse.urlencode(
                {"csrf": csrf, "game": "guevara", "seats": 5, "language": "en"}).encode())
            with display.opener.open(request) as response:  # redirected to /t/<token>/display
                display.token, display.view = response.geturl().split("/")[4], "display"
            phones = []
            for seat in range(1, 6):
                phone = Screen(server.url, display.token)
                phone.join(seat)
                phones.append(phone)
            screens_by_table.append((display, phones))

        listeners = []
        for display, phones in screens_by_table:
            for screen in (display, *phones):
                thread = threading.Thread(target=screen.listen, args=(stop,), daemon=True)
                thread.start()
                listeners.append(thread)
        time.sleep(1.0 + tables * 0.02)

        latencies, propagation = [], []
        sent: list[tuple[int, int, float, object]] = []
        lock = threading.Lock()

        def drive(index: int, display: Screen, phones: list[Screen]) -> None:
            rng = random.Random(index)
            time.sleep(rng.random() * pace)
            deadline = time.perf_counter() + seconds
            while time.perf_counter() < deadline:
                phone = rng.choice(phones)
                started = time.perf_counter()
                html = phone.post(f"/t/{phone.token}/act", {
                    "csrf": phone.csrf, "type": "adjust_wounds", "seat": phone.seat, "delta": 1,
                    "action_id": f"bench-{index}-{time.perf_counter_ns()}", "view": "seat"},
                    {"HX-Request": "true"})
                finished = time.perf_counter()
                version = int(VERSION.search(html).group(1))
                with lock:
                    latencies.append(finished - started)
                    sent.append((index, version, started, phone))
                time.sleep(max(0.0, pace - (finished - started)))

        drivers = [threading.Thread(target=drive, args=(i, d, p)) for i, (d, p) in enumerate(screens_by_table)]
        for driver in drivers:
            driver.start()
        for driver in drivers:
            driver.join()
        time.sleep(1.5)
        missed = 0
        for index, version, started, phone in sent:
            display, phones = screens_by_table[index]
            others = [s for s in (display, *phones) if s is not phone]
            arrivals = [s.seen.get(version) for s in others]
            if None in arrivals:
                missed += 1
                continue
            propagation.append(max(arrivals) - started)

        token = screens_by_table[0][1][0].token
        cookie = "; ".join(f"{c.name}={c.value}" for c in screens_by_table[0][1][0].jar)
        stop.set()
        fragment_rps = throughput(server.url, f"/t/{token}/panel?view=seat", {"Cookie": cookie,
                                                                             "HX-Request": "true"}, 3)
        trivial_rps = throughput(server.url, "/healthz", {}, 3)
        memory = psutil.Process(server.process.pid).memory_info().rss / 2**20
        return {
            "tables": tables, "screens": tables * 6, "actions": len(latencies),
            "action_ms": {p: round(percentile(latencies, p) * 1000, 1) for p in (50, 95, 99)},
            "propagation_p95_ms": round(percentile(propagation, 95) * 1000, 1),
            "propagation_p50_ms": round(percentile(propagation, 50) * 1000, 1),
            "missed": missed,
            "fragment_rps": round(fragment_rps), "healthz_rps": round(trivial_rps),
            "fragment_ratio": round(fragment_rps / trivial_rps, 2), "server_rss_mib": round(memory, 1),
        }
    finally:
        stop.set()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between taps at one table")
    args = parser.parse_args()
    results = []
    for tables in args.tables:
        result = run(tables, args.seconds, args.pace)
        results.append(result)
        print(json.dumps(result), flush=True)
    within = [r["tables"] for r in results if r["propagation_p95_ms"] < 1000 and not r["missed"]]
    print(f"largest T measured with p95 propagation under 1 s: {max(within) if within else 'none'}")


if __name__ == "__main__":
    main()
