"""One view model per screen: what a seat, the table display or a spectator sees, built once per answer.

A `Screen` is made from the table's state, who looks and the reader's language; templates only read its
fields. What may be done is `offers` (decided by the pure rules), never worked out in a template.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import Any

from flask import current_app, url_for

from .. import cards as catalog
from ..rules import (
    Game,
    Lane,
    Offers,
    TableState,
    display_offers,
    find_card,
    game,
    lanes,
    lead,
    moments,
    occasion,
    offers,
    twins_of,
)
from ..service.table_reads import TableRow
from .common import join_url, public_base
from .forms import setup_forms
from .i18n import current_language
from .i18n import gettext as _
from .render_cache import NewestCache
from .words import explanations, highlights, log_sentences, narrate, reminders, setup_guide, told
from .words.help_links import refusal_section

LOG_LINES = 15
SPECTATOR_LOG_LINES = 6


@dataclass(frozen=True)
class Reading:
    """What a screen of a table shows from its store (`web/readings.py` reads it): the state, the log's tail and, by
    number, the events an undo line or button or a highlight names, and after a win the newest finished game's
    number and BG Stats link; for the display in its setup, what the server remembers of the rank or job cards."""

    table_id: int
    state: TableState
    events: list[dict]
    by_seq: dict[int, dict]
    bgstats: tuple[int, str] | None = None
    setup_cards: Any = None


@dataclass(frozen=True)
class Screen:
    """What one screen of a table shows. Templates read these fields and decide nothing."""

    view: str  # "seat", "display" or "spectate"
    game: Game  # the game's record: its phases, dice, categories, rulebook and what it has
    state: TableState
    offers: Offers
    me: int | None
    # names in the reader's language
    names: dict[int | None, str]
    names_at_win: dict[int, str]  # after a win, each seat's name as the game was won
    job_names: dict[str | None, str]
    job_twins: dict[int, str]
    pest_names: dict[int, str]
    denounce_terms: tuple[tuple[str, int], ...]
    # sentences and pictures of the moment
    window_text: str
    window_waiting: str
    reminder_text: str
    lanes: list[Lane]
    highlight: dict | None
    latest_roll: dict | None
    log: list[log_sentences.Entry]
    log_total: int
    undo_hint: str | None
    redo_hint: str | None
    card_names: tuple[str, ...]
    here: str
    table: TableRow | None = None
    error: str | None = None
    section: str | None = None
    earlier: dict[int, str] | None = None
    join_url: str | None = None
    loopback_only: bool = False
    profile: Any = None
    key: str | None = None
    story_url: str | None = None
    typed_form: dict | None = None  # a refused card form's fields, to show again (companion.web.forms.card_form)
    bgstats: tuple[int, str] | None = None  # after a win: the game's number and its BG Stats link
    setup_guide: tuple = ()  # the display before the first turn: the steps to prepare the printed deck
    lead: tuple[str, ...] = ()  # the offers a phone's action bar holds (rules.lead)
    occasion: str = ""  # the moment they belong to, told once (rules.occasion)
    done_to_me: tuple[str, ...] = ()  # what others' cards did to this seat's cards since its last tap
    learner: bool | None = None  # a phone: whether it explains each moment the first time (None: not a phone)
    explain: dict[str, tuple[explanations.Explanation, ...]] = field(default_factory=dict)  # by place in the panel
    moment_line: str = ""  # the display of a learning game: the moment the whole table is in

    def context(self) -> dict[str, Any]:
        """The fields as a template's context."""
        return {item.name: getattr(self, item.name) for item in fields(self)}


def seat_screen(table: TableRow, seat: int, read: Reading, error: str | None = None, section: str | None = None,
                typed_form: dict | None = None, seen: tuple[str, ...] | None = None) -> Screen:
    """A phone's seat: its own tally, what it may do now, the scoreboard and the log; a new player's phone (`seen`:
    the moments its seat has dismissed, None on other phones) explains the moment it is in."""
    state = read.state
    offered = offers(state, seat)
    leading = lead(offered)
    explain = {} if seen is None else explanations.shown(moments(state, offered, seat), seen, state.rules)
    with_reminder = explanations.with_reminder(explain, state, lambda: _reminder(state, seat, "seat"))
    return _screen(table, read, "seat", offered, seat, LOG_LINES, lead=leading, occasion=occasion(state, leading),
                   learner=seen is not None, explain=with_reminder or explain, reminded=with_reminder is None,
                   done_to_me=highlights.done_to(read.events, state, seat, read.by_seq),
                   here=url_for("seat.seat_page", token=table.token), error=error,
                   section=refusal_section(section, state.rules), typed_form=typed_form, bgstats=read.bgstats)


def display_screen(table: TableRow, read: Reading, error: str | None = None, section: str | None = None,
                   typed_form: dict | None = None) -> Screen:
    """The table display: the race, the join QR, the setup and every seat's tools."""
    state = read.state
    _base, loopback_only = public_base()
    profile = setup_forms.setup_form(state, read.setup_cards, current_language())
    moment_line, says_phase = explanations.table_line(state) if state.first_game else ("", False)
    return _screen(table, read, "display", display_offers(state), None, LOG_LINES, not says_phase,
                   here=url_for("tables.display", token=table.token), error=error,
                   section=refusal_section(section, state.rules),
                   earlier=_moved_earlier(state.order), join_url=join_url(table), loopback_only=loopback_only,
                   profile=profile, typed_form=typed_form, bgstats=read.bgstats,
                   moment_line=moment_line, setup_guide=tuple(setup_guide.setup_steps(state)))


