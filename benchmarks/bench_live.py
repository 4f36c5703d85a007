"""Benchmark: tap latency, how fast a tap reaches every other phone, fragment throughput, memory, page weight.

Usage: python -m benchmarks.bench_live [--tables 1 10 50] [--seconds 10] [--pace 1.0] [--search 2] [--json]
       [--workers N] [--database sqlite|postgresql|postgresql://...]
       [--setups direct workers2 nginx] [--url http://HOST:PORT [--pid PID ...]]
(the defaults take about two to three minutes)

For each table count T it starts `python -m companion serve` on 127.0.0.1 and opens T tables with five
phones (each joined through the HTML form, holding its own cookie) and a display, each game started (ranks and a
dealer set: seat 1's turn, in Draw), as a convention's tables are most of the evening. Then, per T:

1. clean phase (no live streams): requests per second of a seat's panel fragment and of /healthz, four
   keep-alive clients each. The fragment once fresh, as at a real table: one phone taps +1 wound (not counted),
   then the four other phones fetch their panel at once (the version has just moved on, and the tap's answer
   rendered it first: what five of six screens fetch after every tap; parts whose content did not change are
   kept, `companion/web/kept_parts.py`), only the fetches' time counted, before and after /healthz (the tapping
   phone's own fresh panel is measured in process only, by bench_tap_cpu.py); and once as a re-fetch of an
   unchanged version (a kept render);
2. live phase: each of the six screens holds its live stream (`?view=`, as the page's script opens it) and
   takes each new panel the stream carries; told only a version (the stream's first event, or a server that
   does not carry panels), it re-fetches its own panel over a keep-alive connection as htmx does (the
   tapping phone skips versions its tap's answer already showed, as the page's script does); one random phone per
   table taps +1 wound every `pace` seconds (at least 30 taps in all, so a single table taps longer). Measured: tap
   latency p50/p95/p99, and per tap the time until all five other screens hold a fragment of that version
   (p50/p95); the server's peak memory (RSS) and the CPU time it spent per tap (the tap and its answer plus
   the other screens' re-fetches), and the CPU time this benchmark's simulated screens spent per tap (they
   share the machine's cores with the server); how busy the benchmark's machine was (all cores, the hypervisor's
   steal included, and said apart: a busy neighbour slows every run), and how long the server's threads were ready
   to run but waited for a core, in thread-seconds per second (Linux's schedstat: each tap wakes the six streams'
   threads at once, so some wait even on an idle machine; many seconds a second while the machine still has idle
   time means the cores were contended).

After the runs, `--search N` bisects N more short runs between the largest measured T whose p95 propagation
stayed under 1 s and the smallest that did not. The seat page weight is measured once: the page of the phone
whose turn it is in the Call People phase (its heaviest state, with the card name list), plus every
stylesheet, script and image it references, each as the server sends it to a browser accepting gzip.
`--workers N` runs the server as N processes behind one port (default 1); CPU and memory are then the sums
over all of them. Several counts (`--workers 1 2`) take turns at each T and each search step, so both face the
machine as it is in the same minutes. The clean phase's panel is one table's, which only the worker owning that
table serves, while every worker answers /healthz: with several workers its ratio compares one process with all
of them. `--database postgresql` stores into a throwaway PostgreSQL cluster (Debian's `pg_virtualenv` runs the benchmark
beside one, on localhost), a fresh database per run; a postgresql://
address uses that server instead (each run's tables are added to it). Everything talks to 127.0.0.1 only. Output:
markdown tables, ready to paste; each missed target says by how much, and beside it what the same work costs in
process without sockets (measured first, with bench_tap_cpu.py's functions, before any server runs).

`--setups` names configurations that take turns in one run, each then compared by its largest T within 1 s:
`direct` (one process, the benchmark's phones straight at it), `workers2` (`--workers 2` on SQLite) and `nginx`
(two servers of one process each, separate instance folders, on a throwaway PostgreSQL cluster, behind Debian's
nginx with deploy/nginx.conf: companion/testing/convention.py; each server keeps to a core of its own where there is
one per server, as two machines would, and as `--workers 2` keeps each worker to its own core); nginx's and PostgreSQL's
CPU per tap are said beside the servers', and how many of the tables nginx sent to each server (by their random
tokens: rarely half and half).
`--url` aims at an address something else serves instead (a server or a proxy started by hand with
`--new-tables-per-hour 0` and the per-address limits lifted); `--pid` names its processes, whose CPU and memory
(children included) then count as the server's, else those figures say nan.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import gzip
import http.client
import http.cookiejar
import json
import random
import re
import sys
import tempfile
import threading
import time
import types
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

import psutil

from benchmarks import bench_tap_cpu
from benchmarks.live_streams import Listener
from benchmarks.measure import PROFILE, Databases, ServerProcesses, percentile, served

VERSION = re.compile(r'id="panel"[^>]*data-version="(\d+)"')
VERSION_BYTES = re.compile(rb'id="panel"[^>]*data-version="(\d+)"')
ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src|img[^>]+src)="(/[^"]+)"')
PAGE_BUDGET = 60 * 1024
MIN_TAPS = 30  # a few tables tap longer than --seconds, so their p95 is not just the slowest of ten
TARGETS = {"tap_p95_ms": 30, "propagation_p95_ms_at_10": 300, "fragment_ratio": 0.5, "cpu_ms_per_tap": 15,
           "propagation_p95_ms_at_50": 1000}


class Screen:
    """One phone (or the display) with its cookie jar, its live stream and a keep-alive connection per thread."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token
        self.host, port = urllib.parse.urlsplit(base).netloc.split(":")
        self.port = int(port)
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.version = 0
        self.seen: dict[int, float] = {}
        self.view = "seat"
        self.lock = threading.Lock()
        self.kept: http.client.HTTPConnection | None = None  # one kept-alive connection, as a browser reuses
        self.kept_lock = threading.Lock()

    def get(self, path: str, headers: dict | None = None) -> str:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, fields: dict) -> str:
        data = urllib.parse.urlencode(fields).encode()
        with self.opener.open(urllib.request.Request(self.base + path, data=data), timeout=30) as response:
            return response.read().decode()

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=60)

    def request(self, path: str, headers: dict, method: str = "GET", body: bytes | None = None) -> str:
        """One request on this screen's kept-alive connection, or, while that one is busy, on another."""
        headers = {"Cookie": self.cookie(), "Accept-Encoding": "gzip", **headers}
        if not self.kept_lock.acquire(blocking=False):
            extra = self.connect()  # as a browser opens a second connection rather than wait
            try:
                return fetch(extra, path, headers, method, body)
            finally:
                extra.close()
        try:
            if self.kept is None:
                self.kept = self.connect()
            try:
                return fetch(self.kept, path, headers, method, body)
            except ConnectionError:  # the server closed the kept connection: as a browser, send it on a new one
                self.kept.close()
                self.kept = self.connect()
                return fetch(self.kept, path, headers, method, body)
        finally:
            self.kept_lock.release()

    def join(self, seat: int) -> None:
        self.post(f"/t/{self.token}/join", {"seat": seat, "name": f"P{seat}"})
        self.seat = seat

    def saw(self, html: str) -> None:
        """Record the version a fragment shows, and when it arrived."""
        self.saw_version(int(VERSION.search(html).group(1)))

    def saw_version(self, shown: int) -> None:
        """Record that the screen now shows this version, and when."""
        now = time.perf_counter()
        with self.lock:
            for v in range(self.version + 1, shown + 1):
                self.seen.setdefault(v, now)
            self.version = max(self.version, shown)

    def listen(self, listener: Listener) -> None:
        """Hold the live stream, as the page's script: take each panel it carries, or, told only a newer version (the
        stream's first event, or a server that does not carry panels), fetch the panel."""
        self.refetches = listener.fetches
        listener.open(f"/t/{self.token}/live?view={self.view}", self.cookie(), self.heard)

    def heard(self, event: bytes) -> None:
        """One server-sent event: a panel shows its version; a bare newer version means fetching the panel."""
        if event.startswith(b"event: panel"):
            shown = VERSION_BYTES.search(event, 0, 4096)  # the panel's first tag carries it
            if shown:
                self.saw_version(int(shown.group(1)))
        elif event.startswith(b"event: version"):
            number = event.rpartition(b"data: ")[2].strip()
            if number.isdigit() and int(number) > self.version:
                self.refetches.submit(self.refetch)

    def refetch(self) -> None:
        """Fetch the panel over the kept-alive connection, as htmx does when told of a newer version."""
        self.saw(self.request(f"/t/{self.token}/panel?view={self.view}", {"HX-Request": "true"}))

    def leave(self) -> None:
        """Close the kept-alive connection, as a phone leaving the page."""
        if self.kept is not None:
            self.kept.close()


