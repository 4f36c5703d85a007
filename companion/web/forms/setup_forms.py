"""The display's setup forms, prefilled: this table's rank or job cards, else what the server remembers (read by the
screen and handed in here)."""

from __future__ import annotations

from typing import Any

from ... import cards as catalog
from ...rules import RANKS, default_profile_values

BLANK_JOB_ROWS = 2


def wants_remembered(state) -> bool:
    """Whether the form is prefilled from what the server remembers: the table has not entered its own cards."""
    return not (state.job_profile if state.rules.has_jobs else state.profile)


def setup_form(state, remembered: Any, language: str) -> dict | list[dict]:
    """The rank or job cards the display's setup form shows: `remembered` is what the server remembers from other
    tables when `wants_remembered` (the rank cards, or each of the game's decks' job cards), else None."""
    if state.rules.has_jobs:
        return job_profile_form(state, remembered or {}, language)
    return profile_form(state, remembered)


def profile_form(state, remembered: dict | None) -> dict:
    """The rank profile to prefill: this table's, else the one the server remembers, else the rulebook's."""
    if state.profile is not None:
        return {"counts": state.profile.counts,
                "values": {rank: vars(values) for rank, values in state.profile.values.items()}}
    return remembered or {"counts": {rank: "" for rank in RANKS}, "values": default_profile_values()}


def _numbers_text(values) -> str:
    """A printed Income or Free Time as the form shows it: "3", or "1/4" for two values."""
    return "/".join(str(v) for v in values) if values else ""


def job_profile_form(state, remembered: dict[str, list[dict]], language: str) -> list[dict]:
    """The job cards to prefill: this table's, else the rulebooks' jobs overlaid with what the server remembers of
    each deck (`remembered`, by deck)."""
    if state.job_profile:
        jobs = [vars(job) for job in state.job_profile.values()]
    else:
        jobs = []
        for deck in state.rules.decks:
            kept = {job["key"]: job for job in remembered.get(deck, [])}
            for job in catalog.jobs_for((deck,)):
                jobs.append(kept.pop(job.key, None) or {
                    "key": job.key, "name": catalog.name(job, language), "income": job.income,
                    "free_time": job.free_time, "goal": job.goal, "hand": job.hand, "perk": "", "goth": job.goth})
            jobs += kept.values()  # jobs the table added to the rulebooks' list
    blank = {"key": "", "name": "", "goal": None, "hand": None, "perk": "", "goth": state.rules.everyone_is_goth}
    return [{**job, "income": _numbers_text(job.get("income")), "free_time": _numbers_text(job.get("free_time"))}
            for job in jobs + [blank] * BLANK_JOB_ROWS]
