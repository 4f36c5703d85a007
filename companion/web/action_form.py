"""The form every tap posts (`action` in the templates), built in Python: a panel holds dozens of them."""

from __future__ import annotations

from markupsafe import Markup, escape

from .links import remembered_url_for


def action_form(table, view: str, type: str, seat=None, fields=None, each_tap: bool = False, *, caller,
                **options) -> Markup:
    """One action's form, with the fields the server needs and what `caller` puts inside (its buttons).

    `class` (a Python keyword) comes in `options`.
    """
    url = escape(remembered_url_for("seat.act", token=table.token))
    posts = "data-each-tap" if each_tap else f'hx-post="{url}" hx-target="#panel" hx-swap="outerHTML"'
    seat_field = f'<input type="hidden" name="seat" value="{escape(seat)}">' if seat else ""
    extra = "".join(f'<input type="hidden" name="{escape(key)}" value="{escape(value)}">'
                    for key, value in (fields or {}).items())
    return Markup(f'<form method="post" action="{url}" class="{escape(options.get("class", "act"))}"\n'
                  f'      {posts}>\n'
                  f'  <input type="hidden" name="view" value="{escape(view)}">\n'
                  f'  <input type="hidden" name="type" value="{escape(type)}">\n'
                  f'  {seat_field}\n'
                  f'  {extra}\n'
                  f'  {caller()}\n'
                  f'</form>')
