"""Static files under names that carry a hash of their content, kept by browsers for a year; our own scripts and
styles shipped minified (their comments are a third of their bytes), the vendored ones as they are; the scripts every
page runs after its first paint shipped as one file, PAGE_SCRIPTS."""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import threading

import rcssmin
import rjsmin
from flask import current_app, request, send_from_directory
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response

YEAR = 31536000
DIGEST_LENGTH = 12
# "app.3f2a1b9c0d4e.css": the name, the hash, the extension. A file's own name never has 12 hex digits there.
VERSIONED = re.compile(rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{DIGEST_LENGTH}}})(?P<ext>\.[A-Za-z0-9]+)$")

_digests: dict[tuple[str, int, int], str] = {}
_minified: dict[tuple, bytes] = {}
_lock = threading.Lock()
MINIFIERS = {".js": (rjsmin.jsmin, "text/javascript"), ".css": (rcssmin.cssmin, "text/css")}
# The scripts every page runs once it is drawn, in this order, fetched as the one file PAGE_SCRIPTS: a phone joining
# on weak Wi-Fi asks for one script instead of fifteen (and a new phone's browser starts a third less work).
# theme.js stays apart: it runs before the first paint.
SCRIPTS = ("vendor/htmx-2.0.11.min.js", "vendor/idiomorph-ext-0.8.0.min.js", "vendor/htmx-ext-sse-2.2.4.min.js",
           "vendor/nosleep-0.12.0.min.js", "common.js", "settings.js", "place.js", "taps.js", "news.js", "awake.js",
           "app.js", "card_numbers.js", "card_form.js", "card_photo.js", "lead.js")
PAGE_SCRIPTS = "pages.js"


def digest_of(folder: str, filename: str) -> str | None:
    """The first hex digits of the file's SHA-256, read again only when its size or time changes (PAGE_SCRIPTS:
    of its parts' digests)."""
    if filename == PAGE_SCRIPTS:
        parts = [digest_of(folder, part) for part in SCRIPTS]
        return None if None in parts else hashlib.sha256(" ".join(parts).encode()).hexdigest()[:DIGEST_LENGTH]
    path = os.path.join(folder, filename)
    try:
        stat = os.stat(path)
    except OSError:
        return None
    key = (path, stat.st_mtime_ns, stat.st_size)
    digest = _digests.get(key)
    if digest is None:
        with open(path, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()[:DIGEST_LENGTH]
        with _lock:
            _digests[key] = digest
    return digest


def versioned(filename: str, digest: str) -> str:
    """'app.css' with its hash: 'app.3f2a1b9c0d4e.css'."""
    stem, dot, ext = filename.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot and "/" not in ext else f"{filename}.{digest}"


def version_static_urls(endpoint: str, values: dict) -> None:
    """url_defaults hook: `url_for('static', filename='app.css')` names the file's current version."""
    if endpoint != "static" or "filename" not in values:
        return
    filename = values["filename"]
    if VERSIONED.match(filename.rsplit("/", 1)[-1]):
        return
    digest = digest_of(current_app.static_folder, filename)
    if digest:
        values["filename"] = versioned(filename, digest)


def send_static(filename: str) -> Response:
    """A versioned name is the file as it is now, for a year; any other name (an old page's) is checked each time."""
    folder = current_app.static_folder
    head, _slash, name = filename.rpartition("/")
    found = VERSIONED.match(name)
    if found:
        plain = (head + "/" if head else "") + found["stem"] + found["ext"]
        current = digest_of(folder, plain)
        if current is None:
            raise NotFound()
        if current == found["digest"]:
            response = _shipped(folder, plain, YEAR)
            response.cache_control.public = True
            response.cache_control.immutable = True
            return response
        # An older version's name (a page from before an update): the file as it is now, not to be kept.
        return _shipped(folder, plain, None)
    return _shipped(folder, filename, None)


def _shipped(folder: str, filename: str, max_age: int | None) -> Response:
    """The file as browsers get it: one of our own scripts or styles minified (kept per version), any other as is,
    PAGE_SCRIPTS as its parts one after another."""
    name = posixpath.normpath(filename)  # "vendor/../app.js" and "app.js/" are app.js
    minify = MINIFIERS.get(os.path.splitext(name)[1])
    digest = digest_of(folder, name) if minify and not name.startswith(("vendor/", "../", "/")) else None
    if digest is None:
        return send_from_directory(folder, filename, max_age=max_age)  # refuses what lies outside the folder
    if name == PAGE_SCRIPTS:
        body = _minified.get((folder, digest))
        if body is None:  # each part's last statement ended: a part that began with "(" would call the one before
            body = b";\n".join(_body(folder, part) for part in SCRIPTS)
            with _lock:
                _minified[(folder, digest)] = body
    else:
        body = _body(folder, name)
    response = current_app.response_class([body], mimetype=minify[1], direct_passthrough=True)
    response.headers["Content-Length"] = str(len(body))
    response.set_etag(digest)
    response.cache_control.max_age = max_age
    if max_age is None:
        response.cache_control.no_cache = True
    return response.make_conditional(request)


def _body(folder: str, name: str) -> bytes:
    """A file's bytes as shipped: our own minified (kept per version), a vendored one as it is."""
    path = os.path.join(folder, name)
    if name.startswith("vendor/"):
        with open(path, "rb") as file:
            return file.read()
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    body = _minified.get(key)
    if body is None:
        with open(path, encoding="utf-8") as file:
            body = MINIFIERS[os.path.splitext(name)[1]][0](file.read(), keep_bang_comments=True).encode()
        with _lock:
            _minified[key] = body
    return body
