"""Helpers that act like phones and displays through the Flask test client."""

from __future__ import annotations

import re

CSRF = re.compile(r'name="csrf" value="([^"]+)"')
ACTION_ID = re.compile(r'name="action_id" value="([^"]+)"')


def csrf_of(client, path="/") -> str:
    """The form token this browser gets on a page."""
    return CSRF.search(client.get(path).get_data(as_text=True)).group(1)


def join(app, token: str, seat: int, name: str):
    """A new phone that takes a seat; returns its test client."""
    phone = app.test_client()
    token_csrf = csrf_of(phone, f"/t/{token}/join")
    response = phone.post(f"/t/{token}/join", data={"csrf": token_csrf, "seat": str(seat), "name": name,
                                                    "action_id": _fresh_id()})
    assert response.status_code == 303, response.get_data(as_text=True)
    return phone


def act(client, token: str, htmx: bool = True, **fields):
    """Post one action form as the page would, with a fresh action id unless one is given."""
    data = {"csrf": csrf_of(client, "/"), "action_id": fields.pop("action_id", None) or _fresh_id(), **fields}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{token}/act", data={k: str(v) for k, v in data.items()}, headers=headers)


_counter = [0]


def _fresh_id() -> str:
    _counter[0] += 1
    return f"test-action-{_counter[0]:06d}"
