"""What the pages and fragments show: the context every screen of a table is rendered from."""

from __future__ import annotations

from flask import render_template, url_for

from .. import cards as catalog, store
from ..actions import CATEGORIES, categories_for
from ..db import get_db
from ..i18n import current_language
from ..play import PROFILE_KEY, job_profile_key
from ..rules.goth import has_heartache, twins_of
from ..rules.guevara import default_profile_values
from ..rules.state import (PHASES, RANKS, ROLL_PURPOSES, find_card, phases_for, roll_purposes_for, rulebook_for,
                           uses_jobs)
from ..rules.denounce import has_toady, leaders_elsewhere, movable_people
from ..rules.raids import outranked_by_nobody, raid_callable, raid_rollers
from ..rules.tents import may_pull_rank
from ..rules.tv import may_watch_tv
from . import narrate, race
from .common import join_url, play, public_base

LOG_LINES = 15


def panel_context(table: store.TableRow, view: str, me: int | None = None, error: str | None = None,
                  section: str | None = None) -> dict:
    """Everything the live panel needs, for the display or for one seat."""
    db = get_db()
    state = play().state(db, table)
    # Only the log's tail is read, plus the events an undo line or button names: a long game stays cheap.
    events = store.events_after(db, table.id, max(0, state.version - LOG_LINES))
    wanted = {e["args"]["target"] for e in events if e["type"] in ("undone", "redone")}
    wanted |= {stack[-1] for stack in (state.undoable, state.redoable) if stack}
    by_seq = {**store.events_of_steps(db, table.id, wanted), **{e["seq"]: e for e in events}}
    here = url_for("tables.display" if view == "display" else "seat.seat_page", token=table.token)
    categories, pest_categories = categories_for(state.game)
    pullers = _mine([s for s in state.order if may_pull_rank(state, s)], view, me)
    return {
        "here": here, "rules": lambda topic: f"{rulebook_for(state.game)}.{topic}",
        "phases": phases_for(state.game), "purposes": roll_purposes_for(state.game),
        "categories": categories, "pest_categories": pest_categories,
        "card_names": lambda: catalog_names(state.game), "job_games": uses_jobs(state.game),
        "heartache_game": has_heartache(state.game), "job_name": lambda key: narrate.job_label(state, key),
        "job_twins": lambda seat: ", ".join(narrate.job_label(state, key) for key in twins_of(state, seat)),
        "reminder_text": narrate.phase_reminder(state) if state.turn else "",
        "tv_watchers": _mine([s for s in state.order if may_watch_tv(state, s)], view, me),
        "table": table, "state": state, "view": view, "me": me, "error": error, "section": section,
        "log": narrate.story(events, state, by_seq), "log_total": state.version,
        "undo_hint": narrate.next_undo(state, by_seq), "redo_hint": narrate.next_redo(state, by_seq),
        "seat_name": lambda seat: narrate.seat_name(state, seat), "earlier": _moved_earlier(state.order),
        "my_turn": state.turn is not None and (view == "display" or me == state.turn.seat),
        "window_text": window_text(state), "demand_pest": lambda demand: _pest_name(state, demand),
        "pullers": pullers, "raid_pullers": [s for s in pullers if outranked_by_nobody(state, s)],
        "raid_callable": raid_callable(state) and not uses_jobs(state.game),
        "raid_rollers": _mine(raid_rollers(state), view, me),
        "movable_people": movable_people(state), "leaders_elsewhere": leaders_elsewhere(state),
        "has_toady": lambda seat: has_toady(state, seat),
        "acts_for": lambda seat: view == "display" or seat == me,
        **race.race_context(db, table.id, events, state),
    }


def _mine(seats: list[int], view: str, me: int | None) -> list[int]:
    """The seats this screen acts for: all of them on the display, its own on a phone."""
    return [seat for seat in seats if view == "display" or seat == me]


def window_text(state) -> str:
    """What the player of the open cancel window is doing, as a sentence (empty without a window)."""
    window = state.window
    if window is None:
        return ""
    return narrate.play_text(window.kind, window.cards, narrate.seat_name(state, window.target),
                             uses_jobs(state.game))