def fetch(connection: http.client.HTTPConnection, path: str, headers: dict, method: str = "GET",
          body: bytes | None = None) -> str:
    """One request on a keep-alive connection; the body decompressed as a browser would."""
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    if response.getheader("Content-Encoding") == "gzip":
        data = gzip.decompress(data)
    return data.decode()


def throughput(base: str, paths: dict[str, tuple[str, dict]], seconds: float, threads: int = 4,
               rounds: int = 4) -> dict[str, float]:
    """Requests per second that `threads` keep-alive clients get on each path, in alternating slices.

    Alternating short slices keeps a load change on the shared machine from favouring one path.
    """
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    totals = dict.fromkeys(paths, 0)
    for _round in range(rounds):
        for name, (path, headers) in paths.items():
            counts = [0] * threads
            start = threading.Barrier(threads)

            def hammer(i: int) -> None:
                connection = http.client.HTTPConnection(host, int(port), timeout=30)
                start.wait()
                deadline = time.perf_counter() + seconds / rounds
                while time.perf_counter() < deadline:
                    connection.request("GET", path, headers=headers)
                    response = connection.getresponse()
                    response.read()
                    assert response.status == 200, (path, response.status)
                    counts[i] += 1
                connection.close()

            workers = [threading.Thread(target=hammer, args=(i,)) for i in range(threads)]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            totals[name] += sum(counts)
    return {name: count / seconds for name, count in totals.items()}


