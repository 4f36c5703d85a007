"""The cards a phone's picker offers: the deck's known cards (most played first) and those seen at this table."""

from __future__ import annotations

import json
import time

from sqlite_utils import Database

from .. import cards as catalog
from ..storage import deck_knowledge
from ..storage.card_knowledge_move import CARD_EVENTS
from . import completion

PICK_FACTS = ("type", "categories", "cancels", "slack", "cost", "slack_die", "slack_modifier", "loot", "pest")
# How far back a card another table entered is offered here: the same evening (or convention day).
ELSEWHERE_HOURS = 12


def seen_at_table(db: Database, table_id: int) -> dict[str, int]:
    """The matching keys of the cards this table played, cancelled with or looted, and how often."""
    seen: dict[str, int] = {}
    marks = ",".join("?" * (len(CARD_EVENTS) + 1))
    for (args,) in db.execute(f"SELECT args FROM events WHERE table_id = ? AND type IN ({marks})",
                              [table_id, *CARD_EVENTS, "card_canceled"]).fetchall():
        data = json.loads(args)
        names = [card["name"] for card in data.get("cards") or ([data["card"]] if data.get("card") else [])]
        names += [data["with"]] if isinstance(data.get("with"), str) else []
        for name in names:
            seen[deck_knowledge.name_key(name)] = seen.get(deck_knowledge.name_key(name), 0) + 1
    return seen


def picks(db: Database, decks: tuple[str, ...], lang: str, table_id: int) -> list[dict]:
    """Every card the picker may offer, in the reader's language: seen here first, then most played."""
    offered: dict[str, dict] = {}
    learned: set[str] = set()
    for card in catalog.cards_for(decks):
        name = catalog.name(card, lang)
        offered[deck_knowledge.name_key(name)] = _pick(name, completion.known_facts(card), 0)
    for deck_name in decks:
        for known in deck_knowledge.cards_at_table(db, deck_name, table_id):
            if known.lang != lang and not known.catalog_key:
                continue  # a card learned under another language's name: no name to show in this one
            name = known.name if known.lang == lang else catalog.name(catalog.BY_KEY[known.catalog_key], lang)
            key = deck_knowledge.name_key(name)
            was = offered.get(key)
            if key in learned and was["played"] >= known.played:
                continue  # the same card entered under another language, or in the other deck: keep the busier one
            facts = {**(was["facts"] if was else {}), **known.facts}
            offered[key] = _pick(name, facts, known.played)
            learned.add(key)
    seen = seen_at_table(db, table_id)
    result = [{**pick, "here": seen.get(key, 0)} for key, pick in offered.items()]
    result.sort(key=lambda pick: (-pick["here"], -pick["played"], pick["name"].casefold()))
    return [_public(pick) for pick in result]


def elsewhere(db: Database, decks: tuple[str, ...], lang: str, table_id: int, listed: set[str]) -> list[dict]:
    """The cards only other tables of this server entered lately, in the reader's language, with the numbers the
    latest of them typed: neither the catalog's nor the shared deck's (the host decides those) nor among `listed`
    (the keys of the names this table's picker lists already)."""
    since = time.time() - ELSEWHERE_HOURS * 3600
    found: dict[str, dict] = {}
    for deck_name in decks:
        for _table, said in deck_knowledge.cards_elsewhere(db, deck_name, table_id, since):
            if said.lang != lang or said.catalog_key or said.key in listed or said.key in found:
                continue
            if deck_knowledge.shared_lookup(db, decks, lang, said.name) is not None:
                continue
            found[said.key] = {**_public({**_pick(said.name, said.facts, 0), "here": 0}), "elsewhere": True}
    return list(found.values())


def _pick(name: str, facts: dict, played: int) -> dict:
    return {"name": name, "facts": {key: facts[key] for key in PICK_FACTS if facts.get(key) not in (None, [])},
            "played": played}


def _public(pick: dict) -> dict:
    """One pick as the phone gets it: name, printed facts, times played on this server and at this table."""
    return {"name": pick["name"], **pick["facts"], "played": pick["played"], "here": pick["here"]}
