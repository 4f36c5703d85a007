"""python -m companion serve: the app on waitress, with the LAN address and a QR code in the terminal."""

from __future__ import annotations

import argparse
import importlib.util
import signal
import sys
from pathlib import Path
from urllib.parse import urlsplit

# sqlite-utils maps NumPy's number types when it can import NumPy: 0.08 CPU-s at every server start (and each
# worker's), for values this app never stores. NumPy is kept from it while it loads, and stays importable.
if "sqlite_utils" not in sys.modules and "numpy" not in sys.modules:
    sys.modules["numpy"] = None  # type: ignore[assignment]
    try:
        import sqlite_utils  # noqa: F401
    finally:
        del sys.modules["numpy"]

from .app import create_app, load_host_key  # noqa: E402
from .knowledge import photo_readers  # noqa: E402
from .serve import netaddr, qr, startup, workers  # noqa: E402
from .serve.server import make_server  # noqa: E402
from .serve.shares import AddressShares  # noqa: E402
from .service.database import connections  # noqa: E402
from .web.views.card_names import PHOTO_BYTES, PHOTO_PATH, PHOTO_TOO_SLOW_PATH  # noqa: E402

REQUEST_THREADS = 8
# Connections waitress accepts besides live streams: each screen keeps one open for its taps and re-fetches.
OTHER_CONNECTIONS = 100
# The largest body any route takes (a card photo; the others refuse more than 16 KiB themselves): waitress refuses
# a larger one by passing it to the app without its body, which answers as the route does.
MAX_BODY = PHOTO_BYTES + 1  # waitress refuses a body of max_request_body_size bytes or more
# How often a thread rendering a panel lets go of Python's lock for a waiting one (a tap back from the database, a
# stream's send): 1 ms instead of Python's 5 halves a tap's p95 at a busy server, for 2-3% more CPU per tap.
GIL_SWITCH_SECONDS = 0.001


def port_number(text: str) -> int:
    """A TCP port a server may listen on: 1 to 65535."""
    port = whole_number(text, least=1)
    if port > 65535:
        raise argparse.ArgumentTypeError(f"{port} is no port: choose one from 1 to 65535")
    return port


def whole_number(text: str, least: int = 0) -> int:
    """A whole number of at least `least`."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < least:
        raise argparse.ArgumentTypeError(f"{number} is too small: at least {least}")
    return number


def at_least_one(text: str) -> int:
    """A whole number of at least 1."""
    return whole_number(text, least=1)


def seconds(text: str) -> float:
    """A time in seconds, more than none."""
    value = finite(text, "seconds")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} seconds: give a time of more than 0 seconds")
    return value


def hours(text: str) -> float:
    """A number of hours, 0 or more."""
    value = finite(text, "hours")
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"{text} hours: give 0 or more")
    return value


def finite(text: str, unit: str) -> float:
    """A finite number of `unit`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of {unit}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"{text} {unit}: give a number")
    return value


