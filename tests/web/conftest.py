"""Fixtures for the web tests: an app on a temporary database, a display browser and its table."""

from __future__ import annotations

import shutil

import pytest

from companion.app import create_app
from companion.service.database import open_database
from tests.helpers.real_server import PHOTOS_READ_WITHIN

SQLITE_FILE = "companion.sqlite"  # where an app keeps its SQLite database in its instance folder (companion.app)


@pytest.fixture(scope="session")
def empty_sqlite(tmp_path_factory):
    """An SQLite database with the whole schema and no table, made once per test process."""
    path = tmp_path_factory.mktemp("schema") / SQLITE_FILE
    open_database(str(path))
    return path


@pytest.fixture
def app(tmp_path, database, empty_sqlite):
    """A fresh app with its own instance folder and database (SQLite there, a copy of the empty schema's file,
    unless the test asks for PostgreSQL)."""
    config = {"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "PHOTO_SECONDS": PHOTOS_READ_WITHIN}
    if database:
        config["DATABASE"] = database
    else:
        shutil.copyfile(empty_sqlite, tmp_path / SQLITE_FILE)
    return create_app(config, instance_path=str(tmp_path))


@pytest.fixture
def client(app):
    """A browser without any seat."""
    return app.test_client()


@pytest.fixture
def table(app, client):
    """A four-seat table opened by `client`, which is its display; returns the token."""
    response = client.post("/tables", data={"game": "guevara", "seats": "4",
                                            "language": "en"})
    assert response.status_code == 303
    return response.headers["Location"].split("/")[2]
