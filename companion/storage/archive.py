"""The archive of finished games: what the story of each table's log says about its games, by log version.

A table's log holds one game per rematch, and each game with a winner is one entry. The summaries are stored
with the log's version they were read at; a table whose log has moved on is read again on the next visit, so
idle tables cost one row each and nothing is replayed twice.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

from sqlite_utils import Database

from ..rules import game_story
from . import store


@dataclass(frozen=True)
class Finished:
    """One finished game: where its story is, when it was won, and who played (seat, name, total)."""

    table_id: int
    number: int
    game: str
    winner: int
    won_at: float | None
    players: list[dict]


def summary(game: game_story.Game) -> dict:
    """What the archive keeps of a game."""
    names = game.names()
    return {"number": game.number, "game": game.game, "winner": game.winner, "won_at": game.won_at,
            "players": [{"seat": seat, "name": names[seat], "total": game.totals[seat]}
                        for seat in game.order]}


@dataclass
class TableStory:
    """A table's log as of one version, the story of its games, and its export once someone asked for it."""

    version: int
    events: list[dict]
    games: list[game_story.Game]
    teller: game_story.Teller
    exported: str | None = None  # the export's JSON text, made on the first download
    # Each event's line of the export, made as far as an export asked; the log only grows, so a later telling of
    # the table shares the list and a download after a change writes only the new events' lines.
    lines: list[str] = field(default_factory=list)


class Stories:
    """The story of the last few tables asked about, kept by their log's version: an old game is told once.

    Keyed by the table's token (a row id may come back after a delete); a newer version tells it again.
    """

    def __init__(self, size: int = 8):
        self.size = size
        self._kept: OrderedDict[str, TableStory] = OrderedDict()
        self._lock = threading.Lock()

    def story_of(self, db: Database, table_id: int, token: str) -> TableStory:
        """The table's log and games as of now: kept, told on from the kept telling, or told afresh."""
        version = store.version(db, table_id)
        with self._lock:  # one telling at a time: a kept teller goes on in place
            kept = self._kept.get(token)
            if kept is None or kept.version != version:
                kept = self._tell(db, table_id, kept)
                self._kept[token] = kept
            self._kept.move_to_end(token)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
            return kept

    @staticmethod
    def _tell(db: Database, table_id: int, kept: TableStory | None) -> TableStory:
        """The story as of now, told on from what was kept (new events, or back to a game's start after an undo)."""
        if kept is not None:
            log = kept.events + store.events_after(db, table_id, kept.version)
            kept.teller.tell_on(log)
            return TableStory(kept.teller.version, log, kept.teller.games(), kept.teller, lines=kept.lines)
        events = store.events_after(db, table_id)
        teller = game_story.Teller(events)
        return TableStory(teller.version, events, teller.games(), teller)


def finished_games(db: Database, stories: Stories, winner_now: Callable[[int], int | None],
                   tables: set[int]) -> list[Finished]:
    """The finished games of these tables (a table's history is its own), the most recently won first
    (`winner_now`: a table's current winner)."""
    found = []
    if not tables:  # a browser that sat at no table: nothing to read
        return found
    for table_id, token, version, kept_version, kept in store.archive_status(db):
        if version is None or table_id not in tables:
            continue
        if kept_version == version:
            games = store.decoded(kept)
        elif kept is not None and _only_play_went_on(db, table_id, kept_version, store.decoded(kept), winner_now):
            games = store.decoded(kept)
            _keep(db, table_id, version, games)
        else:
            told = stories.story_of(db, table_id, token)
            games = [summary(game) for game in told.games]
            _keep(db, table_id, told.version, games)
        found += [Finished(table_id=table_id, **game) for game in games if game["winner"] is not None]
    return sorted(found, key=lambda game: (game.won_at or 0, game.table_id, game.number), reverse=True)


def any_finished(db: Database) -> bool:
    """Whether the archive holds a finished game of any table (a server where people have played before)."""
    rows = db.execute("SELECT games FROM archive WHERE games <> '[]'").fetchall()
    return any(game["winner"] is not None for (games,) in rows for game in store.decoded(games))


def _keep(db: Database, table_id: int, version: int, games: list[dict]) -> None:
    """Store a table's summaries for next time, if the database takes the write: the archive is only a cache, so
    the front page still shows (read again next time) while the disk is read-only or full."""
    try:
        store.save_archive(db, table_id, version, games)
    except sqlite3.OperationalError:
        pass


def _only_play_went_on(db: Database, table_id: int, since: int, games: list[dict],
                       winner_now: Callable[[int], int | None]) -> bool:
    """True when the log moved on only inside a game nobody has won: every finished game is as it was.

    An undo, a redo or a rematch since, or a win, and the table's story is told again.
    """
    return (bool(games) and games[-1]["winner"] is None and winner_now(table_id) is None
            and not store.has_events_of(db, table_id, since, ("undone", "redone", *game_story.REMATCHES)))


def export(table: store.TableRow, events: list[dict], games: list[game_story.Game]) -> dict:
    """A table's whole event log as JSON, with where each game starts and ends (no keys or tokens)."""
    return {
        "format": "chez-companion-log/1", "game": table.game, "language": table.language,
        "games": [{"number": game.number, "first_seq": game.first_seq, "last_seq": game.last_seq,
                   "winner": game.winner, "won_seq": game.won_seq, "won_at": game.won_at} for game in games],
        "events": events,
    }


_WRITING_LINES = threading.Lock()  # two downloads at once must not both append a table's new lines


def export_text(table: store.TableRow, events: list[dict], games: list[game_story.Game],
                lines: list[str] | None = None) -> str:
    """The export as text, one event a line: readable, and written by json's fast encoder (indenting is slow).

    `lines` holds the lines of the log's first events made before (a TableStory's); the missing ones are added.
    """
    head = json.dumps({**export(table, [], games), "events": None}, ensure_ascii=False, indent=1)
    lines = [] if lines is None else lines
    with _WRITING_LINES:
        lines.extend(json.dumps(event, ensure_ascii=False) for event in events[len(lines):])
        text = ",\n  ".join(lines[:len(events)])
    return head.removesuffix("null\n}") + ("[\n  " + text + "\n ]\n}" if events else "[]\n}")
