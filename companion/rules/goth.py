"""Chez Goth's Heartache, and the rules for playing Chez Goth and Chez Geek together."""

from __future__ import annotations

from .state import TableState
from .violations import N_, RuleViolation

# Jobs that count as one and the same for every card that names a job (goth.combined).
TWIN_JOBS = frozenset({"poet", "drummer", "temp"})
# Cards that count as Surfing the Web (goth.combined).
SURFING_ALIASES = frozenset({"blogging", "online_shopping"})
PEOPLE = ("person", "cat")


def same_job(first: str, second: str) -> bool:
    """Whether a card that names one job treats the other alike: the Poet, the Drummer and the Temp are equal."""
    return first == second or {first, second} <= TWIN_JOBS


def counts_as(state: TableState, seat: int, job_key: str) -> bool:
    """Whether a card naming `job_key` affects the seat's job."""
    held = state.jobs.get(seat)
    if held is None:
        return False
    return same_job(held, job_key) if state.rules.combining_rules else held == job_key


def twins_of(state: TableState, seat: int) -> list[str]:
    """The other jobs that the seat's job counts as (only when the two games are combined)."""
    held = state.jobs.get(seat)
    if not state.rules.combining_rules or held not in TWIN_JOBS:
        return []
    return sorted(TWIN_JOBS - {held})


def categories_for_jobs(card: dict) -> set[str]:
    """A card's categories as job bonuses read them: Blogging and Online Shopping are Surfing the Web too."""
    categories = set(card.get("categories") or ())
    if card.get("key") in SURFING_ALIASES:
        categories.add("web")
    return categories


def heartache_fades(state: TableState, seat: int) -> list[dict]:
    """After Call People, a Goth with nobody in the room loses one Heartache."""
    if not state.rules.has_heartache or not state.is_goth(seat) or state.heartache.get(seat, 0) < 1:
        return []
    if any(card.type in PEOPLE for card in state.tents.get(seat, [])):
        return []
    return [{"type": "heartache_changed", "seat": seat, "args": {"delta": -1, "why": "empty_room"}}]


def job_change_effects(state: TableState, seat: int, new_job: str) -> dict:
    """What a job change does to Heartache when the two games are combined."""
    if not state.rules.combining_rules:
        return {}
    was_goth, becomes_goth = state.is_goth(seat), state.job_profile[new_job].goth
    held = state.heartache.get(seat, 0)
    if was_goth and not becomes_goth:
        return {"heartache_lost": held, "job_slack": 1 if held > 0 else 0}
    if becomes_goth and not was_goth:
        return {"heartache_gained": 1}
    return {}


def _decide_heartache(state, seat, args):
    if seat not in state.seats:
        raise RuleViolation(N_("There is no such seat at this table."), section="goth.setup")
    if not state.rules.has_heartache:
        raise RuleViolation(N_("Heartache belongs to Chez Goth."), section="goth.heartache")
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section="goth.win")
    delta = args["delta"]
    if delta > 0 and not state.is_goth(seat):
        raise RuleViolation(N_("Only players with a Goth job score Heartache."), section="goth.combined")
    if state.heartache.get(seat, 0) + delta < 0:
        raise RuleViolation(N_("There is no Heartache to lose."), section="goth.heartache")
    return [{"type": "heartache_changed", "seat": seat, "args": {"delta": delta, "why": args.get("why", "card")}}]


def _heartache_changed(state, seat, args, seq):
    state.heartache[seat] = state.heartache.get(seat, 0) + args["delta"]


DECIDERS = {"adjust_heartache": _decide_heartache}
APPLIERS = {"heartache_changed": _heartache_changed}
