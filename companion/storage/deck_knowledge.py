"""What the server knows of each deck's cards: printed facts per deck and name language, with their provenance.

A card is known per deck ("guevara", "geek", "goth") and per the language of the name it was entered under, so
a Chez Geek card and a Chez Guevara card of the same name keep their own numbers. Each fact says where it came
from (the rulebook catalog, a table and when, an imported deck file, the deck page). Every change a person makes
on purpose (a confirmed conflict, a correction, a deletion, an import) is kept in an audit list and can be undone.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from sqlite_utils import Database

from ..cards import BY_KEY, CATALOGS
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


def lookup(db: Database, decks: tuple[str, ...], lang: str, name: str) -> Known | None:
    """The card of this name in one of the decks: under the reader's language first, then under any."""
    wanted, marks = name_key(name), ",".join("?" * len(decks))
    rows = db.execute(f"SELECT {COLUMNS} FROM deck_cards WHERE deck IN ({marks}) AND name_key = ?",
                      [*decks, wanted]).fetchall()
    if not rows:
        return _by_catalog_key(db, decks, name, lang)
    rows.sort(key=lambda row: (row[1] != lang, decks.index(row[0])))
    return _known(rows[0])


def _by_catalog_key(db: Database, decks: tuple[str, ...], name: str, lang: str) -> Known | None:
    """A catalog card learned under its name in another language (Soap learned as Мыло)."""
    cards = tuple(card for deck in decks for card in CATALOGS[deck].CARDS)
    card = find(name, lang, cards)
    if card is None:
        return None
    rows = db.execute(f"SELECT {COLUMNS} FROM deck_cards WHERE catalog_key = ? ORDER BY lang != ?",
                      [card.key, lang]).fetchall()
    return _known(rows[0]) if rows else None


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


def delete(db: Database, deck: str, lang: str, key: str) -> None:
    """Remove an entry."""
    db.execute("DELETE FROM deck_cards WHERE deck = ? AND lang = ? AND name_key = ?", [deck, lang, key])


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


def is_display_key(db: Database, hashed: str) -> bool:
    """Whether a hashed key is the display key of a table on this server."""
    return db.execute("SELECT 1 FROM tables WHERE display_key = ? LIMIT 1", [hashed]).fetchone() is not None


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
