"""The forms taps post (`action` and `tally_buttons` in the templates), built in Python: a panel holds dozens."""

from __future__ import annotations

import functools

from flask import request
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from ..i18n import current_language, gettext
from ..links import remembered_url_for


def action_form(table, view: str, type: str, seat=None, fields=None, each_tap: bool = False, *, caller,
                **options) -> Markup:
    """One action's form, with the fields the server needs and what `caller` puts inside (its buttons).

    `class` (a Python keyword) comes in `options`; `offer`, the offer (`rules.Offers`) the form serves, where it is
    named otherwise than the action (the form says it in `data-offer`, for tests and scripts alike).
    """
    return _form(table.token, view, type, seat, fields, each_tap, caller(), options.get("class", "act"),
                 options.get("offer", type))


def _form(token: str, view: str, type: str, seat, fields, each_tap: bool, inside: Markup, css_class: str,
          offer: str) -> Markup:
    """The markup of one action's form around what goes inside it."""
    url = escape(remembered_url_for("seat.act", token=token))
    posts = "data-each-tap" if each_tap else f'hx-post="{url}" hx-target="#panel" hx-swap="outerHTML"'
    seat_field = f'<input type="hidden" name="seat" value="{escape(seat)}">' if seat else ""
    extra = "".join(f'<input type="hidden" name="{escape(key)}" value="{escape(value)}">'
                    for key, value in (fields or {}).items())
    return Markup(f'<form method="post" action="{url}" class="{escape(css_class)}" data-offer="{escape(offer)}"\n'
                  f'      {posts}>\n'
                  f'  <input type="hidden" name="view" value="{escape(view)}">\n'
                  f'  <input type="hidden" name="type" value="{escape(type)}">\n'
                  f'  {seat_field}\n'
                  f'  {extra}\n'
                  f'  {inside}\n'
                  f'</form>')


TALLY_OFFERS = ("adjust_slack", "adjust_wounds", "more_heartache", "less_heartache")


@pass_context
def tally_buttons(context: Context, seat) -> Markup:
    """`tally_buttons(seat)`: the +/- buttons of one seat's tallies, as far as the table's offers allow them (each
    tap its own action). The display shows a row per seat on every refresh, so the markup is kept."""
    offers, seat_id = context["offers"], seat.id
    offered = tuple(seat_id in getattr(offers, kind) for kind in TALLY_OFFERS)
    asked = request._get_current_object()  # the form's address depends on where the page is served
    return _tally_markup(context["table"].token, context["view"], seat_id, context["names"][seat_id], offered,
                         current_language(), asked.host, asked.scheme, asked.script_root)


@functools.lru_cache(maxsize=4096)
def _tally_markup(token: str, view: str, seat_id: int, name: str, offered: tuple[bool, ...], *_served_at) -> Markup:
    """The tally buttons for one seat as offered (what `tally_buttons` keeps; language and address are in the key)."""
    slack, wounds, more_heartache, less_heartache = offered
    buttons = []
    if slack:
        buttons += [("adjust_slack", -1, "minus", gettext("−1 Slack for %(name)s", name=name), gettext("−1 Slack")),
                    ("adjust_slack", 1, "plus", gettext("+1 Slack for %(name)s", name=name), gettext("+1 Slack"))]
    if wounds:
        buttons += [("adjust_wounds", 1, "wound", gettext("+ wound for %(name)s", name=name), gettext("+ wound")),
                    ("adjust_wounds", -1, "heal", gettext("− wound for %(name)s", name=name), gettext("− wound"))]
    if more_heartache:
        buttons.append(("adjust_heartache", 1, "heartache-plus", gettext("+1 Heartache for %(name)s", name=name),
                        gettext("+1 Heartache")))
    if less_heartache:
        buttons.append(("adjust_heartache", -1, "heartache-minus", gettext("−1 Heartache for %(name)s", name=name),
                        gettext("−1 Heartache")))
    forms = "".join(
        _form(token, view, type, seat_id, {"delta": delta}, True,
              Markup(f'<button class="{kind}" aria-label="{escape(label)}">{escape(text)}</button>'), "act",
              _tally_offer(type, delta))
        for type, delta, kind, label, text in buttons)
    return Markup(f'<div class="tally-buttons">{forms}</div>')


def _tally_offer(type: str, delta: int) -> str:
    """The offer a tally button serves: its action's, but for Heartache, whose +1 and -1 are offered apart."""
    if type == "adjust_heartache":
        return "more_heartache" if delta > 0 else "less_heartache"
    return type


def rolled_buttons(server_label=None, testid: str = "") -> Markup:
    """`rolled_buttons(label, testid)`: one roll, two ways, inside the form of the step it is for: the server's
    die (labelled, if given) or "I rolled N" for a real one."""
    return _rolled_markup(escape(server_label) if server_label else "", testid, current_language())


@functools.lru_cache(maxsize=1024)
def _rolled_markup(server_label: str, testid: str, _language: str) -> Markup:
    """The roll buttons (kept per label, test id and language: every screen shows them on every refresh)."""
    test = (lambda suffix: f' data-testid="{escape(testid)}{suffix}"') if testid else (lambda suffix: "")
    server = f'<button type="submit" name="value" value="" class="primary big"{test("")}>{server_label}</button>' \
        if server_label else ""
    # The messages stay outside the f-strings, where the catalog's extractor finds them.
    labels = {n: gettext("I rolled %(value)d", value=n) for n in range(1, 7)}
    physical = "".join(f'<button type="submit" name="value" value="{n}" aria-label="{escape(label)}"'
                       f'{test(f"-{n}")}>{n}</button>' for n, label in labels.items())
    group = gettext("Or enter a physical die:")
    return Markup(f'{server}\n<div class="physical" role="group" aria-label="{escape(group)}">{physical}</div>')
