"""Benchmark: the server's CPU time per tap at one five-phone table, measured in process (steady on a busy machine).

Usage: python -m benchmarks.bench_tap_cpu [--taps 200] [--rounds 3] [--started] [--panels] [--afresh]
       [--database sqlite|postgresql|URL]

bench_live.py measures the real server, but its wall-clock figures (and, less so, its CPU figures) suffer when
other programs share the machine. This measures `time.process_time()` of one Python process doing exactly the
server's work for each tap, through Flask's test client (no sockets, so the HTTP parsing a real server adds is
not counted): a phone's +1 wound (its answer is its own new panel), then the other five screens catching up,
either by re-fetching their panel (the polling fallback, and how every screen caught up before the stream
carried panels) or by the stream making their panel (`streams.panel_maker`, as each open stream does). The table
is in its setup (as bench_live.py's tables are: the display shows the setup forms), or with `--started` in its
first turn (rank cards entered, ranks dealt, the game started: the screens show the turn and its forms). Then the
CPU of one fresh seat panel beside one /healthz (`panel_and_healthz`, the in-process side of bench_live.py's 0.5x
target): fresh means the table's version has just moved on, by another phone's tap (what five of six screens
fetch after every tap) or by the phone's own. `--panels` measures only those. Prints markdown tables.

`--database postgresql` stores into a throwaway PostgreSQL cluster (Debian's `pg_virtualenv` runs the benchmark
beside one, as bench_live.py's), a fresh database per run, and adds the cluster's own CPU per tap (its backends,
over the same taps); `--database sqlite,postgresql` measures both in one go, so the split between the two stores is
read side by side.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import re
import statistics
import tempfile
import time

from benchmarks.measure import PROFILE, Databases, ServerProcesses
from companion.app import create_app
from companion.web import kept_parts

HX = {"HX-Request": "true", "Accept-Encoding": "gzip"}
VERSION = re.compile(r'id="panel"[^>]*data-version="(\d+)"')


AFRESH = {"every part": False}  # --afresh: no part of a screen kept (what web/kept_parts.py saves)


def new_app(database: str | None = None):
    """The app as the tests make it, on a fresh instance folder (its SQLite file, or `database`)."""
    config = {"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999"}
    if database:
        config["DATABASE"] = database
    instance = tempfile.TemporaryDirectory(prefix="bench-tap-cpu-")
    app = create_app(config, instance_path=instance.name)
    app.extensions["bench_instance"] = instance  # the folder is removed once the app is gone, or at exit
    if AFRESH["every part"]:
        app.jinja_env.globals["kept"] = kept_parts.rendered
    return app


def open_table(app):
    """A five-seat Chez Guevara table: its display (a test client) and five joined phones."""
    display = app.test_client()
    token = display.post("/tables", data={"game": "guevara", "seats": "5", "language": "en"}
                         ).headers["Location"].split("/")[2]
    phones = []
    for seat in range(1, 6):
        phone = app.test_client()
        phone.post(f"/t/{token}/join", data={"seat": seat, "name": f"P{seat}", "action_id": f"join-{seat}-abcdef"})
        phones.append(phone)
    return token, display, phones


def start_game(token, display) -> None:
    """Enter the rank cards, deal the ranks, choose a dealer and start: the table's first turn."""
    for number, action in enumerate([{"type": "set_profile", **PROFILE}, {"type": "deal_ranks"},
                                     {"type": "set_dealer", "seat": 4}, {"type": "start_game"}]):
        answer = display.post(f"/t/{token}/act", headers=HX,
                              data={**action, "action_id": f"start-{number}-abcdef", "view": "display"})
        assert answer.status_code == 200, (action, answer.status_code)


def stream_makers(app, token, display, phones):
    """What each screen's open stream calls to make its panel (None where the server cannot carry panels)."""
    try:
        from companion.web.streams import panel_maker
    except ImportError:
        return None
    from companion.web.common import table_or_404
    makers = []
    name = app.config["SESSION_COOKIE_NAME"]
    for client, view in [(display, "display")] + [(phone, "seat") for phone in phones]:
        cookies = "; ".join(f"{c.key}={c.value}" for c in client._cookies.values()) or \
            f"{name}={client.get_cookie(name).value}"
        with app.test_request_context(f"/t/{token}/live?view={view}", headers={"Cookie": cookies}):
            table = table_or_404(token)
            makers.append(panel_maker(app, table))
    return makers


