"""The German and Russian scan of the browser suite's pages can fail (#33): a page a phone passed through, whose German
render shows an English interface word and whose Russian render a word the glossary forbids to the player holding its
cookie, is reported with the test and address."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.helpers.chromium import PHONE
from tests.helpers.language_scan import RECORDER

PAGES = {
    "de": "<p>Rückgängig machen</p>",
    "ru": "<p>Отменить</p>",
    "en": "<p>Undo</p>",
}


class KnownBadPages(BaseHTTPRequestHandler):
    """A stand-in for the companion's pages (its X-Frame-Options header): /seat gives a seat cookie; /bad renders,
    for that seat only, an English button in the German page and «рейд» (the glossary says «налёт») in the Russian."""

    def do_GET(self):
        cookie = self.headers.get("Cookie") or ""
        lang = next((lang for lang in ("de", "ru") if f"lang={lang}" in cookie), "en")
        body = PAGES[lang]
        if self.path == "/bad" and "seat=ana" in cookie:
            body += {"de": "<button>Undo</button>", "ru": "<p>Рейд!</p>", "en": ""}[lang]
        self.send_response(200)
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Type", "text/html; charset=utf-8")
        if self.path == "/seat":
            self.send_header("Set-Cookie", "seat=ana; Path=/")
        self.end_headers()
        self.wfile.write(f"<html><body>{body}</body></html>".encode())

    def log_message(self, *args):
        pass


def test_an_english_word_on_a_german_page_a_phone_passed_through_is_reported(browser, request):
    pages = ThreadingHTTPServer(("127.0.0.1", 0), KnownBadPages)
    threading.Thread(target=pages.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{pages.server_address[1]}"
    try:
        page = browser.new_context(**PHONE).new_page()
        for path in ("/seat", "/bad", "/good"):  # /bad is only passed through: the phone ends on /good
            page.goto(base + path)
        found = RECORDER.finish()
    finally:
        pages.shutdown()
        pages.server_close()
    test = request.node.nodeid
    assert found == [
        f"{test} [de] /bad: English 'Undo'",
        f"{test} [ru] /bad: not the glossary's word for raid: 'Рейд'",
    ]
