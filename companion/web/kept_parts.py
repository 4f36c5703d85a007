"""Parts of a screen kept by what they show: a tap on a tally leaves them as they were, so no screen renders them
again for it.

Each part is kept per (name, table, language, address, view, seat looking) and what `SHOWS` names for it, which
must be everything else the part reads. tests/web/conftest.py renders each kept part afresh beside the kept one
in every web test, so a dependency left out of `SHOWS` fails there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from flask import current_app, has_request_context, request
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from .i18n import current_language
from .render_cache import KeptByContent

SHOWS: dict[str, Callable[[Context], tuple]] = {
    "partials/_turn.html": lambda c: (c["state"].turn, c["names"], c["reminder_text"]),
    "partials/_roll.html": lambda c: (
        c["state"].last_roll, c["names"], c["job_names"], c["state"].job_profile, c["offers"].roll_die,
        c["offers"].set_job_die, c["state"].turn is not None, c["state"].physical_job_die),
    "partials/_whenever.html": lambda c: (
        c["offers"].promote, c["offers"].demote, c["offers"].denounce, c["offers"].change_job, c["names"],
        c["state"].ranks, c["state"].jobs, c["job_names"]),
    "partials/_setup.html": lambda c: (
        c["profile"], c["state"].profile, c["offers"].deal, c["offers"].set_rank, c["offers"].start_game,
        c["state"].ranks, c["names"]),
    "partials/_job_setup.html": lambda c: (
        c["profile"], c["state"].job_profile, c["offers"].deal, c["offers"].set_job, c["offers"].set_job_die,
        c["offers"].start_game, c["state"].last_winner, c["state"].jobs, c["job_names"], c["names"],
        c["state"].physical_job_die),
    "partials/_seats_admin.html": lambda c: (
        c["state"].order, c["names"], c["state"].dealer, c["offers"].set_dealer, c["offers"].free_seat,
        c["offers"].name_seat),
}


@pass_context
def kept_include(context: Context, name: str) -> Markup:
    """`{% include name %}` for a part in `SHOWS`, rendered again only when what it shows changes."""
    table = context.get("table")
    if table is None or not has_request_context():
        return rendered_afresh(context, name)
    cache: KeptByContent = current_app.extensions["kept_cache"]
    # A table's token and game never change, so its id stands for them.
    key = (name, table.id, current_language(), request.host_url, context["view"], context.get("me"),
           _frozen(SHOWS[name](context)))
    html = cache.get(key)
    if html is None:
        html = rendered_afresh(context, name)
        cache.put(key, html)
    return html


def rendered_afresh(context: Context, name: str) -> Markup:
    """The part rendered for this screen now, nothing kept."""
    return Markup(context.environment.get_template(name).render(context.get_all()))


def _frozen(value) -> object:
    """A value as part of a cache key: itself if it can be one, else its contents (dicts, lists, dataclasses)."""
    try:
        hash(value)
        return value
    except TypeError:
        pass
    if isinstance(value, dict):
        return tuple((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, set):
        return frozenset(value)
    if dataclasses.is_dataclass(value):
        return (type(value).__name__, *(_frozen(getattr(value, field.name)) for field in dataclasses.fields(value)))
    raise TypeError(f"{type(value).__name__} cannot be part of a kept part's key")
