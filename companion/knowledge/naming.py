"""A named card resolved once, for every layer: the name a phone typed or a photo read becomes the card the picker
shows for it (`card_match.resolved` over the table's cards and every edition's catalog names), before the card is
completed and the rules decide."""

from __future__ import annotations

from dataclasses import replace

from sqlite_utils import Database

from ..cards import cards_for
from ..cards import name as card_name
from ..cards.card import LANGS, folded_name
from ..cards.guevara_cards import find
from ..input.actions import Action
from ..storage import deck_knowledge
from . import card_choices, card_match


def resolved_name(db: Database, typed: str, decks: tuple[str, ...], lang: str, table_id: int | None,
                  readings: deck_knowledge.ActionReadings) -> str:
    """The name of the card `typed` stands for: the card of that very name (as its edition or the table spells it),
    else the one card the picker's matching finds for it (a short name, a typo), else as typed (a card nobody knows
    yet)."""
    card = find(typed, lang, cards_for(decks))
    if card is not None:
        return next((card.names[code] for code in (lang, *LANGS)  # as the picker spells it: the reader's edition first
                     if card.names.get(code) and card_match.fold(card.names[code]) == card_match.fold(typed)),
                    next((card.names[code] for code in (lang, *LANGS)
                          if card.names.get(code) and folded_name(card.names[code]) == folded_name(typed)),
                         card_name(card, lang)))  # another name a rulebook calls it by: its printed name
    entry = readings.lookup(typed)
    if entry is not None:
        return entry.name
    choices = card_choices.table_choices(db, decks, (lang,), table_id) if table_id is not None else \
        card_choices.catalog_choices(decks)
    found = card_match.resolved(typed, choices, (lang,))
    if found is not None and not found.printed:
        return resolved_name(db, found.name, decks, lang, table_id, readings)
    return found.name if found is not None else typed


def with_resolved_names(db: Database, action: Action, lang: str, decks: tuple[str, ...], table_id: int | None,
                        readings: deck_knowledge.ActionReadings) -> Action:
    """The action with every card it names (played, handed over, looted, canceling) under its resolved name (what
    is known of a name read into `readings`, for the steps after)."""
    args = dict(action.args)

    def named(spec: dict | None) -> dict | None:
        if spec is None:
            return None
        return {**spec, "name": resolved_name(db, spec["name"], decks, lang, table_id, readings)}

    if action.type == "play_card":
        args["cards"] = [named(spec) for spec in args["cards"]]
    elif action.type in ("pull_rank", "watch_tv", "call_raid", "take_loot"):
        args["card"] = named(args.get("card"))
    elif action.type == "cancel_card":
        args["with"] = resolved_name(db, args["with"], decks, lang, table_id, readings)
    else:
        return action
    return replace(action, args=args)
