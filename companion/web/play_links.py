"""The BG Stats link of a table's finished game, for the story page, the phones after the win and the display."""

from __future__ import annotations

from ..service import play_records, records
from .connection import get_db
from .stories import stories


def newest_play(table: records.TableRow) -> tuple[int, str] | None:
    """The newest finished game's number and BG Stats link; None while no game at the table is finished."""
    db = get_db()
    finished = play_records.finished_game(db, stories(), table)
    return None if finished is None else (finished.number, play_records.link_of(db, finished, table))


def play_link(table: records.TableRow, number: int) -> str | None:
    """The BG Stats link of the table's `number`-th game; None unless that game is finished."""
    db = get_db()
    finished = play_records.finished_game(db, stories(), table, number)
    return None if finished is None else play_records.link_of(db, finished, table)


def location() -> str:
    """Where the host says this server's tables play ('' until set)."""
    return play_records.location(get_db())