def run(taps: int, mode: str, started: bool = False, database: str | None = None, beside=None) -> float:
    """CPU milliseconds per tap, for taps caught up by 'refetch' or by 'stream'; with `beside` (a list and the
    processes of the database's server), those processes' CPU milliseconds per tap over the same taps, and the
    statements sent to PostgreSQL per tap, are added to the list as a pair."""
    app = new_app(database)
    token, display, phones = open_table(app)
    if started:
        start_game(token, display)
    makers = stream_makers(app, token, display, phones) if mode == "stream" else None
    if mode == "stream" and makers is None:
        return float("nan")
    count = [0]

    def tap() -> None:
        count[0] += 1
        seat = count[0] % 5 + 1
        answer = phones[seat - 1].post(f"/t/{token}/act", headers=HX, data={
            "type": "adjust_wounds", "seat": seat, "delta": 1, "action_id": f"bench-{count[0]:08d}", "view": "seat"})
        assert answer.status_code == 200, answer.status_code
        body = answer.get_data()
        body = gzip.decompress(body) if answer.headers.get("Content-Encoding") == "gzip" else body
        version = int(VERSION.search(body.decode()).group(1))
        answer.close()
        if mode == "stream":
            for i, make in enumerate(makers):
                if i != seat:  # the tapping phone's stream brings a render its answer already made
                    assert make(version) is not None  # the version the tap's notification names
        else:
            for i, phone in enumerate(phones, start=1):
                if i != seat:
                    assert phone.get(f"/t/{token}/panel?view=seat", headers=HX).status_code == 200
            assert display.get(f"/t/{token}/panel?view=display", headers=HX).status_code == 200

    for _ in range(20):
        tap()
    server_started = sum(beside[1].cpu_times()) if beside else 0.0
    with counted_statements() as statements:
        started = time.process_time()
        for _ in range(taps):
            tap()
        spent = (time.process_time() - started) * 1000 / taps
    if beside:
        beside[0].append(((sum(beside[1].cpu_times()) - server_started) * 1000 / taps, statements[0] / taps))
    return spent


@contextlib.contextmanager
def counted_statements():
    """Count the statements this process sends to PostgreSQL meanwhile (each one a round trip)."""
    from companion.storage import postgres
    count, plain = [0], postgres.PgDatabase.execute

    def execute(self, *args, **kwargs):
        count[0] += 1
        return plain(self, *args, **kwargs)

    postgres.PgDatabase.execute = execute
    try:
        yield count
    finally:
        postgres.PgDatabase.execute = plain


def panel_and_healthz(requests: int = 200, started: bool = False) -> dict[str, float]:
    """CPU milliseconds per fresh seat panel and per /healthz, in process.

    A fresh panel is one a real table renders: the version has just moved on, so nothing kept for the old one
    answers. 'other': seat 1's panel right after another phone's +1 wound (its htmx answer, not counted, is the
    first render of that version, as at a real table; seat 1's own parts are unchanged), as five of six screens
    fetch after every tap. 'own': the tapping phone's panel right after its own tap (a plain post, answered with a
    redirect, so its own parts changed and the panel is the version's first render). Only the panel requests' CPU
    counts.
    """
    app = new_app()
    token, display, phones = open_table(app)
    if started:
        start_game(token, display)
    path, fresh = f"/t/{token}/panel?view=seat", {**HX, "Cache-Control": "no-cache"}
    taps = [0]

    def tap(phone, seat: int, headers: dict) -> None:
        taps[0] += 1
        answer = phone.post(f"/t/{token}/act", headers=headers, data={
            "type": "adjust_wounds", "seat": seat, "delta": 1, "action_id": f"fresh-{taps[0]:08d}", "view": "seat"})
        assert answer.status_code in (200, 303), answer.status_code

    def panel_after(i: int, own: bool) -> float:
        seat = i % 4 + 2  # seats 2 to 5 take turns tapping
        tapper = phones[seat - 1]
        tap(tapper, seat, {} if own else HX)
        reader = tapper if own else phones[0]
        started = time.process_time()
        assert reader.get(path, headers=fresh).status_code == 200
        return time.process_time() - started

    costs = {}
    for name, own in (("other", False), ("own", True)):
        for i in range(20):
            panel_after(i, own)
        costs[name] = sum(panel_after(i, own) for i in range(requests)) * 1000 / requests
    client = app.test_client()
    for _ in range(20):
        client.get("/healthz")
    started = time.process_time()
    for _ in range(requests):
        assert client.get("/healthz").status_code == 200
    costs["healthz"] = (time.process_time() - started) * 1000 / requests
    return costs


