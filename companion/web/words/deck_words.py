"""What the deck page says about a known card: its name in the reader's language and its facts by their names."""

from __future__ import annotations

from ...rules import N_
from ..i18n import current_language
from ..i18n import gettext as _

# Each fact a deck keeps of a card, as the card form names it (never its key).
FACT_NAMES = {
    "type": N_("Type"),
    "categories": N_("Categories"),
    "cost": N_("Cost"),
    "slack": N_("Slack"),
    "slack_die": N_("Slack rolled with a die"),
    "slack_modifier": N_("Added to the die"),
    "invited": N_("Invited Person"),
    "pest": N_("What the pest wants"),
    "denounce_modifier": N_("Bonus when denounced"),
    "loot": N_("Loot cards"),
}


def fact_name(key: str) -> str:
    """A card fact's name in the reader's language (an unknown key, as it is)."""
    return _(FACT_NAMES[key]) if key in FACT_NAMES else key


def card_heading(names: dict[str, str], entered: str, lang: str) -> str:
    """A known card's heading: its name in the reader's language where one is known, else the name it was
    entered under, with that language."""
    reader = current_language()
    if names.get(reader):
        return names[reader]
    return f"{entered} ({lang})"


FORMATTERS = {"fact_name": fact_name, "card_heading": card_heading}
