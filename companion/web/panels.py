"""A viewer's screen and live panel, read in one place (`readings.reading`) and made by the pure screens, for a page,
a re-fetch and the live stream alike."""

from __future__ import annotations

from typing import Callable

from flask import request

from ..rules import DISPLAY, TableState
from ..service.table_reads import TableRow
from .fragments import panel_now
from .readings import moments_seen, reading
from .screens import Screen, display_screen, seat_screen


def stream_panel(table: TableRow, actor: str) -> tuple[str, int]:
    """This viewer's panel as it is now and its version, for the live stream to carry (a re-fetch's bytes)."""
    return panel_now(table, actor, panel_context(table, actor))


def panel_context(table: TableRow, actor: str) -> Callable[[TableState], dict]:
    """What this viewer's panel of a state shows (asked only when no kept render answers)."""
    return lambda state: screen_of(table, actor, state=state)[1]


def screen_of(table: TableRow, actor: str, state: TableState | None = None, **extra) -> tuple[str, dict]:
    """The page and the context of this viewer's screen (a phone asking with `view=seat` sees its seat), of `state`
    (the state the caller read) or of the table as it is now."""
    page, screen = screen_for(table, actor, state, as_seat=request.values.get("view") == "seat", **extra)
    return page, screen.context()


def screen_for(table: TableRow, actor: str, state: TableState | None = None, as_seat: bool = False,
               **extra) -> tuple[str, Screen]:
    """The page and screen for whoever asks: the display (unless it asks for a seat's view) or a phone."""
    display = actor == DISPLAY and not as_seat
    read = reading(table, state, display)
    if display:
        return "display.html", display_screen(table, read, **extra)
    seat = int(actor.split(":")[1]) if actor != DISPLAY else None
    return "seat.html", seat_screen(table, seat, read, seen=moments_seen(table, actor, read.state), **extra)