def split_by_database(args) -> None:
    """The in-process CPU per tap on each database named, runs taking turns between them (a busy machine then
    slows each alike), and PostgreSQL's own CPU per tap beside it."""

    choices = args.database.split(",")
    stores = {choice: Databases(choice) for choice in choices}
    head = ("| database | the other screens catch up by | CPU ms per tap in process (median) | runs "
            "| PostgreSQL's CPU ms per tap (median) | statements per tap |")
    lines = [head, "|---|---|---|---|---|---|"]
    try:
        for mode in ("refetch", "stream"):
            figures: dict[str, list[float]] = {choice: [] for choice in choices}
            server: dict[str, list[tuple[float, float]]] = {choice: [] for choice in choices}
            for _ in range(args.rounds):
                for choice, databases in stores.items():
                    pids = databases.server_pids()
                    beside = (server[choice], ServerProcesses(*pids)) if pids else None
                    figures[choice].append(run(args.taps, mode, args.started, databases.next(), beside))
            for choice in choices:
                shown = " / ".join(f"{f:.1f}" for f in figures[choice])
                own = f"{statistics.median(cpu for cpu, _ in server[choice]):.1f}" if server[choice] else "-"
                sent = f"{statistics.median(n for _, n in server[choice]):.1f}" if server[choice] else "-"
                lines.append(f"| {choice.split('@')[-1]} | {mode} | {statistics.median(figures[choice]):.1f} "
                             f"| {shown} | {own} | {sent} |")
    finally:
        for databases in stores.values():
            databases.close()
    print("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3, help="runs per way; the median is reported")
    parser.add_argument("--started", action="store_true", help="tap in the first turn of a started game")
    parser.add_argument("--panels", action="store_true", help="only the fresh panels and /healthz")
    parser.add_argument("--afresh", action="store_true",
                        help="render every part of a screen afresh: what keeping parts (web/kept_parts.py) saves")
    parser.add_argument("--database", default=None,
                        help="sqlite, postgresql (a throwaway cluster), a postgresql:// "
                             "address, or several separated by commas (e.g. sqlite,postgresql)")
    args = parser.parse_args()
    AFRESH["every part"] = args.afresh
    if args.database:
        split_by_database(args)
        return
    lines = [] if args.panels else ["| the other screens catch up by | CPU ms per tap (median of runs) | runs |",
                                    "|---|---|---|"]
    for mode in () if args.panels else ("refetch", "stream"):
        figures = [run(args.taps, mode, args.started) for _ in range(args.rounds)]
        shown = " / ".join(f"{f:.1f}" for f in figures)
        lines.append(f"| {mode} | {statistics.median(figures):.1f} | {shown} |")
    panels = [panel_and_healthz(started=args.started) for _ in range(args.rounds)]
    healthz = statistics.median(p["healthz"] for p in panels)
    lines += [""] if lines else []
    lines += ["| fresh seat panel (the version just moved on) | CPU ms (median of runs) | runs | /healthz ÷ panel |",
              "|---|---|---|---|"]
    for name, what in (("other", "after another phone's tap (5 of 6 screens)"), ("own", "the tapping phone's own")):
        figures = [p[name] for p in panels]
        shown = " / ".join(f"{f:.2f}" for f in figures)
        median = statistics.median(figures)
        lines.append(f"| {what} | {median:.2f} | {shown} | {healthz / median:.2f}x |")
    shown = " / ".join(f"{p['healthz']:.2f}" for p in panels)
    lines.append(f"| /healthz | {healthz:.2f} | {shown} | |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
