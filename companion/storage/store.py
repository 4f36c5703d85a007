"""Tables, seat claims and the append-only event log, in SQL that SQLite (through sqlite-utils) and PostgreSQL
(through companion.storage.postgres) both run."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from ..rules import DISPLAY
from . import schema

migrations = Migrations("companion")  # the schema's steps, as sqlite-utils applies them to an SQLite file


def _sqlite_step(step: schema.Step) -> None:
    @migrations(name=step.name)
    def run(db: Database) -> None:
        for statement in step.sql("sqlite"):
            db.execute(statement)
        if step.then:
            step.then(db)


for _step in schema.STEPS:
    _sqlite_step(_step)


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


def is_key_of(stored: str | None, key: str) -> bool:
    """Whether a key is the secret whose digest is stored (compared in constant time)."""
    return bool(stored) and bool(key) and secrets.compare_digest(digest(key), stored)


def is_url(database: str | Path) -> bool:
    """Whether a DATABASE setting names a PostgreSQL server rather than an SQLite file."""
    return str(database).startswith(("postgresql://", "postgres://"))


def is_postgresql(db) -> bool:
    """Whether a connection is PostgreSQL's (companion.storage.postgres) rather than SQLite's."""
    return getattr(db, "dialect", "sqlite") == "postgresql"


@contextlib.contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """One transaction for everything inside (a nested call joins the outer one).

    SQLite: BEGIN IMMEDIATE takes the write lock up front, so concurrent writers wait instead of failing.
    PostgreSQL: writers run side by side; the unique keys refuse what a concurrent writer made stale.
    """
    if is_postgresql(db):
        with db.write_transaction():
            yield db
        return
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
    """Open the database in WAL mode with full sync, so an acknowledged write survives a crash.

    A postgresql:// address opens a PostgreSQL connection instead.
    """
    if is_url(path):
        from . import postgres
        return postgres.connect(str(path))
    conn = sqlite3.connect(str(path), timeout=10, isolation_level=None, check_same_thread=False)
    db = Database(conn)
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


# SQLite's primary result codes that mean the storage refused, not the data: read-only, I/O error, full, cannot open,
# damaged.
STORAGE_FAULTS = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN,
                  sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def _postgres_errors(kind: str) -> tuple[type[Exception], ...]:
    """PostgreSQL's errors of a kind (companion/storage/postgres.py), once it is loaded: before, none can occur.
    psycopg is loaded only for a PostgreSQL address (0.09 CPU-s at every start of a server on SQLite)."""
    postgres = sys.modules.get(f"{__package__}.postgres")
    return getattr(postgres, kind) if postgres else ()


def integrity_errors() -> tuple[type[Exception], ...]:
    """The errors that say a unique key refused a row."""
    return (sqlite3.IntegrityError, *_postgres_errors("INTEGRITY_ERRORS"))


def storage_errors(path: str | Path) -> tuple[type[Exception], ...]:
    """The errors besides SQLite's that say the database at `path` is unreachable: PostgreSQL's for its address."""
    if not is_url(path):
        return ()
    from . import postgres
    return postgres.STORAGE_ERRORS


def is_storage_fault(error: BaseException) -> bool:
    """Whether an error says the database cannot be written (or read) right now, rather than a bug."""
    if isinstance(error, _postgres_errors("STORAGE_ERRORS")):
        return True
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.DatabaseError) and code is not None and code & 0xFF in STORAGE_FAULTS


# SQLite's primary result codes that say the file holds no usable database.
DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def storage_problem(error: BaseException, database: str | Path, public: bool = False) -> str | None:
    """What is wrong with the store and what to do, for an error of SQLite's or PostgreSQL's; None for others.
    `public` (for anyone to read): the file's name without its folder, PostgreSQL's words left out."""
    if isinstance(error, sqlite3.DatabaseError):
        path = Path(database)
        name = path.name if public else path
        code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
        text = str(error)
        if path.is_dir():
            return f"{name} is a folder, not a database file: move it away (or choose another --instance)."
        if code in DAMAGED or "not a database" in text or "malformed" in text:
            return (f"{name} is damaged or is not an SQLite database: restore it from a backup, or move it away "
                    "to start with an empty one.")
        if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
            return (f"{name} is locked by another program (another companion on the same --instance?): stop it, "
                    "then start again.")
        if code == sqlite3.SQLITE_CANTOPEN or "unable to open" in text:
            return f"{name} cannot be opened: check that its folder exists and this user may read and write it."
        if code == sqlite3.SQLITE_READONLY or "readonly" in text:
            return f"{name} cannot be written: give this user write access to it and to its folder."
        if code == sqlite3.SQLITE_FULL:
            return f"The disk holding {name} is full: make room on it."
        if code == sqlite3.SQLITE_IOERR:
            return f"The disk holding {name} fails to read or write: check it."
        return None
    if isinstance(error, _postgres_errors("STORAGE_ERRORS")):
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        said = "" if public else f" ({_without_password(first)})"
        return (f"PostgreSQL cannot be reached or refuses{said}: check that it runs and that --database names "
                "it, its user and password rightly.")
    return None


def _without_password(text: str) -> str:
    """An error's words with any password in a postgresql:// address left out."""
    return re.sub(r"(postgres(?:ql)?://[^:/@\s]*:)[^@\s]*@", r"\1***@", text)