def fresh_rate(display: Screen, phones: list[Screen], seconds: float) -> float:
    """Requests per second of fresh seat panels: one phone taps +1 wound (not counted), then the four other phones
    fetch their panel at once, each over its own keep-alive connection, as after every tap at a real table (the
    version has just moved on, the tap's answer rendered it first). Only the time from the fetches' start until the
    last answer counts; the phones take turns tapping."""
    go, done = threading.Barrier(5), threading.Barrier(5)
    asked: list[Screen | None] = [None] * 4

    def fetcher(i: int) -> None:
        connection = phones[0].connect()
        while True:
            go.wait()
            screen = asked[i]
            if screen is None:
                break
            html = fetch(connection, f"/t/{screen.token}/panel?view=seat", {
                "Cookie": screen.cookie(), "HX-Request": "true", "Cache-Control": "no-cache"})
            assert VERSION.search(html), html[:200]
            done.wait()
        connection.close()

    workers = [threading.Thread(target=fetcher, args=(i,), daemon=True) for i in range(4)]
    for worker in workers:
        worker.start()
    spent, fetched, taps = 0.0, 0, 0
    while spent < seconds:
        tapper = phones[taps % len(phones)]
        taps += 1
        body = urllib.parse.urlencode({"type": "adjust_wounds", "seat": tapper.seat, "delta": 1, "view": "seat",
                                       "action_id": f"fresh-{time.perf_counter_ns()}"}).encode()
        tapper.request(f"/t/{tapper.token}/act", {
            "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}, "POST", body)
        asked[:] = [phone for phone in phones if phone is not tapper][:4]
        started = time.perf_counter()
        go.wait()
        done.wait()
        spent += time.perf_counter() - started
        fetched += 4
    asked[:] = [None] * 4
    go.wait()
    for worker in workers:
        worker.join()
    return fetched / spent


def open_table(base: str) -> tuple[Screen, list[Screen]]:
    """A five-seat Chez Guevara table in play, as at a convention most of the evening: its display and five joined
    phones, the ranks and the dealer set and the game started (seat 1's turn, in Draw)."""
    display = Screen(base, "")
    request = urllib.request.Request(base + "/tables", data=urllib.parse.urlencode(
        {"game": "guevara", "seats": 5, "language": "en"}).encode())
    with display.opener.open(request) as response:  # redirected to /t/<token>/display
        display.token, display.view = response.geturl().split("/")[4], "display"
    phones = []
    for seat in range(1, 6):
        phone = Screen(base, display.token)
        phone.join(seat)
        phones.append(phone)
    tap(display, {"type": "set_profile", **PROFILE})
    for seat, rank in zip(range(1, 6), ("private", "corporal", "sergeant", "private", "corporal")):
        tap(display, {"type": "set_rank", "seat": seat, "rank": rank})
    tap(display, {"type": "set_dealer", "seat": 5})
    tap(display, {"type": "start_game"})
    return display, phones


def tap(screen: Screen, fields: dict) -> None:
    """One action posted as a plain form (the answer is a redirect, followed)."""
    screen.post(f"/t/{screen.token}/act", {"view": screen.view,
                                           "action_id": f"w-{time.perf_counter_ns()}", **fields})


def page_weight(base: str) -> dict:
    """The seat page in its heaviest state plus every asset it loads, each as sent with gzip accepted."""
    display, phones = open_table(base)
    for phase in ("draw", "roll"):  # seat 1 now holds the turn in Call People, with the card name list
        tap(phones[0], {"type": "advance", "seat": 1, "phase": phase, "turn": 1})
    connection = phones[0].connect()
    headers = {"Cookie": phones[0].cookie(), "Accept-Encoding": "gzip"}
    parts = []
    for path in [f"/t/{display.token}/seat"]:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        sent = response.read()
        html = gzip.decompress(sent) if response.getheader("Content-Encoding") == "gzip" else sent
        assert response.status == 200 and b"card-names" in html, "the seat page is not in Call People"
        parts.append(("seat page (Call People, own turn)", *_as_sent(html, sent)))
        for asset in dict.fromkeys(ASSET.findall(html.decode())):
            connection.request("GET", asset, headers=headers)
            response = connection.getresponse()
            sent = response.read()
            assert response.status == 200, asset
            parts.append((asset, *_as_sent(gzip.decompress(sent) if response.getheader("Content-Encoding") == "gzip"
                                           else sent, sent)))
    connection.close()
    return {"parts": parts, "total": sum(part[2] for part in parts)}


def _as_sent(plain: bytes, sent: bytes) -> tuple[int, int, bool]:
    """Plain size, size on the wire (gzip: the server's own, else as a proxy would at level 6), by the server."""
    if len(sent) < len(plain):
        return len(plain), len(sent), True
    return len(plain), len(gzip.compress(plain, 6)), False


@dataclasses.dataclass
class Target:
    """Where one run's phones go: the address, the processes that count as the server, others whose CPU is said
    beside it (nginx, PostgreSQL), and how to stop what the run started."""

    url: str
    server: ServerProcesses
    beside: dict[str, ServerProcesses]
    stop: Callable[[], None]
    shares: Callable[[list[str]], list[int]] | None = None  # how many of these tables each server served


def limits(tables: int) -> tuple[str, ...]:
    """Every simulated screen comes from 127.0.0.1 (or through nginx, from its address): the per-address shares
    lifted to the totals, and no limit on new tables."""
    live = tables * 6 + 8
    return ("--max-live", str(live), "--max-live-per-client", str(live), "--max-connections-per-client",
            str(2 * live + 100), "--new-tables-per-hour", "0")


def own_server(workers: int, databases: Databases) -> Callable[[int], Target]:
    """A run's target: `python -m companion serve` with `workers` processes, started for the run."""

    def start(tables: int) -> Target:
        running = contextlib.ExitStack()
        server = running.enter_context(served(*limits(tables), workers=workers, database=databases.next()))
        beside = {"PostgreSQL": ServerProcesses(*databases.server_pids())} if databases.server_pids() else {}
        return Target(server.url, ServerProcesses(server.process.pid), beside, running.close)

    return start


def behind_nginx(machines: int, databases: Databases) -> Callable[[int], Target]:
    """A run's target: `machines` servers of one process each on a fresh PostgreSQL database, behind nginx with
    deploy/nginx.conf (companion/testing/convention.py), started for the run."""
    from companion.testing.convention import start_convention

    def start(tables: int) -> Target:
        folder = tempfile.TemporaryDirectory(prefix="bench-live-")
        convention = start_convention(Path(folder.name), databases.next(), machines=machines,
                                      extra_args=limits(tables), own_cores=True)
        beside = {"nginx": ServerProcesses(convention.proxy.process.pid),
                  "PostgreSQL": ServerProcesses(*databases.server_pids())}

        def stop() -> None:
            convention.stop()
            folder.cleanup()

        return Target(convention.proxy.url, ServerProcesses(*(s.process.pid for s in convention.servers)), beside,
                      stop, lambda tokens: tables_per_server(convention, tokens))

    return start


def tables_per_server(convention, tokens: list[str]) -> list[int]:
    """How many of these tables nginx routed to each server (by its log), busiest first: routing by a random token
    splits the tables unevenly, and the busier server meets its limit first."""
    owners = {uri.split("/")[2]: tried[-1] for _method, uri, _status, tried in convention.proxy.routes()
              if uri.startswith("/t/") and tried}
    counts = [sum(owners.get(token) == server.port for token in tokens) for server in convention.servers]
    return sorted(counts, reverse=True)


def aimed_at(url: str, pids: list[int]) -> Callable[[int], Target]:
    """A run's target: an address something else serves (started with --new-tables-per-hour 0 and the per-address
    limits lifted); the processes `pids` (and their children) count as the server."""
    return lambda tables: Target(url.rstrip("/"), ServerProcesses(*pids), {}, lambda: None)


def run(tables: int, seconds: float, pace: float, start: Callable[[int], Target], clean_seconds: float = 2.0,
        weigh: bool = False) -> dict:
    """One run with `tables` tables against the target `start` gives; returns the figures."""
    target = start(tables)
    server = types.SimpleNamespace(url=target.url)
    process = target.server
    counted = bool(process.parents)
    stop = threading.Event()
    try:
        with concurrent.futures.ThreadPoolExecutor(4) as opening:
            screens_by_table = list(opening.map(lambda _n: open_table(server.url), range(tables)))
        result = {"tables": tables, "screens": tables * 6}

        # 1. clean phase: nothing else runs on the server
        phone = screens_by_table[0][1][0]
        path, headers = f"/t/{phone.token}/panel?view=seat", {"Cookie": phone.cookie(), "HX-Request": "true"}
        paths = {"refetch": (path, headers), "trivial": ("/healthz", {})}
        throughput(server.url, paths, 0.2, rounds=1)  # warm up
        fresh_rate(*screens_by_table[0], 0.2)
        rendered = fresh_rate(*screens_by_table[0], clean_seconds / 2)
        rates = throughput(server.url, paths, clean_seconds)
        rendered = (rendered + fresh_rate(*screens_by_table[0], clean_seconds / 2)) / 2  # before and after /healthz
        refetch, trivial = rates["refetch"], rates["trivial"]
        result.update(fragment_rps=round(rendered), refetch_rps=round(refetch), healthz_rps=round(trivial),
                      fragment_ratio=round(rendered / trivial, 2), refetch_ratio=round(refetch / trivial, 2))
        if weigh:
            result["page_weight"] = page_weight(server.url)

        # 2. live phase
        peak = [process.memory_info().rss]

        def sample_memory() -> None:
            while not stop.is_set():
                peak[0] = max(peak[0], process.memory_info().rss)
                time.sleep(0.25)

        threading.Thread(target=sample_memory, daemon=True).start()
        host, port = urllib.parse.urlsplit(server.url).netloc.split(":")
        listener = Listener(host, int(port))
        for display, phones in screens_by_table:
            shown = json.loads(display.get(f"/t/{display.token}/version"))["version"]
            for screen in (display, *phones):
                screen.version = shown  # each page shows the table as it is now, as after loading it
                screen.listen(listener)
        listener.start()
        time.sleep(1.0 + tables * 0.02)
        idle_started, idle_cpu = time.perf_counter(), sum(process.cpu_times()[:2])
        time.sleep(2.0)  # the server's own CPU use with every stream open and nobody tapping
        idle_rate = (sum(process.cpu_times()[:2]) - idle_cpu) / (time.perf_counter() - idle_started)

        latencies, sent, unanswered, lock = [], [], [], threading.Lock()
        beside_before = {name: sum(group.cpu_times()) for name, group in target.beside.items()}
        cpu_before, live_started = sum(process.cpu_times()[:2]), time.perf_counter()
        machine_before, wait_before = psutil.cpu_times(), process.core_wait()
        client_before = time.process_time()  # the phones' side runs on the same cores: say what it took

        def drive(index: int, phones: list[Screen]) -> None:
            rng = random.Random(index)
            time.sleep(rng.random() * pace)
            deadline = time.perf_counter() + max(seconds, MIN_TAPS * pace / tables)
            while time.perf_counter() < deadline:
                phone = rng.choice(phones)
                body = urllib.parse.urlencode({
                    "type": "adjust_wounds", "seat": phone.seat, "delta": 1,
                    "action_id": f"bench-{index}-{time.perf_counter_ns()}", "view": "seat"}).encode()
                started = time.perf_counter()
                try:
                    html = phone.request(f"/t/{phone.token}/act", {
                        "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}, "POST", body)
                except (OSError, http.client.HTTPException):
                    html = ""
                finished = time.perf_counter()
                shown = VERSION.search(html)
                if shown is None:  # no panel came back (busy, an error, a cut connection): the page says so, taps on
                    with lock:
                        unanswered.append(started)
                    time.sleep(pace)
                    continue
                phone.saw_version(int(shown.group(1)))
                with lock:
                    latencies.append(finished - started)
                    sent.append((index, int(shown.group(1)), started, phone))
                time.sleep(max(0.0, pace - (finished - started)))

        drivers = [threading.Thread(target=drive, args=(i, p)) for i, (_d, p) in enumerate(screens_by_table)]
        for driver in drivers:
            driver.start()
        for driver in drivers:
            driver.join()
        time.sleep(1.5)
        live_seconds = time.perf_counter() - live_started
        cpu_used = sum(process.cpu_times()[:2]) - cpu_before - idle_rate * live_seconds
        machine_busy, stolen = busy_share(machine_before, psutil.cpu_times())
        core_wait = (process.core_wait() - wait_before) / live_seconds
        beside_used = {name: sum(group.cpu_times()) - beside_before[name] for name, group in target.beside.items()}
        client_used = time.process_time() - client_before
        propagation, missed = [], 0
        for index, version, started, phone in sent:
            display, phones = screens_by_table[index]
            arrivals = [s.seen.get(version) for s in (display, *phones) if s is not phone]
            if None in arrivals:
                missed += 1
            else:
                propagation.append(max(arrivals) - started)
        stop.set()
        listener.close()
        for display, phones in screens_by_table:
            for screen in (display, *phones):
                screen.leave()
        result.update(
            actions=len(latencies), missed=missed, unanswered=len(unanswered),
            tap_ms={p: round(percentile(latencies, p) * 1000, 1) for p in (50, 95, 99)},
            propagation_ms={p: round(percentile(propagation, p) * 1000, 1) for p in (50, 95)},
            peak_rss_mib=round(peak[0] / 2**20, 1) if counted else float("nan"),
            cpu_ms_per_tap=round(cpu_used * 1000 / max(1, len(latencies)), 1) if counted else float("nan"),
            idle_cpu_percent=round(idle_rate * 100),
            beside_cpu_ms_per_tap={name: round(used * 1000 / max(1, len(latencies)), 1)
                                   for name, used in beside_used.items()},
            client_cpu_ms_per_tap=round(client_used * 1000 / max(1, len(latencies)), 1),
            machine_busy_percent=round(machine_busy * 100), stolen_percent=round(stolen * 100),
            core_wait=round(core_wait, 2) if counted else float("nan"))
        if target.shares is not None:
            result["tables_per_server"] = target.shares([display.token for display, _phones in screens_by_table])
        return result
    finally:
        stop.set()
        target.stop()


def busy_share(before, after) -> tuple[float, float]:
    """The share of the machine's CPU time (all cores) spent busy between two `psutil.cpu_times()`, and of that
    the share the hypervisor gave to other machines (steal: a busy neighbour makes every run here slower)."""
    spent = {field: getattr(after, field) - getattr(before, field) for field in after._fields}
    idle = spent["idle"] + spent.get("iowait", 0.0)
    total = max(sum(spent.values()) - spent.get("guest", 0.0) - spent.get("guest_nice", 0.0), 1e-9)
    return 1 - idle / total, spent.get("steal", 0.0) / total


def under_a_second(result: dict) -> bool:
    return result["propagation_ms"][95] < 1000 and not result["missed"] and not result.get("unanswered")


def in_process() -> dict:
    """The server's own work without sockets (bench_tap_cpu.py): what the report names as the reason for a miss."""
    panels = bench_tap_cpu.panel_and_healthz()
    return {"tap_ms": bench_tap_cpu.run(200, "stream"), "panel_ms": panels["other"], "own_panel_ms": panels["own"],
            "healthz_ms": panels["healthz"]}


def report(results: list[dict], searched: list[dict], own_work: dict, workers: int = 1) -> str:
    """The figures as markdown tables; a missed target says by how much, and what the server's own work costs."""
    lines = [("| T | screens | taps | tap p50 / p95 / p99 ms | propagation p50 / p95 ms | missed | "
              "fragment rps (fresh / re-fetch) | /healthz rps | ratio (fresh / re-fetch) | peak RSS MiB | "
              "server CPU per tap ms | bench client CPU per tap ms | machine busy % (stolen) | "
              "server waiting for a core s/s |"),
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in sorted(results + searched, key=lambda r: r["tables"]):
        mark = " (search)" if r in searched else ""
        lines.append(
            f"| {r['tables']}{mark} | {r['screens']} | {r['actions']} | "
            f"{r['tap_ms'][50]:g} / {r['tap_ms'][95]:g} / {r['tap_ms'][99]:g} | "
            f"{r['propagation_ms'][50]:g} / {r['propagation_ms'][95]:g} | {r['missed']}"
            f"{' (+%d taps unanswered)' % r['unanswered'] if r.get('unanswered') else ''} | "
            f"{r['fragment_rps']} / {r['refetch_rps']} | {r['healthz_rps']} | "
            f"{r['fragment_ratio']:.2f} / {r['refetch_ratio']:.2f} | {r['peak_rss_mib']:g} | {r['cpu_ms_per_tap']:g} | "
            f"{r['client_cpu_ms_per_tap']:g} | {r['machine_busy_percent']} ({r['stolen_percent']}) | "
            f"{r['core_wait']:g} |")
    everything = results + searched
    within = [r["tables"] for r in everything if under_a_second(r)]
    beyond = [r["tables"] for r in everything if not under_a_second(r) and r["tables"] > max(within, default=0)]
    largest = max(within) if within else "none"
    lines += ["", f"Largest T with p95 propagation under 1 s: **{largest}**"
              + (f" (the next measured, T = {min(beyond)}, was not)" if beyond else " (the largest measured)")]
    busiest = max(everything, key=lambda r: r["actions"])  # the most taps: the steadiest per-tap figure
    lines.append(f"Server CPU per tap (its answer and the other screens' re-fetches, idle use of "
                 f"{busiest['idle_cpu_percent']}% of a core taken out) at T = {busiest['tables']}: "
                 f"{busiest['cpu_ms_per_tap']:g} ms, so one core serves about {1000 / busiest['cpu_ms_per_tap']:.0f} "
                 "taps a second (the server is one Python process: it uses one core for Python at a time).")

    weight = next((r["page_weight"] for r in results if "page_weight" in r), None)
    if weight:
        lines += ["", "| seat page part | bytes | bytes sent (gzip) |", "|---|---|---|"]
        for name, plain, sent, gzipped in weight["parts"]:
            lines.append(f"| {name} | {plain} | "
                         f"{sent}{'' if gzipped else ' (by the bench: the server sent it plain)'} |")
        lines.append(f"| **total** | {sum(p[1] for p in weight['parts'])} | **{weight['total']}** "
                     f"({weight['total'] / 1024:.1f} KB of {PAGE_BUDGET // 1024} KB) |")

    at = {r["tables"]: r for r in results}
    first = results[0]
    lines += ["", "| target | measured | met |", "|---|---|---|"]
    for r in results:
        cpu = r["cpu_ms_per_tap"]
        why = f"the tap and its five panels are {own_work['tap_ms']:.1f} ms in process without sockets"
        if cpu > own_work["tap_ms"]:  # else the machine's speed changed between the two measurements
            why += f", the other {cpu - own_work['tap_ms']:.1f} ms HTTP, the streams' sockets and thread switches"
        lines.append(f"| server CPU per tap (six screens) ≤ 15 ms (T = {r['tables']}) | {cpu:g} ms | "
                     f"{_verdict(cpu, TARGETS['cpu_ms_per_tap'], 'ms', why=why)} |")
    for name, ratio in (("fresh panel", "fragment_ratio"), ("re-fetched panel", "refetch_ratio")):
        how = "four phones' panels after a fifth one's tap" if ratio == "fragment_ratio" else "a kept render"
        why = (f"with {workers} processes each renders its own copy of a panel, /healthz costs nothing"
               if workers > 1 else
               f"in process a fresh panel is {own_work['panel_ms']:.2f} ms of CPU (the tapping phone's own "
               f"{own_work['own_panel_ms']:.2f} ms), /healthz {own_work['healthz_ms']:.2f} ms")
        lines.append(f"| {name} ≥ 0.5x /healthz (T = {first['tables']}, {how}) | {first[ratio]:.2f}x | "
                     f"{_verdict(first[ratio], TARGETS['fragment_ratio'], 'x', at_most=False, why=why)} |")
    if 10 in at:
        p95 = at[10]["tap_ms"][95]
        lines.append(f"| tap p95 ≤ 30 ms at T = 10 | {p95:g} ms | {_verdict(p95, TARGETS['tap_p95_ms'], 'ms')} |")
    for tables, limit in ((10, TARGETS["propagation_p95_ms_at_10"]), (50, TARGETS["propagation_p95_ms_at_50"])):
        if tables in at:
            p95 = at[tables]["propagation_ms"][95]
            verdict = _verdict(p95, limit, "ms") if not at[tables]["missed"] else "no (versions missed)"
            sign = "≤" if tables == 10 else "<"
            lines.append(f"| propagation p95 {sign} {limit:g} ms at T = {tables} | {p95:g} ms | {verdict} |")
    if weight:
        lines.append(f"| seat page with assets ≤ 60 KB gzip | {weight['total'] / 1024:.1f} KB | "
                     f"{'yes' if weight['total'] <= PAGE_BUDGET else 'no'} |")
    return "\n".join(lines)


def _verdict(measured: float, limit: float, unit: str, at_most: bool = True, why: str = "") -> str:
    """'yes', or 'no' with by how much the figure misses its target (and `why`, if given)."""
    if (measured <= limit) if at_most else (measured >= limit):
        return "yes"
    return f"no (misses by {abs(measured - limit):.3g} {unit})" + (f": {why}" if why else "")


@dataclasses.dataclass
class Setup:
    """One configuration the benchmark measures: its name, how a run's target starts, its server processes."""

    name: str
    start: Callable[[int], Target]
    processes: int


SETUPS = {"direct": "1 process, direct", "workers2": "--workers 2 on SQLite",
          "nginx": "2 servers behind nginx on PostgreSQL"}


def setups(args: argparse.Namespace, databases: list[Databases]) -> list[Setup]:
    """The configurations asked for: an address (--url), named ones (--setups), or server process counts."""
    if args.url:
        return [Setup(args.url, aimed_at(args.url, args.pid), max(1, len(args.pid)))]

    def stored(choice: str) -> Databases:
        databases.append(Databases(choice))
        return databases[-1]

    if not args.setups:
        chosen = stored(args.database)
        return [Setup(f"{n} server process{'es' if n > 1 else ''}", own_server(n, chosen), n) for n in args.workers]
    found = []
    for name in args.setups:
        if name == "direct":
            found.append(Setup(SETUPS[name], own_server(1, stored(args.database)), 1))
        elif name == "workers2":
            found.append(Setup(SETUPS[name], own_server(2, stored("sqlite")), 2))
        else:
            where = args.database if args.database.startswith("postgresql://") else "postgresql"
            found.append(Setup(SETUPS[name], behind_nginx(2, stored(where)), 2))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of tapping per T")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between taps at one table")
    parser.add_argument("--search", type=int, default=2, help="extra short runs to narrow the largest T")
    parser.add_argument("--json", action="store_true", help="also print each run's figures as JSON")
    parser.add_argument("--workers", type=int, nargs="+", default=[1],
                        help="server processes behind the one port; several counts take turns at each T")
    parser.add_argument("--database", default="sqlite",
                        help="sqlite, postgresql (a throwaway cluster) or a postgresql:// address")
    parser.add_argument("--url", help="aim at this address (a server or proxy started elsewhere) instead of "
                                      "starting a server")
    parser.add_argument("--pid", type=int, nargs="*", default=[],
                        help="with --url: the server's processes (children included) whose CPU and memory count")
    parser.add_argument("--setups", nargs="+", choices=list(SETUPS),
                        help="configurations that take turns: " + "; ".join(f"{k}: {v}" for k, v in SETUPS.items()))
    args = parser.parse_args()
    own_work = in_process()  # before any server runs, so that nothing else shares the machine
    databases: list[Databases] = []
    started = time.monotonic()
    try:
        chosen = setups(args, databases)
        measured = measure(args, chosen)
    finally:
        for database in databases:
            database.close()
    for setup in chosen:
        results, searched = measured[setup.name]
        if args.json:
            for result in results + searched:
                print(json.dumps({"setup": setup.name, **result}))
        if len(chosen) > 1:
            print(f"\n## {setup.name}\n")
        print(report(results, searched, own_work, setup.processes))
    print(f"\n({time.monotonic() - started:.0f} s; the machine: {psutil.cpu_count()} CPUs, load average "
          f"{' / '.join(f'{x:.1f}' for x in psutil.getloadavg())} at the end; "
          f"{', '.join(setup.name for setup in chosen)}; database: {args.database.split('@')[-1]})", flush=True)
    if len(chosen) > 1:
        print(summary(chosen, measured))


def summary(chosen: list[Setup], measured: dict[str, tuple[list[dict], list[dict]]]) -> str:
    """The configurations side by side: the largest T within 1 s, against the first, CPU per tap and memory."""
    lines = [("| configuration | largest T with p95 propagation under 1 s (tables per server) | against the first | "
              "server CPU per tap "
              "(busiest run) | beside it per tap | server memory (peak, largest run) |"), "|---|---|---|---|---|---|"]
    first = None
    for setup in chosen:
        runs = measured[setup.name][0] + measured[setup.name][1]
        largest = max((r["tables"] for r in runs if under_a_second(r)), default=0)
        first = largest if first is None else first
        busiest = max(runs, key=lambda r: r["actions"])
        beside = ", ".join(f"{name} {ms:g} ms" for name, ms in busiest["beside_cpu_ms_per_tap"].items()) or "-"
        memory = max(runs, key=lambda r: r["tables"])["peak_rss_mib"]
        split = next((r["tables_per_server"] for r in runs if r["tables"] == largest and "tables_per_server" in r),
                     None)
        shown = f"{largest} ({' + '.join(map(str, split))})" if split else f"{largest}"
        lines.append(f"| {setup.name} | {shown} | {largest / first if first else float('nan'):.2f}x | "
                     f"{busiest['cpu_ms_per_tap']:g} ms (T = {busiest['tables']}) | {beside} | {memory:g} MiB |")
    return "\n".join(lines)


def measure(args: argparse.Namespace, chosen: list[Setup]) -> dict[str, tuple[list[dict], list[dict]]]:
    """For each configuration, the runs for each T and the searched ones.

    The configurations take turns at each T and at each search step, so that a slow spell of the machine (this
    one's speed swings by a fifth within minutes) falls on all of them alike rather than on whichever ran then.
    """
    started = time.monotonic()
    measured: dict[str, tuple[list[dict], list[dict]]] = {setup.name: ([], []) for setup in chosen}

    def one(tables: int, setup: Setup, into: list[dict], **how) -> None:
        into.append(run(tables, pace=args.pace, start=setup.start, **how))
        print(f"T = {tables} with {setup.name} done after {time.monotonic() - started:.0f} s", file=sys.stderr,
              flush=True)

    for i, tables in enumerate(args.tables):
        for setup in chosen:
            one(tables, setup, measured[setup.name][0], seconds=args.seconds, weigh=i == 0)
    for _ in range(args.search):
        for setup in chosen:
            results, searched = measured[setup.name]
            tables = _halfway(results + searched)
            if tables is not None:
                one(tables, setup, searched, seconds=max(5.0, args.seconds / 2), clean_seconds=1.0)
    return measured


def _halfway(runs: list[dict]) -> int | None:
    """The T halfway between the largest measured within 1 s and the next larger that was not; None if they
    are close enough already."""
    low = max((r["tables"] for r in runs if under_a_second(r)), default=0)
    high = min((r["tables"] for r in runs if not under_a_second(r) and r["tables"] > low), default=None)
    return None if high is None or high - low <= 2 else (low + high) // 2


if __name__ == "__main__":
    main()
