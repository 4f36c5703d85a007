"""Card catalogs: the cards the rulebooks name, with what is known of them, one catalog per deck."""

from __future__ import annotations

import functools
from typing import Iterable

from . import geek_cards, goth_cards, guevara_cards

CATALOGS = {catalog.DECK: catalog for catalog in (guevara_cards, geek_cards, goth_cards)}


def cards_for(decks: Iterable[str]) -> tuple[guevara_cards.Card, ...]:
    """The named cards of a game's decks (`game.decks`: both when Chez Geek and Chez Goth are combined): the same
    tuple, indexed by name for `find`, every time."""
    return _cards_of(tuple(decks))


@functools.cache
def _cards_of(decks: tuple[str, ...]) -> tuple[guevara_cards.Card, ...]:
    return guevara_cards.indexed(tuple(card for deck in decks for card in CATALOGS[deck].CARDS))


def jobs_for(decks: Iterable[str]) -> tuple[geek_cards.Job, ...]:
    """The job cards the rulebooks name in these decks (none in Chez Guevara's, which has ranks)."""
    return tuple(job for deck in decks for job in getattr(CATALOGS[deck], "JOBS", ()))


BY_KEY = {card.key: card for card in cards_for(CATALOGS)}
JOBS_BY_KEY = {job.key: job for job in jobs_for(CATALOGS)}


# Where no edition in the reader's language names a card, the name another edition prints (docs/terms.md): the
# edition of the table's language, whose cards the table most likely holds; else a Russian reader sees the German
# edition's name (the only one our sources print for Chez Geek and Chez Goth, and the one the Russian rules
# reference uses), and a German reader the English name.
FALLBACK = {"en": ("en", "de"), "de": ("de", "en"), "ru": ("ru", "de", "en")}


def name(card, lang: str, table_lang: str | None = None) -> str:
    """A card's or job's name in lang as an edition prints it, else in the table's language, else in the language
    `FALLBACK` picks for lang."""
    order = (lang, *((table_lang,) if table_lang else ()), *FALLBACK.get(lang, ("en", "de")))
    return next((card.names[code] for code in order if card.names.get(code)), card.key)