def writable(path: str | Path) -> bool:
    """Whether this process may write the database file now; SQLite opens a file it may not write read-only, for
    good, so a connection opened while this is False must not be kept."""
    path = Path(path)
    return os.access(path if path.exists() else path.parent, os.W_OK)


HEALTH_KEY = "health:written_at"  # kept in `remembered`, read by nothing


def check_writable(db: Database) -> None:
    """Raise the storage fault if the database refuses a write. The write is committed (the time, under a key nothing
    reads): a rolled-back one reaches no file, so a full disk passed it while every tap failed."""
    with write_transaction(db):
        remember(db, HEALTH_KEY, {"at": time.time()})


def migrate(db: Database) -> None:
    """Bring the schema up to date (an SQLite file is switched to WAL first, and stays so)."""
    if is_postgresql(db):
        from . import postgres
        postgres.migrate(db)
        return
    db.execute("PRAGMA journal_mode=WAL")
    migrations.apply(db)


def insert_table(db: Database, token: str, display_secret: str, join_code: str,
                 game: str, language: str) -> TableRow:
    """Record a new table; its creation event is appended separately.

    A deleted table's id is never given again (SQLite would reuse the largest): another server process may
    still hold the old table's state under it. PostgreSQL's identity column never reuses one anyway.
    """
    fields = [token, digest(display_secret), join_code, game, language, time.time()]
    if is_postgresql(db):
        sql = ("INSERT INTO tables (token, display_key, join_code, game, language, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?) RETURNING id")
    else:
        sql = ("INSERT INTO tables (id, token, display_key, join_code, game, language, created_at) "
               "VALUES (1 + max(coalesce((SELECT max(id) FROM tables), 0), "
               "coalesce((SELECT max(table_id) FROM live_kicks), 0)), ?, ?, ?, ?, ?, ?) RETURNING id")
    return table_by_id(db, db.execute(sql, fields).fetchone()[0])


TABLE_COLUMNS = "id, token, display_key, join_code, game, language"


def table_by_id(db: Database, table_id: int) -> TableRow:
    """One table by its row id."""
    return table_by(db, "id", table_id)


def table_by_token(db: Database, token: str) -> TableRow | None:
    """The table behind a token (an address's private part), or None."""
    return table_by(db, "token", token) if 16 <= len(token) <= 64 else None


def key_holder(db: Database, table: TableRow, display_key: str, seat_keys: tuple[tuple[int, str], ...]) -> str | None:
    """Who carries these keys at the table: DISPLAY for its display key, "seat:N" for the key that holds seat N
    now (of the seats tried, in order; a freed or retaken seat's old key holds nothing), else None."""
    if is_key_of(table.display_key, display_key):
        return DISPLAY
    for seat, key in seat_keys:
        if is_key_of(claim_key(db, table.id, seat), key):
            return f"seat:{seat}"
    return None


def table_by(db: Database, column: str, value: str | int) -> TableRow | None:
    """One table by its token, join code, row id, or hashed spectator or share key; or None."""
    assert column in ("token", "join_code", "id", "spectator_key", "share_key")
    if not remembers_versions(db):
        row = db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE {column} = ? LIMIT 1", [value]).fetchone()
        return TableRow(*row) if row else None
    row = db.execute(f"SELECT {TABLE_COLUMNS}, (SELECT max(seq) FROM events WHERE table_id = tables.id) "
                     f"FROM tables WHERE {column} = ? LIMIT 1", [value]).fetchone()
    if not row:
        return None
    saw_version(db, row[0], row[-1] or 0)
    return TableRow(*row[:-1])


