"""Parts of a screen kept by what they show: a tap on a tally leaves them as they were, so no screen renders them
again for it.

Each part is kept per (name, table, language, address, view, seat looking, values it is given) and what `SHOWS`
names for it, which must be everything else the part reads. A part in `ANY_VIEWER` is kept for every phone alike
(not per seat looking): its `SHOWS` must then name whatever it reads of the seat looking. tests/web/conftest.py
renders each kept part afresh beside the kept one in every web test, so a dependency left out of `SHOWS` fails
there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from flask import current_app, has_request_context, request
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from .forms.action_form import TALLY_OFFERS
from .i18n import current_language
from .render_cache import KeptByContent


def _tally(c: Context, who: int) -> tuple:
    """All a seat's tally line shows of it: name, rank, job and its detail, total, goal, Slack, wounds."""
    state = c["state"]
    return (c["names"][who], _frozen(state.seats[who]), state.ranks.get(who), state.jobs.get(who),
            _frozen(state.job(who)),
            c["job_names"].get(state.jobs.get(who)), c["job_twins"].get(who), state.total(who), state.goal_of(who),
            state.to_goal(who), state.is_goth(who), state.heartache.get(who, 0), state.job_slack.get(who),
            state.black_windows(who))


def _row(c: Context, seat) -> tuple:
    """What a scoreboard row shows: the seat's tally, turn and win marks, tent, and what the viewer may do there."""
    state, offers, me, who = c["state"], c["offers"], c.get("me"), seat.id
    tools = who in offers.tent_tools
    return (_tally(c, who), state.turn is not None and state.turn.seat == who, state.winner == who,
            _frozen(state.tents[who]), me == who, me is None, tools and _frozen((me, state.order, c["names"])),
            me is None and tuple(who in getattr(offers, kind) for kind in TALLY_OFFERS))


SHOWS: dict[str, Callable[..., tuple]] = {
    "partials/_now_bar.html": lambda c: (
        c["state"].turn and not c["state"].winner and (c["names"][c["state"].turn.seat], c["state"].turn.phase),
        c["state"].total(c["me"]), c["state"].goal_of(c["me"])),
    "partials/_me.html": lambda c: (_tally(c, c["me"]), c["state"].turn is not None),
    "partials/_scoreboard_row.html": lambda c, seat: _row(c, seat),
    "partials/_turn.html": lambda c: (c["state"].turn, c["names"], c["reminder_text"]),
    "partials/_roll.html": lambda c: (
        c["state"].roll_this_turn, c["names"], c["job_names"], c["state"].job_profile, c["offers"].roll_die,
        c["offers"].set_job_die, c["state"].turn is not None, c["state"].physical_job_die),
    "partials/_whenever.html": lambda c: (
        c["offers"].promote, c["offers"].withheld_from("promote"), c["offers"].demote, c["offers"].denounce,
        c["offers"].change_job, c["names"],
        c["state"].ranks, c["state"].jobs, c["job_names"]),
    "partials/_setup.html": lambda c: (
        c["profile"], c["state"].profile, c["offers"].deal, c["offers"].set_rank, c["offers"].start_game,
        c["state"].ranks, c["names"], c["state"].every_seat_ranked),
    "partials/_job_setup.html": lambda c: (
        c["profile"], c["state"].job_profile, c["offers"].deal, c["offers"].set_job, c["offers"].set_job_die,
        c["offers"].start_game, c["state"].last_winner, c["state"].jobs, c["job_names"], c["names"],
        c["state"].physical_job_die, c["state"].every_seat_employed),
    "partials/_seats_admin.html": lambda c: (
        c["state"].order, c["names"], c["state"].dealer, c["offers"].set_order, c["offers"].set_dealer,
        c["offers"].free_seat,
        c["offers"].name_seat),
}
ANY_VIEWER = frozenset({"partials/_scoreboard_row.html"})


@pass_context
def kept_include(context: Context, name: str, **values) -> Markup:
    """`{% include name %}` (with `values` set) for a part in `SHOWS`, rendered again only when what it shows
    changes."""
    table = context.get("table")
    if table is None or not has_request_context():
        return rendered_afresh(context, name, **values)
    cache: KeptByContent = current_app.extensions["kept_cache"]
    # A table's token and game never change, so its id stands for them.
    key = (name, table.id, current_language(), request.root_url, context["view"],
           None if name in ANY_VIEWER else context.get("me"), tuple((k, _named(v)) for k, v in values.items()),
           _hashable(SHOWS[name](context, **values)))
    html = cache.get(key)
    if html is None:
        html = rendered_afresh(context, name, **values)
        cache.put(key, html)
    return html


def _named(value) -> object:
    """A value given to a part, in its key: what names it (a seat by its id); `SHOWS` names what it shows."""
    return getattr(value, "id", value)


def rendered_afresh(context: Context, name: str, **values) -> Markup:
    """The part rendered for this screen now (with `values` set), nothing kept."""
    return Markup(context.environment.get_template(name).render({**context.get_all(), **values}))


def _hashable(value: tuple) -> object:
    """What a part shows, as a key: as it is when it can be one (the tally and row keys are made so), else frozen."""
    try:
        hash(value)
        return value
    except TypeError:
        return _frozen(value)


_PLAIN = frozenset({str, int, bool, float, type(None), Markup})


def _frozen(value) -> object:
    """A value as part of a cache key: itself if it can be one, else its contents (dicts, lists, dataclasses)."""
    kind = type(value)
    if kind in _PLAIN:  # most of a key: looked at first, as asking hash() of a dataclass costs an exception
        return value
    if kind is tuple or kind is list:
        return tuple(_frozen(item) for item in value)
    if kind is dict:
        return tuple((key, _frozen(item)) for key, item in value.items())
    if dataclasses.is_dataclass(value):
        fields = getattr(value, "__dict__", None)  # all a plain dataclass holds, read faster than fields()
        if fields is None:
            fields = {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
        return (kind.__name__, *(_frozen(item) for item in fields.values()))
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    try:
        hash(value)
        return value
    except TypeError:
        pass
    raise TypeError(f"{kind.__name__} cannot be part of a kept part's key")
