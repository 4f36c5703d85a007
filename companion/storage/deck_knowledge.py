"""What the server knows of each deck's cards: printed facts per deck and name language, with their provenance.

A card is known per deck ("guevara", "geek", "goth") and per the language of the name it was entered under, so
a Chez Geek card and a Chez Guevara card of the same name keep their own numbers. Each fact says where it came
from (the rulebook catalog, a table and when, an imported deck file, the deck page). Knowledge has two scopes: the
shared deck (`deck_cards`, every table's) and what one table says of its cards (`table_cards`, that table's only,
laid over the shared deck there); proposals (`deck_proposals`) wait for the host to take a table's word into the
shared deck. Every change a person makes to the shared deck on purpose (an accepted proposal, a correction, a
deletion, an import) is kept in an audit list and can be undone.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from sqlite_utils import Database

from ..cards import BY_KEY, CATALOGS, cards_for
from ..cards.card import LANGS, folded_name
from ..cards.guevara_cards import find

NUMBERS = ("slack", "cost", "slack_modifier", "loot")  # the printed numbers a table may contradict
DECKS = tuple(CATALOGS)


def name_key(name: str) -> str:
    """A card's name reduced for matching (case, spacing, ё and a leading article ignored)."""
    return folded_name(name)


@dataclass
class Known:
    """One card as the server knows it in one deck and name language."""

    deck: str
    lang: str
    name: str
    facts: dict
    sources: dict = field(default_factory=dict)
    played: int = 0
    catalog_key: str | None = None
    updated_at: float = 0.0

    @property
    def key(self) -> str:
        """The matching key of its name."""
        return name_key(self.name)

    def row(self) -> dict:
        """Its database row."""
        return {"deck": self.deck, "lang": self.lang, "name_key": self.key, "name": self.name,
                "catalog_key": self.catalog_key, "facts": json.dumps(self.facts, sort_keys=True),
                "sources": json.dumps(self.sources, sort_keys=True), "played": self.played,
                "updated_at": self.updated_at or time.time()}


def _known(row: dict | tuple) -> Known:
    deck, lang, _key, name, catalog_key, facts, sources, played, updated_at = row
    return Known(deck, lang, name, json.loads(facts), json.loads(sources), played or 0, catalog_key, updated_at)


COLUMNS = "deck, lang, name_key, name, catalog_key, facts, sources, played, updated_at"


def lookup(db: Database, decks: tuple[str, ...], lang: str, name: str, table_id: int | None = None) -> Known | None:
    """The card of this name in one of the decks: under the reader's language first, then under any.

    Given a table, what that table says of the card is laid over the shared deck's (the table's word wins there).
    """
    return laid_over(*shared_and_own(db, decks, lang, name, table_id))


def shared_and_own(db: Database, decks: tuple[str, ...], lang: str, name: str,
                   table_id: int | None) -> tuple[Known | None, Known | None]:
    """What the shared deck and what one table alone say of the card of this name (no table: nothing own)."""
    shared = shared_lookup(db, decks, lang, name)
    return shared, table_lookup(db, table_id, decks, lang, name) if table_id is not None else None


class ActionReadings:
    """What the shared deck and one table say of each card an action names, each name read once: before the rules
    decide for naming and completing the cards, and handed to learning after the events are appended."""

    def __init__(self, db: Database, decks: tuple[str, ...], lang: str, table_id: int | None):
        self.db, self.decks, self.lang, self.table_id = db, decks, lang, table_id
        self.read: dict[str, tuple[Known | None, Known | None]] = {}

    def said_of(self, name: str) -> tuple[Known | None, Known | None]:
        """The shared deck's entry and the table's own for this name (read the first time it is asked)."""
        key = name_key(name)
        if key not in self.read:
            self.read[key] = shared_and_own(self.db, self.decks, self.lang, name, self.table_id)
        return self.read[key]

    def lookup(self, name: str) -> Known | None:
        """As `lookup`: the table's word laid over the shared deck's."""
        return laid_over(*self.said_of(name))


def laid_over(shared: Known | None, own: Known | None) -> Known | None:
    """A table's word laid over the shared deck's (the table's word wins there)."""
    if own is None or shared is None:
        return own or shared
    return Known(shared.deck, shared.lang, shared.name, {**shared.facts, **own.facts},
                 {**shared.sources, **own.sources}, shared.played, shared.catalog_key or own.catalog_key,
                 max(shared.updated_at, own.updated_at))


