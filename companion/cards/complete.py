"""A card as played: the table's input, filled in from the catalog and from what this server remembers."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from .. import store
from ..actions import BadInput
from ..rules.violations import N_
from . import cards_for
from . import guevara as catalog

FACTS = ("type", "categories", "cost", "slack", "slack_die", "slack_modifier", "invited", "pest",
         "denounce_modifier", "loot")


def memory_key(name: str) -> str:
    """Where the server keeps what it learned of a card."""
    return "card:" + " ".join(name.casefold().split())


def known_facts(card: catalog.Card) -> dict[str, Any]:
    """What the rulebooks state about a catalog card (never a guessed number)."""
    facts = {"key": card.key, "type": card.type, "categories": list(card.categories), "cost": card.cost,
             "slack": card.slack, "slack_die": card.slack_die, "slack_modifier": card.slack_modifier,
             "invited": card.invited, "pest": list(card.pest_categories) if card.pest_categories else None,
             "denounce_modifier": card.denounce_modifier}
    return {key: value for key, value in facts.items() if value not in (None, [], ())}


def _merged(db: Database, spec: dict[str, Any], lang: str, game: str = "guevara") -> dict[str, Any]:
    found = catalog.find(spec["name"], lang, cards_for(game))
    merged: dict[str, Any] = {}
    if found is not None:
        merged.update(known_facts(found))
    merged.update(store.remembered(db, memory_key(spec["name"])) or {})
    merged.update(spec)
    if found is not None:
        merged["key"] = found.key
    return merged


def complete_raid(db: Database, spec: dict[str, Any], lang: str) -> dict[str, Any]:
    """A Raid card: an Activity whose printed number is how many loot cards are dealt."""
    merged = {**_merged(db, spec, lang), "type": "activity", "categories": ["raid"]}
    if merged.get("loot") is None:
        raise BadInput(N_("Enter the number of loot cards printed on %(card)s."), card=spec["name"])
    return merged


def complete(db: Database, spec: dict[str, Any], lang: str, free: bool = False,
             game: str = "guevara", default_type: str | None = None) -> dict[str, Any]:
    """Merge catalog facts, remembered numbers and the table's input (which wins); ask for what is missing.

    `free` Things (loot) need no cost; `game` says whose catalog to look in; `default_type` is assumed only when
    neither the table, the catalog nor the server's memory knows the card's type.
    """
    merged = _merged(db, spec, lang, game)
    if default_type is not None:
        merged.setdefault("type", default_type)
    kind = merged.get("type")
    if kind is None:
        raise BadInput(N_("Choose the type of %(card)s (Person, Cat, Activity or Thing)."), card=spec["name"])
    if merged.get("slack") is None and not merged.get("slack_die"):
        raise BadInput(N_("Enter the Slack printed on %(card)s."), card=spec["name"])
    if kind == "thing" and merged.get("cost") is None and not free:
        raise BadInput(N_("Enter the cost printed on %(card)s (0 if it is free)."), card=spec["name"])
    if kind == "person" and "invited" not in merged:
        merged["invited"] = merged.get("slack", 0) > 0
    if merged.get("slack_die") and "slack_modifier" not in merged:
        merged["slack_modifier"] = 0
    return merged


def remember(db: Database, spec: dict[str, Any]) -> None:
    """Keep the printed facts of a card the table played, for the next time it comes up."""
    store.remember(db, memory_key(spec["name"]), {key: spec[key] for key in FACTS if key in spec})
