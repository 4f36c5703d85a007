"""SQLite through sqlite-utils: tables, seat claims and the append-only event log."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("companion")


@migrations()
def m001_initial(db: Database) -> None:
    """Tables, claims, events and the idempotency record."""
    db["tables"].create({
        "id": int, "token": str, "display_key": str, "join_code": str,
        "game": str, "language": str, "created_at": float,
    }, pk="id", not_null={"token", "display_key", "join_code"})
    db["tables"].create_index(["token"], unique=True)
    db["tables"].create_index(["join_code"], unique=True)
    db["claims"].create({"table_id": int, "seat": int, "key": str, "claimed_at": float},
                        pk=("table_id", "seat"), foreign_keys=[("table_id", "tables", "id")])
    db["events"].create({
        "id": int, "table_id": int, "seq": int, "type": str, "seat": int,
        "actor": str, "args": str, "at": float,
    }, pk="id", foreign_keys=[("table_id", "tables", "id")])
    db["events"].create_index(["table_id", "seq"], unique=True)
    db["actions"].create({"table_id": int, "action_id": str, "seq": int},
                         pk=("table_id", "action_id"))


@migrations()
def m002_remembered(db: Database) -> None:
    """Things the server remembers across tables, such as the rank values entered from the cards."""
    db["remembered"].create({"key": str, "value": str, "updated_at": float}, pk="key")


@migrations()
def m003_spectators_and_archive(db: Database) -> None:
    """A table's read-only spectator key (hashed; NULL when there is none), and the finished-games archive.

    The archive caches what companion.game_story tells of each table's log, keyed by the log's version, so the front
    page need not replay every log; it is derived data, recomputed whenever the log has moved on.
    """
    db["tables"].add_column("spectator_key", str)
    db["tables"].create_index(["spectator_key"], unique=True)
    db["archive"].create({"table_id": int, "version": int, "games": str}, pk="table_id",
                         foreign_keys=[("table_id", "tables", "id")])


@migrations()
def m004_event_steps(db: Database) -> None:
    """Each event names the first event of the action that made it, so an undo takes back a whole tap.

    Older events have none and count as actions of their own.
    """
    db["events"].add_column("step", int)


@migrations()
def m005_action_fingerprints(db: Database) -> None:
    """What each action id was used for: a digest of actor, type, seat and arguments.

    A different action under a used id is then refused instead of dropped as a repeat; older ids have none and
    count as repeats.
    """
    db["actions"].add_column("fingerprint", str)


@migrations()
def m006_history_share_keys(db: Database) -> None:
    """A table's share link to its finished games (hashed; NULL when there is none): a table's history is its own.

    Before this, every finished game was listed for anyone; now only the table's display and seats read it, and
    whoever holds the link the display makes. Existing tables start with no link, so their archives are private.
    """
    db["tables"].add_column("share_key", str)
    db["tables"].create_index(["share_key"], unique=True)


@dataclass(frozen=True)
class TableRow:
    """A table's identity: its private token, the display's hashed key and the short join code."""

    id: int
    token: str
    display_key: str
    join_code: str
    game: str
    language: str


class Conflict(Exception):
    """Another writer appended first; the caller decides again on fresh state."""


def digest(secret: str) -> str:
    """Secrets are stored hashed, so a copied database file does not hand out seats."""
    return hashlib.sha256(secret.encode()).hexdigest()


@contextlib.contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """BEGIN IMMEDIATE: take the write lock up front, so concurrent writers wait instead of failing."""
    if db.conn.in_transaction:
        yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.rollback()
        raise
    db.execute("COMMIT")


def connect(path: str | Path) -> Database:
    """Open the database in WAL mode with full sync, so an acknowledged write survives a crash."""
    conn = sqlite3.connect(str(path), timeout=10, isolation_level=None, check_same_thread=False)
    db = Database(conn)
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


# SQLite's primary result codes that mean the storage refused, not the data: read-only, I/O error, full, cannot open.
STORAGE_FAULTS = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN}


def is_storage_fault(error: BaseException) -> bool:
    """Whether an error says the database file cannot be written (or read) right now, rather than a bug."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.OperationalError) and code is not None and code & 0xFF in STORAGE_FAULTS


def writable(path: str | Path) -> bool:
    """Whether this process may write the database file now; SQLite opens a file it may not write read-only, for
    good, so a connection opened while this is False must not be kept."""
    path = Path(path)
    return os.access(path if path.exists() else path.parent, os.W_OK)


