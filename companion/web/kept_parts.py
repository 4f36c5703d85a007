"""Parts of a screen rendered only from the values they are given, and kept by those values.

`kept(template, **given)` renders the part `template` from `given` alone: nothing else of the screen is there, and
reading anything else is an error, so what a part is given is all it can show. A tap on a tally leaves most parts'
values as they were, so no screen renders them again for it: each is kept by its name, its values, the language and
the address it is served at (its links name it). Two screens that give a part the same values (another seat's
scoreboard row, the log) share one render.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from flask import current_app, has_request_context, request
from jinja2 import Environment, StrictUndefined
from markupsafe import Markup

from ..rules import Game, Offers, TableState
from .i18n import current_language
from .render_cache import KeptByContent

TALLY_OFFERS = ("adjust_slack", "adjust_wounds", "more_heartache", "less_heartache")


def part_templates(env: Environment) -> Environment:
    """The templates as parts see them: the same files, but a value a part was not given is an error."""
    return env.overlay(undefined=StrictUndefined)


def kept(template: str, /, **given) -> Markup:
    """`kept(template, **given)` in the templates: the part rendered from `given` alone, kept by what it is given."""
    if not has_request_context():
        return rendered(template, **given)
    cache: KeptByContent = current_app.extensions["render_cache"]
    key = ("part", template, current_language(), request.root_url, _frozen(given))
    html = cache.get(key)
    if html is None:
        html = rendered(template, **given)
        cache.put(key, html)
    return html


def rendered(template: str, /, **given) -> Markup:
    """The part rendered from `given` alone, nothing kept."""
    return Markup(current_app.extensions["part_templates"].get_template(template).render(given))


def tally_of(state: TableState, seat: int) -> dict:
    """All a seat's tally line shows of it: rank, job and its detail, total, goal, Slack, wounds, Heartache."""
    held = state.seats[seat]
    return {"id": seat, "slack": held.slack, "wounds": held.wounds, "claimed": held.claimed,
            "rank": state.ranks.get(seat), "job_key": state.jobs.get(seat), "job": state.job(seat),
            "total": state.total(seat), "goal": state.goal_of(seat), "to_goal": state.to_goal(seat),
            "goth": state.is_goth(seat), "heartache": state.heartache.get(seat, 0),
            "job_slack": state.job_slack.get(seat), "black_windows": state.black_windows(seat)}


def scoreboard_row(state: TableState, offers: Offers, seat: int, me: int | None, names: dict,
                   job_twins: dict) -> dict:
    """What one seat's scoreboard row is given on this screen: its tally and tent, and what the screen may do
    there (the tent's tools with the seats to move a card to; on the display, the +/- buttons)."""
    tools = seat in offers.tent_tools
    turn = state.turn
    return {"name": names[seat], "twins": job_twins.get(seat), "tally": tally_of(state, seat), "mine": seat == me,
            "won": state.winner == seat, "on_turn": turn is not None and turn.seat == seat,
            "tent": state.tents[seat], "tools": state.order if tools else None, "names": names if tools else None,
            "offered": None if me else offered_tallies(offers, seat)}


def offered_tallies(offers: Offers, seat: int) -> tuple[bool, ...]:
    """Which of a seat's tallies the screen may change, in `TALLY_OFFERS`' order (its +/- buttons)."""
    return tuple(seat in getattr(offers, kind) for kind in TALLY_OFFERS)


_PLAIN = frozenset({str, int, bool, float, type(None), Markup})


def _frozen(value) -> object:
    """A value as part of a cache key: itself if it can be one, else its contents (dicts, lists, dataclasses)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    freeze = _FREEZERS.get(kind)
    if freeze is None:
        freeze = _FREEZERS[kind] = _freezer(kind)
    return freeze(value)


def _items(values) -> tuple:
    """Values as part of a key (the plain ones, most of them, as they are: a call each would cost more)."""
    return tuple([item if type(item) in _PLAIN else _frozen(item) for item in values])


def _freezer(kind: type) -> Callable[[Any], object]:
    """How a value of this type becomes part of a key (asked once per type)."""
    if kind is tuple or kind is list:
        return _items
    if kind is dict:
        return lambda value: (dict, tuple(value), _items(value.values()))
    if kind is Game:  # one fixed record per game: its key names all of it
        return lambda value: (Game, value.key)
    if dataclasses.is_dataclass(kind):
        names = tuple(field.name for field in dataclasses.fields(kind))

        def fields(value) -> tuple:
            return kind, _items([getattr(value, name) for name in names])
        if kind.__dataclass_params__.frozen:  # itself, unless a field cannot be hashed
            return lambda value: value if _hashable(value) else fields(value)
        return fields
    if kind in (set, frozenset):
        return frozenset
    if kind.__hash__ is None:
        raise TypeError(f"{kind.__name__} cannot be part of a kept part's key")
    return lambda value: value


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


_FREEZERS: dict[type, Callable[[Any], object]] = {}
