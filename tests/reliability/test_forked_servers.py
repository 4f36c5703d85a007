"""The test run forks its servers from a process that has imported them (companion.testing.forked_servers): a
forked server is what `python -m companion serve` starts, for every outcome the tests read from a server's process."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from companion.knowledge import photo_uploads
from companion.testing.loopback_clients import call
from companion.testing.real_server import Server, held_port
from tests.helpers.api_tables import api
from tests.helpers.server_processes import gone

needs_tesseract = pytest.mark.skipif(not photo_uploads.available(), reason="Tesseract with deu and rus is missing")

STARTS = pytest.mark.parametrize("forked", [False, True], ids=["the command", "forked"])


def server(folder: Path, forked: bool, **options) -> Server:
    """A server, not yet started, that starts either way."""
    made = Server(folder / "instance", **options)
    made.forked = forked
    return made


def log(made: Server) -> str:
    """What the server printed."""
    return Path(made.log.name).read_text()


@STARTS
@pytest.mark.parametrize("workers", [1, 2])
def test_stopped_politely_it_says_so_exits_0_and_leaves_the_database_one_file(tmp_path, forked, workers):
    """Its connections closed, the write-ahead log is folded in: a stopped server's folder can be copied whole."""
    made = server(tmp_path, forked, workers=workers).start()
    for _ in range(3):
        api(made, "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
    made.stop()
    assert made.process.returncode == 0
    assert log(made).rstrip().endswith("Stopped.")
    assert not list(made.instance.glob("companion.sqlite-*")), sorted(path.name for path in made.instance.iterdir())


@STARTS
def test_killed_it_ends_with_the_signal_and_its_workers_with_it(tmp_path, forked):
    made = server(tmp_path, forked, workers=2).start()
    workers = made.workers()
    made.kill()
    assert made.process.returncode == -signal.SIGKILL
    assert len(workers) == 2 and gone(workers)


@STARTS
def test_a_server_that_cannot_start_exits_1_with_its_one_line(tmp_path, forked):
    with held_port() as taken:
        taken.listen()
        made = server(tmp_path, forked, port=taken.getsockname()[1])
        with pytest.raises(RuntimeError, match="server exited with 1"):
            made.start()
    assert log(made).strip().splitlines()[-1].startswith("The server cannot start: Port ")


def photo_answer(made: Server) -> int:
    """The status of an empty card-photo upload from the table's display: 404 where the server reads no photos."""
    table = api(made, "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
    status, _body, _seconds = call(made.port, "POST", f"/t/{table['token']}/card-photo",
                                   headers={"Authorization": f"Bearer {table['display_key']}"}, timeout=30)
    return status


@needs_tesseract
@STARTS
def test_it_runs_in_the_environment_and_folder_of_the_test_that_starts_it(tmp_path, forked, monkeypatch):
    """The same server, started where Tesseract is on the PATH and then where it is not (a machine without it): only
    the first reads photos."""
    monkeypatch.chdir(tmp_path)
    for folder in ("with", "without"):
        (tmp_path / folder).mkdir()
    with_tesseract = server(tmp_path / "with", forked).start()
    try:
        assert Path(f"/proc/{with_tesseract.process.pid}/cwd").resolve() == tmp_path.resolve()
        assert photo_answer(with_tesseract) == 400  # read, were there a photo
    finally:
        with_tesseract.stop()
    monkeypatch.setenv("PATH", str(tmp_path))
    without = server(tmp_path / "without", forked).start()
    try:
        assert photo_answer(without) == 404
    finally:
        without.stop()
