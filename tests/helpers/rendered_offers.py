"""The offers against the rendered panels: every offer has its control (or its withheld reason) on the page of
the seat or the display, and every control on the page serves an offer (issue 57, item 2).

A control says the offer it serves in `data-offer` (the `action` macro of `templates/macros/forms.html`), and
the seat it acts for in its `seat` field (hidden, or a choice of seats on the display); a withheld reason says its
option in `data-withheld` and its seat in `data-seat`. `PanelTable` keeps a real app's table on the same log as a
generated game's `GameTable`, so each state's panels are rendered by the app's own screens and templates.
"""

from __future__ import annotations

import secrets
from dataclasses import fields
from html.parser import HTMLParser
from typing import Any, NamedTuple

from flask import render_template

from companion.app import create_app
from companion.rules import DISPLAY, Offers, display_offers, offers
from companion.service import table_reads
from companion.storage import store
from companion.web.connection import get_db
from companion.web.panels import screen_for
from tests.helpers.game_table import GameTable

# Offers that are no control of their own: who the screen acts for, and the reasons (checked apart).
NOT_CONTROLS = frozenset({"acts_for", "withheld", "answers_awaited"})  # facts about the offers, not offers


class Mismatch(NamedTuple):
    """An offer without its control, or a control without its offer, on one screen."""

    screen: str
    offer: str
    seat: int | None
    detail: str


class _Controls(HTMLParser):
    """The (offer, seat) of every control and the (option, seat) of every withheld reason in a panel's HTML."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.controls: set[tuple[str, int | None]] = set()
        self.withheld: set[tuple[str, int | None]] = set()
        self._form: dict[str, Any] | None = None
        self._in_seat_choice = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if "data-withheld" in attr:
            self.withheld.add((attr["data-withheld"], _seat(attr.get("data-seat"))))
        if tag == "form" and "data-offer" in attr:
            self._form = {"offers": {attr["data-offer"]}, "seats": set()}
        elif self._form is not None and "data-offer" in attr:  # a part of a form that serves an offer of its own
            self._form["offers"].add(attr["data-offer"])
        elif self._form is not None and tag == "input" and attr.get("name") == "seat":
            self._form["seats"].add(_seat(attr.get("value")))
        elif self._form is not None and tag == "select" and attr.get("name") == "seat":
            self._in_seat_choice = True
        elif self._in_seat_choice and tag == "option":
            self._form["seats"].add(_seat(attr.get("value")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._in_seat_choice = False
        if tag == "form" and self._form is not None:
            self.controls |= {(offer, seat) for offer in self._form["offers"] for seat in self._form["seats"] or {None}}
            self._form = None


def _seat(value: str | None) -> int | None:
    return int(value) if value else None


def controls_on(html: str) -> tuple[set[tuple[str, int | None]], set[tuple[str, int | None]]]:
    """The controls (offer, seat) and the withheld reasons (option, seat) a rendered panel shows."""
    parser = _Controls()
    parser.feed(html)
    parser.close()
    return parser.controls, parser.withheld


def offered_pairs(offered: Offers) -> set[tuple[str, int | None]]:
    """Each (offer, seat) the offers hold: a seat's own offer names its seat, a table tool none."""
    pairs: set[tuple[str, int | None]] = set()
    for item in fields(offered):
        name, value = item.name, getattr(offered, item.name)
        if name in NOT_CONTROLS or value in (None, (), False):
            continue
        pairs |= {(name, seat) for seat in _seats_of(name, value)}
    return pairs


def _seats_of(name: str, value: Any) -> set[int | None]:
    if value is True:
        return {None}
    if isinstance(value, int):
        return {value}
    if isinstance(value, tuple):
        if name == "feed_pest":
            return {feed.seat for feed in value if feed.cards}
        return set(value)
    if hasattr(value, "seats"):  # Whenever, JobChange: whoever may play the card
        return set(value.seats)
    return {value.seat}


def mismatches(screen: str, offered: Offers, html: str) -> list[Mismatch]:
    """Both directions of item 2 on one screen: each offer shown as a control, each control an offer; each reason
    a withheld option is given shown where that option would be."""
    controls, reasons = controls_on(html)
    wanted = offered_pairs(offered)
    found = [Mismatch(screen, offer, seat, "offered, but no control serves it")
             for offer, seat in sorted(wanted - controls, key=str)]
    found += [Mismatch(screen, offer, seat, "a control on the page, but not offered")
              for offer, seat in sorted(controls - wanted, key=str)]
    withheld = {(item.action, item.seat) for item in offered.withheld}
    found += [Mismatch(screen, action, seat, "withheld, but its reason is not on the page")
              for action, seat in sorted(withheld - reasons, key=str)]
    found += [Mismatch(screen, action, seat, "a reason on the page, but nothing withheld")
              for action, seat in sorted(reasons - withheld, key=str)]
    return found


class PanelTable:
    """A table of a real app that follows a `GameTable`'s log, whose panels are rendered as the app renders them."""

    def __init__(self, app, game_table: GameTable):
        self.app = app
        with app.app_context():
            db = get_db()
            token = secrets.token_urlsafe(16)
            state = game_table.state
            self.row = store.insert_table(db, token, secrets.token_urlsafe(24), secrets.token_hex(4), state.game, "en")
        self.version = 0
        self.follow(game_table)

    def follow(self, game_table: GameTable) -> None:
        """Append the events the game table has and this table lacks, one action at a time, as the store does."""
        new = game_table.events[self.version:]
        if not new:
            return
        steps: dict[int, list[dict]] = {}
        for event in new:
            steps.setdefault(event["step"], []).append(event)
        with self.app.app_context():
            db = get_db()
            for events in steps.values():
                plain = [{key: event[key] for key in ("type", "seat", "args")} for event in events]
                store.append(db, self.row.id, self.version, secrets.token_urlsafe(12), events[0].get("actor", DISPLAY),
                             plain, _claim(plain[0]))
                self.version += len(plain)

    def panel(self, actor: str) -> str:
        """The live panel of the display ('display') or of a seat's phone ('seat:N') at the table's version."""
        with self.app.test_request_context(f"/t/{self.row.token}/panel"):
            _page, screen = screen_for(table_reads.table_behind(get_db(), self.row.token), actor)
            return render_template("partials/_panel.html", **screen.context())


def _claim(event: dict) -> tuple[int, str | None] | None:
    """A phone taking or leaving its seat, as the store records it beside the event."""
    if event["type"] == "seat_joined":
        return event["seat"], "key-" + str(event["seat"])
    if event["type"] == "seat_freed":
        return event["seat"], None
    return None


def new_app(instance_path: str):
    """An app on its own SQLite database in `instance_path`, as the web tests make one."""
    return create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999"}, instance_path=instance_path)


def panel_mismatches(panels: PanelTable, state) -> tuple[list[Mismatch], int]:
    """Every screen of the state checked: the display, and the phone of each seat a phone holds; and how many
    offers (and reasons) were checked."""
    screens = [(DISPLAY, display_offers(state))]
    screens += [(f"seat:{seat}", offers(state, seat)) for seat in state.order if state.seats[seat].claimed]
    found, checked = [], 0
    for actor, offered in screens:
        found += mismatches(actor, offered, panels.panel(actor))
        checked += len(offered_pairs(offered)) + len(offered.withheld)
    return found, checked

