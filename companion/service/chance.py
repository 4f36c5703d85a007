"""Chance the server supplies: dice and shuffles, added to an action before the pure rules see it."""

from __future__ import annotations

import secrets

from ..input.actions import Action
from ..rules import TableState

ROLLS = ("roll_die", "roll_for_card", "get_rid", "raid_roll", "denounce_roll", "job_roll")


def roll_die() -> int:
    """A fair server-side die."""
    return secrets.randbelow(6) + 1


def with_chance(action: Action, state: TableState) -> dict:
    """The action's arguments plus whatever chance it needs: a die roll, or the shuffled rank cards."""
    args = dict(action.args)
    if action.type in ROLLS and "value" not in args:
        args["value"] = roll_die()
    if action.type == "deal_ranks" and state.profile is not None:
        cards = [rank for rank, count in state.profile.counts.items() for _ in range(count)]
        secrets.SystemRandom().shuffle(cards)
        args["shuffled"] = cards
    if action.type == "deal_jobs":
        args["shuffled"] = list(state.job_profile)
        secrets.SystemRandom().shuffle(args["shuffled"])
    if action.type == "get_rid_all":
        args["values"] = [roll_die() for _ in state.tents.get(action.seat, [])]  # one roll per Person at most
    if action.type in ("start_game", "advance") and state.rules.has_jobs and not state.physical_job_die:
        args["dice"] = [roll_die(), roll_die()]  # a two-value Income and Free Time each roll at the turn's start
    return args
