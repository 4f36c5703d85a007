"""Card catalogs: the cards the rulebooks name, with what is known of them."""

from __future__ import annotations

from . import geek, goth, guevara


def cards_for(game: str) -> tuple[guevara.Card, ...]:
    """The named cards of a game (both decks when Chez Geek and Chez Goth are combined)."""
    return {"guevara": guevara.CARDS, "geek": geek.CARDS, "goth": goth.CARDS,
            "geekgoth": geek.CARDS + goth.CARDS}.get(game, guevara.CARDS)


def jobs_for(game: str) -> tuple[geek.Job, ...]:
    """The job cards the rulebooks name for a game (none for Chez Guevara, which has ranks)."""
    return {"geek": geek.JOBS, "goth": goth.JOBS, "geekgoth": geek.JOBS + goth.JOBS}.get(game, ())


BY_KEY = {card.key: card for card in guevara.CARDS + geek.CARDS + goth.CARDS}
JOBS_BY_KEY = {job.key: job for job in geek.JOBS + goth.JOBS}


def name(card, lang: str) -> str:
    """A card's or job's name in lang, else English, else the German the rulebook prints."""
    return card.names.get(lang) or card.names.get("en") or card.names.get("de") or card.key