def version(db: Database, table_id: int) -> int:
    """The newest event's number at this table (0 before any)."""
    row = db.execute("SELECT max(seq) FROM events WHERE table_id = ?", [table_id]).fetchone()
    return row[0] or 0


# On PostgreSQL every read is a round trip (~0.1 ms of CPU between the two ends), and a request read its table's
# version up to four times: with its table, with its phone's seat, and as its state's "anything new?" check. A
# connection lent for one request or job keeps the version its table's or seat's lookup read alongside, and the
# state cache takes it, once, instead of asking again: the request then answers as of that read, which it began
# before (as it would if the other write had come a moment later). SQLite's connections outlive requests and
# its reads cost no round trip, so they keep nothing.

def remembers_versions(db: Database) -> bool:
    """Whether this connection keeps the versions its reads see (one lent from the PostgreSQL pool)."""
    return getattr(db, "versions_seen", None) is not None


def saw_version(db: Database, table_id: int, seen: int) -> None:
    """Keep a version of the table read through this connection just now (or written by it)."""
    if remembers_versions(db):
        db.versions_seen[table_id] = seen


def seen_version(db: Database, table_id: int) -> int | None:
    """The version this connection last read of the table, handed out once; None if it kept none."""
    return db.versions_seen.pop(table_id, None) if remembers_versions(db) else None


def versions(db: Database, table_ids: list[int]) -> dict[int, int]:
    """The newest event's number at each of these tables that has one."""
    if not table_ids:
        return {}
    marks = ",".join("?" * len(table_ids))
    # One index lookup per table: `max(seq) ... GROUP BY table_id` read every event of every table instead
    # (3.5 ms at 66 tables of 300 events, and a watcher asks up to fifty times a second).
    rows = db.execute(f"SELECT id, (SELECT max(seq) FROM events WHERE table_id = tables.id) FROM tables "
                      f"WHERE id IN ({marks})", table_ids).fetchall()
    return {table_id: seq for table_id, seq in rows if seq is not None}


EVENT_COLUMNS = "seq, type, seat, actor, args, at, step"


def _events(rows) -> list[dict]:
    return [{"seq": s, "type": t, "seat": seat, "actor": actor, "args": decoded(args), "at": at, "step": step or s}
            for s, t, seat, actor, args, at, step in rows]


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def decoded(text: str) -> Any:
    """JSON the database keeps, with any lone surrogate (which older versions let in, and which cannot be sent as
    UTF-8) told as U+FFFD, so a page that shows it still renders."""
    value = json.loads(text)
    return _mended(value) if "\\ud" in text or "\\uD" in text else value  # json.dumps escapes every surrogate


def _mended(value: Any) -> Any:
    """A decoded JSON value with lone surrogates replaced in every string, keys included."""
    if isinstance(value, str):
        return LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_mended(item) for item in value]
    if isinstance(value, dict):
        return {_mended(key): _mended(item) for key, item in value.items()}
    return value


def events_after(db: Database, table_id: int, seq: int = 0) -> list[dict]:
    """The table's events after `seq`, oldest first, with their arguments decoded."""
    return _events(db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                              [table_id, seq]).fetchall())


def events_between(db: Database, table_id: int, after: int, upto: int) -> list[dict]:
    """The table's events after `after` up to `upto` (included), oldest first, with their arguments decoded."""
    return _events(db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ? AND seq <= ? "
                              "ORDER BY seq", [table_id, after, upto]).fetchall())


