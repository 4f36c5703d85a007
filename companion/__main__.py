"""python -m companion serve: the app on waitress, with the LAN address and a QR code in the terminal."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from . import create_app, netaddr, qr

REQUEST_THREADS = 8
# select() cannot watch descriptors past 1024; poll() can, but measured slower, so it is used only when needed.
SELECT_LIMIT = 800


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: `serve` and its options."""
    parser = argparse.ArgumentParser(prog="companion", description="Chez Companion, the table companion.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the companion for the table")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    serve.add_argument("--port", type=int, default=5000, help="port to listen on (default: 5000)")
    serve.add_argument("--instance", default="instance", help="folder for the database and secret key")
    serve.add_argument("--public-url", default=None,
                       help="the address phones use, e.g. behind a proxy (default: this machine's LAN address)")
    serve.add_argument("--max-live", type=int, default=96,
                       help="live connections (phones and displays) held open at once; each holds a thread")
    return parser.parse_args(argv)


def serve(args: argparse.Namespace) -> None:
    """Run the production server until Ctrl-C or SIGTERM."""
    from waitress.server import create_server

    instance = Path(args.instance).resolve()
    app = create_app({"PUBLIC_URL": args.public_url, "LISTEN_HOST": args.host, "MAX_LIVE_STREAMS": args.max_live},
                     instance_path=str(instance))
    # Each screen holds two connections: its live stream and the kept-alive one its taps and fetches reuse.
    connections = 2 * args.max_live + 100
    server = create_server(app, host=args.host, port=args.port, threads=args.max_live + REQUEST_THREADS,
                           connection_limit=connections, channel_timeout=120, ident="companion",
                           asyncore_use_poll=connections > SELECT_LIMIT)
    lan = netaddr.choose_lan_address(netaddr.interface_addresses())
    base, loopback_only = netaddr.public_base(args.public_url, args.host, server.effective_port, lan)
    address = base + "/"
    print(f"Chez Companion is running. Open the table display at:\n\n    {address}\n", flush=True)
    print(qr.terminal(address), flush=True)
    if loopback_only:
        print("Warning: only this computer can reach that address; phones cannot join. "
              "Connect to the Wi-Fi, listen on every interface (--host 0.0.0.0) or pass --public-url.", flush=True)
    print(f"Data: {instance}. Stop with Ctrl-C.", flush=True)

    def stop(signum, frame):
        # Wake the live streams first: waitress waits for busy threads before it exits.
        app.extensions["play"].hub.shutdown()
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        print("Stopped.", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `companion` command."""
    args = parse_args(argv)
    if args.command == "serve":
        serve(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
