"""The display's setup forms, prefilled: this table's rank or job cards, else what the server remembers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import g

from ... import cards as catalog
from ...knowledge import remembered
from ...rules import RANKS, default_profile_values
from ..connection import get_db
from ..i18n import current_language


def profile_form(state) -> dict:
    """The rank profile to prefill: this table's, else the one the server remembers, else the rulebook's."""
    if state.profile is not None:
        return {"counts": state.profile.counts,
                "values": {rank: vars(values) for rank, values in state.profile.values.items()}}
    kept = _remembered(remembered.PROFILE_KEY, lambda: remembered.rank_profile(get_db()))
    return kept or {"counts": {rank: "" for rank in RANKS}, "values": default_profile_values()}


BLANK_JOB_ROWS = 2


def _remembered(key: str, read: Callable[[], Any]) -> Any:
    """What the server remembers under `key`, read once per request (a display's panel asks twice: for its kept
    render's key and for its forms)."""
    kept = g.setdefault("remembered", {})
    if key not in kept:
        kept[key] = read()
    return kept[key]


def _numbers_text(values) -> str:
    """A printed Income or Free Time as the form shows it: "3", or "1/4" for two values."""
    return "/".join(str(v) for v in values) if values else ""


def job_profile_form(state) -> list[dict]:
    """The job cards to prefill: this table's, else the rulebooks' jobs overlaid with what the server remembers."""
    if state.job_profile:
        jobs = [vars(job) for job in state.job_profile.values()]
    else:
        jobs = []
        for deck in state.rules.decks:
            remembered_jobs = _remembered(deck, lambda deck=deck: remembered.job_profile(get_db(), deck))
            kept = {job["key"]: job for job in remembered_jobs}
            for job in catalog.jobs_for((deck,)):
                jobs.append(kept.pop(job.key, None) or {
                    "key": job.key, "name": catalog.name(job, current_language()), "income": job.income,
                    "free_time": job.free_time, "goal": job.goal, "hand": job.hand, "perk": "", "goth": job.goth})
            jobs += kept.values()  # jobs the table added to the rulebooks' list
    blank = {"key": "", "name": "", "goal": None, "hand": None, "perk": "", "goth": state.rules.everyone_is_goth}
    return [{**job, "income": _numbers_text(job.get("income")), "free_time": _numbers_text(job.get("free_time"))}
            for job in jobs + [blank] * BLANK_JOB_ROWS]