def events_of_steps(db: Database, table_id: int, steps: set[int]) -> dict[int, dict]:
    """Every event of particular actions (an undo's target, say), named by their first event; by number."""
    if not steps:
        return {}
    marks = ",".join("?" * len(steps))
    rows = db.execute(f"SELECT {EVENT_COLUMNS} FROM events "
                      f"WHERE table_id = ? AND (seq IN ({marks}) OR step IN ({marks}))",
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
           events: list[dict], claim: tuple[int, str | None] | None = None,
           fingerprint: str | None = None) -> list[dict]:
    """Append events in one transaction, numbered after `after`; raise Conflict if someone was faster.

    `claim` (seat, key) records or (seat, None) removes a phone's hold on a seat in the same transaction;
    `fingerprint` is kept with the action id to tell a repeat from a different action under the same id.
    On PostgreSQL the new version is announced (NOTIFY) when the transaction commits.
    """
    if remembers_versions(db):  # a version read before this write no longer tells the table as it is
        db.versions_seen.pop(table_id, None)
    now = time.time()
    stored = [{**event, "seq": after + offset, "actor": actor, "at": now, "step": after + 1}
              for offset, event in enumerate(events, start=1)]
    rows = [[table_id, event["seq"], event["type"], event.get("seat"), actor, json.dumps(event["args"]), now,
             after + 1] for event in stored]
    try:
        if is_postgresql(db) and rows:
            _append_in_one_statement(db, table_id, after, [action_id, fingerprint], rows, claim, now)
            _claims_follow(db, table_id, after, after + len(rows), claim)
            return stored
        with write_transaction(db):
            if version(db, table_id) != after:
                raise Conflict()
            for row in rows:
                db.execute("INSERT INTO events (table_id, seq, type, seat, actor, args, at, step) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
            db.execute("INSERT INTO actions (table_id, action_id, seq, fingerprint) VALUES (?, ?, ?, ?)",
                       [table_id, action_id, after + 1, fingerprint])
            if claim is not None:
                seat, key = claim
                db.execute("DELETE FROM claims WHERE table_id = ? AND seat = ?", [table_id, seat])
                if key is not None:
                    db.execute("INSERT INTO claims (table_id, seat, key, claimed_at) VALUES (?, ?, ?, ?)",
                               [table_id, seat, digest(key), now])
                else:  # a freed seat's next player is new to the moments its last one dismissed
                    db.execute("DELETE FROM seen_moments WHERE table_id = ? AND seat = ?", [table_id, seat])
            if is_postgresql(db):
                db.execute("SELECT pg_notify(?, ?)", [LIVE_CHANNEL, f"v {table_id} {after + len(events)}"])
    except integrity_errors() as error:
        raise Conflict() from error
    return stored


def _append_in_one_statement(db: Database, table_id: int, after: int, action: list, rows: list[list],
                             claim: tuple[int, str | None] | None, now: float) -> None:
    """PostgreSQL's append of one or more events: they, the action id, the seat's claim and the NOTIFY in one
    statement, so one round trip (a transaction of its own, or part of the caller's). No version is read first:
    the unique key (table_id, seq) refuses a stale `after`, as it must anyway for writers side by side, and a
    deleted table's row is gone, so its reference refuses the events."""
    marks = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(rows))
    parts = [f"new_events AS (INSERT INTO events (table_id, seq, type, seat, actor, args, at, step) VALUES {marks})",
             "new_action AS (INSERT INTO actions (table_id, action_id, seq, fingerprint) VALUES (?, ?, ?, ?))"]
    params = [value for row in rows for value in row] + [table_id, action[0], after + 1, action[1]]
    if claim is not None and claim[1] is not None:
        parts.append("held AS (INSERT INTO claims (table_id, seat, key, claimed_at) VALUES (?, ?, ?, ?) "
                     "ON CONFLICT (table_id, seat) DO UPDATE SET key = excluded.key, claimed_at = excluded.claimed_at)")
        params += [table_id, claim[0], digest(claim[1]), now]
    elif claim is not None:
        parts.append("freed AS (DELETE FROM claims WHERE table_id = ? AND seat = ?)")
        parts.append("forgot AS (DELETE FROM seen_moments WHERE table_id = ? AND seat = ?)")
        params += [table_id, claim[0], table_id, claim[0]]
    # The NOTIFY is sent when the statement's transaction commits, and not at all if it fails.
    db.execute(f"WITH {', '.join(parts)} SELECT pg_notify(?, ?)",
               [*params, LIVE_CHANNEL, f"v {table_id} {after + len(rows)}"])


LIVE_CHANNEL = "companion_live"  # PostgreSQL's NOTIFY channel: "v <table> <version>" and "k <table>" (a kick)


