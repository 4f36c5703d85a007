"""What a phone costs Chromium: the machine's busy CPU time per browser context opened, shown a page, tapped, closed.

    python -m tests.e2e.phone_context_cost [--contexts 20] [--chromium PATH] [--join-page]

With `--join-page` each context opens a table's join page from a real server (started here, on loopback) instead
of a page of text: the cost of a new phone's first page, its scripts and styles included, the server's share too.

Every phone and display in the browser tests is a context of its own, so this is the floor of each one's cost.
Chromium is started as the tests start it (tests/helpers/chromium.py); `--chromium` names another build, e.g.
Debian's headless shell (/usr/lib/chromium/chromium-headless-shell). Run it on a quiet machine: the figure is
the whole machine's busy time, the driver's and this process's included. It measures the browser tests' own
Chromium, so it lives with them.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

from tests.helpers.chromium import PHONE, find_chromium, launch
from tests.helpers.lan_phones import Display
from tests.helpers.real_server import Server

PAGE = "<h1>Slack</h1><button>Tap</button><p>" + "word " * 200 + "</p>"


def machine_busy_seconds() -> float:
    """The CPU time every core of the machine has spent busy since boot, all processes."""
    spent = psutil.cpu_times()
    return sum(spent) - spent.idle - getattr(spent, "iowait", 0.0)


def one_phone(browser, join_url: str | None = None) -> None:
    """A phone-sized context with one page that is shown some text and tapped (or shown the join page), closed."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    if join_url:
        page.goto(join_url)
        page.wait_for_load_state("load")
    else:
        page.set_content(PAGE)
        page.click("button")
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contexts", type=int, default=20)
    parser.add_argument("--chromium", default=None, help="the Chromium executable (default: as the tests find it)")
    parser.add_argument("--join-page", action="store_true", help="open a real table's join page in each context")
    args = parser.parse_args()
    executable = args.chromium or find_chromium()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server(Path(folder) / "instance").start() if args.join_page else None
        join_url = Display(server).join_url if server else None
        browser = launch(playwright.chromium, executable)
        one_phone(browser, join_url)  # the first context also starts shared processes
        time.sleep(1)
        busy = machine_busy_seconds()
        for _ in range(args.contexts):
            one_phone(browser, join_url)
        time.sleep(1)  # what closing leaves to do
        spent, version = machine_busy_seconds() - busy, browser.version
        browser.close()
        if server:
            server.stop()
    shown = "a table's join page" if args.join_page else "a page of text"
    print(f"{executable} {version}: {spent / args.contexts:.3f} CPU-s per phone context shown {shown} "
          f"({args.contexts} contexts)")


if __name__ == "__main__":
    main()
