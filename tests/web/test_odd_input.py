"""Odd input over HTTP is answered 400 with a reason, never 500 and never a silent guess; nothing changes."""

import pytest

from tests.helpers.http_phones import join

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"


@pytest.fixture
def opened(client):
    """A three-seat table opened through the API: its token and display key."""
    created = client.post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"}).get_json()
    return created["token"], created["display_key"]


def version(client, token):
    return client.get(f"/t/{token}/state.json").get_json()["version"]


def act(client, opened, body):
    token, key = opened
    return client.post(f"/t/{token}/actions", json=body, headers={"Authorization": f"Bearer {key}"})


def nested(levels):
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [20, 3000])
def test_deeply_nested_json_is_refused_on_every_json_endpoint(client, opened, levels):
    token, key = opened
    body = '{"seat": 1, "name": "Ana", "type": "undo", "args": {"x": %s}}' % nested(levels)
    before = version(client, token)
    for path in ("/api/tables", f"/t/{token}/join.json", f"/t/{token}/actions"):
        response = client.post(path, data=body, content_type="application/json",
                            headers={"Authorization": f"Bearer {key}"})
        assert response.status_code == 400, (path, response.status_code)
        assert response.get_json()["error"] == "The body is nested too deeply."
    assert version(client, token) == before


@pytest.mark.parametrize("body, reason", [
    ({"type": "set_profile", "args": {"counts": {"private": 4, "corporal": 3, "sergeant": 1},
                                      "values": [1, 2, 3]}}, "The action's arguments must be an object."),
    ({"type": "set_profile", "args": {"counts": [4, 3, 1]}}, "The action's arguments must be an object."),
    ({"type": "play_card", "seat": 1, "args": {"cards": [{"name": {"a": 1}}]}},
     "Name the card (at most 40 characters)."),
    ({"type": "cancel_card", "seat": 2, "args": {"window": 5, "with": ["Bomb"]}}, "Name the card that cancels it."),
    ({"type": "adjust_slack", "seat": 1, "args": {"delta": "\u0663"}}, "The change must be a whole number."),
    ({"type": "adjust_slack", "seat": "\uff12", "args": {"delta": 1}}, "The seat must be a number."),
    ({"type": "roll_die", "seat": 1, "args": {"purpose": 0}}, "Unknown purpose for the roll."),
    ({"type": "roll_die", "seat": 1, "args": {"note": {"x": 1}}}, "A roll's note has at most 60 characters."),
    ({"type": "pull_rank", "seat": 1, "args": {"window": 1, "card": "Loot"}},
     "The action's arguments must be an object."),
    ({"type": "play_card", "seat": 1, "args": {"cards": [{"name": "Beer", "slack_die": {"yes": 1}}]}},
     "A box is ticked or not: send true or false."),
    ({"type": "undo", "action_id": 12345678}, "The action id must be 8 to 64 letters, digits, '-' or '_'."),
])
def test_values_of_the_wrong_type_are_refused_not_guessed(client, opened, body, reason):
    before = version(client, opened[0])
    response = act(client, opened, body)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"] == reason
    assert version(client, opened[0]) == before


def test_refusals_are_translated(client, opened):
    response = act(client, opened, {"type": "adjust_slack", "seat": 1, "args": {"delta": "\u0663"}})
    german = client.post(f"/t/{opened[0]}/actions", data='{"a": %s}' % nested(50), content_type="application/json",
                      headers={"Authorization": f"Bearer {opened[1]}", "Accept-Language": "de"})
    assert response.status_code == german.status_code == 400
    assert german.get_json()["error"] not in ("", "The body is nested too deeply.")


@pytest.mark.parametrize("seat", ["abc", "9", "4", "0", "\u0662"])
def test_the_qr_code_of_a_seat_that_is_not_there_is_a_400(client, opened, seat):
    response = client.get(f"/t/{opened[0]}/qr.svg?seat={seat}")
    assert response.status_code == 400
    assert b"seat" in response.data


def test_the_qr_code_of_a_real_seat_is_drawn(client, opened):
    response = client.get(f"/t/{opened[0]}/qr.svg?seat=3")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"


def test_a_name_with_a_family_emoji_joins_and_is_shown_escaped_on_the_display(app, client, table):
    name = f"<b>{FAMILY}</b>"
    join(app, table, 2, name)
    page = client.get(f"/t/{table}/display").get_data(as_text=True)
    assert f"&lt;b&gt;{FAMILY}&lt;/b&gt;" in page
    assert f"<b>{FAMILY}" not in page


def test_a_name_with_a_bidirectional_override_is_refused_over_http(app, table):
    phone = app.test_client()
    response = phone.post(f"/t/{table}/join", data={"seat": "2",
                                                    "name": "Ali\u202eevil", "action_id": "join-bidi-01"})
    assert response.status_code == 400
    assert "control characters" in response.get_data(as_text=True)
