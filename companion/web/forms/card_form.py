"""A refused card form, shown again as it was typed: the names kept, the numbers too while a question is asked of
them (a play the rules refused drops them), the number fields open."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...knowledge.learning import CardConflict, UnknownCanceler
from ...rules import RuleViolation

CARD_FORMS = ("play_card", "pull_rank", "watch_tv", "cancel_card", "take_loot", "call_raid")
LISTS = ("categories", "pest")
# What a card form says of the card's print: dropped with a refused play, kept while a question is asked of them.
NUMBER_FIELD = re.compile(r"^(card_type|slack|cost|slack_modifier|slack_die|loot|printed)(_\d)?$|^categories_\d$")


def echo(form: Mapping[str, Any], error: Exception) -> dict | None:
    """What a card form posted, for the panel to fill in again (None for other forms).

    `ask` says what the refusal asks: "printed" (which numbers the card prints), "numbers" (a new card's) or
    "cancels" (what a canceling card nobody knows cancels).
    """
    kind = form.get("type")
    if kind not in CARD_FORMS:
        return None
    lists = {name: form.getlist(name) if hasattr(form, "getlist") else [] for name in LISTS}
    values = {key: str(value) for key, value in form.items() if key not in LISTS and key not in ("action_id",)}
    if isinstance(error, CardConflict):
        ask = "printed"
    elif isinstance(error, UnknownCanceler):
        ask = "cancels"
    elif "missing" in getattr(error, "params", {}):
        ask = "numbers"
    else:
        ask = None
    if ask is None and isinstance(error, RuleViolation):  # a refused play: its numbers must not outlive it
        values = {key: value for key, value in values.items() if not NUMBER_FIELD.match(key)}
        lists = {name: [] for name in lists}
    return {"type": kind, "values": values, "lists": lists, "ask": ask}
