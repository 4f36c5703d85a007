"""URL builders compiled once per test process still build each app's own URLs (tests/helpers/url_builders.py)."""

from flask import Flask, url_for

from tests.helpers.url_builders import share_compiled_url_builders


def table(token: str, seat: int = 0) -> str:
    """The page of a table, of one of its seats."""
    return f"{token} {seat}"


def app_with(defaults: dict) -> Flask:
    """An app with one rule under the same text each time, its defaults as given."""
    app = Flask(__name__)
    app.add_url_rule("/tables/<token>", "table", table, defaults=defaults)
    app.add_url_rule("/tables/<token>/<int:seat>", "table", table)
    return app


def test_the_same_rule_with_other_defaults_builds_other_urls():
    share_compiled_url_builders()
    for token in ("first", "second"):
        app = app_with({"token": token})
        with app.test_request_context():
            assert url_for("table") == f"/tables/{token}"
            assert url_for("table", token=token, seat=3) == f"/tables/{token}/3"
            assert url_for("table", token=token, seat=3, lang="de") == f"/tables/{token}/3?lang=de"
