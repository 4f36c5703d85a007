"""A three-seat Chez Guevara table on the LAN name: its display acting through the JSON API, and phones (each in
its player's language and size) taking their seats."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request

from playwright.sync_api import expect

from tests.helpers.browser_steps import BUZZ_RECORDER, take_seat
from tests.helpers.chromium import PHONE

PHONES = (("Ana", "ru", 320, 568), ("Ben", "de", 360, 640), ("Cleo", "en", 390, 844))


class Display:
    """The table's display acting through the JSON API (from this machine, on loopback)."""

    def __init__(self, server):
        self.server = server
        made = self.call("/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
        self.token, self.key, self.join_url = made["token"], made["display_key"], made["join_url"]

    def call(self, path, body, key=None):
        headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {key}"} if key else {})}
        request = urllib.request.Request(
            self.server.loopback_url + path, data=json.dumps(body).encode(), method="POST", headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as refused:
            raise AssertionError(f"{path} {body}: {refused.read().decode()}") from None

    def act(self, type, seat=None, **args):
        return self.call(f"/t/{self.token}/actions", {"type": type, "seat": seat, "args": args}, self.key)

    def act_as(self, phone, type, seat, **args):
        """An action a seat's own phone posts as its form does, with its cookie (a card let pass is the player's
        alone); the table's version after it, as `act` answers."""
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in phone.context.cookies())
        form = urllib.parse.urlencode({"type": type, "seat": seat, **args}).encode()
        posted = urllib.request.Request(f"{self.server.loopback_url}/t/{self.token}/act", data=form, method="POST",
                                        headers={"Cookie": cookie, "HX-Request": "true"})
        with urllib.request.urlopen(posted, timeout=10):
            pass
        return {"version": self.version()}

    def version(self) -> int:
        """The table's version now (its newest event's number)."""
        asked = urllib.request.Request(f"{self.server.loopback_url}/t/{self.token}/state.json",
                                       headers={"Authorization": f"Bearer {self.key}"})
        with urllib.request.urlopen(asked, timeout=10) as answer:
            return json.load(answer)["version"]

    def to_free_time(self, seat, turn):
        for phase in ("draw", "roll", "call"):
            self.act("advance", seat, phase=phase, turn=turn)


def sit_down(browser, url, seat, name, lang, width, height):
    """A phone in its player's language and size takes a seat."""
    page = browser.new_context(
        **{**PHONE, "viewport": {"width": width, "height": height}}, locale=lang
    ).new_page()
    page.add_init_script(BUZZ_RECORDER)  # headless Chromium has no motor: record what the page asks for
    take_seat(page, url, seat, name)
    expect(page.get_by_test_id("my-total")).to_be_visible()
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page


def seated_table(server, browser, ranks, profile):
    """A display and the three phones, seated with these ranks (seat 3 deals), the game started: seat 1 on turn."""
    display = Display(server)
    display.act("set_profile", **profile)
    for seat, rank in enumerate(ranks, 1):
        display.act("set_rank", seat, rank=rank)
    display.act("set_dealer", 3)
    phones = [
        sit_down(browser, display.join_url, seat, name, lang, width, height)
        for seat, (name, lang, width, height) in enumerate(PHONES, 1)
    ]
    display.act("start_game")
    return display, phones
