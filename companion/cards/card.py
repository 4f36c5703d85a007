"""One card of a catalog, its names in three languages, and the folding that matches a typed name to them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

LANGS = ("en", "de", "ru")
TYPES = ("person", "thing", "activity", "whenever", "cat")


@dataclass(frozen=True)
class Card:
    """One named card; None means no rulebook states it and the table enters it from the printed card."""

    key: str
    names: dict[str, str | None] = field(default_factory=dict, hash=False)
    type: str | None = None
    categories: tuple[str, ...] = ()
    invited: bool | None = None
    pest_categories: tuple[str, ...] | None = None
    cost: int | None = None
    slack: int | None = None
    slack_die: bool | None = None
    slack_modifier: int | None = None
    denounce_modifier: int | None = None
    income_bonus: int | None = None
    no_roll_away: bool = False
    cancels: tuple[str, ...] = ()  # the categories of card it cancels, where a rulebook says (else any)
    notes_source: tuple[str, ...] = ()
    # Other names a rulebook calls the card by in its examples, by language: found when typed, never shown.
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)

    def spellings(self, printed: bool | None = None) -> list[tuple[str, str]]:
        """The (language, name) pairs the card is known by: its printed names (`printed` True), the rulebooks' other
        names (False), or both, printed first (None)."""
        names = [(lang, name) for lang, name in self.names.items() if name] if printed in (True, None) else []
        return names + ([(lang, alias) for lang, others in self.aliases.items() for alias in others]
                        if printed in (False, None) else [])


def names(en: str, de: str | None = None, ru: str | None = None) -> dict[str, str | None]:
    """A card's names by language, as the editions print them (None where an edition names no such card)."""
    return {"en": en, "de": de, "ru": ru}


_ARTICLE = re.compile(r"^(the|der|die|das) ")


def folded_name(text: str) -> str:
    """A typed name reduced for matching: case, spacing, a trailing "!", a leading article and ё ignored."""
    text = " ".join(text.casefold().replace("ё", "е").split()).rstrip("!").rstrip()
    return _ARTICLE.sub("", text)
