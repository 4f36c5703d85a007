"""Every reader (issue 13 item 5): axe-core finds no serious or critical violation on any page, in English, German
and Russian, light and dark; live changes are spoken, focus survives a refresh, the race says what its colours
mean, and every control of a phone's seat is a thumb's size.

axe-core comes bundled with the `axe-playwright-python` package (nothing is fetched at run time); it is put into
each page once and run there. One browser context per screen and language visits every page; the dark theme is the
same page with the system's colour scheme switched, so only the colour rules run again there.
"""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python
import pytest
from playwright.sync_api import expect

from harness import DISPLAY, PHONE
from test_first_screen import COOK, GEEK, GUEVARA, JOBS, RANKS, SIESTA, api

AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
SERIOUS = {"serious", "critical"}
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
WAIT_MS = 5000
LANGUAGES = ("en", "de", "ru")
TOUCH_PX = 44
DARK_BACKGROUND = "rgb(18, 19, 17)"  # app.css --bg in the dark theme


def settle(page) -> None:
    """Wait until no request of the page is under way (a refresh in flight may be swapping the panel)."""
    for _try in range(100):
        if page.evaluate("document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling') === null"):
            return
        page.wait_for_timeout(50)


def violations(page, where: str, only: list[str] | None = None, scope: str | None = None) -> list[str]:
    """The serious and critical axe-core violations of the page (or of one part of it), one line each."""
    settle(page)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE)
    options = {"resultTypes": ["violations"]}
    if only:
        options["runOnly"] = {"type": "rule", "values": only}
    found = page.evaluate("([scope, options]) => axe.run(scope ? document.querySelector(scope) : document, options)",
                          [scope, options])
    return [f"{where}: {v['id']} ({v['impact']}) {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
            f" {v['nodes'][0].get('failureSummary', '')[:200]!r}"
            for v in found["violations"] if v["impact"] in SERIOUS]


def both_themes(page, where: str, scope: str | None = None) -> list[str]:
    """Every rule in the light theme, then the colour rules again in the dark one."""
    page.emulate_media(color_scheme="light")
    found = violations(page, f"{where} light", scope=scope)
    page.emulate_media(color_scheme="dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_BACKGROUND, where
    found += violations(page, f"{where} dark", only=COLOUR_RULES, scope=scope)
    page.emulate_media(color_scheme="light")
    return found


def visit(page, url: str, where: str) -> list[str]:
    """Open a page and check it in both themes."""
    page.goto(url)
    return both_themes(page, where)


class Table:
    """A three-seat table opened through the API, played by its display's key."""

    def __init__(self, server, game: str, lang: str):
        made = api(server, "/api/tables", {"game": game, "seats": 3, "language": lang})
        self.server, self.token, self.key, self.join_url = server, made["token"], made["display_key"], made["join_url"]

    def act(self, type, seat=None, **args):
        """One action, as the display."""
        return api(self.server, f"/t/{self.token}/actions", {"type": type, "seat": seat, "args": args}, self.key)

    def set_up(self, game: str) -> None:
        """Ranks or jobs for everyone, seat 3 deals, the game starts with seat 1."""
        if game == "guevara":
            self.act("set_profile", **RANKS)
            for seat in (1, 2, 3):
                self.act("set_rank", seat, rank="private")
        else:
            self.act("set_job_profile", jobs=JOBS)
            for seat, job in ((1, "slacker"), (2, "temp"), (3, "drummer")):
                self.act("set_job", seat, job=job)
        self.act("set_dealer", 3)
        self.act("start_game")

    @property
    def display_url(self) -> str:
        return f"{self.server.url}/t/{self.token}/display?key={self.key}"


def take_seat(page, url: str, seat: int, name: str) -> None:
    """The phone takes a seat through the join page."""
    page.goto(url)
    page.check(f"input[name=seat][value='{seat}']")
    page.fill("#name", name)
    page.locator("#name").locator("xpath=ancestor::form").locator("button[type=submit]").click()
    expect(page.get_by_test_id("my-total")).to_be_visible()


def every_phase(table: Table, phases, ana, ben, where: str) -> list[str]:
    """Ana's seat in each phase of her turn, and Ben's while Ana's Activity waits for answers."""
    found = []
    for i, phase in enumerate(phases):
        if i:
            table.act("advance", 1, phase=phases[i - 1], turn=1)
        expect(ana.get_by_test_id("turn-phase")).to_have_attribute("data-phase", phase, timeout=WAIT_MS)
        if phase == "call":
            table.act("play_card", 1, cards=[COOK])
        if phase == "freetime":
            table.act("play_card", 1, cards=[SIESTA])
            expect(ben.get_by_test_id("window")).to_be_visible(timeout=WAIT_MS)
            expect(ana.get_by_test_id("window")).to_be_visible(timeout=WAIT_MS)
            found += both_themes(ben, f"{where} seat off turn, cancel window")
        found += both_themes(ana, f"{where} seat, phase {phase}", scope=None if i == 0 else "#panel")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_violation_on_any_page_in_either_theme(browser, server, lang):
    phone, display = ({**device, "locale": lang} for device in (PHONE, DISPLAY))
    ana, ben, screen = browser.new_context(**phone).new_page(), browser.new_context(**phone).new_page(), \
        browser.new_context(**display).new_page()
    found = visit(screen, server.url + "/", f"{lang} front page")
    guevara = Table(server, "guevara", lang)
    found += visit(ben, guevara.join_url, f"{lang} join")
    take_seat(ben, guevara.join_url, 2, "Ben")
    take_seat(ana, guevara.join_url, 1, "Ana")
    found += visit(screen, guevara.display_url, f"{lang} display, setting up")
    guevara.set_up("guevara")
    found += every_phase(guevara, GUEVARA, ana, ben, f"{lang} Chez Guevara")
    found += visit(screen, guevara.display_url, f"{lang} display, playing")
    geek = Table(server, "geek", lang)
    take_seat(ben, geek.join_url, 2, "Ben")
    take_seat(ana, geek.join_url, 1, "Ana")
    geek.set_up("geek")
    found += every_phase(geek, GEEK, ana, ben, f"{lang} Chez Geek")
    found += visit(ben, server.url + "/rules?q=raid", f"{lang} rules search")
    found += visit(ben, server.url + "/rules/guevara.raid.roll", f"{lang} rules section")
    finished = Table(server, "guevara", lang)
    for seat, name in ((1, "Ana"), (2, "Ben")):
        api(server, f"/t/{finished.token}/join.json", {"seat": seat, "name": name})
    finished.act("adjust_wounds", 2, delta=1)
    finished.act("adjust_slack", 1, delta=17)
    found += visit(screen, f"{server.url}/t/{finished.token}/story", f"{lang} story")
    found += visit(screen, server.url + "/games", f"{lang} archive")
    assert not found, "\n".join(found)
