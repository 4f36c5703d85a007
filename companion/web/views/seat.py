"""A phone's seat page, the live panel both screens share, and the form posts that act."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...input.actions import BadInput, parse_action
from ...rules import DISPLAY, RuleViolation
from ...service.table_service import Forbidden, NotSeated, UnknownTable
from ..common import (
    actor_for,
    answer_first,
    carried_keys,
    fragment_or_page,
    held_seat,
    is_htmx,
    play,
    reader_language,
    table_or_404,
)
from ..connection import get_db
from ..forms import card_form
from ..fragments import live_panel
from ..i18n import current_language
from ..i18n import gettext as _
from ..panels import panel_context, screen_of
from ..readings import log_page, moments_seen, reading
from ..screens import seat_screen
from ..words import hyphens, log_sentences, narrate

bp = Blueprint("seat", __name__)
LOG_PAGE = 100  # entries a log page shows, the newest first


@bp.get("/t/<token>/seat")
def seat_page(token: str) -> Response | str:
    """This phone's seat: its own tally large, the dice, the scoreboard and the log."""
    table = table_or_404(token)
    seat = held_seat(table)
    if seat is None:
        return redirect(url_for("tables.join", token=token), 303)
    hyphens.warm(current_language(), table.language)  # for the chips of the card forms this page shows
    read = reading(table)
    seen = moments_seen(table, f"seat:{seat}", read.state)
    return render_template("seat.html", **seat_screen(table, seat, read, seen=seen).context())


@bp.get("/t/<token>/panel")
def panel(token: str) -> Response | str:
    """The live part of a screen, re-fetched whenever the table's version moves on."""
    table = table_or_404(token)
    actor = actor_for(table)
    if actor is None:
        return render_template("message.html", message=_("This phone has no seat at this table.")), 403
    if is_htmx():
        return live_panel(table, actor, panel_context(table, actor))
    page, context = screen_of(table, actor)
    return fragment_or_page("partials/_panel.html", page, **context)


@bp.post("/t/<token>/act")
def act(token: str) -> Response:
    """Do one action from a form (htmx gets the panel back, a plain post a redirect): the service finds the table
    and who taps from this browser's keys, in one place with the rest of the tap."""
    keys, service, db = carried_keys(token), play(), get_db()
    try:
        tapped = service.tap(db, token, parse_action(request.form), reader_language, answer_first, **keys)
    except UnknownTable:
        abort(404)
    except (NotSeated, BadInput, Forbidden, RuleViolation) as error:
        return _refused(token, error)
    table, actor = tapped.table, tapped.actor
    reader_language(table)
    if not is_htmx():
        target = "tables.display" if actor == DISPLAY and request.form.get("view") != "seat" else "seat.seat_page"
        response = redirect(url_for(target, token=token), 303)
        response.vary.add("HX-Request")
        return response
    return live_panel(table, actor, panel_context(table, actor))


def _refused(token: str, error: Exception) -> Response:
    """The panel saying why a tap changed nothing (a page without a seat: 403), in the reader's language."""
    table = table_or_404(token)
    actor = actor_for(table)
    if actor is None:
        return fragment_or_page("partials/_message.html", "message.html", 403,
                                message=_("This phone has no seat at this table."))
    if isinstance(error, BadInput):
        return _panel(table, actor, narrate.refusal(error), 400, typed_form=card_form.echo(request.form, error))
    if isinstance(error, Forbidden):
        return _panel(table, actor, _(error.message), 403)
    return _panel(table, actor, narrate.refusal(error), 409, error.section, card_form.echo(request.form, error))


def _panel(table, actor, message: str, status: int, section: str | None = None,
           typed_form: dict | None = None) -> Response:
    page, context = screen_of(table, actor, error=message, section=section, typed_form=typed_form)
    return fragment_or_page("partials/_panel.html", page, status, **context)


@bp.get("/t/<token>/log")
def full_log(token: str) -> Response | str:
    """The table's story, newest first, a page at a time (`?before=N`: the entries before event N), with links to
    earlier and newer pages: a long evening's thousands of lines are never read or drawn at once."""
    table = table_or_404(token)
    actor = actor_for(table)
    if actor is None:  # a table's history is its own: to anyone else, a page that does not exist
        abort(404)
    state = play().state(get_db(), table)
    back = url_for("tables.display" if actor == DISPLAY else "seat.seat_page", token=token)
    newest = state.version
    before = request.args.get("before", type=int)  # anything else than a number: the newest page
    last = newest if before is None else max(1, min(before - 1, newest))
    first = max(1, last - LOG_PAGE + 1)
    events, by_seq = log_page(table, first, last)  # an undo line names the action it took back, perhaps earlier
    earlier = url_for("seat.full_log", token=token, before=first) if first > 1 else None
    newer = None
    if last < newest:
        newer = url_for("seat.full_log", token=token, **({"before": last + LOG_PAGE + 1}
                                                           if last + LOG_PAGE < newest else {}))
    return render_template("log.html", table=table, back=back, earlier=earlier, newer=newer,
                           log=log_sentences.log_entries(events, state, by_seq))
