"""A table's cards meet the deck knowledge: filled in from it, checked against it, and taught to it.

A number the table types that differs from what the table knows is a question (CardConflict) until the player
says which is printed (`printed`: "table" or "known"); "the card says so" changes that table's knowledge only and
is proposed to the host. A one-off effect (a TV card worth 1 Slack to its target, a marker) is never learned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

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


class UnknownCanceler(BadInput):
    """A card nobody knows named to cancel: the phone asks once what it cancels (400, nothing written)."""

    def __init__(self, name: str):
        super().__init__(N_("This server does not know %(card)s yet: say what it cancels."), card=name)


def missing_text(facts: tuple[str, ...], lang: str) -> str:
    """What a new card still needs, as a list in the reader's language."""
    say = translations(lang).ugettext
    return ", ".join(say(MISSING_LABELS[fact]) for fact in facts)


@dataclass
class Lesson:
    """A card a table entered, learned once its action is recorded, with what the shared deck and the table itself
    said of it before the rules decided (read once, for both); `choice` answers a conflict."""

    card: dict
    shared: deck_knowledge.Known | None = None
    own: deck_knowledge.Known | None = None
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
    """Teach what a recorded action's cards print (docs/decks.md, "Scopes"): the table knows it at once; the shared
    deck takes by itself what adds to a card it knows (a missing field) and a new card once a second table says the
    same; a contradiction, or a name seen at one table only, waits on the deck page for the host."""
    now = time.time()
    written: dict[str, tuple[deck_knowledge.Known | None, deck_knowledge.Known]] = {}
    for lesson in lessons:
        card = lesson.card
        printed = completion.printed_facts(card)
        # A card named twice in one action is taught the second time over what the first taught.
        shared, own = written.get(deck_knowledge.name_key(card["name"]), (lesson.shared, lesson.own))
        shared = replace(shared, facts=dict(shared.facts), sources=dict(shared.sources)) if shared else None
        place = shared or own
        deck, entry_lang, name = (place.deck, place.lang, place.name) if place else (
            deck_knowledge.deck_for(decks, card.get("key")), lang, card["name"])
        catalog = completion.printed_facts(completion.merged({"name": card["name"]}, None, lang, cards_for(decks)))
        said = {"from": "table", "table": table_id, "at": now}
        if shared is None and card.get("key") is None:
            entry = deck_knowledge.Known(deck, entry_lang, name, {**(own.facts if own else {}), **printed},
                                         {fact: said for fact in printed}, (own.played if own else 0) + 1, None, now)
            written[deck_knowledge.name_key(card["name"])] = (
                _new_name(db, entry, table_id, seconds=not card.get("copied")), entry)
            continue
        read_at = shared.updated_at if shared else None
        shared = shared or deck_knowledge.Known(deck, entry_lang, name, {}, {}, 0, card.get("key"))
        contradicts = _taught(shared, printed, catalog, said, now)
        if not deck_knowledge.save_unless_changed(db, shared, read_at):
            # Another table or the host changed the card since this action read it: taught over what is there now.
            shared = deck_knowledge.get(db, shared.deck, shared.lang, shared.key) or replace(shared, facts={},
                                                                                           sources={}, played=0)
            contradicts = _taught(shared, printed, catalog, said, now)
            deck_knowledge.save(db, shared)
        kept = {fact: value for fact, value in (own.facts if own else {}).items() if fact not in printed}
        mine = {fact: value for fact, value in {**kept, **contradicts}.items() if shared.facts.get(fact) != value}
        entry = deck_knowledge.Known(deck, entry_lang, name, mine, {fact: said for fact in mine},
                                     (own.played if own else 0) + 1, shared.catalog_key, now)
        deck_knowledge.save_for_table(db, table_id, entry)
        written[deck_knowledge.name_key(card["name"])] = (shared, entry)
        if mine:
            deck_knowledge.propose(db, entry, "conflict", table_id)
        else:
            _withdraw(db, entry, table_id)


def _taught(shared: deck_knowledge.Known, printed: dict, catalog: dict, said: dict, now: float) -> dict:
    """The shared entry taught what a played card prints (in place): what adds to it is taken, one more play counted;
    the facts that contradict it, returned."""
    contradicts = {}
    for fact, value in printed.items():
        known = shared.facts.get(fact, catalog.get(fact))
        if known is None or (known == value and fact not in shared.facts):
            shared.facts[fact] = value  # adds to what the server knows (or writes down what the rulebook says)
            shared.sources[fact] = {"from": "catalog", "at": now} if catalog.get(fact) == value else said
        elif known != value:
            contradicts[fact] = value
    shared.played, shared.updated_at = shared.played + 1, now
    return contradicts


def _new_name(db: Database, entry: deck_knowledge.Known, table_id: int,
              seconds: bool = True) -> deck_knowledge.Known | None:
    """A name the shared deck does not know: the table's own, proposed; shared once another table says the same
    (`seconds`: this table read its numbers off its card, not off another table's entry). The shared entry, if
    it now is one."""
    others = [(other, said) for other, said in deck_knowledge.tables_saying(db, entry.deck, entry.lang, entry.key)
              if seconds and other != table_id
              and not any(said.facts.get(fact) not in (None, value) for fact, value in entry.facts.items())]
    if not others:
        deck_knowledge.save_for_table(db, table_id, entry)
        deck_knowledge.propose(db, entry, "new", table_id)
        return None
    other, said = others[0]
    shared = deck_knowledge.Known(entry.deck, entry.lang, said.name, {**said.facts, **entry.facts},
                                  {**said.sources, **entry.sources}, said.played + entry.played, None, entry.updated_at)
    deck_knowledge.save(db, shared)
    deck_knowledge.save_for_table(db, table_id, entry)  # what a table said stays its own word too
    for proposal in deck_knowledge.proposals(db, entry.deck, entry.lang, entry.key):
        if proposal.table_id in (other, table_id):
            deck_knowledge.decide(db, proposal, "seen twice")
    return shared


def _withdraw(db: Database, entry: deck_knowledge.Known, table_id: int) -> None:
    """A table whose word now agrees with the shared deck proposes nothing any more."""
    for proposal in deck_knowledge.proposals(db, entry.deck, entry.lang, entry.key):
        if proposal.table_id == table_id:
            deck_knowledge.decide(db, proposal, "withdrawn")


def accept(db: Database, proposal: deck_knowledge.Proposal) -> None:
    """The host takes a table's word into the shared deck (an undoable line of the audit list)."""
    now = time.time()
    shared = deck_knowledge.get(db, proposal.deck, proposal.lang, proposal.name_key)
    own = next((said for table, said in deck_knowledge.tables_saying(db, proposal.deck, proposal.lang,
                                                                       proposal.name_key)
                if table == proposal.table_id), None)
    base = shared or deck_knowledge.Known(proposal.deck, proposal.lang, proposal.name, {}, {},
                                          own.played if own else 1, proposal.catalog_key)
    said = {"from": "table", "table": proposal.table_id, "at": now}
    after = deck_knowledge.Known(base.deck, base.lang, base.name, {**base.facts, **proposal.facts},
                                 {**base.sources, **{fact: said for fact in proposal.facts}}, base.played,
                                 base.catalog_key or proposal.catalog_key, now)
    deck_knowledge.save(db, after)
    deck_knowledge.record(db, after.deck, after.lang, after.key, "accepted", shared, after, "host")
    deck_knowledge.decide(db, proposal, "accepted")