def record_kick(db: Database, table_id: int) -> None:
    """Tell every server process that the table's live streams must check they may go on."""
    if is_postgresql(db):
        db.execute("SELECT pg_notify(?, ?)", [LIVE_CHANNEL, f"k {table_id}"])
        return
    db.execute("INSERT INTO live_kicks (table_id, kicks) VALUES (?, 1) "
               "ON CONFLICT (table_id) DO UPDATE SET kicks = live_kicks.kicks + 1", [table_id])


def kick_counts(db: Database) -> dict[int, int]:
    """How often each table was kicked, as recorded in an SQLite file (a table never kicked is absent)."""
    return dict(db.execute("SELECT table_id, kicks FROM live_kicks").fetchall())


# A seat's claim changes only with an event (a join, a freed seat), so the claims read at one version hold for all
# of it: after a tap, each of the table's live streams makes its panel at the version it heard of, and on
# PostgreSQL the first of them reads every claim of the table, with the version, for the others (kept by the
# connection's pool: one per database). Claims kept at a newer version than a stream heard of serve it too (its
# panel then shows that newer version): re-reading them for every stream that lags behind a busy table made a
# busy server busier.
CLAIMS_KEPT = 4096


def claim_key(db: Database, table_id: int, seat: int) -> str | None:
    """The hashed key of the phone holding a seat, or None; as of the version this connection's last read of the
    table saw (or a live stream heard of) or a newer one, if its claims are kept."""
    if not remembers_versions(db):
        row = db.execute("SELECT key FROM claims WHERE table_id = ? AND seat = ?", [table_id, seat]).fetchone()
        return row[0] if row else None
    at_version = db.versions_seen.get(table_id)
    kept = db.claims_at.get(table_id)
    if kept is None or at_version is None or kept[0] < at_version:
        rows = db.execute("SELECT seen.version, claims.seat, claims.key "
                          "FROM (SELECT max(seq) AS version FROM events WHERE table_id = ?) AS seen "
                          "LEFT JOIN claims ON claims.table_id = ?", [table_id, table_id]).fetchall()
        kept = (rows[0][0] or 0, {row[1]: row[2] for row in rows if row[1] is not None})
        if len(db.claims_at) >= CLAIMS_KEPT:
            db.claims_at.clear()
        db.claims_at[table_id] = kept
    saw_version(db, table_id, kept[0])
    return kept[1].get(seat)


def _claims_follow(db: Database, table_id: int, after: int, made: int, claim: tuple[int, str | None] | None) -> None:
    """The seat claims kept as of `after` hold at the version `made` this append made, with its own change: a claim
    changes only with an event, and the append refused every other writer in between."""
    kept = db.claims_at.get(table_id)
    if kept is None or kept[0] != after:
        return
    claims = dict(kept[1])
    if claim is not None:
        seat, key = claim
        claims.pop(seat, None)
        if key is not None:
            claims[seat] = digest(key)
    db.claims_at[table_id] = (made, claims)


GAMES_WON = "games_won"  # remembered once a table of this server has seen a game won: its players have played here


def remember(db: Database, key: str, value: dict) -> None:
    """Keep a value for later tables (the last one entered wins)."""
    db.execute("INSERT INTO remembered (key, value, updated_at) VALUES (?, ?, ?) "
               "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
               [key, json.dumps(value), time.time()])


def remembered(db: Database, key: str) -> dict | None:
    """A value kept by an earlier table, or None."""
    row = db.execute("SELECT value FROM remembered WHERE key = ?", [key]).fetchone()
    return decoded(row[0]) if row else None


# --- spectators, the archive, export and delete -------------------------------------------------------------

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
    db.execute("INSERT INTO archive (table_id, version, games) VALUES (?, ?, ?) "
               "ON CONFLICT (table_id) DO UPDATE SET version = excluded.version, games = excluded.games",
               [table_id, version, json.dumps(games)])


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
    """Remove a table for good: its events, seats, action ids, archive entry, own card knowledge, the moments its
    seats had explained and its row, in one transaction (its proposals stay for the host); its live streams in every
    server process are kicked (on SQLite the kick counter stays, so the id is not reused)."""
    with write_transaction(db):
        for name in ("archive", "actions", "claims", "events", "table_cards", "seen_moments"):
            db.execute(f"DELETE FROM {name} WHERE table_id = ?", [table_id])
        db.execute("DELETE FROM tables WHERE id = ?", [table_id])
        record_kick(db, table_id)
