"""Deck files (docs/decks.md): a deck's knowledge as JSON to share, read back strictly, and merged only as confirmed."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..cards.card import LANGS
from ..input.arguments import CARD_TYPES, card_spec
from ..input.values import BadInput
from ..rules import N_
from ..storage import deck_knowledge
from . import completion, printed_range

FORMAT = "chez-companion-deck"
VERSION = 1
MAX_BYTES = 256 * 1024
MAX_CARDS = 1000
CARD_FIELDS = {"name", "lang", "type", "categories", "pest", "slack", "cost", "slack_die", "slack_modifier", "loot",
               "invited", "played"}


def export(db: Database, deck_name: str) -> dict:
    """A deck's knowledge as a deck file."""
    cards = []
    for known in deck_knowledge.cards(db, deck_name):
        card = {"name": known.name, "lang": known.lang, "played": known.played}
        card.update({key: value for key, value in known.facts.items() if key in CARD_FIELDS})
        cards.append(card)
    return {"format": FORMAT, "version": VERSION, "deck": deck_name, "exported_at": int(time.time()), "cards": cards}


def parse(raw: bytes | str, deck_name: str) -> list[deck_knowledge.Known]:
    """The cards of a deck file for this deck, checked field by field (BadInput says what is wrong)."""
    if len(raw) > MAX_BYTES:
        raise BadInput(N_("A deck file has at most %(kb)d KB."), kb=MAX_BYTES // 1024)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadInput(N_("That is not a deck file: it is not JSON.")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or type(data.get("version")) is not int \
            or data["version"] != VERSION:  # true and 1.0 equal 1 in Python, not in a deck file
        raise BadInput(N_("That is not a deck file of this companion (format %(format)s, version %(version)d)."),
                       format=FORMAT, version=VERSION)
    if data.get("deck") != deck_name:
        raise BadInput(N_("That deck file is for another game."))
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) > MAX_CARDS:
        raise BadInput(N_("A deck file lists at most %(max)d cards."), max=MAX_CARDS)
    parsed: dict[tuple[str, str], deck_knowledge.Known] = {}
    for number, card in enumerate(cards, start=1):
        known = _card(card, deck_name, number)
        parsed[(known.lang, known.key)] = known
    return list(parsed.values())


def _card(card: Any, deck_name: str, number: int) -> deck_knowledge.Known:
    """One card of a deck file."""
    if not isinstance(card, dict) or set(card) - CARD_FIELDS or card.get("lang") not in LANGS:
        raise BadInput(N_("Card %(number)d of the deck file is not a card."), number=number)
    if card.get("type") not in (None, *CARD_TYPES) or not isinstance(card.get("played", 0), int) \
            or isinstance(card.get("played", 0), bool) or not 0 <= card.get("played", 0) <= 1_000_000:
        raise BadInput(N_("Card %(number)d of the deck file is not a card."), number=number)
    for flag in ("slack_die", "invited"):
        if flag in card and not isinstance(card[flag], bool):
            raise BadInput(N_("Card %(number)d of the deck file is not a card."), number=number)
    for key in ("categories", "pest"):
        if key in card and not isinstance(card[key], list):  # a form's single box may post one; a file lists them
            raise BadInput(N_("Card %(number)d of the deck file: categories are written as a list."), number=number)
    for key in ("slack", "cost", "slack_modifier", "loot"):
        if key in card and (isinstance(card[key], bool) or not isinstance(card[key], int)):
            raise BadInput(N_("Card %(number)d of the deck file is not a card."), number=number)
    spec = card_spec({**card, "slack_die": card.get("slack_die") or None})
    if any(mark in spec["name"] for mark in "<>"):  # hidden characters: card_spec refused them as a table would
        raise BadInput(N_("Card %(number)d of the deck file has a name with markup or control characters."),
                       number=number)
    printed_range.check(spec["name"], spec, (deck_name,))
    facts = completion.printed_facts({key: value for key, value in spec.items() if key != "name"})
    if "invited" in card:
        facts["invited"] = card["invited"]
    now = time.time()
    sources = {fact: {"from": "import", "at": now} for fact in facts}
    catalog_key = deck_knowledge.catalog_key_of((deck_name,), spec["name"], card["lang"])
    return deck_knowledge.Known(deck_name, card["lang"], spec["name"], facts, sources, card.get("played", 0),
                                catalog_key, now)


@dataclass(frozen=True)
class Difference:
    """What importing one card would do: add it, change what is known, or contradict a known number."""

    kind: str  # "add", "change" or "conflict"
    card: deck_knowledge.Known
    known: deck_knowledge.Known | None

    @property
    def id(self) -> str:
        """How the confirm form names it."""
        return f"{self.card.lang}:{self.card.key}"


def preview(db: Database, cards: list[deck_knowledge.Known]) -> list[Difference]:
    """What importing these cards would add, change and contradict (cards already known the same are left out)."""
    found = []
    for card in cards:
        known = deck_knowledge.get(db, card.deck, card.lang, card.key)
        if known is None:
            found.append(Difference("add", card, None))
        elif any(known.facts.get(key) not in (None, value) for key, value in card.facts.items()):
            found.append(Difference("conflict", card, known))
        elif any(key not in known.facts for key in card.facts):
            found.append(Difference("change", card, known))
    return found


def apply(db: Database, differences: list[Difference], chosen: set[str]) -> int:
    """Merge the chosen differences (each into the audit list, undoable); how many."""
    applied = 0
    for difference in differences:
        if difference.id not in chosen:
            continue
        card, known = difference.card, difference.known
        if known is not None:
            sources = {**known.sources, **{key: card.sources[key] for key, value in card.facts.items()
                                           if known.facts.get(key) != value}}
            card = deck_knowledge.Known(card.deck, card.lang, known.name, {**known.facts, **card.facts}, sources,
                              max(known.played, card.played), known.catalog_key or card.catalog_key, card.updated_at)
        deck_knowledge.save(db, card)
        deck_knowledge.record(db, card.deck, card.lang, card.key, "imported", known, card, "deck file")
        applied += 1
    return applied
