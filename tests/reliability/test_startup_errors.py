"""What stops `serve` from starting, told in one line a host can act on (issue 58, item 3): the port taken, an
instance folder that cannot be one, a database file that is a folder, damaged or locked, PostgreSQL away or
refusing. Each exits non-zero with no traceback unless --debug."""

from __future__ import annotations

import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.testing.real_server import free_port, held_port


def started(instance: Path, *extra: str, port: int | None = None, workers: int = 2) -> tuple[int, list[str]]:
    """`serve` run until it exits: its exit status and the lines it printed (both streams)."""
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(port or free_port()),
               "--instance", str(instance), "--workers", str(workers), *extra]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, check=False)
    return done.returncode, [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]


def said_one_line(outcome: tuple[int, list[str]], *words: str) -> None:
    status, lines = outcome
    assert status != 0 and len(lines) == 1, lines
    assert lines[0].startswith("The server cannot start: ") and all(word in lines[0] for word in words), lines


@pytest.mark.parametrize("workers", [1, 2])
def test_a_port_in_use(tmp_path, workers):
    with held_port() as taken:
        taken.listen()
        port = taken.getsockname()[1]
        said_one_line(started(tmp_path / "instance", port=port, workers=workers), f"Port {port}", "--port")


def test_an_instance_folder_under_a_regular_file(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    said_one_line(started(tmp_path / "file" / "instance"), "instance folder", "Not a directory", "--instance")


def test_a_database_file_that_is_a_folder(tmp_path):
    (tmp_path / "instance" / "companion.sqlite").mkdir(parents=True)
    said_one_line(started(tmp_path / "instance", workers=1), "companion.sqlite is a folder", "move it away")


def test_a_damaged_database_and_its_traceback_with_debug(tmp_path):
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "companion.sqlite").write_bytes(b"\x5a" * 8192)
    said_one_line(started(tmp_path / "instance"), "companion.sqlite is damaged", "restore it from a backup")
    status, lines = started(tmp_path / "instance", "--debug")
    assert status != 0 and "Traceback (most recent call last):" in lines and "file is not a database" in lines[-1]


def test_a_database_locked_by_another_program(tmp_path):
    (tmp_path / "instance").mkdir()
    holder = sqlite3.connect(tmp_path / "instance" / "companion.sqlite", isolation_level=None,
                             check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("CREATE TABLE held (x)")
    try:
        said_one_line(started(tmp_path / "instance"), "companion.sqlite is locked by another program")
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_postgresql_that_nobody_answers(tmp_path):
    pytest.importorskip("psycopg_pool")
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    outcome = started(tmp_path / "instance", "--database", f"postgresql://who:secret@127.0.0.1:{port}/chez")
    said_one_line(outcome, "PostgreSQL cannot be reached or refuses", "Connection refused", "--database")
    assert "secret" not in outcome[1][0]


def test_postgresql_that_refuses(tmp_path, postgres):
    said_one_line(started(tmp_path / "instance", "--database", postgres.url("no_such_database")),
                  "PostgreSQL cannot be reached or refuses", "no_such_database", "--database")



@pytest.mark.parametrize("option, value, said", [
    ("--port", "99999", "99999 is no port: choose one from 1 to 65535"),
    ("--port", "70000", "70000 is no port"),
    ("--port", "-5", "-5 is too small: at least 1"),
    ("--port", "http", "'http' is not a whole number"),
    ("--workers", "0", "0 is too small: at least 1"),
    ("--public-url", "notaurl", "'notaurl' is not an address phones can open"),
    ("--worker-timeout", "0", "give a time of more than 0 seconds"),
    ("--unstarted-table-hours", "-1", "give 0 or more"),
])
def test_an_option_out_of_its_range_is_refused_before_anything_starts(capsys, option, value, said):
    from companion.__main__ import parse_args

    with pytest.raises(SystemExit) as stopped:
        parse_args(["serve", option, value])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith(f"companion serve: error: argument {option}: ") and said in error
