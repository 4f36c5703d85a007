"""The read model of the stored tables: what the web reads of them, under the names it asks by, and the writes that
are no game action (a link's key, the moments a seat had explained).

A table behind a token, a join code, a row id or a link's key; who holds which key; the table's version and the
parts of its log a screen shows; whether a link is open; the finished games of the archive.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database

from ..rules import game_story
from ..storage import archive, seen_moments, store

TableRow = store.TableRow
Finished = archive.Finished
Stories = archive.Stories
TableStory = archive.TableStory


def table_behind(db: Database, token: str) -> TableRow | None:
    """The table behind a token (an address's private part), or None."""
    return store.table_by_token(db, token)


def table_joined_by(db: Database, code: str) -> TableRow | None:
    """The table a join code names, or None."""
    return store.table_by(db, "join_code", code) if 4 <= len(code) <= 12 else None


def table_numbered(db: Database, table_id: int) -> TableRow | None:
    """The table with this row id, or None."""
    return store.table_by(db, "id", table_id)


def table_opened_by(db: Database, column: str, key: str) -> TableRow | None:
    """The table a spectator or share link's key opens (`column`: "spectator_key" or "share_key"), or None."""
    return store.table_by(db, column, store.digest(key)) if 16 <= len(key) <= 64 else None


def still_open(db: Database, table: TableRow) -> bool:
    """Whether the table is still there (a deleted table's live streams end)."""
    return store.table_exists(db, table.id, table.token)


def who_holds(db: Database, table: TableRow, display_key: str, seat_keys: tuple[tuple[int, str], ...]) -> str | None:
    """Who carries these keys at the table: the display, "seat:N" for the key that holds seat N now, else None."""
    return store.key_holder(db, table, display_key, seat_keys)


def is_display_key(table: TableRow, key: str) -> bool:
    """Whether a key is the table's display key (compared in constant time)."""
    return store.is_key_of(table.display_key, key)


def holds_seat(db: Database, table: TableRow, seat: int, key: str) -> bool:
    """Whether a seat key is the one that holds the seat now (a freed or retaken seat's old key is not)."""
    return store.is_key_of(store.claim_key(db, table.id, seat), key)


def version_of(db: Database, table_id: int) -> int:
    """The table's version: its newest event's number (0 before any)."""
    return store.version(db, table_id)


def read_as_of(db: Database, table_id: int, version: int) -> None:
    """This connection reads the table's state and claims as of a version a live stream heard of, or a newer one."""
    store.saw_version(db, table_id, version)


def log_after(db: Database, table_id: int, after: int) -> list[dict]:
    """The table's log after event `after`, oldest first."""
    return store.events_after(db, table_id, after)


def log_between(db: Database, table_id: int, after: int, upto: int) -> list[dict]:
    """The table's log after event `after` up to `upto` (included), oldest first."""
    return store.events_between(db, table_id, after, upto)


def actions_named(db: Database, table_id: int, steps: set[int]) -> dict[int, dict]:
    """The events of the actions an undo line or button (or a highlight) names, by their first event's number."""
    return store.events_of_steps(db, table_id, steps)


def link_is_open(db: Database, table_id: int, column: str) -> bool:
    """Whether the table's spectator or share link (`column`) is open."""
    return store.has_link_key(db, table_id, column)


def set_link_key(db: Database, table_id: int, column: str, secret: str | None) -> None:
    """Give the table a new key of a link it hands out (the old key stops working at once), or none."""
    store.set_link_key(db, table_id, column, secret)


def moments_seen(db: Database, table_id: int, seat: int) -> tuple[str, ...]:
    """The moments a seat has had explained and dismissed (a learning game), sorted."""
    return seen_moments.seen(db, table_id, seat)


def moment_seen(db: Database, table_id: int, seat: int, moment: str) -> None:
    """A seat has dismissed a moment's explanation: no phone of the seat shows it again."""
    seen_moments.mark_seen(db, table_id, seat, moment)


def explain_again(db: Database, table_id: int, seat: int) -> None:
    """Every moment is explained to the seat again."""
    seen_moments.forget_seen(db, table_id, seat)


def anyone_has_played(db: Database) -> bool:
    """Whether any table on this server has finished a game (else a new table is the players' first game): marked
    when a game is won, or, for games won before the mark was kept, in the front page's archive."""
    return store.remembered(db, store.GAMES_WON) is not None or archive.any_finished(db)


def finished_games(db: Database, stories: Stories, winner_now: Callable[[int], int | None],
                   tables: set[int]) -> list[Finished]:
    """The finished games of these tables, the most recently won first (`winner_now`: a table's current winner)."""
    return archive.finished_games(db, stories, winner_now, tables)


def export_text(table: TableRow, events: list[dict], games: list[game_story.Game],
                lines: list[str] | None = None) -> str:
    """A table's log and games as text, one event a line."""
    return archive.export_text(table, events, games, lines)
