"""Benchmark: a table that plays rematches all evening — undo, export, story and taps as its log grows.

Usage: python -m benchmarks.bench_long_game [--events 100 1000 5000] [--samples 5] [--json]
(the defaults take about a minute with today's code)

It starts `python -m companion serve` on 127.0.0.1 with a fresh instance folder (a real SQLite file) and
grows one Chez Guevara table through the JSON API with the display's key: Slack and wounds up and down, dice,
an undo and a redo now and then, and every 400 events a win and a rematch, so the log holds many finished
games. At each size in --events (the table's log version) it measures, as medians of --samples requests:

- undo: an undo and its redo (each timed on its own), the first undo forcing the longest replay;
- log page: the display's `/t/<token>/log`, the first after a change and again unchanged;
- export: the display's export.json, the first after a change and again unchanged;
- story: the page of the newest finished game, the first after a change, again unchanged, and after an undo and
  its redo in the game now played;
- front page: `/` the first time after a change (it reads the archive of finished games);
- tap: +1 Slack then -1 Slack at this table, against the same taps at a table of a dozen events.

Everything talks to 127.0.0.1 only. Output: a markdown table (or JSON with --json).
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import time
import urllib.parse

import psutil

from benchmarks.measure import served

GAME_EVERY = 400  # events per game before someone is pushed to the goal and a rematch starts
TARGET_MS = {"undo": 50, "redo": 50, "log page (first)": 50, "log page (again)": 50, "export (first)": 50,
             "export (again)": 50, "story (first)": 50, "story (again)": 50, "story (after an undo)": 50}
TAP_TOLERANCE_MS = 2  # "as fast as at a new table": within this of the fresh table's median


class Client:
    """One keep-alive connection to the server, acting with a table's display key; its cookie makes it the display
    of the tables it opened, whose finished games the front page and the stories show only to it."""

    def __init__(self, port: int, server_pid: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookie = ""
        self.server = psutil.Process(server_pid)
        self.cpu_ms = 0.0  # the server's CPU time for the last timed request

    def server_cpu(self) -> float:
        """Milliseconds of CPU the server process has used so far (counted in the kernel's ticks, 10 ms here)."""
        times = self.server.cpu_times()
        return (times.user + times.system) * 1000

    def request(self, method: str, path: str, body: dict | None = None, key: str | None = None) -> tuple[int, bytes]:
        """Send one request and read the whole answer."""
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        if self.cookie:
            headers["Cookie"] = self.cookie
        self.connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = self.connection.getresponse()
        self.cookie = (response.getheader("Set-Cookie") or self.cookie).split(";")[0]
        return response.status, response.read()

    def timed(self, method: str, path: str, body: dict | None = None, key: str | None = None) -> float:
        """Milliseconds for one request, which must succeed."""
        cpu, started = self.server_cpu(), time.perf_counter()
        status, data = self.request(method, path, body, key)
        elapsed = (time.perf_counter() - started) * 1000
        self.cpu_ms = self.server_cpu() - cpu
        assert status in (200, 201), (path, status, data[:300])
        return elapsed


class Table:
    """A table opened through the API, and the taps that grow its log."""

    def __init__(self, client: Client):
        self.client = client
        _status, data = client.request("POST", "/api/tables", {"seats": 4, "game": "guevara"})
        created = json.loads(data)
        self.token, self.key = created["token"], created["display_key"]
        client.request("GET", f"/t/{self.token}/display?key={self.key}")  # this client is the table's display
        self.version, self.slack, self.games, self.taps = 1, {seat: 0 for seat in range(1, 5)}, 0, 0
        self.table_id = None

    def act(self, kind: str, seat: int | None = None, **args) -> dict:
        """One action as the display; returns the answer."""
        body = {"type": kind, "args": args, **({"seat": seat} if seat else {})}
        status, data = self.client.request("POST", f"/t/{self.token}/actions", body, self.key)
        assert status == 200, (kind, status, data[:300])
        answer = json.loads(data)
        self.version = answer["version"]
        return answer

    def tap(self) -> None:
        """One ordinary change; every GAME_EVERY events a seat reaches the goal and a rematch follows."""
        self.taps += 1
        seat = self.taps % 4 + 1
        if self.version // GAME_EVERY >= self.games:  # the first tap ends a short first game
            self.act("adjust_slack", seat, delta=20 - self.slack[seat])
            self.act("rematch")
            self.games, self.slack = self.games + 1, {s: 0 for s in self.slack}
        elif self.taps % 100 == 0:
            self.act("undo")
            self.act("redo")
        elif self.taps % 7 == 0:
            self.act("roll_die", seat, purpose="other")
        elif self.taps % 5 == 0:
            self.act("adjust_wounds", seat, delta=1)
            self.act("adjust_wounds", seat, delta=-1)
        else:
            delta = 1 if self.slack[seat] < 15 else -1
            self.act("adjust_slack", seat, delta=delta)
            self.slack[seat] += delta

    def grow_to(self, events: int) -> None:
        """Tap until the log holds at least `events` events."""
        while self.version < events:
            self.tap()

    def newest_story(self) -> str:
        """The address of the newest finished game's story."""
        self.client.connection.request("GET", f"/t/{self.token}/story", headers={"Cookie": self.client.cookie})
        response = self.client.connection.getresponse()
        response.read()
        assert response.status == 303, response.status
        return urllib.parse.urlsplit(response.getheader("Location")).path


def median(values: list[float]) -> float:
    """The median, rounded for the table."""
    return round(statistics.median(values), 1)


def measure(table: Table, fresh: Table, samples: int) -> dict[str, float]:
    """The figures at the table's current size: each request's median milliseconds, and (as "... CPU") the mean
    of the server's CPU time for it, which a machine busy with other work hardly changes."""
    client, token, key = table.client, table.token, table.key
    story = table.newest_story()
    figures: dict[str, list[float]] = {name: [] for name in (
        "undo", "redo", "log page (first)", "log page (again)", "export (first)", "export (again)", "story (first)",
        "story (again)", "story (after an undo)", "front page (first)", "tap here", "tap at a new table")}
    cpu: dict[str, list[float]] = {name: [] for name in figures}

    def timed(name: str, client: Client, *request, **options) -> None:
        figures[name].append(client.timed(*request, **options))
        cpu[name].append(client.cpu_ms)

    for _ in range(samples):
        timed("undo", client, "POST", f"/t/{token}/actions", {"type": "undo"}, key)
        timed("redo", client, "POST", f"/t/{token}/actions", {"type": "redo"}, key)
        timed("log page (first)", client, "GET", f"/t/{token}/log")
        timed("log page (again)", client, "GET", f"/t/{token}/log")
        timed("export (first)", client, "GET", f"/t/{token}/export.json", key=key)
        timed("export (again)", client, "GET", f"/t/{token}/export.json", key=key)
        timed("story (first)", client, "GET", story)
        timed("story (again)", client, "GET", story)
        table.act("undo")  # the last tap of the game now played, taken back and done again
        table.act("redo")
        timed("story (after an undo)", client, "GET", story)
        table.act("roll_die", 1, purpose="other")
        timed("front page (first)", client, "GET", "/")
        for place, name in ((table, "tap here"), (fresh, "tap at a new table")):
            for delta in (1, -1):
                body = {"type": "adjust_slack", "seat": 1, "args": {"delta": delta}}
                timed(name, client, "POST", f"/t/{place.token}/actions", body, place.key)
    return {**{name: median(values) for name, values in figures.items()},
            **{f"{name} CPU": round(sum(values) / len(values), 1) for name, values in cpu.items()}}


def run(sizes: list[int], samples: int) -> dict[str, dict[str, float]]:
    """Start the server, measure a new table (one short finished game), grow another through every size and
    measure at each; each column named by its table's size."""
    results = {}
    with served() as server:
        client = Client(server.port, server.process.pid)
        fresh, table = Table(client), Table(client)
        fresh.grow_to(12)  # its first tap ends a short first game: a story to read
        label = f"new table ({fresh.version} events at first)"  # measuring it adds events
        results[label] = measure(fresh, fresh, samples)
        for size in sorted(sizes):
            started = time.perf_counter()
            table.grow_to(size)
            grown = table.version
            print(f"grew to {grown} events in {time.perf_counter() - started:.1f} s", file=sys.stderr)
            results[f"{grown} events"] = measure(table, fresh, samples)
    return results


def markdown(results: dict[str, dict[str, float]]) -> str:
    """Two tables, one row per measurement and one column per table with the target: the median milliseconds of
    each request as a client waits for it, then the server's mean CPU milliseconds for it."""
    columns = list(results)
    out = []
    for heading, cpu in (("median ms", False), ("server CPU ms (mean)", True)):
        lines = [f"| {heading} | " + " | ".join(columns) + " | target |", "| --- |" + " --- |" * (len(columns) + 1)]
        for name in results[columns[0]]:
            if name.endswith(" CPU") != cpu:
                continue
            base = name.removesuffix(" CPU")
            target = TARGET_MS.get(base)
            target_text = f"≤ {target} ms" if target else ("as at a new table" if base == "tap here" else "")
            lines.append(f"| {base} | " + " | ".join(f"{results[column][name]:g}" for column in columns)
                         + f" | {target_text} |")
        out.append("\n".join(lines))
    return "\n\n".join(out)


def main() -> None:
    """Parse the options, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = run(args.events, args.samples)
    print(json.dumps(results, indent=1) if args.json else markdown(results))


if __name__ == "__main__":
    main()
