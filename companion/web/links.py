"""Links built once per address: a panel asks for the same few URLs dozens of times per render."""

from __future__ import annotations

import threading

from flask import has_request_context, request, url_for

MAX_LINKS = 8192  # a few dozen per table: the forms' action, the rules' '?' links, the QR images

_links: dict[tuple, str] = {}
_lock = threading.Lock()


def remembered_url_for(endpoint: str, **values) -> str:
    """`url_for` for templates, remembered by endpoint, values and the address the page is served at.

    A URL depends only on the app's routes (fixed while it runs), its values and the request's host and
    script root, all of which are in the key; anything else (no request, values that cannot be a key) is
    built afresh.
    """
    if not has_request_context():
        return url_for(endpoint, **values)
    try:
        asked = request._get_current_object()  # one look through the proxy, not three
        key = (endpoint, asked.host, asked.scheme, asked.script_root, tuple(sorted(values.items())))
        link = _links.get(key)
    except TypeError:  # a value that cannot be hashed
        return url_for(endpoint, **values)
    if link is None:
        link = url_for(endpoint, **values)
        with _lock:
            if len(_links) >= MAX_LINKS:
                _links.clear()
            _links[key] = link
    return link
