"""A refused card form, shown again as it was typed: every field kept, the number fields open, a question asked."""

from __future__ import annotations

from typing import Any, Mapping

from ...knowledge.learning import CardConflict

CARD_FORMS = ("play_card", "pull_rank", "watch_tv", "cancel_card", "take_loot", "call_raid")
LISTS = ("categories", "pest")


def echo(form: Mapping[str, Any], error: Exception) -> dict | None:
    """What a card form posted, for the panel to fill in again (None for other forms).

    `ask` says what the refusal asks: "printed" (which numbers the card prints) or "numbers" (a new card's).
    """
    kind = form.get("type")
    if kind not in CARD_FORMS:
        return None
    lists = {name: form.getlist(name) if hasattr(form, "getlist") else [] for name in LISTS}
    values = {key: str(value) for key, value in form.items() if key not in LISTS and key not in ("action_id",)}
    if isinstance(error, CardConflict):
        ask = "printed"
    elif "missing" in getattr(error, "params", {}):
        ask = "numbers"
    else:
        ask = None
    return {"type": kind, "values": values, "lists": lists, "ask": ask}
