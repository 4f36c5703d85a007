"""Helpers that act like phones and displays through the Flask test client."""

from __future__ import annotations


def join(app, token: str, seat: int, name: str):
    """A new phone that takes a seat; returns its test client."""
    phone = app.test_client()
    response = phone.post(f"/t/{token}/join", data={"seat": str(seat), "name": name, "action_id": fresh_id()})
    assert response.status_code == 303, response.get_data(as_text=True)
    return phone


def act(client, token: str, htmx: bool = True, headers: dict | None = None, **fields):
    """Post one action form as the page would, with a fresh action id unless one is given."""
    data = {"action_id": fields.pop("action_id", None) or fresh_id(), **fields}
    headers = {**({"HX-Request": "true"} if htmx else {}), **(headers or {})}
    return client.post(f"/t/{token}/act", data={k: str(v) for k, v in data.items()}, headers=headers)


_counter = [0]


def fresh_id() -> str:
    """An action id no other post in the test run uses, as the browser makes one per form."""
    _counter[0] += 1
    return f"test-action-{_counter[0]:06d}"


def state(client, token):
    """The table's state.json as `client` sees it."""
    return client.get(f"/t/{token}/state.json").get_json()
