"""The card names a table's pickers and photos are matched against: the picker's cards in the reader's and the
table's language, and every edition's catalog name (matched, not listed)."""

from __future__ import annotations

from sqlite_utils import Database

from .. import cards as catalog
from ..cards.card import LANGS
from ..cards.guevara_cards import find
from ..storage import deck_knowledge
from . import picks
from .card_match import Choice

FACTS = picks.PICK_FACTS
# The languages a deck has an edition in (names printed for most of its cards). Where the reader's language has
# none, the catalog's fallback name is what every screen shows (docs/terms.md), so the picker lists it too.
EDITIONS = {
    deck: {
        lang
        for lang in LANGS
        if 2 * sum(bool(card.names.get(lang)) for card in module.CARDS) > len(module.CARDS)
    }
    for deck, module in catalog.CATALOGS.items()
}
DECK_OF = {card.key: deck for deck, module in catalog.CATALOGS.items() for card in module.CARDS}


def card_of(name: str, lang: str, decks: tuple[str, ...]) -> str:
    """Which card a name is: its catalog key, else the name itself (folded)."""
    card = find(name, lang, catalog.cards_for(decks))
    return card.key if card else "name:" + deck_knowledge.name_key(name)


def table_choices(
    db: Database, decks: tuple[str, ...], langs: tuple[str, ...], table_id: int
) -> list[Choice]:
    """The names a picker lists (the cards this table knows, in langs: the reader's, then the table's), the cards
    only other tables of this server entered lately (offered when typed), and every edition's catalog name of the
    game's cards, to match what is typed or printed in another language."""
    choices, listed = [], set()
    for lang in dict.fromkeys(langs):
        for pick in picks.picks(db, decks, lang, table_id):
            facts = {key: pick[key] for key in FACTS if key in pick}
            card = card_of(pick["name"], lang, decks)
            named_in = _language_of(card, pick["name"], lang)
            choices.append(
                Choice(
                    pick["name"],
                    named_in,
                    card,
                    pick.get("type"),
                    facts,
                    pick["played"],
                    pick["here"],
                    offered=named_in in langs or _no_edition(card, langs[0]),
                )
            )
            listed.add((card, deck_knowledge.name_key(pick["name"])))
    keys = {key for _card, key in listed}
    for lang in dict.fromkeys(langs):
        for pick in picks.elsewhere(db, decks, lang, table_id, keys):
            facts = {key: pick[key] for key in FACTS if key in pick}
            choices.append(Choice(pick["name"], lang, card_of(pick["name"], lang, decks), pick.get("type"), facts,
                                  elsewhere=True))
            keys.add(deck_knowledge.name_key(pick["name"]))
    return choices + catalog_choices(decks, listed)


def catalog_choices(decks: tuple[str, ...], listed: set[tuple[str, str]] | None = None) -> list[Choice]:
    """Every edition's name of the game's catalog cards and every other name a rulebook calls them by (matched, not
    listed), but those already `listed`."""
    choices, listed = [], set() if listed is None else listed
    for card in catalog.cards_for(decks):
        facts = {"type": card.type, "categories": list(card.categories), "cancels": list(card.cancels)}
        printed = {name for name in card.names.values() if name}
        for lang, name in card.spellings():
            if (card.key, deck_knowledge.name_key(name)) not in listed:
                choices.append(Choice(name, lang, card.key, card.type, facts, offered=False, printed=name in printed))
                listed.add((card.key, deck_knowledge.name_key(name)))
    return choices


def _no_edition(card: str, lang: str) -> bool:
    """Whether the card's deck has no edition in lang (a learned card's name is always in its own)."""
    return card in DECK_OF and lang not in EDITIONS[DECK_OF[card]]


def _language_of(card: str, name: str, asked: str) -> str:
    """The language a listed name is printed in: a catalog card's fallback name is another edition's."""
    known = catalog.BY_KEY.get(card)
    if known is None or known.names.get(asked) == name:
        return asked
    return next((lang for lang in catalog.FALLBACK.get(asked, LANGS) if known.names.get(lang) == name), asked)
