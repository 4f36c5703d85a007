"""Gzip for text answers when the browser accepts it: a phone on busy Wi-Fi loads a page in a fraction."""

from __future__ import annotations

import gzip
import threading

from flask import request
from werkzeug.wrappers import Response

MINIMUM_BYTES = 512
# Answers are made per request, where CPU is what limits the tables served: level 1 takes a third of level 5's
# time for a tenth more bytes. Static files are compressed once, at the best level, and kept.
LEVEL, STATIC_LEVEL = 1, 9
COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")

_static: dict[str, bytes] = {}
_static_lock = threading.Lock()


def gzip_response(response: Response) -> Response:
    """after_request hook: compress a text answer the client accepts gzip for, and say it varies on that."""
    if not _compressible(response):
        return response
    response.vary.add("Accept-Encoding")
    if request.accept_encodings["gzip"] <= 0:
        return response
    etag, _weak = response.get_etag()
    if response.direct_passthrough:  # a static file: compress it once per version of the file
        # Keyed by the tag alone, which names the file and its version: a path has many spellings ("/static/./a").
        with _static_lock:
            body = _static.get(etag) if etag else None
        if body is None:
            response.direct_passthrough = False
            body = gzip.compress(response.get_data(), STATIC_LEVEL, mtime=0)
            with _static_lock:
                if etag:
                    _static[etag] = body
        else:
            response.close()  # the open file is not needed
    else:
        body = gzip.compress(response.get_data(), LEVEL, mtime=0)
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    if etag:  # the compressed bytes differ from the plain ones, so the tag may only promise the same meaning
        response.set_etag(etag, weak=True)
    return response


def _compressible(response: Response) -> bool:
    if response.status_code != 200 or "Content-Encoding" in response.headers or request.method == "HEAD":
        return False
    if response.is_streamed and not response.direct_passthrough:
        return False  # the live stream: each event must leave at once
    mimetype = response.mimetype or ""
    if not mimetype.startswith(COMPRESSIBLE) or mimetype == "text/event-stream":
        return False
    length = response.content_length
    return length is None or length >= MINIMUM_BYTES
