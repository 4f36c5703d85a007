"""The setup guide for the printed deck: the steps to prepare the real cards, each with the form the table fills in
at that step and ticked when the table shows it done.

Facts from the rulebooks in /work/shared/seeds/: Chez Guevara from 002_22fc518f8780fc11.txt (Setup; the eight rank
cards from 003_aa2349d510ea7fe9.txt), Chez Geek and Chez Goth from 001_33843aac75e5d22e.txt and
004_86e669cd97eaea5c.txt, whose hand sizes are printed on the job cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules import TableState
from ..i18n import gettext as _


@dataclass(frozen=True)
class SetupStep:
    """One step of preparing the cards: its words, its tick and the form the table acts with there, if any."""

    text: str
    # None: no tick, where the app cannot tell (shuffling, drawing) or where doing the step ends the guide (start)
    done: bool | None
    form: str | None = None  # the step's form (templates/partials/_setup_<form>.html), shown as the offers allow


def setup_steps(state: TableState) -> list[SetupStep]:
    """The steps to prepare the printed deck for this table's game and players, in the reader's language."""
    players = len(state.order)
    seated = bool(players) and all(state.seats[seat].claimed for seat in state.order)
    if state.rules.has_jobs:
        steps = [
            SetupStep(_("Take the purple job cards out of the deck and enter their numbers below."),
                      bool(state.job_profile), "job_cards"),
            SetupStep(_("Shuffle the job cards and deal one face up to each player, then enter who holds which."),
                      state.every_seat_employed, "deal_jobs"),
            SetupStep(_("Shuffle the other cards and deal each player as many face down as their job card shows."),
                      None),
        ]
    else:
        rank_deal = (_("Two players: each takes a Private card; the others stay face up as promotions.")
                     if players == 2 else
                     _("Shuffle the rank cards and deal one face up to each player; the rest stay face up on the "
                       "table as promotions."))
        steps = [
            SetupStep(_("Sort out the 8 purple rank cards (Private, Corporal, Sergeant) and enter their numbers "
                        "below."), state.profile is not None, "rank_cards"),
            SetupStep(rank_deal, state.every_seat_ranked, "deal_ranks"),
            SetupStep(_("Shuffle the Life cards and deal 5 face down to each player."), None),
        ]
    return [
        SetupStep(_("Every player scans the code with their phone and takes a seat."), seated),
        *steps,
        SetupStep(_("Put the rest face down as the draw pile; discards go face up beside it."), None),
        SetupStep(_("Choose the dealer: the player to the dealer's left starts, then play goes clockwise."),
                  state.dealer is not None, "dealer"),
        SetupStep(_("Start the game."), None, "start"),
    ]
