"""The server host's word on a shared deck: what the deck page reads, and each decision, in one transaction."""

from __future__ import annotations

import time

from sqlite_utils import Database

from ..input.arguments import card_spec
from ..rules import N_
from ..storage import deck_knowledge, store
from . import completion, deck_files, learning, printed_range

DECKS = deck_knowledge.DECKS
Known = deck_knowledge.Known
Proposal = deck_knowledge.Proposal
name_key = deck_knowledge.name_key
names_of = deck_knowledge.names_of
cards = deck_knowledge.cards
proposals = deck_knowledge.proposals
changes = deck_knowledge.changes
get = deck_knowledge.get
BY = "deck page"  # who made a change, in the audit list


class Refused(Exception):
    """A decision that cannot be made (nothing is written): the message to show, and the HTTP status."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message, self.status = message, status


def decide_proposal(db: Database, deck: str, proposal_id: int, accept: bool) -> None:
    """Take a table's word into the shared deck, or reject it (the table keeps its own word)."""
    with store.write_transaction(db):
        proposal = deck_knowledge.proposal_by_id(db, deck, proposal_id)
        if proposal is None:
            raise Refused(N_("That proposal is not one of this deck's."), 404)
        if proposal.decided_at is not None:
            raise Refused(N_("That proposal is already decided."), 409)
        if accept:
            learning.accept(db, proposal)
        else:
            deck_knowledge.decide(db, proposal, "rejected")


def delete_card(db: Database, known: Known, key: str) -> None:
    """Forget one entry (under its name's key) of the shared deck; the audit list keeps it, to undo."""
    with store.write_transaction(db):
        deck_knowledge.delete(db, known.deck, known.lang, key)
        deck_knowledge.record(db, known.deck, known.lang, key, "deleted", known, None, BY)


def correct_card(db: Database, known: Known, typed: dict) -> None:
    """Give an entry the numbers, type and categories the host typed (a blank number is forgotten)."""
    spec = card_spec({"name": known.name, **typed})
    printed_range.check(known.name, spec, (known.deck,))
    facts = {fact: value for fact, value in known.facts.items()
             if fact not in ("type", "categories", *deck_knowledge.NUMBERS)}
    facts.update(completion.printed_facts({k: v for k, v in spec.items() if k != "name"}))
    now = time.time()
    sources = {fact: known.sources.get(fact) if known.facts.get(fact) == value else {"from": BY, "at": now}
               for fact, value in facts.items()}
    corrected = Known(known.deck, known.lang, known.name, facts, sources, known.played, known.catalog_key, now)
    with store.write_transaction(db):
        deck_knowledge.save(db, corrected)
        deck_knowledge.record(db, known.deck, known.lang, corrected.key, "corrected", known, corrected, BY)


def undo_change(db: Database, deck: str, change_id: int) -> None:
    """Put an entry back as it was before a change of the audit list."""
    change = deck_knowledge.change_by_id(db, deck, change_id)
    if change is None or change.undone_at is not None:
        raise Refused(N_("That change is already undone."), 409)
    with store.write_transaction(db):
        deck_knowledge.undo(db, change, BY)


def import_differences(db: Database, differences: list[deck_files.Difference], take: set[str]) -> int:
    """Take the chosen differences of a deck file; how many were taken."""
    with store.write_transaction(db):
        return deck_files.apply(db, differences, take)