def public_url(text: str) -> str:
    """An address phones can open: http:// or https:// and a host."""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address phones can open: give it as http://NAME:PORT")
    return text


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: `serve` and its options."""
    parser = argparse.ArgumentParser(prog="companion", description="Chez Companion, the table companion.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the companion for the table")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    serve.add_argument("--port", type=port_number, default=5000, help="port to listen on (default: 5000)")
    serve.add_argument("--instance", default="instance", help="folder for the database and secret key")
    serve.add_argument("--public-url", type=public_url, default=None,
                       help="the address phones use, e.g. behind a proxy (default: this machine's LAN address)")
    serve.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                       help="a name browsers may reach the server by besides the public URL's, this machine's "
                            "addresses and localhost (repeatable); any other Host is refused")
    serve.add_argument("--max-live", type=at_least_one, default=96,
                       help="live connections (phones and displays) held open at once; each holds a thread")
    serve.add_argument("--max-live-per-client", type=at_least_one, default=16,
                       help="live connections one client address may hold (default: 16)")
    serve.add_argument("--max-connections-per-client", type=at_least_one, default=32,
                       help="connections one client address may hold open, live ones included (default: 32)")
    serve.add_argument("--request-timeout", type=seconds, default=5.0,
                       help="seconds a connection has to send a whole request before it is closed (default: 5)")
    serve.add_argument("--keepalive-timeout", type=seconds, default=15.0,
                       help="seconds a connection may stay silent after an answer before it is closed; live streams "
                            "are never idle (default: 15)")
    serve.add_argument("--new-tables-per-hour", type=whole_number, default=60,
                       help="tables one address may open in an hour (default: 60; 0: no limit)")
    serve.add_argument("--unstarted-table-hours", type=hours, default=24.0,
                       help="delete a table that never started a game after this many idle hours "
                            "(default: 24; 0: never)")
    serve.add_argument("--workers", type=at_least_one, default=workers.default_count(),
                       help="server processes sharing the port, each with its own threads and live places; an "
                            "address's connections count against its share in all of them together (default: one "
                            "per core; on Windows always 1)")
    serve.add_argument("--photo-readers", type=at_least_one, default=None,
                       help="card photos read at once, each by a process of its own at a low priority (default: one "
                            "per core but one, at least one)")
    serve.add_argument("--photo-waiting", type=whole_number, default=None,
                       help="card photos that may wait for a reader; any more are told to try again in a moment "
                            "(default: two per reader)")
    serve.add_argument("--worker-timeout", type=seconds, default=workers.HEARTBEAT_TIMEOUT,
                       help="seconds a server process may go without its heartbeat before it is killed and replaced "
                            f"(default: {workers.HEARTBEAT_TIMEOUT:g})")
    serve.add_argument("--graceful-timeout", type=seconds, default=workers.GRACEFUL_SECONDS,
                       help="seconds the server processes have to finish at a stop before they are killed "
                            f"(default: {workers.GRACEFUL_SECONDS:g})")
    serve.add_argument("--photo-seconds", type=seconds, default=photo_readers.READING_SECONDS,
                       help="seconds a card photo may take to be read (waiting for a reader included) before the "
                            f"phone is told and its reading stopped (default: {photo_readers.READING_SECONDS:g})")
    serve.add_argument("--debug", action="store_true",
                       help="show the full traceback of an error at start instead of the one line that explains it")
    serve.add_argument("--database", default=None,
                       help="a PostgreSQL server, postgresql://user:password@host/name, shared by several machines "
                            "(default: an SQLite file in the instance folder)")
    return parser.parse_args(argv)


def serve(args: argparse.Namespace) -> None:
    """Run the production server until Ctrl-C or SIGTERM: one process, or `--workers` on one shared socket."""
    instance = Path(args.instance).resolve()
    config = {"PUBLIC_URL": args.public_url, "LISTEN_HOST": args.host, "ALLOWED_HOSTS": tuple(args.allowed_host),
              "MAX_LIVE_STREAMS": args.max_live, "MAX_LIVE_STREAMS_PER_CLIENT": args.max_live_per_client,
              "NEW_TABLES_PER_HOUR": args.new_tables_per_hour, "UNSTARTED_TABLE_HOURS": args.unstarted_table_hours,
              "PHOTO_READERS": args.photo_readers, "PHOTO_WAITING": args.photo_waiting,
              "PHOTO_SECONDS": args.photo_seconds}
    if args.database:
        if importlib.util.find_spec("psycopg_pool") is None:
            sys.exit("--database needs psycopg 3 and its pool: pip install 'chez-companion[postgresql]' "
                     "(from a checkout: pip install '.[postgresql]')")
        config["DATABASE"] = args.database
    count = max(1, args.workers) if workers.can_fork() else 1
    if count == 1:
        app = create_app(config, instance_path=str(instance))
        server = _server(app, args)
        _announce(args, server.effective_port, instance, count)
        _run(app, server)
        return
    # The parent makes the instance folder, the secret key and the schema once, so the workers share them.
    config["SECRET_KEY"] = create_app(config, instance_path=str(instance)).config["SECRET_KEY"]
    sock = workers.listening_socket(args.host, args.port)
    shares = _shares(args, count)
    _announce(args, sock.getsockname()[1], instance, count)

    def worker(number: int, beat) -> None:
        shares.as_worker(number)
        app = create_app(config, instance_path=str(instance))
        _run(app, _server(app, args, sock, shares, beat), say_stopped=False)

    try:
        halted = workers.supervise(count, worker, timeout=args.worker_timeout, graceful=args.graceful_timeout,
                                   describe=lambda error: _explain(error, args), debug=args.debug)
    finally:
        sock.close()
    if halted:
        sys.exit(f"The server stopped: its processes could not start. {halted}")
    print("Stopped.", flush=True)


def _shares(args: argparse.Namespace, count: int) -> AddressShares:
    """The count of each address's connections for `count` server processes."""
    # Every connection a process can hold at once (its live streams and the others) may come from another address.
    return AddressShares(args.max_connections_per_client, count, count * (2 * args.max_live + OTHER_CONNECTIONS))