def check_writable(db: Database) -> None:
    """Raise the storage fault if the database refuses a write (a write that changes nothing, rolled back)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("DELETE FROM remembered WHERE 0")
    finally:
        db.conn.rollback()


def migrate(db: Database) -> None:
    """Switch the file to WAL (it stays so) and bring the schema up to date."""
    db.execute("PRAGMA journal_mode=WAL")
    migrations.apply(db)


def insert_table(db: Database, token: str, display_secret: str, join_code: str,
                 game: str, language: str) -> TableRow:
    """Record a new table; its creation event is appended separately."""
    table_id = db["tables"].insert({
        "token": token, "display_key": digest(display_secret), "join_code": join_code,
        "game": game, "language": language, "created_at": time.time(),
    }).last_pk
    return table_by_id(db, table_id)


def table_by_id(db: Database, table_id: int) -> TableRow:
    """One table by its row id."""
    return TableRow(**_table_fields(db["tables"].get(table_id)))


def table_by(db: Database, column: str, value: str | int) -> TableRow | None:
    """One table by its token, join code, row id, or hashed spectator or share key; or None."""
    assert column in ("token", "join_code", "id", "spectator_key", "share_key")
    rows = list(db["tables"].rows_where(f"{column} = ?", [value], limit=1))
    return TableRow(**_table_fields(rows[0])) if rows else None


def _table_fields(row: dict) -> dict:
    return {k: row[k] for k in ("id", "token", "display_key", "join_code", "game", "language")}


def version(db: Database, table_id: int) -> int:
    """The newest event's number at this table (0 before any)."""
    row = db.execute("SELECT max(seq) FROM events WHERE table_id = ?", [table_id]).fetchone()
    return row[0] or 0


EVENT_COLUMNS = "seq, type, seat, actor, args, at, step"


def _events(rows) -> list[dict]:
    return [{"seq": s, "type": t, "seat": seat, "actor": actor, "args": json.loads(args), "at": at, "step": step or s}
            for s, t, seat, actor, args, at, step in rows]


def events_after(db: Database, table_id: int, seq: int = 0) -> list[dict]:
    """The table's events after `seq`, oldest first, with their arguments decoded."""
    return _events(db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                              [table_id, seq]).fetchall())


def events_of_steps(db: Database, table_id: int, steps: set[int]) -> dict[int, dict]:
    """Every event of particular actions (an undo's target, say), named by their first event; by number."""
    if not steps:
        return {}
    marks = ",".join("?" * len(steps))
    rows = db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ? AND (seq IN ({marks}) OR step IN ({marks}))",
                      [table_id, *steps, *steps]).fetchall()
    return {event["seq"]: event for event in _events(rows)}


def has_events_of(db: Database, table_id: int, after: int, types: tuple[str, ...]) -> bool:
    """Whether the table's log has an event of one of these types after `after`."""
    marks = ",".join("?" * len(types))
    return db.execute(f"SELECT 1 FROM events WHERE table_id = ? AND seq > ? AND type IN ({marks}) LIMIT 1",
                      [table_id, after, *types]).fetchone() is not None


def seen_action(db: Database, table_id: int, action_id: str) -> tuple[int, str | None] | None:
    """The event number an action id already produced and the fingerprint of its action, or None if it is new."""
    row = db.execute("SELECT seq, fingerprint FROM actions WHERE table_id = ? AND action_id = ?",
                     [table_id, action_id]).fetchone()
    return (row[0], row[1]) if row else None


def append(db: Database, table_id: int, after: int, action_id: str, actor: str,
           events: list[dict], claim: tuple[int, str | None] | None = None, fingerprint: str | None = None) -> list[dict]:
    """Append events in one transaction, numbered after `after`; raise Conflict if someone was faster.

    `claim` (seat, key) records or (seat, None) removes a phone's hold on a seat in the same transaction;
    `fingerprint` is kept with the action id to tell a repeat from a different action under the same id.
    """
    now = time.time()
    stored = []
    try:
        with write_transaction(db):
            if version(db, table_id) != after:
                raise Conflict()
            for offset, event in enumerate(events, start=1):
                row = {"table_id": table_id, "seq": after + offset, "type": event["type"], "seat": event.get("seat"),
                       "actor": actor, "args": json.dumps(event["args"]), "at": now, "step": after + 1}
                db["events"].insert(row)
                stored.append({**event, "seq": row["seq"], "actor": actor, "at": now, "step": after + 1})
            db["actions"].insert({"table_id": table_id, "action_id": action_id, "seq": after + 1,
                                  "fingerprint": fingerprint})
            if claim is not None:
                seat, key = claim
                db.execute("DELETE FROM claims WHERE table_id = ? AND seat = ?", [table_id, seat])
                if key is not None:
                    db["claims"].insert({"table_id": table_id, "seat": seat, "key": digest(key),
                                         "claimed_at": now})
    except sqlite3.IntegrityError as error:
        raise Conflict() from error
    return stored


