"""Cards that change this turn's Income or Free Time (Lucky 7): their effect from the catalog, and the card form's
route to them (such a card has no tent to go to)."""

from __future__ import annotations

from dataclasses import replace

from ..cards import BY_KEY, cards_for
from ..cards import guevara_cards as catalog
from ..input.actions import Action


def catalog_effect(name: str, lang: str, decks: tuple[str, ...]) -> dict | None:
    """The key and the change to this turn's Income a known card makes, if the rulebooks state one."""
    found = catalog.find(name, lang, cards_for(decks))
    if found is None or not found.income_bonus:
        return None
    return {"key": found.key, "income": found.income_bonus}


def becomes_budget_card(key: str | None, card_type: str | None) -> bool:
    """Whether a card of the catalog named in the card form with no type is played as a change to this turn's
    Income (as `with_budget_facts` turns it into one)."""
    found = BY_KEY.get(key) if key and not card_type else None
    return bool(found and found.income_bonus)


def with_budget_facts(action: Action, lang: str, decks: tuple[str, ...]) -> Action:
    """A budget card filled in from the catalog; a known budget card typed into the card form becomes one."""
    args = action.args
    if action.type == "budget_card":
        known = catalog_effect(args["name"], lang, decks)
        typed = "income" in args or "free_time" in args
        if known is None:
            return action
        return replace(action, args={**args, "key": known["key"], **({} if typed else {"income": known["income"]})})
    if action.type == "play_card" and len(args["cards"]) == 1 and not args["cards"][0].get("type"):
        known = catalog_effect(args["cards"][0]["name"], lang, decks)
        if known is not None:
            return replace(action, type="budget_card", args={"name": args["cards"][0]["name"], **known})
    return action
