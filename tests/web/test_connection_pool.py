"""The pool of SQLite connections at a server's stop: every connection closed, the idle ones and those still at
work when it closes, so the write-ahead log is folded into the database file."""

from __future__ import annotations

import sqlite3

import pytest

from companion.service.database import open_database
from companion.storage.pool import Pool


def test_a_closed_pool_closes_its_idle_connections_and_each_given_back_later(tmp_path):
    path = str(tmp_path / "companion.sqlite")
    open_database(path)
    pool = Pool()
    idle, at_work = pool.take(path), pool.take(path)
    idle.execute("CREATE TABLE notes (text TEXT)")
    at_work.execute("INSERT INTO notes VALUES ('a write in the log')")
    pool.give(path, idle)
    assert (tmp_path / "companion.sqlite-wal").exists()
    pool.close()
    pool.give(path, at_work)  # a request that ends after the stop began
    for db in (idle, at_work):
        with pytest.raises(sqlite3.ProgrammingError):
            db.execute("SELECT 1")
    assert not (tmp_path / "companion.sqlite-wal").exists()
    assert sqlite3.connect(path).execute("SELECT text FROM notes").fetchall() == [("a write in the log",)]