def shared_lookup(db: Database, decks: tuple[str, ...], lang: str, name: str) -> Known | None:
    """The card of this name in the shared deck of one of the decks."""
    return _find(db, "deck_cards", "", [], decks, lang, name)


def table_lookup(db: Database, table_id: int, decks: tuple[str, ...], lang: str, name: str) -> Known | None:
    """What one table alone says of the card of this name."""
    return _find(db, "table_cards", "table_id = ? AND ", [table_id], decks, lang, name)


def _find(db: Database, rows_of: str, scope: str, scope_args: list, decks: tuple[str, ...], lang: str,
          name: str) -> Known | None:
    """The entry of this name in one database table (`deck_cards` or `table_cards`, narrowed by `scope`)."""
    wanted, marks = name_key(name), ",".join("?" * len(decks))
    rows = db.execute(f"SELECT {COLUMNS} FROM {rows_of} WHERE {scope}deck IN ({marks}) AND name_key = ?",
                      [*scope_args, *decks, wanted]).fetchall()
    if not rows:  # a catalog card learned under its name in another language (Soap learned as Мыло)
        card = find(name, lang, cards_for(decks))
        if card is None:
            return None
        rows = db.execute(f"SELECT {COLUMNS} FROM {rows_of} WHERE {scope}catalog_key = ? ORDER BY lang != ?",
                          [*scope_args, card.key, lang]).fetchall()
        return _known(rows[0]) if rows else None
    rows.sort(key=lambda row: (row[1] != lang, decks.index(row[0])))
    return _known(rows[0])


def get(db: Database, deck: str, lang: str, key: str) -> Known | None:
    """One entry by its primary key."""
    row = db.execute(f"SELECT {COLUMNS} FROM deck_cards WHERE deck = ? AND lang = ? AND name_key = ?",
                     [deck, lang, key]).fetchone()
    return _known(row) if row else None


def cards(db: Database, deck: str) -> list[Known]:
    """Every card known in a deck, most played first."""
    rows = db.execute(f"SELECT {COLUMNS} FROM deck_cards WHERE deck = ? ORDER BY played DESC, name_key",
                      [deck]).fetchall()
    return [_known(row) for row in rows]


def save(db: Database, known: Known) -> None:
    """Write an entry (insert or replace)."""
    row = known.row()
    db.execute(f"INSERT INTO deck_cards ({', '.join(row)}) VALUES ({', '.join('?' * len(row))}) "
               "ON CONFLICT (deck, lang, name_key) DO UPDATE SET "
               + ", ".join(f"{column} = excluded.{column}" for column in row), list(row.values()))


def save_unless_changed(db: Database, known: Known, read_at: float | None) -> bool:
    """Write an entry only if nobody changed it since it was read (`read_at`: its time of change then, None where
    there was none); whether it was written."""
    row = known.row()
    if read_at is None:
        written = db.execute(f"INSERT INTO deck_cards ({', '.join(row)}) VALUES ({', '.join('?' * len(row))}) "
                             "ON CONFLICT (deck, lang, name_key) DO NOTHING", list(row.values()))
    else:
        written = db.execute(f"UPDATE deck_cards SET {', '.join(f'{column} = ?' for column in row)} "
                             "WHERE deck = ? AND lang = ? AND name_key = ? AND updated_at = ?",
                             [*row.values(), known.deck, known.lang, known.key, read_at])
    return written.rowcount == 1


def delete(db: Database, deck: str, lang: str, key: str) -> None:
    """Remove an entry."""
    db.execute("DELETE FROM deck_cards WHERE deck = ? AND lang = ? AND name_key = ?", [deck, lang, key])


# --- one table's own word -----------------------------------------------------------------------------------

