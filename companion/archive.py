"""The archive of finished games: what the story of each table's log says about its games, by log version.

A table's log holds one game per rematch, and each game with a winner is one entry. The summaries are stored
with the log's version they were read at; a table whose log has moved on is read again on the next visit, so
idle tables cost one row each and nothing is replayed twice.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from sqlite_utils import Database

from . import store, story


@dataclass(frozen=True)
class Finished:
    """One finished game: where its story is, when it was won, and who played (seat, name, total)."""

    table_id: int
    number: int
    game: str
    winner: int
    won_at: float | None
    players: list[dict]


def summary(game: story.Game) -> dict:
    """What the archive keeps of a game."""
    names = game.names()
    return {"number": game.number, "game": game.game, "winner": game.winner, "won_at": game.won_at,
            "players": [{"seat": seat, "name": names[seat], "total": game.totals[seat]}
                        for seat in game.order]}


def finished_games(db: Database) -> list[Finished]:
    """Every finished game on this server, the most recently won first."""
    found = []
    for table_id, version, kept_version, kept in store.archive_status(db):
        if version is None:
            continue
        if kept_version == version:
            games = json.loads(kept)
        else:
            games = [summary(game) for game in story.games(store.events_after(db, table_id))]
            _keep(db, table_id, version, games)
        found += [Finished(table_id=table_id, **game) for game in games if game["winner"] is not None]
    return sorted(found, key=lambda game: (game.won_at or 0, game.table_id, game.number), reverse=True)


def _keep(db: Database, table_id: int, version: int, games: list[dict]) -> None:
    """Store a table's summaries for next time, if the database takes the write: the archive is only a cache, so
    the front page still shows (read again next time) while the disk is read-only or full."""
    try:
        store.save_archive(db, table_id, version, games)
    except sqlite3.OperationalError:
        pass


def export(table: store.TableRow, events: list[dict], games: list[story.Game]) -> dict:
    """A table's whole event log as JSON, with where each game starts and ends (no keys or tokens)."""
    return {
        "format": "chez-companion-log/1", "game": table.game, "language": table.language,
        "games": [{"number": game.number, "first_seq": game.first_seq, "last_seq": game.last_seq,
                   "winner": game.winner, "won_seq": game.won_seq, "won_at": game.won_at} for game in games],
        "events": events,
    }
