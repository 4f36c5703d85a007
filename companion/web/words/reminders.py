"""What the player on turn does in this phase: told to that player ("Discard down to 5"), and to everyone else
in the third person ("Cleo discards down to 5")."""

from __future__ import annotations

from ...rules import N_, TableState, hand_limit
from ..i18n import gettext as _

PHASE_REMINDERS = {
    "draw": N_("Draw Life cards until you hold 6."),
    "roll": N_("Roll to get rid of unwanted People (4-6), and make the rolls your cards demand."),
    "call": N_("An invited Person needs 3-6; uninvited People and Cats just come."),
    "freetime": N_("Each Free Time is one scrounging trip or one Activity."),
    "discard": N_("Discard down to 5 cards. You may discard more, but never your last card."),
    "heal": N_("If you did nothing but discard this turn, remove one wound."),
}
JOB_REMINDERS = {
    "draw": N_("Draw Life cards until you hold %(n)d, and never hold more."),
    "roll": N_("A two-value Income or Free Time was rolled as the turn began. Roll to get rid of People (4-6), "
               "naming where each goes first."),
    "call": N_("An invited Person comes on 3-6; uninvited People and Cats just come."),
    "freetime": N_("Each Free Time is one shopping trip or one Activity; others may answer with a TV card."),
    "discard": PHASE_REMINDERS["discard"],
}
GOTH_CALL_REMINDER = N_("An invited Person comes on 3-6; uninvited People and Cats just come. "
                        "A Goth with nobody in the room afterwards loses 1 Heartache.")
THEIR_REMINDERS = {
    "draw": N_("%(name)s draws Life cards up to 6."),
    "roll": N_("%(name)s rolls to get rid of unwanted People (4-6) and makes the rolls the cards demand."),
    "call": N_("%(name)s calls People: an invited Person needs 3-6; uninvited People and Cats just come."),
    "freetime": N_("Each Free Time of %(name)s is one scrounging trip or one Activity; you may cancel a card "
                   "while it is announced."),
    "discard": N_("%(name)s discards down to 5 cards."),
    "heal": N_("If %(name)s did nothing but discard this turn, one wound heals."),
}
THEIR_JOB_REMINDERS = {
    "draw": N_("%(name)s draws Life cards up to %(n)d."),
    "roll": N_("%(name)s rolls to get rid of People (4-6), naming where each goes first."),
    "call": N_("%(name)s calls People into the room: an invited Person needs 3-6; uninvited People and Cats just "
               "come."),
    "freetime": N_("Each Free Time of %(name)s is one shopping trip or one Activity; you may answer with a TV "
                   "card."),
    "discard": THEIR_REMINDERS["discard"],
}
THEIR_GOTH_CALL_REMINDER = N_("%(name)s calls People into the room: an invited Person needs 3-6; uninvited People "
                              "and Cats just come. A Goth with nobody in the room afterwards loses 1 Heartache.")


def phase_reminder(state: TableState, name: str | None = None) -> str:
    """What the active player does in this phase, in the reader's language: to them, or (given their name) about
    them."""
    turn = state.turn
    if not state.rules.has_jobs:
        text = PHASE_REMINDERS if name is None else THEIR_REMINDERS
        return _(text[turn.phase], name=name)
    if turn.phase == "call" and state.rules.has_heartache:
        return _(GOTH_CALL_REMINDER if name is None else THEIR_GOTH_CALL_REMINDER, name=name)
    text = JOB_REMINDERS if name is None else THEIR_JOB_REMINDERS
    return _(text[turn.phase], n=hand_limit(state, turn.seat), name=name)
