"""The finished games of a table and their story pages, for the archive, the share links and the spectators.

A table's history is its own: its display and the phones holding its seats read it, and so does whoever holds
the share link its display makes; anyone else gets the 404 of a page that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from babel.dates import format_date, format_time
from flask import render_template, url_for

from ..rules import GAMES, game_story
from ..service.table_reads import Finished, TableRow
from .i18n import current_language
from .i18n import gettext as _
from .story_chart import chart
from .words import log_sentences, told


def game_name(key: str) -> str:
    """A game's printed title (a name, never translated)."""
    return GAMES[key].title if key in GAMES else key


def when(timestamp: float | None) -> str:
    """A moment as the reader's language writes dates and times."""
    if timestamp is None:
        return ""
    moment, lang = datetime.fromtimestamp(timestamp), current_language()
    return f"{format_date(moment, 'medium', locale=lang)}, {format_time(moment, 'short', locale=lang)}"


def player_name(player: dict) -> str:
    """An archived player's name, or 'Seat N' for a seat nobody named."""
    return player["name"] or _("Seat %(number)d", number=player["seat"])


def story_link(entry: Finished) -> str:
    """Where an archive entry leads for a reader at its table."""
    return url_for("archive.story_page", table_id=entry.table_id, number=entry.number)


def story_page(table: TableRow, game: game_story.Game, display: bool, games_url: str | None,
               bgstats_link: str) -> str:
    """The story page of one finished game, rendered, with its BG Stats link."""
    name = lambda seat: told.seat_name(game.state, seat)  # noqa: E731
    standings = sorted(game.order, key=lambda seat: -game.totals[seat])
    return render_template("story.html", table=table, game=game, chart=chart(game, name), name=name,
                           standings=standings, moments=[told_moment(moment, game) for moment in game.moments],
                           turns=max((p.turn or 0 for p in game.points), default=0), display=display,
                           games_url=games_url, bgstats_link=bgstats_link)


@dataclass
class Told:
    """A turning point in the reader's language: a headline, who gained or lost what, and the log's lines."""

    kind: str
    turn: int | None
    headline: str
    changes: list[tuple[str, int, int]]
    lines: list[tuple[str, str]]


def told_moment(moment: game_story.Moment, game: game_story.Game) -> Told:
    """A turning point told as the page shows it."""
    state = game.state

    def name(seat: int | None) -> str:
        return told.seat_name(state, seat)

    if moment.kind == "win":
        headline = _("%(name)s reaches the goal and wins", name=name(moment.seat))
    elif moment.kind == "gain":
        headline = _("Big gain for %(name)s", name=name(moment.seat))
    elif moment.kind == "loss":
        headline = _("Big loss for %(name)s", name=name(moment.seat))
    elif moment.kind == "cancel":
        headline = _("%(by)s cancels %(card)s of %(name)s", by=name(moment.seat), name=name(moment.other),
                     card=", ".join(told.card_label(card) for card in moment.cards))
    elif moment.kind == "raid":
        headline = (_("Raid led by %(name)s: %(card)s", name=name(moment.seat), card=moment.cards[0])
                    if moment.seat and moment.cards else _("A raid"))
        if moment.other:
            headline += " · " + _("%(name)s wins the raid", name=name(moment.other))
    else:
        headline = (_("%(name)s denounces %(target)s.", name=name(moment.seat), target=name(moment.other))
                    if moment.seat and moment.other else _("A denouncement"))
    changes = [(name(seat), moment.deltas.get(seat, 0), moment.wounds.get(seat, 0)) for seat in game.order
               if moment.deltas.get(seat) or moment.wounds.get(seat)]
    lines = [(told.line_owner(event, state),
              log_sentences.describe(event, state, {})) for event in moment.events]
    if moment.kind in ("gain", "loss") and moment.cards:  # not whose pass happened to be last: the card
        lines = [(name(moment.other), _("%(card)s comes into play: nobody canceled it",
                                        card=", ".join(told.card_label(card) for card in moment.cards)))]
    return Told(moment.kind, moment.turn, headline, changes, lines)


TEMPLATE_HELPERS = {"game_name": game_name, "when": when, "player_name": player_name, "story_link": story_link}
