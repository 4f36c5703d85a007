"""What the web's screens and pages read of the stored tables, in one place, through the service: a screen's state and
log, the finished games and their stories, the links a display hands out, the version a stream starts from.

The views call these (or the panels, for a live panel) and hand what they read to the screens, words and stories
modules, which open no database.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, current_app, g, redirect, request, session, url_for
from sqlite_utils import Database
from werkzeug.wrappers import Response

from ..knowledge import remembered
from ..rules import TableState, game_story
from ..service import database, play_records, table_reads
from .common import bearer_key, held_seat, is_display, is_new_player, language_at, play, public_base
from .connection import get_db
from .forms import setup_forms
from .i18n import current_language
from .render_cache import KeptByContent, NewestCache
from .screens import LOG_LINES, Reading
from .stories import story_page

FRONT_PAGE_GAMES = 8
STORY_PAGES_KEPT = 64  # rendered story pages (~20 KB each): a few tables' games, in each language, for both readers


def reading(table: table_reads.TableRow, state: TableState | None = None, display: bool = False) -> Reading:
    """What the table's screens show (the display's, with its setup forms' remembered cards), of `state` (the state
    the caller read) or of the table as it is now."""
    state = state if state is not None else play().state(get_db(), table)
    events, by_seq = _log_tail(table.id, state)
    setup_cards = None
    if display and setup_forms.wants_remembered(state):
        setup_cards = remembered.setup_cards(get_db(), state.rules)
    return Reading(table.id, state, events, by_seq, newest_play(table) if state.winner is not None else None,
                   setup_cards)


def moments_seen(table: table_reads.TableRow, actor: str, state: TableState) -> tuple[str, ...] | None:
    """The moments a new player's seat has dismissed, read once per request; None unless the viewer is a phone that
    explains each moment (its players' first game, or its "I'm new")."""
    if not actor.startswith("seat:") or not is_new_player(table.token, state.first_game):
        return None
    seat = int(actor.removeprefix("seat:"))
    kept = g.setdefault("moments_seen", {})
    if (table.id, seat) not in kept:
        kept[table.id, seat] = table_reads.moments_seen(get_db(), table.id, seat)
    return kept[table.id, seat]


def moments_seen_changed() -> None:
    """A seat dismissed a moment: the moments seen are read again for what this request still draws."""
    g.pop("moments_seen", None)


def state_now(table: table_reads.TableRow) -> TableState:
    """The table's current state."""
    return play().state(get_db(), table)


def _log_tail(table_id: int, state: TableState) -> tuple[list[dict], dict[int, dict]]:
    """The log's last events and, by number, the events an undo line or button or a canceled card's highlight
    names: read once per version for every language, viewer and log length (on PostgreSQL each read is a round
    trip)."""
    cache: NewestCache = current_app.extensions["shared_cache"]
    kept = cache.get(("log tail", table_id), state.version)
    if kept is None:
        db = get_db()
        # Only the log's tail is read, plus the events an undo line or button names: a long game stays cheap.
        # The tail is usually in the state cache already (this process folded those events a moment ago).
        after = max(0, state.version - LOG_LINES)
        events = play().cache.recent_events(table_id, after, state.version)
        if events is None:
            events = table_reads.log_after(db, table_id, after)
        wanted = {e["args"]["target"] for e in events if e["type"] in ("undone", "redone")}
        wanted |= {stack[-1] for stack in (state.undoable, state.redoable) if stack}
        # An action's events all come at or after its first: one that starts in the tail is there whole.
        wanted = {step for step in wanted if step <= after}
        windows = {e["args"].get("window") for e in events if e["type"] == "card_canceled"}
        wanted |= {seq for seq in windows if isinstance(seq, int) and seq <= after}  # a canceled card's window
        kept = events, {**table_reads.actions_named(db, table_id, wanted), **{e["seq"]: e for e in events}}
        cache.put(("log tail", table_id), state.version, kept)
    return kept


def log_page(table: table_reads.TableRow, first: int, last: int) -> tuple[list[dict], dict[int, dict]]:
    """The events `first` to `last` of the table's log and, by number, those and the events their undo lines name
    (which may be on an earlier page)."""
    db = get_db()
    events = table_reads.log_between(db, table.id, first - 1, last)
    wanted = {event["args"]["target"] for event in events if event["type"] in ("undone", "redone")}
    return events, {**table_reads.actions_named(db, table.id, wanted), **{event["seq"]: event for event in events}}


# --- finished games: their stories, BG Stats links and archive ------------------------------------------------

def stories() -> table_reads.Stories:
    """This app's stories of recently asked-about tables, kept by version."""
    return current_app.extensions.setdefault("stories", table_reads.Stories())


def table_story(table: table_reads.TableRow) -> table_reads.TableStory:
    """The table's log and the story of its games, as of now."""
    return stories().story_of(get_db(), table.id, table.token)


def winner_now(table_id: int) -> int | None:
    """Who has won the game now at a table (None while it goes on), from the kept state."""
    return play().cache.state(get_db(), table_id).winner


def at_the_table(table: table_reads.TableRow) -> bool:
    """Whether this browser may read the table's history: its display (or its key as a bearer token), or a phone
    holding one of its seats now (a seat the display freed no longer reads it)."""
    return is_display(table, bearer_key() or None) or held_seat(table) is not None


def my_tables() -> set[int]:
    """The tables this browser hosts or holds a seat at, from the display and seat keys its cookie carries."""
    db, found = get_db(), set()
    for token in {*session.get("displays", {}), *session.get("seats", {})}:
        table = table_reads.table_behind(db, token)
        if table is not None and at_the_table(table):
            found.add(table.id)
    return found


def finished_games(tables: set[int]) -> list[table_reads.Finished]:
    """The finished games of these tables, the newest first."""
    return table_reads.finished_games(get_db(), stories(), winner_now, tables)


def recent_games() -> tuple[list[table_reads.Finished], int]:
    """The newest finished games of this browser's tables for the front page, and how many there are in all."""
    finished = finished_games(my_tables())
    return finished[:FRONT_PAGE_GAMES], len(finished)


def newest_game(table: table_reads.TableRow) -> int:
    """The number of the table's most recent finished game (404 while none is finished)."""
    games = [game for game in table_story(table).games if game.finished]
    if not games:
        abort(404)
    return games[-1].number


def story(table: table_reads.TableRow, number: int, games_url: str | None) -> str | Response:
    """The story page of a table's game, for a reader allowed to see it (`games_url`: the list it belongs to)."""
    g.lang, g.table_lang = language_at(table), table.language
    told, display = table_story(table), is_display(table)
    if not 1 <= number <= len(told.games) or not told.games[number - 1].finished:
        abort(404)
    if request.query_string:  # the page reads none: one kept page per game, not one per address a client makes up
        return redirect(request.script_root + request.path, 301)
    kept: KeptByContent = current_app.extensions.setdefault("story_pages", KeptByContent(STORY_PAGES_KEPT))
    where = location()  # the BG Stats link names where the host says the tables play
    # The path is the table's own (its numbers have one spelling, its keys are checked): a client cannot vary it.
    page = (table.token, told.version, number, current_language(), display, request.path, where)
    html = kept.get(page)
    if html is None:  # a finished game's page is the same until its table's log moves on
        game = told.games[number - 1]
        html = story_page(table, game, display, games_url, game_link(table, game, where))
        kept.put(page, html)
    return html


def newest_play(table: table_reads.TableRow) -> tuple[int, str] | None:
    """The newest finished game's number and BG Stats link; None while no game at the table is finished."""
    db = get_db()
    finished = play_records.finished_game(db, stories(), table)
    return None if finished is None else (finished.number, play_records.link_of(db, finished, table))


def play_link(table: table_reads.TableRow, number: int) -> str | None:
    """The BG Stats link of the table's `number`-th game; None unless that game is finished."""
    db = get_db()
    finished = play_records.finished_game(db, stories(), table, number)
    return None if finished is None else play_records.link_of(db, finished, table)


def game_link(table: table_reads.TableRow, game: game_story.Game, where: str) -> str:
    """The BG Stats link of a finished game, naming `where` the host says the tables play."""
    return play_records.link_of(get_db(), game, table, where)


def location() -> str:
    """Where the host says this server's tables play ('' until set)."""
    return play_records.location(get_db())


# --- the display's links, and the live streams' versions ----------------------------------------------------

def link_card(table: table_reads.TableRow, column: str, remembered: str, endpoint: str) -> dict:
    """Whether the table has such a link open (the spectator link, the share link to finished games), and its
    address if this browser made it (only the link's hash is stored: the browser that made it keeps the key under
    `remembered` in its session)."""
    db = get_db()
    key = session.get(remembered, {}).get(table.token)
    mine = bool(key) and table_reads.table_opened_by(db, column, key) == table
    return {"open": mine or table_reads.link_is_open(db, table.id, column),
            "url": public_base()[0] + url_for(endpoint, key=key) if mine else None}


def version(table: table_reads.TableRow) -> int:
    """The table's newest version (its newest event's number)."""
    return table_reads.version_of(get_db(), table.id)


def as_of(table_id: int, newest: int) -> None:
    """This request reads the table's state and seat claims as of a version a stream heard of (or a newer one)."""
    table_reads.read_as_of(get_db(), table_id, newest)


def on_a_lent_connection(ask: Callable[[Database], bool]) -> Callable[[], bool]:
    """`ask` put to a connection lent for the moment (a stream outlives its request's connection)."""
    path = current_app.config["DATABASE"]

    def asked() -> bool:
        with database.connections.lent(path) as db:
            return ask(db)

    return asked