def save_for_table(db: Database, table_id: int, known: Known) -> None:
    """Keep what one table says of a card (insert or replace); an entry with no facts left is removed."""
    if not known.facts:
        db.execute("DELETE FROM table_cards WHERE table_id = ? AND deck = ? AND lang = ? AND name_key = ?",
                   [table_id, known.deck, known.lang, known.key])
        return
    row = {"table_id": table_id, **known.row()}
    db.execute(f"INSERT INTO table_cards ({', '.join(row)}) VALUES ({', '.join('?' * len(row))}) "
               "ON CONFLICT (table_id, deck, lang, name_key) DO UPDATE SET "
               + ", ".join(f"{column} = excluded.{column}" for column in row), list(row.values()))


def cards_at_table(db: Database, deck: str, table_id: int) -> list[Known]:
    """Every card a table knows in a deck: the shared deck with the table's own word laid over it, most played
    first (a name only another table has typed is not among them)."""
    shared = {(known.lang, known.key): known for known in cards(db, deck)}
    for row in db.execute(f"SELECT {COLUMNS} FROM table_cards WHERE table_id = ? AND deck = ?",
                          [table_id, deck]).fetchall():
        own = _known(row)
        was = shared.get((own.lang, own.key))
        shared[(own.lang, own.key)] = own if was is None else Known(
            was.deck, was.lang, was.name, {**was.facts, **own.facts}, {**was.sources, **own.sources}, was.played,
            was.catalog_key or own.catalog_key, was.updated_at)
    return sorted(shared.values(), key=lambda known: (-known.played, known.key))


def cards_elsewhere(db: Database, deck: str, table_id: int, since: float) -> list[tuple[int, Known]]:
    """What the other tables said of cards in a deck since a time (seconds since the epoch): (table id, entry),
    the newest first."""
    return [(row[0], _known(row[1:])) for row in db.execute(
        f"SELECT table_id, {COLUMNS} FROM table_cards WHERE deck = ? AND table_id != ? AND updated_at >= ? "
        "ORDER BY updated_at DESC", [deck, table_id, since]).fetchall()]


def tables_saying(db: Database, deck: str, lang: str, key: str) -> list[tuple[int, Known]]:
    """Every table's own word on one card: (table id, entry)."""
    return [(row[0], _known(row[1:])) for row in db.execute(
        f"SELECT table_id, {COLUMNS} FROM table_cards WHERE deck = ? AND lang = ? AND name_key = ?",
        [deck, lang, key]).fetchall()]


# --- proposals for the host ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Proposal:
    """A table's word on a card waiting for the host: a name seen at that table only ("new"), or numbers that
    contradict the shared deck ("conflict")."""

    id: int
    deck: str
    lang: str
    name_key: str
    name: str
    catalog_key: str | None
    facts: dict
    kind: str
    table_id: int
    at: float
    decided_at: float | None
    decision: str | None


PROPOSAL_COLUMNS = "id, deck, lang, name_key, name, catalog_key, facts, kind, table_id, at, decided_at, decision"


def _proposal(row) -> Proposal:
    return Proposal(*row[:6], json.loads(row[6]), *row[7:])


def propose(db: Database, known: Known, kind: str, table_id: int) -> None:
    """Put a table's word on a card before the host (the table's open proposal on it is brought up to date; one
    the host rejected is not made again with the same facts)."""
    rows = db.execute(f"SELECT {PROPOSAL_COLUMNS} FROM deck_proposals WHERE deck = ? AND lang = ? AND name_key = ? "
                      "AND table_id = ? ORDER BY id DESC", [known.deck, known.lang, known.key, table_id]).fetchall()
    mine = [_proposal(row) for row in rows]
    waiting = next((p for p in mine if p.decided_at is None), None)
    if waiting is not None:
        db.execute("UPDATE deck_proposals SET facts = ?, kind = ?, name = ?, at = ? WHERE id = ?",
                   [json.dumps(known.facts, sort_keys=True), kind, known.name, time.time(), waiting.id])
        return
    if any(p.decision == "rejected" and p.facts == known.facts for p in mine):
        return
    db.execute("INSERT INTO deck_proposals (deck, lang, name_key, name, catalog_key, facts, kind, table_id, at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [known.deck, known.lang, known.key, known.name, known.catalog_key,
                                                      json.dumps(known.facts, sort_keys=True), kind, table_id,
                                                      time.time()])


