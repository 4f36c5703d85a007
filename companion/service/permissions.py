"""Who may do what at a table: phones act for their own seat, the display for anyone."""

from __future__ import annotations

from ..input.actions import Action
from ..rules import DISPLAY, N_

DISPLAY_ONLY = {"set_order", "set_dealer", "free_seat", "name_seat", "set_profile", "deal_ranks", "start_game",
                "rematch", "set_job_profile", "deal_jobs", "set_job_die"}
ANYONE = {"undo", "redo"}


class Forbidden(Exception):
    """The actor may not do this (403); nothing is written."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def authorize(actor: str, action: Action) -> None:
    """Phones act for their own seat; the display acts for anyone; undo and redo are open to all."""
    if actor == DISPLAY or action.type in ANYONE:
        return
    if action.type in DISPLAY_ONLY:
        raise Forbidden(N_("Only the table display can do that."))
    if actor != f"seat:{action.seat}":
        raise Forbidden(N_("A phone can only act for its own seat."))
