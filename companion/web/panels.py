"""A viewer's live panel as its screen shows it, for a re-fetch and for the live stream alike."""

from __future__ import annotations

from typing import Callable

from flask import request

from ..rules import TableState
from ..service import records
from .fragments import panel_now
from .screens import screen_for


def stream_panel(table: records.TableRow, actor: str) -> tuple[str, int]:
    """This viewer's panel as it is now and its version, for the live stream to carry (a re-fetch's bytes)."""
    return panel_now(table, actor, panel_context(table, actor))


def panel_context(table: records.TableRow, actor: str) -> Callable[[TableState], dict]:
    """What this viewer's panel of a state shows (asked only when no kept render answers)."""
    return lambda state: screen_of(table, actor, state=state)[1]


def screen_of(table: records.TableRow, actor: str, **extra) -> tuple[str, dict]:
    """The page and the context of this viewer's screen (a phone asking with `view=seat` sees its seat)."""
    page, screen = screen_for(table, actor, as_seat=request.values.get("view") == "seat", **extra)
    return page, screen.context()
