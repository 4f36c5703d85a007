"""A table's cards meet the deck knowledge: filled in from it, checked against it, and taught to it.

A number the table types that differs from what the server knows is a question (CardConflict) until the player
says which is printed (`printed`: "table" or "known"); the answer is kept in the deck's audit list. A one-off
effect (a TV card worth 1 Slack to its target, a marker) is never learned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from sqlite_utils import Database

from ..cards import cards_for
from ..input.actions import BadInput
from ..rules import N_
from ..storage import deck_knowledge
from ..translations import translations
from . import completion

FACT_LABELS = {"slack": N_("Slack %(n)s"), "cost": N_("cost %(n)s"), "slack_modifier": N_("die + %(n)s"),
               "loot": N_("%(n)s loot cards")}
MISSING_LABELS = {"type": N_("type"), "slack": N_("Slack"), "cost": N_("cost"), "loot": N_("loot cards"),
                  "categories": N_("categories")}


class CardConflict(BadInput):
    """A typed number differs from the known one: the phone asks which one the card prints (400, nothing written)."""

    def __init__(self, name: str, conflicts: list[tuple[str, object, object]], lang: str):
        say = translations(lang).ugettext
        known = ", ".join(say(FACT_LABELS[fact]) % {"n": was} for fact, was, _typed in conflicts)
        typed = ", ".join(say(FACT_LABELS[fact]) % {"n": now} for fact, _was, now in conflicts)
        super().__init__(N_("This server knows %(card)s as %(known)s; the card says %(typed)s?"),
                         card=name, known=known, typed=typed)
        self.conflicts = conflicts


def missing_text(facts: tuple[str, ...], lang: str) -> str:
    """What a new card still needs, as a list in the reader's language."""
    say = translations(lang).ugettext
    return ", ".join(say(MISSING_LABELS[fact]) for fact in facts)


@dataclass
class Lesson:
    """A card a table entered, learned once its action is recorded; `choice` answers a conflict."""

    card: dict
    known: deck_knowledge.Known | None
    choice: str | None = None
    conflicts: list = field(default_factory=list)


def checked(spec: dict, known: deck_knowledge.Known | None, choice: str | None, lang: str,
            decks: tuple[str, ...]) -> list[tuple[str, object, object]]:
    """The typed numbers that differ from the known ones (fact, known, typed); unanswered, they are asked."""
    base = completion.merged({"name": spec["name"]}, known.facts if known else None, lang, cards_for(decks))
    conflicts = [(fact, base[fact], spec[fact]) for fact in deck_knowledge.NUMBERS
                 if spec.get(fact) is not None and base.get(fact) is not None and base[fact] != spec[fact]]
    if conflicts and choice is None:
        raise CardConflict(spec["name"], conflicts, lang)
    return conflicts


def learn(db: Database, lessons: list[Lesson], decks: tuple[str, ...], table_id: int, lang: str) -> None:
    """Teach the deck what a recorded action's cards print; an answered conflict goes into the audit list."""
    now = time.time()
    for lesson in lessons:
        card = lesson.card
        known = deck_knowledge.lookup(db, decks, lang, card["name"])
        if known is None:
            key = card.get("key")
            known = deck_knowledge.Known(deck_knowledge.deck_for(decks, key), lang, card["name"], {}, {}, 0, key)
        before = deck_knowledge.Known(**vars(known)) if lesson.choice else None
        catalog = completion.merged({"name": card["name"]}, None, lang, cards_for(decks))
        facts, sources = dict(known.facts), dict(known.sources)
        for fact, value in completion.printed_facts(card).items():
            if facts.get(fact) == value and fact in sources:
                continue
            facts[fact] = value
            origin = "catalog" if catalog.get(fact) == value and lesson.choice is None else "table"
            sources[fact] = {"from": origin, "table": table_id, "at": now}
        known.facts, known.sources, known.played, known.updated_at = facts, sources, known.played + 1, now
        deck_knowledge.save(db, known)
        if lesson.choice is not None:
            change = "printed_confirmed" if lesson.choice == "table" else "known_kept"
            deck_knowledge.record(db, known.deck, known.lang, known.key, change, before, known, f"table:{table_id}")
