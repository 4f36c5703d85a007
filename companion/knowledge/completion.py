"""A card as played: the table's input, filled in from the catalog and from what the server remembers of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import JOBS_BY_KEY
from ..cards import guevara_cards as catalog
from ..input.actions import BadInput
from ..rules import N_

FACTS = ("type", "categories", "cost", "slack", "slack_die", "slack_modifier", "invited", "pest",
         "denounce_modifier", "loot", "cancels")


def known_facts(card: catalog.Card) -> dict[str, Any]:
    """What the rulebooks state about a catalog card (never a guessed number)."""
    facts = {"key": card.key, "type": card.type, "categories": list(card.categories), "cost": card.cost,
             "slack": card.slack, "slack_die": card.slack_die, "slack_modifier": card.slack_modifier,
             "invited": card.invited, "pest": list(card.pest_categories) if card.pest_categories else None,
             "denounce_modifier": card.denounce_modifier, "cancels": list(card.cancels)}
    return {key: value for key, value in facts.items() if value not in (None, [], ())}


def merged(spec: dict[str, Any], remembered: dict | None, lang: str,
           cards: tuple[catalog.Card, ...] = catalog.CARDS) -> dict[str, Any]:
    """The catalog's facts, overlaid with the remembered ones, overlaid with the table's input."""
    found = catalog.find(spec["name"], lang, cards)
    result: dict[str, Any] = {}
    if found is not None:
        result.update(known_facts(found))
    result.update(remembered or {})
    result.update(spec)
    if found is not None:
        result["key"] = found.key
    return result


def complete_raid(spec: dict[str, Any], remembered: dict | None, lang: str) -> dict[str, Any]:
    """A Raid card: an Activity whose printed number is how many loot cards are dealt."""
    result = {**merged(spec, remembered, lang), "type": "activity", "categories": ["raid"]}
    if missing := _raid_missing(result):
        raise BadInput(N_("Copy from %(card)s what this server does not know yet: %(missing)s."), card=spec["name"],
                       missing=missing)
    return result


def _raid_missing(card: dict[str, Any]) -> tuple[str, ...]:
    """What a Raid card cannot be played without: how many loot cards it deals."""
    return () if card.get("loot") is not None else ("loot",)


# The printed numbers each card form has fields for, as its play is completed (`remembered.with_card_facts`).
FORM_NUMBERS = {"play": ("type", "slack", "cost"), "call": ("type", "slack"), "loot": ("slack",)}


def asked_in(form: str, card: dict[str, Any]) -> tuple[str, ...]:
    """What a card form's play of a card the server knows this much of would be refused without, among the fields
    the form has, as `complete` and `complete_raid` would ask (a card form's chip opens them rather than playing)."""
    if form == "raid":
        return _raid_missing(card)
    return tuple(fact for fact in missing_facts(card, free=form == "loot") if fact in FORM_NUMBERS.get(form, ()))


def complete(spec: dict[str, Any], remembered: dict | None, lang: str, free: bool = False,
             cards: tuple[catalog.Card, ...] = catalog.CARDS, default_type: str | None = None,
             asks_categories: bool = True, carried: Callable[[str], tuple[str, ...]] | None = None) -> dict[str, Any]:
    """Merge catalog facts, remembered numbers and the table's input (which wins); ask for what is missing.

    `free` Things (loot) need no cost; `cards` is the catalog of the table's game; `default_type` is assumed only
    when neither the table, the catalog nor the server's memory knows the card's type; a form with no categories
    field (`asks_categories` False) is never asked for them, nor a card whose type carries none in the game (`carried`,
    the game's categories of a type: a Person in Chez Guevara).
    """
    result = merged(spec, remembered, lang, cards)
    if default_type is not None:
        result.setdefault("type", default_type)
    kind = result.get("type")
    missing = tuple(fact for fact in missing_facts(result, free, carried) if asks_categories or fact != "categories")
    if missing:
        raise BadInput(N_("Copy from %(card)s what this server does not know yet: %(missing)s."), card=spec["name"],
                       missing=missing)
    if kind == "person" and "invited" not in result:
        result["invited"] = result.get("slack", 0) > 0
    if result.get("slack_die") and "slack_modifier" not in result:
        result["slack_modifier"] = 0
    return result


def missing_facts(card: dict[str, Any], free: bool = False,
                  carried: Callable[[str], tuple[str, ...]] | None = None) -> tuple[str, ...]:
    """What a card needs before it can be played and nobody knows yet (its categories are asked along with them,
    where its type carries any in the game: `carried`, the game's categories of a type)."""
    missing = []
    if card.get("type") is None:
        missing.append("type")
    if card.get("slack") is None and not card.get("slack_die"):
        missing.append("slack")
    if card.get("type") in ("thing", None) and card.get("cost") is None and not free:
        missing.append("cost")
    carries = carried is None or card.get("type") is None or bool(carried(card["type"]))
    if missing and not card.get("categories") and not free and carries:  # the loot form asks for no categories
        missing.append("categories")
    return tuple(missing)


def printed_facts(spec: dict[str, Any]) -> dict[str, Any]:
    """The facts of a played card worth keeping for the next time it comes up."""
    return {key: spec[key] for key in FACTS if key in spec}


def with_job_facts(job: dict) -> dict:
    """A job's per-category Slack bonus and forbidden cards as the rulebooks state them, unless the table said."""
    known = JOBS_BY_KEY.get(job["key"])
    if known is None:
        return job
    return {**job, "bonus": job.get("bonus") or dict(known.bonus),
            "forbidden": job.get("forbidden") or list(known.forbidden)}
