"""Fixtures for the web tests: an app on a temporary database, a display browser and its table."""

from __future__ import annotations

import pytest
from jinja2 import pass_context

from companion.app import create_app
from companion.web import kept_parts
from tests.helpers.real_server import PHOTOS_READ_WITHIN


@pytest.fixture(autouse=True)
def kept_parts_checked(monkeypatch):
    """Every part a screen keeps by what it shows (`kept_include`) is also rendered afresh, and must be the same:
    a dependency its call leaves out shows up here as a stale part, in whichever test reaches that state."""
    keep = kept_parts.kept_include

    @pass_context
    def kept_and_checked(context, name, **values):
        kept = keep(context, name, **values)
        assert kept == kept_parts.rendered_afresh(context, name, **values), \
            f"{name} was kept from another state: kept_parts.SHOWS misses what it reads"
        return kept

    monkeypatch.setattr(kept_parts, "kept_include", kept_and_checked)


@pytest.fixture
def app(tmp_path, database):
    """A fresh app with its own instance folder and database (SQLite there, unless the test asks for PostgreSQL)."""
    config = {"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "PHOTO_SECONDS": PHOTOS_READ_WITHIN}
    if database:
        config["DATABASE"] = database
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
