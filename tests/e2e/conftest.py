"""Browser fixtures: the real server and Chromium; a missing Chromium skips, or fails where required."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.testing.real_server import Server
from tests.helpers.chromium import LAN_HOST, find_chromium, launch, slowing_keep_awake
from tests.helpers.language_scan import RECORDER

REQUIRED = os.environ.get("COMPANION_REQUIRE_BROWSER") == "1"


def pytest_collection_modifyitems(config, items):
    """Mark every test here as e2e."""
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Every page a passing test showed, read in German and Russian: it fails on what a reader should not see."""
    RECORDER.begin(item.nodeid)
    try:
        result = yield
    except BaseException:
        RECORDER.finish()
        raise
    found = RECORDER.finish()
    if found:
        pytest.fail("German or Russian pages show what they should not (#33):\n" + "\n".join(found), False)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test says what each of its pages showed then (its panel's version, the connection badge)
    and its server's errors: a wait that ran out under load is told apart from a change that never came."""
    report = yield
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if call.when == "call" and report.failed and browser is not None:
        report.sections.append(("pages when it failed", _pages_now(browser)))
        for name in ("server", "file_server", "served", "two_processes", "lan_server", "file_lan_server"):
            log = getattr(getattr(item.funcargs.get(name), "log", None), "name", None)
            text = Path(log).read_text(errors="replace") if log else ""
            if "Traceback" in text:
                report.sections.append((f"{name}'s log from its first error", text[text.index("Traceback"):][-5000:]))
    return report


def _pages_now(browser) -> str:
    """Every open page: its address, the version its panel shows, its connection badge, what is on its way."""
    lines = []
    for number, context in enumerate(browser.contexts):
        for page in context.pages:
            try:
                shown = page.evaluate("""() => [document.getElementById("panel")?.dataset.version,
                    document.getElementById("conn")?.dataset.state,
                    document.querySelectorAll(".htmx-request").length]""")
            except Exception as error:  # noqa: BLE001 - a page that cannot answer is worth saying so too
                shown = f"no answer: {error}"
            lines.append(f"context {number}: {page.url} version, badge, requests on their way: {shown}")
    return "\n".join(lines)


def _required_or_skip(message: str):
    """Fail where CI requires every browser test to run, else skip with the reason."""
    if REQUIRED:
        pytest.fail(message)
    pytest.skip(message)


def _chromium(full: bool) -> str:
    """The headless shell, or with `full` the full browser; missing, the test skips (or fails where required)."""
    path = find_chromium(full=full)
    if path is None:
        package = "chromium" if full else "chromium-headless-shell (or chromium)"
        _required_or_skip(f"Chromium not found: install it (Debian/Ubuntu: apt-get install {package}) "
                          "to run browser tests")
    return path


@pytest.fixture(scope="session")
def chromium_path():
    """Debian's Chromium headless shell (else its full Chromium); without either the browser tests skip (CI sets
    COMPANION_REQUIRE_BROWSER=1 to fail)."""
    return _chromium(full=False)


@pytest.fixture(scope="session")
def playwright_driver():
    """Playwright's driver for the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _required_or_skip("playwright is not installed: pip install '.[test]'")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def session_browser(playwright_driver, chromium_path):
    """One headless Chromium for the session, driven by Playwright."""
    browser = launch(playwright_driver.chromium, chromium_path)
    slowing_keep_awake(browser)
    RECORDER.watch(browser)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def full_session_browser(playwright_driver):
    """Debian's full Chromium, headless, started the first time a test marked `full_browser` asks for it."""
    browser = launch(playwright_driver.chromium, _chromium(full=True))
    RECORDER.watch(browser)
    yield browser
    browser.close()


@pytest.fixture
def browser(request):
    """The session's Chromium (the full browser for a test marked `full_browser`); the pages a test opened are
    closed after it (left open, they kept polling their stopped servers and slowed every later test)."""
    full = request.node.get_closest_marker("full_browser") is not None
    chosen = request.getfixturevalue("full_session_browser" if full else "session_browser")
    yield chosen
    for context in chosen.contexts:
        context.close()


@pytest.fixture
def server(tmp_path):
    """The real server on a free loopback port with its own instance folder."""
    running = Server(tmp_path / "instance").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def file_server(tmp_path_factory):
    """The real server shared by a file's tests, each of which opens tables of its own on it (a server's start and
    its first renders are paid once per file)."""
    running = Server(tmp_path_factory.mktemp("file-server") / "instance").start()
    yield running
    running.stop()


SERVINGS = [("sqlite", 1), ("sqlite", 2), ("postgresql", 2)]


def _serving(request, tmp_path, database: str, workers: int):
    """The real server on `workers` processes behind one port, on SQLite or a fresh PostgreSQL database."""
    address = request.getfixturevalue("postgres").fresh_database() if database == "postgresql" else None
    return Server(tmp_path / "instance", workers=workers, database=address).start()


@pytest.fixture(params=SERVINGS, ids=[f"{db}-{n}proc" for db, n in SERVINGS])
def served(request, tmp_path):
    """The real server as one process on SQLite, and as two processes behind one port on SQLite and on a real
    PostgreSQL (a fresh database of the session's throwaway cluster)."""
    running = _serving(request, tmp_path, *request.param)
    yield running
    running.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def two_processes(request, tmp_path):
    """The real server as two processes behind one port, on SQLite and on a real PostgreSQL."""
    running = _serving(request, tmp_path, request.param, 2)
    yield running
    running.stop()


@pytest.fixture
def lan_server(tmp_path):
    """The real server opened as phones at a table open it: a LAN host name over plain HTTP, not a secure context.

    Chromium maps the name to 127.0.0.1 (see chromium.LAN_HOST), so this is still loopback traffic only; the
    display's QR code carries the LAN address, so phones that scan it land there too.
    """
    running = Server(tmp_path / "instance", host_name=LAN_HOST).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def file_lan_server(tmp_path_factory):
    """The server opened as phones at a table open it (see lan_server), shared by a file's tests, each of which opens
    tables of its own on it."""
    running = Server(tmp_path_factory.mktemp("file-lan-server") / "instance", host_name=LAN_HOST).start()
    yield running
    running.stop()
