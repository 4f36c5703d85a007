"""Every page the browser suite shows, read again in German and Russian (#33).

The recorder watches the session's Chromium: each main-frame navigation's address is noted (only noted: an event
handler must not call Playwright back), and at safe moments (a page or context closing, the end of each test) the
addresses are fetched over loopback HTTP with the page's own cookies plus the language cookie set to de and ru, and
their text scanned for raw keys, English interface words and words the glossary forbids. The table is not changed:
the language cookie only changes who reads it.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from companion.web.i18n import LANG_COOKIE
from tests.helpers.chromium import LAN_HOST
from tests.helpers.page_words import avoided_words, english_words, raw_keys, visible_text

LANGS = ("de", "ru")
FETCH_TIMEOUT = 15
# The rules glossary lists every edition's name side by side, the English ones too, on purpose.
GLOSSARY = re.compile(r'(?s)<article\b[^>]*\bdata-section="glossary\.[^"]*"[^>]*>.*?</article>')


def fetch(url: str, cookies: dict[str, str], lang: str) -> str | None:
    """The page at `url` as the test's server renders it for these cookies in `lang`; None if it is not an HTML page
    of the companion on loopback (it sends X-Frame-Options DENY; another site a test serves does not) or the server
    is gone."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not (
        parts.hostname == LAN_HOST or (parts.hostname or "").startswith("127.")
    ):
        return None
    address = f"http://127.0.0.1:{parts.port or 80}{parts.path or '/'}" + (
        f"?{parts.query}" if parts.query else ""
    )
    jar = {**cookies, LANG_COOKIE: lang}
    request = urllib.request.Request(
        address, headers={"Host": parts.netloc, "Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())}
    )
    try:
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as response:
            headers, body = response.headers, response.read()
    except urllib.error.HTTPError as error:  # an error page is a page a player reads too
        headers, body = error.headers, error.read()
    except OSError:  # the test stopped its server (a restart, a crash test): nothing left to read
        return None
    if headers.get_content_type() != "text/html" or headers.get("X-Frame-Options") != "DENY":
        return None
    return body.decode("utf-8", "replace")


def problems(page: str, lang: str, typed: frozenset[str] = frozenset()) -> list[str]:
    """What a reader of `lang` should not see on this page (`typed`: words the players typed, shown as typed)."""
    text = visible_text(GLOSSARY.sub(" ", page))
    return (
        [f"raw key {word!r}" for word in raw_keys(text)]
        + [f"English {word!r}" for word in english_words(text, lang, typed)]
        + [f"not the glossary's word for {term}: {word!r}" for term, word in avoided_words(text, lang)]
    )


def address_of(parts) -> str:
    """The path and query of an address, as a finding names it."""
    return parts.path + (f"?{parts.query}" if parts.query else "")


@dataclass
class Recorder:
    """The page states of the browser suite, fetched in de and ru, and what was found on them."""

    test: str = ""
    pending: dict[int, list[str]] = field(default_factory=dict)  # context id -> addresses navigated to
    seen: set = field(default_factory=set)
    typed: set[str] = field(default_factory=set)  # words this test's players typed (a card the catalog lacks)
    scanned: dict[str, int] = field(default_factory=lambda: {lang: 0 for lang in LANGS})
    findings: list[str] = field(default_factory=list)
    browser: object = None

    def watch(self, browser) -> None:
        """Note every page of every context this browser makes from now on."""
        self.browser = browser
        new_context, new_page = browser.new_context, browser.new_page

        def watched_context(*args, **kwargs):
            context = new_context(*args, **kwargs)
            self._watch_context(context)
            return context

        def watched_page(*args, **kwargs):
            page = new_page(*args, **kwargs)
            self._watch_context(page.context)
            self._watch_page(page)
            return page

        browser.new_context, browser.new_page = watched_context, watched_page

    def _watch_context(self, context) -> None:
        if getattr(context, "_language_scan", False):
            return
        context._language_scan = True
        context.on("page", self._watch_page)
        close = context.close

        def closing(*args, **kwargs):
            self.snapshot(context)
            return close(*args, **kwargs)

        context.close = closing
        new_page = context.new_page

        def watched_page(*args, **kwargs):
            page = new_page(*args, **kwargs)
            self._watch_page(page)
            return page

        context.new_page = watched_page

    def _watch_page(self, page) -> None:
        if getattr(page, "_language_scan", False):
            return
        page._language_scan = True
        context = page.context
        page.on("framenavigated", lambda frame: self._navigated(context, frame))
        close = page.close

        def closing(*args, **kwargs):
            self.snapshot(context)
            return close(*args, **kwargs)

        page.close = closing
        fill = page.fill

        def filling(selector, value, *args, **kwargs):
            self.typed.update(re.findall(r"\w+", value))
            return fill(selector, value, *args, **kwargs)

        page.fill = filling

    def _navigated(self, context, frame) -> None:
        if frame.parent_frame is None:  # only properties here: no call back into Playwright from a handler
            self.pending.setdefault(id(context), []).append(frame.url)

    def snapshot(self, context) -> None:
        """Fetch and scan the addresses this context's pages went to and show now, with its cookies now."""
        from playwright.sync_api import Error  # only here: the recorder runs only where Playwright does

        addresses = self.pending.pop(id(context), [])
        try:
            addresses += [page.url for page in context.pages]
            cookies = context.cookies()
        except Error:  # closed already, or its browser is gone: its states were taken when it closed
            return
        for address in dict.fromkeys(addresses):
            parts = urlsplit(address)
            jar = {
                c["name"]: c["value"]
                for c in cookies
                if parts.hostname and parts.hostname.endswith(c["domain"].lstrip("."))
            }
            jar.pop(LANG_COOKIE, None)
            key = (parts.netloc, parts.path, parts.query, tuple(sorted(jar.items())))
            if key in self.seen:
                continue
            self.seen.add(key)
            for lang in LANGS:
                page = fetch(address, jar, lang)
                if page is None:
                    continue
                self.scanned[lang] += 1
                self.findings += [
                    f"{self.test} [{lang}] {address_of(parts)}: {found}"
                    for found in problems(page, lang, frozenset(self.typed))
                ]

    def begin(self, test: str) -> None:
        """A test starts: its findings are its own."""
        self.test, self.findings, self.typed = test, [], set()

    def finish(self) -> list[str]:
        """A test's call ended: take the states its open pages show, and return what was found on all of them."""
        if self.browser is not None:
            for context in list(self.browser.contexts):
                self.snapshot(context)
        self.pending.clear()
        found, self.findings = self.findings, []
        return found


RECORDER = Recorder()
