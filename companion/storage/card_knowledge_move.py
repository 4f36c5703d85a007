"""The m008 data move: cards remembered by name alone (`card:` + folded name) into per-deck knowledge.

The old entries knew no game: each goes to the decks whose tables played it (as the event logs tell), under the
language of those tables; a card no log mentions goes to the deck whose catalog names it, else to every deck,
so that nothing remembered is dropped (the deck page can delete what does not belong).
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from ..cards import CATALOGS
from ..cards.card import LANGS, folded_name
from ..rules import GAMES
from . import deck_knowledge

DECKS = tuple(CATALOGS)

CARD_EVENTS = ("card_played", "rank_pulled", "loot_taken")


def migrate_remembered(db: Database) -> None:
    """Copy every remembered card into the deck tables, with 'migrated' as provenance."""
    plays = _plays(db)
    for key, value, updated_at in db.execute(
            "SELECT key, value, updated_at FROM remembered WHERE key LIKE ?", ["card:%"]).fetchall():
        folded, facts = key[len("card:"):], json.loads(value)
        sources = {fact: {"from": "migrated", "at": updated_at} for fact in facts}
        for (deck_name, lang), (name, count) in _homes(folded, plays).items():
            known = deck_knowledge.Known(deck_name, lang, name, facts, sources, count,
                               deck_knowledge.catalog_key_of((deck_name,), name, lang), updated_at or 0.0)
            deck_knowledge.save(db, known)


def _plays(db: Database) -> dict[str, dict[tuple[str, str], list]]:
    """Per matching name: the decks and languages of the tables that played it, the name as typed, how often."""
    found: dict[str, dict[tuple[str, str], list]] = {}
    marks = ",".join("?" * len(CARD_EVENTS))
    for game, language, args in db.execute(
            f"SELECT t.game, t.language, e.args FROM events e JOIN tables t ON t.id = e.table_id "
            f"WHERE e.type IN ({marks}) ORDER BY e.id", list(CARD_EVENTS)).fetchall():
        data = json.loads(args)
        for card in data.get("cards") or ([data["card"]] if data.get("card") else []):
            decks = GAMES[game].decks if game in GAMES else DECKS
            home = deck_knowledge.deck_for(decks, card.get("key"))
            entry = found.setdefault(folded_name(card["name"]), {}).setdefault((home, language), [card["name"], 0])
            entry[1] += 1
    return found


def _homes(folded: str, plays: dict) -> dict[tuple[str, str], tuple[str, int]]:
    """Where one remembered card goes: (deck, language) -> (name, times played)."""
    played = plays.get(folded_name(folded))
    if played:
        return {home: (name, count) for home, (name, count) in played.items()}
    for deck_name, catalog in CATALOGS.items():
        for card in catalog.CARDS:
            for lang in LANGS:
                if card.names.get(lang) and folded_name(card.names[lang]) == folded_name(folded):
                    return {(deck_name, lang): (folded, 0)}
    return {(deck_name, "en"): (folded, 0) for deck_name in CATALOGS}