def spectator_screen(read: Reading, key: str) -> Screen:
    """The read-only race for a second screen: no forms, no table token."""
    return _screen(None, read, "spectate", Offers(acts_for=()), None, SPECTATOR_LOG_LINES,
                   here=url_for("spectate.watch", key=key), key=key, story_url=url_for("spectate.story", key=key))


def _screen(table: TableRow | None, read: Reading, view: str, offered: Offers, me: int | None,
            log_lines: int, reminded: bool = True, **extra) -> Screen:
    state = read.state
    return Screen(
        view=view, table=table, state=state, offers=offered, me=me, game=state.rules,
        **shared_fields(read, log_lines), reminder_text=_reminder(state, me, view) if reminded else "",
        card_names=catalog_names(state.game) if _names_cards(offered) else (), **extra)


def shared_fields(read: Reading, log_lines: int) -> dict[str, Any]:
    """What every screen of the table shows alike (names, race, log, window), made once per version and language.

    Kept per (table, version, language, log length): a version is one table's events, whoever wrote them,
    so the kept fields can never be stale, even when another process wrote the table.
    """
    cache: NewestCache = current_app.extensions["shared_cache"]
    key = ("fields", read.table_id, current_language(), log_lines)
    kept = cache.get(key, read.state.version)
    if kept is None:
        kept = _table_fields(read, log_lines)
        cache.put(key, read.state.version, kept)
    return kept


def _table_fields(read: Reading, log_lines: int) -> dict[str, Any]:
    state, events, by_seq = read.state, read.events, read.by_seq
    return dict(
        names={None: told.seat_name(state, None), **{s: told.seat_name(state, s) for s in state.seats}},
        names_at_win={s: told.name_at_win(state, s) for s in state.names_at_win},
        job_names={None: "—", **{key: narrate.job_label(state, key) for key in state.job_profile}},
        job_twins={s: ", ".join(narrate.job_label(state, key) for key in twins_of(state, s)) for s in state.jobs},
        pest_names=_pest_names(state), denounce_terms=_denounce_terms(state), window_text=window_text(state),
        window_waiting=_waiting(state), lanes=lanes(state),
        highlight=highlights.highlight(events, state, by_seq), latest_roll=highlights.latest_roll(events, state),
        log=log_sentences.log_entries(events[-log_lines:], state, by_seq), log_total=state.version,
        undo_hint=log_sentences.next_undo(state, by_seq), redo_hint=log_sentences.next_redo(state, by_seq))


def _reminder(state: TableState, me: int | None, view: str) -> str:
    """The phase's reminder: to the player on turn and the display, in the third person on the other phones."""
    if state.turn is None:
        return ""
    if view == "display" or me == state.turn.seat:
        return reminders.phase_reminder(state)
    return reminders.phase_reminder(state, told.seat_name(state, state.turn.seat))


def _waiting(state: TableState) -> str:
    """Who may still answer the card being announced (empty when none may)."""
    window = state.window
    if window is None:
        return ""
    return ", ".join(told.seat_name(state, s) for s in state.order
                     if s not in (window.seat, window.pulled_by) and s not in window.passed)


def _names_cards(offered: Offers) -> bool:
    """Whether the screen shows a form that asks for a card's name (then the known names are offered)."""
    return bool(offered.play_card or offered.cancel_card or offered.pull_rank or offered.watch_tv
                or offered.call_raid or offered.take_loot)


def window_text(state: TableState) -> str:
    """What the player of the open cancel window is doing, as a sentence (empty without a window)."""
    window = state.window
    if window is None:
        return ""
    return narrate.play_text(window.kind, window.cards, told.seat_name(state, window.target),
                             state.rules.has_rooms, own=window.target == window.seat)


def _pest_names(state: TableState) -> dict[int, str]:
    """The name of each pest that wants a card."""
    found = {demand.pest: find_card(state, demand.pest) for demand in state.demands}
    return {uid: told.card_label(hit[1]) if hit else "?" for uid, hit in found.items()}


def _denounce_terms(state: TableState) -> tuple[tuple[str, int], ...]:
    """What counts in the denounced player's roll besides the die: each Thing's bonus and the rank's penalty."""
    case = state.denunciation
    if case is None:
        return ()
    things = tuple((told.card_label(card), card.denounce_modifier) for card in state.tents.get(case.target, [])
                   if card.type == "thing" and card.denounce_modifier)
    values = state.rank_values(case.target)
    penalty = values.penalty if values is not None and values.penalty is not None else 0
    rank = narrate.rank_name(state.ranks.get(case.target))
    return things + ((_("Penalty of the rank %(rank)s", rank=rank), -penalty),)


def catalog_names(key: str) -> tuple[str, ...]:
    """Every known card name of the game, the reader's language first, for search-as-you-type."""
    return _catalog_names(key, current_language())


@functools.cache
def _catalog_names(key: str, lang: str) -> tuple[str, ...]:
    cards = catalog.cards_for(game(key).decks)
    names = {catalog.name(card, lang) for card in cards} | {card.names["en"] for card in cards}
    return tuple(sorted(names, key=str.casefold))


def _moved_earlier(order: list[int]) -> dict[int, str]:
    """For each seat, the seat order with that seat moved one place up (the first wraps to the end)."""
    moves = {}
    for i, seat in enumerate(order):
        changed = [s for s in order if s != seat]
        changed.insert(i - 1 if i > 0 else len(changed), seat)
        moves[seat] = ",".join(map(str, changed))
    return moves
