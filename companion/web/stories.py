"""The finished games of a table and their story pages, for the archive, the share links and the spectators.

A table's history is its own: its display and the phones holding its seats read it, and so does whoever holds
the share link its display makes; anyone else gets the 404 of a page that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from babel.dates import format_date, format_time
from flask import abort, current_app, g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from ..rules import GAMES, game_story
from ..service import play_records, records
from .common import bearer_key, held_seat, is_display, language_at, play
from .connection import get_db
from .i18n import current_language
from .i18n import gettext as _
from .render_cache import KeptByContent
from .story_chart import chart
from .words import log_sentences, told

FRONT_PAGE_GAMES = 8
STORY_PAGES_KEPT = 64  # rendered story pages (~20 KB each): a few tables' games, in each language, for both readers


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


def stories() -> records.Stories:
    """This app's stories of recently asked-about tables, kept by version."""
    return current_app.extensions.setdefault("stories", records.Stories())


def table_story(table: records.TableRow) -> records.TableStory:
    """The table's log and the story of its games, as of now."""
    return stories().story_of(get_db(), table.id, table.token)


def winner_now(table_id: int) -> int | None:
    """Who has won the game now at a table (None while it goes on), from the kept state."""
    return play().cache.state(get_db(), table_id).winner


def at_the_table(table: records.TableRow) -> bool:
    """Whether this browser may read the table's history: its display (or its key as a bearer token), or a phone
    holding one of its seats now (a seat the display freed no longer reads it)."""
    return is_display(table, bearer_key() or None) or held_seat(table) is not None


def my_tables() -> set[int]:
    """The tables this browser hosts or holds a seat at, from the display and seat keys its cookie carries."""
    db, found = get_db(), set()
    for token in {*session.get("displays", {}), *session.get("seats", {})}:
        table = records.table_by_token(db, token)
        if table is not None and at_the_table(table):
            found.add(table.id)
    return found


def finished_games(tables: set[int]) -> list[records.Finished]:
    """The finished games of these tables, the newest first."""
    return records.finished_games(get_db(), stories(), winner_now, tables)


def recent_games() -> tuple[list[records.Finished], int]:
    """The newest finished games of this browser's tables for the front page, and how many there are in all."""
    finished = finished_games(my_tables())
    return finished[:FRONT_PAGE_GAMES], len(finished)


def story_link(entry: records.Finished) -> str:
    """Where an archive entry leads for a reader at its table."""
    return url_for("archive.story_page", table_id=entry.table_id, number=entry.number)


def story(table: records.TableRow, number: int, games_url: str | None) -> str | Response:
    """The story page of a table's game, for a reader allowed to see it (`games_url`: the list it belongs to)."""
    g.lang = language_at(table)
    told, display = table_story(table), is_display(table)
    if not 1 <= number <= len(told.games) or not told.games[number - 1].finished:
        abort(404)
    if request.query_string:  # the page reads none: one kept page per game, not one per address a client makes up
        return redirect(request.script_root + request.path, 301)
    kept: KeptByContent = current_app.extensions.setdefault("story_pages", KeptByContent(STORY_PAGES_KEPT))
    where = play_records.location(get_db())  # the BG Stats link names where the host says the tables play
    # The path is the table's own (its numbers have one spelling, its keys are checked): a client cannot vary it.
    page = (table.token, told.version, number, current_language(), display, request.path, where)
    html = kept.get(page)
    if html is None:  # a finished game's page is the same until its table's log moves on
        html = _story_page(table, told.games[number - 1], display, games_url, where)
        kept.put(page, html)
    return html


def _story_page(table: records.TableRow, game: game_story.Game, display: bool, games_url: str | None,
                where: str) -> str:
    """The story page of one finished game, rendered, with its BG Stats link."""
    name = lambda seat: told.seat_name(game.state, seat)  # noqa: E731
    standings = sorted(game.order, key=lambda seat: -game.totals[seat])
    return render_template("story.html", table=table, game=game, chart=chart(game, name), name=name,
                           standings=standings, moments=[told_moment(moment, game) for moment in game.moments],
                           turns=max((p.turn or 0 for p in game.points), default=0), display=display,
                           games_url=games_url, bgstats_link=play_records.link_of(get_db(), game, table, where))


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


def newest_game(table: records.TableRow) -> int:
    """The number of the table's most recent finished game (404 while none is finished)."""
    games = [game for game in table_story(table).games if game.finished]
    if not games:
        abort(404)
    return games[-1].number

TEMPLATE_HELPERS = {"game_name": game_name, "when": when, "player_name": player_name, "story_link": story_link}
