"""Cards that change this turn's Income or Free Time (Lucky 7), recorded by name with what they change.

002_22fc518f8780fc11.txt (Income and Free Time, the Lucky 7 example): a card may raise this turn's Income; what
is left of it is spent in the Free Time phase like the rest.
"""

from __future__ import annotations

from . import tents
from .violations import N_, RuleViolation


def _decide_budget_card(state, seat, args):
    """The active player plays a card that changes this turn's Income, Free Time or both."""
    turn = tents._require_active(state, seat)
    if turn.phase == "call":  # played like any card of the phase: after a call's roll, a pest's card, the raid
        tents.settle_before_next(state, seat)
        tents.require_no_demands(state, seat)
    income, free_time = args.get("income", 0), args.get("free_time", 0)
    if not income and not free_time:
        raise RuleViolation(N_("Enter how %(card)s changes this turn's Income or Free Time."),
                            section="guevara.income", card=args["name"])
    if turn.income_left + income < 0:
        # A job pays its own Income (a Russian table calls it «доход», not a soldier's «жалование»).
        message = N_("Your job's Income cannot drop below zero.") if state.rules.has_jobs else \
            N_("Income cannot drop below zero.")
        raise RuleViolation(message, section="guevara.income")
    if turn.free_time_left + free_time < 0:
        raise RuleViolation(N_("Free Time cannot drop below zero."), section="guevara.phase.freetime")
    card = {"name": args["name"], **({"key": args["key"]} if args.get("key") else {})}
    return [{"type": "budget_card_played", "seat": seat, "args": {**card, "income": income, "free_time": free_time}}]


DECIDERS = {"budget_card": _decide_budget_card}


def _played(state, seat, args, seq):
    state.turn.income_left += args["income"]
    state.turn.free_time_left += args["free_time"]


APPLIERS = {"budget_card_played": _played}