def proposals(db: Database, deck: str, lang: str | None = None, key: str | None = None) -> list[Proposal]:
    """The proposals waiting in a deck (on one card, if named), oldest first."""
    where, args = "deck = ? AND decided_at IS NULL", [deck]
    if lang is not None and key is not None:
        where, args = where + " AND lang = ? AND name_key = ?", [*args, lang, key]
    return [_proposal(row) for row in db.execute(
        f"SELECT {PROPOSAL_COLUMNS} FROM deck_proposals WHERE {where} ORDER BY id", args).fetchall()]


def proposal_by_id(db: Database, deck: str, proposal_id: int) -> Proposal | None:
    """One proposal of a deck, decided or not."""
    row = db.execute(f"SELECT {PROPOSAL_COLUMNS} FROM deck_proposals WHERE deck = ? AND id = ?",
                     [deck, proposal_id]).fetchone()
    return _proposal(row) if row else None


def decide(db: Database, proposal: Proposal, decision: str) -> None:
    """Mark a proposal decided: "accepted", "rejected", or "seen twice" (a second table said the same)."""
    db.execute("UPDATE deck_proposals SET decided_at = ?, decision = ? WHERE id = ?",
               [time.time(), decision, proposal.id])


def deck_for(decks: tuple[str, ...], catalog_key: str | None) -> str:
    """The deck that learns a card at a table of these decks: its catalog's, else the game's first."""
    for deck in decks:
        if catalog_key is not None and any(card.key == catalog_key for card in CATALOGS[deck].CARDS):
            return deck
    return decks[0]


def catalog_key_of(decks: tuple[str, ...], name: str, lang: str) -> str | None:
    """The catalog card this name stands for in these decks, if the rulebooks name it."""
    card = find(name, lang, tuple(card for deck in decks for card in CATALOGS[deck].CARDS))
    return card.key if card is not None else None


def names_of(known: Known) -> dict[str, str]:
    """The card's names in the languages known: the catalog's three, else the one it was entered under."""
    card = BY_KEY.get(known.catalog_key or "")
    if card is None:
        return {known.lang: known.name}
    return {lang: card.names[lang] for lang in LANGS if card.names.get(lang)} | {known.lang: known.name}


# --- the audit list -----------------------------------------------------------------------------------------

def record(db: Database, deck: str, lang: str, key: str, change: str, before: Known | None, after: Known | None,
           by: str) -> int:
    """Keep one deliberate change in the audit list; its id."""
    def dumped(known):
        return json.dumps(known.row(), sort_keys=True) if known is not None else None
    return db.execute('INSERT INTO deck_audit (deck, lang, name_key, change, "before", "after", "by", at) '
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                      [deck, lang, key, change, dumped(before), dumped(after), by, time.time()]).fetchone()[0]


@dataclass(frozen=True)
class Change:
    """One line of the audit list."""

    id: int
    deck: str
    lang: str
    name_key: str
    change: str
    before: Known | None
    after: Known | None
    by: str
    at: float
    undone_at: float | None


def _entry(row: dict | None) -> Known | None:
    if row is None:
        return None
    data = json.loads(row) if isinstance(row, str) else row
    return _known(tuple(data[column] for column in COLUMNS.split(", ")))


def changes(db: Database, deck: str, limit: int = 100) -> list[Change]:
    """The deck's audit list, newest first."""
    rows = db.execute('SELECT id, deck, lang, name_key, change, "before", "after", "by", at, undone_at FROM deck_audit '
                      "WHERE deck = ? ORDER BY id DESC LIMIT ?", [deck, limit]).fetchall()
    return [Change(*row[:5], _entry(row[5]), _entry(row[6]), *row[7:]) for row in rows]


def change_by_id(db: Database, deck: str, change_id: int) -> Change | None:
    """One audit line of a deck."""
    return next((c for c in changes(db, deck, limit=1_000_000) if c.id == change_id), None)


def undo(db: Database, change: Change, by: str) -> None:
    """Put the entry back as it was before a change, and mark the change undone (itself an audit line)."""
    current = get(db, change.deck, change.lang, change.name_key)
    if change.before is None:
        delete(db, change.deck, change.lang, change.name_key)
    else:
        save(db, change.before)
    db.execute("UPDATE deck_audit SET undone_at = ? WHERE id = ?", [time.time(), change.id])
    record(db, change.deck, change.lang, change.name_key, "undone", current, change.before, by)