def claim_key(db: Database, table_id: int, seat: int) -> str | None:
    """The hashed key of the phone holding a seat, or None."""
    row = db.execute("SELECT key FROM claims WHERE table_id = ? AND seat = ?", [table_id, seat]).fetchone()
    return row[0] if row else None


def remember(db: Database, key: str, value: dict) -> None:
    """Keep a value for later tables (the last one entered wins)."""
    db["remembered"].upsert({"key": key, "value": json.dumps(value), "updated_at": time.time()}, pk="key")


def remembered(db: Database, key: str) -> dict | None:
    """A value kept by an earlier table, or None."""
    row = db.execute("SELECT value FROM remembered WHERE key = ?", [key]).fetchone()
    return json.loads(row[0]) if row else None


# --- spectators, the archive, export and delete -------------------------------------------------------------

def set_spectator_key(db: Database, table_id: int, secret: str | None) -> None:
    """Give the table a new spectator key (the old one stops working at once), or none."""
    db.execute("UPDATE tables SET spectator_key = ? WHERE id = ?", [digest(secret) if secret else None, table_id])


def has_spectator_key(db: Database, table_id: int) -> bool:
    """Whether a spectator link is open for the table."""
    row = db.execute("SELECT spectator_key IS NOT NULL FROM tables WHERE id = ?", [table_id]).fetchone()
    return bool(row and row[0])


def set_link_key(db: Database, table_id: int, column: str, secret: str | None) -> None:
    """Give the table a new key of a link it hands out (the old key stops working at once), or none."""
    assert column in ("spectator_key", "share_key")
    db.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", [digest(secret) if secret else None, table_id])


def has_link_key(db: Database, table_id: int, column: str) -> bool:
    """Whether a link of this kind is open for the table."""
    assert column in ("spectator_key", "share_key")
    row = db.execute(f"SELECT {column} IS NOT NULL FROM tables WHERE id = ?", [table_id]).fetchone()
    return bool(row and row[0])


def table_exists(db: Database, table_id: int, token: str) -> bool:
    """Whether the table is still there (a deleted table's live streams end)."""
    return db.execute("SELECT 1 FROM tables WHERE id = ? AND token = ?", [table_id, token]).fetchone() is not None


def archive_status(db: Database) -> list[tuple[int, str, int, int | None, str | None]]:
    """Per table: its id and token, its log's version, and the version and games the archive holds for it."""
    return db.execute(
        "SELECT t.id, t.token, (SELECT max(seq) FROM events e WHERE e.table_id = t.id), a.version, a.games "
        "FROM tables t LEFT JOIN archive a ON a.table_id = t.id").fetchall()


def save_archive(db: Database, table_id: int, version: int, games: list[dict]) -> None:
    """Keep what the story of a table's log says about its games, as of `version`."""
    db["archive"].upsert({"table_id": table_id, "version": version, "games": json.dumps(games)}, pk="table_id")


SETUP_EVENTS = ("table_created", "seat_joined", "seat_freed", "seat_named", "order_set", "dealer_set",
                "profile_set", "job_profile_set")  # a table with nothing else in its log never started a game


def expire_unstarted(db: Database, idle_seconds: float) -> list[int]:
    """Delete every table that never started a game and has had no event for `idle_seconds`; their ids."""
    cutoff, marks = time.time() - idle_seconds, ",".join("?" * len(SETUP_EVENTS))
    with write_transaction(db):
        ids = [row[0] for row in db.execute(
            f"SELECT id FROM tables t WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM events e "
            f"WHERE e.table_id = t.id AND (e.type NOT IN ({marks}) OR e.at >= ?))",
            [cutoff, *SETUP_EVENTS, cutoff]).fetchall()]
        for table_id in ids:
            delete_table(db, table_id)
    return ids


def delete_table(db: Database, table_id: int) -> None:
    """Remove a table for good: its events, seats, action ids, archive entry and row, in one transaction."""
    with write_transaction(db):
        for name in ("archive", "actions", "claims", "events"):
            db.execute(f"DELETE FROM {name} WHERE table_id = ?", [table_id])
        db.execute("DELETE FROM tables WHERE id = ?", [table_id])