def _server(app, args: argparse.Namespace, sock=None, shares: AddressShares | None = None, beat=None):
    """The guarded waitress server for one process, on its own socket or on the workers' shared one (counting each
    address's connections with theirs, and beating its heartbeat for the supervisor)."""
    # Each screen holds two connections: its live stream, which the limit leaves out, and the kept-alive one its
    # taps and fetches reuse, which it counts, with room to spare. When it is reached, the connection idle longest
    # makes room for the new one.
    others = args.max_live + OTHER_CONNECTIONS
    # channel_request_lookahead keeps reading while a stream runs, so a phone that went away is noticed;
    # channel_timeout still closes a connection whose client stopped reading its answer.
    return make_server(app, per_client=args.max_connections_per_client, request_timeout=args.request_timeout,
                       keepalive_timeout=args.keepalive_timeout,
                       shares=shares if shares is not None else _shares(args, 1),
                       streaming=app.extensions["play"].hub.places.taken, host=args.host, port=args.port, sock=sock,
                       slow_bodies=PHOTO_PATH, slow_body_answer=PHOTO_TOO_SLOW_PATH,
                       threads=args.max_live + REQUEST_THREADS, connection_limit=others, channel_timeout=120,
                       channel_request_lookahead=1, max_request_body_size=MAX_BODY, ident="companion", beat=beat)


def _announce(args: argparse.Namespace, port: int, instance: Path, count: int) -> None:
    """Tell the person at the laptop where phones and the display go."""
    lan = netaddr.choose_lan_address(netaddr.interface_addresses())
    base, loopback_only = netaddr.public_base(args.public_url, args.host, port, lan)
    address = base + "/"
    host_link = f"{base}/host?key={load_host_key(instance)}"
    # Like a notebook server's token link: whoever opens it is the host, who alone changes the shared decks.
    print(f"Chez Companion is running. On this computer, open the table display at:\n\n    {host_link}\n\n"
          "That link makes this browser the server's host (it decides what every table learns of the cards); "
          f"keep it to yourself. Phones and other screens open:\n\n    {address}\n", flush=True)
    print(qr.terminal(address), flush=True)
    if loopback_only and args.public_url:
        print("Warning: the --public-url given is this computer's own address; phones cannot join by it. "
              "Give the name or address phones reach this computer by.", flush=True)
    elif loopback_only:
        print("Warning: only this computer can reach that address; phones cannot join. "
              "Connect to the Wi-Fi, listen on every interface (--host 0.0.0.0) or pass --public-url.", flush=True)
    data = "PostgreSQL" if args.database else str(instance)
    print(f"Data: {data}. Server processes: {count}. Stop with Ctrl-C.", flush=True)


def _run(app, server, say_stopped: bool = True) -> None:
    """Serve until Ctrl-C or SIGTERM (a worker leaves "Stopped." to the process that started it)."""
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    hub = app.extensions["play"].hub

    def stop(signum, frame):
        # Wake the live streams first: waitress waits for busy threads before it exits.
        hub.shutdown()
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        photo_readers.close_all()
        connections.close()
        if say_stopped:
            print("Stopped.", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `companion` command."""
    args = parse_args(argv)
    if args.command == "serve":
        try:
            serve(args)
        except Exception as error:
            line = _explain(error, args)
            if line is None or args.debug:
                raise
            print(f"The server cannot start: {line}", file=sys.stderr, flush=True)
            return 1
    return 0


def _explain(error: BaseException, args: argparse.Namespace) -> str | None:
    """The one line a host can act on for an error at start (companion.serve.startup), or None."""
    return startup.explain(error, instance=Path(args.instance).resolve(), database=args.database, host=args.host,
                           port=args.port)


if __name__ == "__main__":
    sys.exit(main())