def _pest_name(state, demand) -> str:
    found = find_card(state, demand.pest)
    return narrate.card_label(found[1]) if found else "?"


def catalog_names(game: str = "guevara") -> list[str]:
    """Every known card name of the game, the reader's language first, for search-as-you-type."""
    lang, cards = current_language(), catalog.cards_for(game)
    names = {catalog.name(card, lang) for card in cards} | {card.names["en"] for card in cards}
    return sorted(names, key=str.casefold)


def profile_form(state) -> dict:
    """The rank profile to prefill: this table's, else the one the server remembers, else the rulebook's."""
    if state.profile is not None:
        return {"counts": state.profile.counts,
                "values": {rank: vars(values) for rank, values in state.profile.values.items()}}
    remembered = store.remembered(get_db(), PROFILE_KEY)
    return remembered or {"counts": {rank: "" for rank in RANKS}, "values": default_profile_values()}


BLANK_JOB_ROWS = 2
DECKS = {"geek": ("geek",), "goth": ("goth",), "geekgoth": ("geek", "goth")}


def _numbers_text(values) -> str:
    """A printed Income or Free Time as the form shows it: "3", or "1/4" for two values."""
    return "/".join(str(v) for v in values) if values else ""


def job_profile_form(state) -> list[dict]:
    """The job cards to prefill: this table's, else the rulebooks' jobs overlaid with what the server remembers."""
    if state.job_profile:
        jobs = [vars(job) for job in state.job_profile.values()]
    else:
        jobs = []
        for deck in DECKS[state.game]:
            remembered = {job["key"]: job for job in
                          (store.remembered(get_db(), job_profile_key(deck)) or {}).get("jobs", [])}
            for job in catalog.jobs_for(deck):
                jobs.append(remembered.pop(job.key, None) or {
                    "key": job.key, "name": catalog.name(job, current_language()), "income": job.income,
                    "free_time": job.free_time, "goal": job.goal, "hand": job.hand, "perk": "", "goth": job.goth})
            jobs += remembered.values()  # jobs the table added to the rulebooks' list
    blank = {"key": "", "name": "", "goal": None, "hand": None, "perk": "", "goth": state.game == "goth"}
    return [{**job, "income": _numbers_text(job.get("income")), "free_time": _numbers_text(job.get("free_time"))}
            for job in jobs + [blank] * BLANK_JOB_ROWS]


def _moved_earlier(order: list[int]) -> dict[int, str]:
    """For each seat, the seat order with that seat moved one place up (the first wraps to the end)."""
    moves = {}
    for i, seat in enumerate(order):
        changed = [s for s in order if s != seat]
        changed.insert(i - 1 if i > 0 else len(changed), seat)
        moves[seat] = ",".join(map(str, changed))
    return moves


def display_context(table: store.TableRow, **extra) -> dict:
    """The panel context plus the join QR and code for the display."""
    _base, loopback_only = public_base()
    context = panel_context(table, "display", **extra)
    state = context["state"]
    profile = job_profile_form(state) if uses_jobs(state.game) else profile_form(state)
    return {**context, "join_url": join_url(table), "loopback_only": loopback_only, "profile": profile}


def refuse(message: str, status: int) -> tuple[str, int]:
    """A plain page that says what went wrong."""
    return render_template("message.html", message=message), status


# Helpers that do not depend on the table, registered once as template globals.
TEMPLATE_HELPERS = {
    "card_names": catalog_names,
    "purpose_label": narrate.purpose_label, "purposes": ROLL_PURPOSES, "purpose_section": narrate.PURPOSE_SECTIONS,
    "phases": PHASES, "phase_name": narrate.phase_name, "reminder": narrate.PHASE_REMINDERS,
    "ranks": RANKS, "rank_name": narrate.rank_name, "categories": CATEGORIES,
    "card_label": narrate.card_label, "category_name": narrate.category_name, "type_name": narrate.type_name,
    "category_names": narrate.category_names,
}
