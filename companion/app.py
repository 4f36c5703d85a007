"""The Flask app factory: config, instance folder, database, blueprints."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

from flask import Flask

PACKAGE = Path(__file__).resolve().parent


def _asset_folder(name: str) -> str:
    """Installed wheels carry templates/ and static/ inside the package; a checkout has them beside it."""
    inside = PACKAGE / name
    return str(inside if inside.is_dir() else PACKAGE.parent / name)


def load_secret_key(instance: Path) -> str:
    """A random key made on first run and kept in the instance folder."""
    key_file = instance / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def load_host_key(instance: Path) -> str:
    """The server's host key (docs/decks.md): made once, on first run, and kept in the instance folder."""
    key_file = instance / "host_key"
    try:
        descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return key_file.read_text().strip()
    with os.fdopen(descriptor, "w") as written:
        written.write(secrets.token_urlsafe(24))
    return key_file.read_text().strip()


def create_app(test_config: dict | None = None, instance_path: str | None = None) -> Flask:
    """Build the app: config, instance folder, database, blueprints."""
    app = Flask(__name__, instance_path=instance_path, instance_relative_config=True,
                template_folder=_asset_folder("templates"), static_folder=_asset_folder("static"))
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=str(instance / "companion.sqlite"),
        PUBLIC_URL=None,
        ALLOWED_HOSTS=(),  # names besides the public URL's, this machine's addresses and localhost (--allowed-host)
        MAX_CONTENT_LENGTH=16 * 1024,
        SESSION_COOKIE_NAME="companion",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(days=60),
        # Sixty days from joining is plenty; re-signing the cookie on every live re-fetch cost a fifth of one.
        SESSION_REFRESH_EACH_REQUEST=False,
        LIVE_STREAM_SECONDS=55.0,
        # Often enough that a page which hears none for 7 s (a suspended laptop) says "Reconnecting" within 10 s.
        LIVE_HEARTBEAT_SECONDS=3.0,
        # How often an idle stream checks that its phone is still there (a gone phone's place is freed by then).
        LIVE_CHECK_SECONDS=1.0,
        MAX_LIVE_STREAMS=96,
        MAX_LIVE_STREAMS_PER_CLIENT=16,
        JOIN_CODE_ATTEMPTS_PER_MINUTE=10,
        NEW_TABLES_PER_HOUR=60,  # per client address; 0: no limit
        UNSTARTED_TABLE_HOURS=24.0,  # a table that never started a game goes after this long idle; 0: never
    )
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(instance)
    if not app.config.get("HOST_KEY"):
        app.config["HOST_KEY"] = load_host_key(instance)

    from .web import connection
    from .web.site import register

    connection.init_app(app)
    register(app)
    return app
