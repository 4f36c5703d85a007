"""Issue 30 item 5: text that reaches the log is well-formed and visible; one rule for forms, JSON and deck files.

A lone surrogate cannot be sent as UTF-8, and a direction override or a control character makes a name or a note
read as something else; each is a 400 with a translated reason, and nothing is written or learned.
"""

import json

import pytest

from tests.helpers.host import as_host
from tests.helpers.http_phones import act

HIDDEN = {"lone surrogate": "x\ud800", "low surrogate": "\udc00x", "right-to-left override": "Soap\u202e",
          "left-to-right isolate": "\u2066Soap", "right-to-left mark": "So\u200fap", "NUL": "So\x00ap",
          "bell": "Soap\x07", "byte order mark": "\ufeffSoap", "zero-width space": "So\u200bap"}
ENGLISH = "That text holds invisible control or text-direction characters. Please type it again without them."


@pytest.fixture
def opened(client):
    """A three-seat Chez Guevara table opened through the API: its token and display key."""
    created = client.post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"}).get_json()
    return created["token"], created["display_key"]


def post_json(client, opened, body, lang="en"):
    """The display's action through the JSON API, the body written with its escapes as sent."""
    token, key = opened
    return client.post(f"/t/{token}/actions", data=json.dumps(body), content_type="application/json",
                       headers={"Authorization": f"Bearer {key}", "Accept-Language": lang})


def version(client, token):
    return client.get(f"/t/{token}/state.json").get_json()["version"]


def actions_with(text):
    """Every action that carries free text: a roll's note, a card's name, a canceling card, a perk, a seat's name."""
    return [{"type": "roll_die", "seat": 1, "args": {"purpose": "other", "note": text}},
            {"type": "play_card", "seat": 1, "args": {"cards": [{"name": text, "type": "thing", "cost": 1}]}},
            {"type": "budget_card", "seat": 1, "args": {"name": text, "income": 1}},
            {"type": "cancel_card", "seat": 2, "args": {"window": 1, "with": text}},
            {"type": "name_seat", "seat": 1, "args": {"name": text}},
            {"type": "set_profile", "args": {"counts": {"private": 4, "corporal": 3, "sergeant": 1},
                                             "values": {"private": {"perk": text}}}}]


@pytest.mark.parametrize("text", HIDDEN.values(), ids=HIDDEN)
def test_hidden_characters_in_json_text_are_a_400_and_nothing_is_written(client, opened, text):
    before = version(client, opened[0])
    for body in actions_with(text):
        response = post_json(client, opened, body)
        assert response.status_code == 400, (body, response.get_data(as_text=True))
        if body["type"] != "name_seat":  # a seat's name keeps its own message
            assert response.get_json()["error"] == ENGLISH, body
    assert version(client, opened[0]) == before


@pytest.mark.parametrize("text", ["Soap\u202e", "\u2067Soap", "So\x00ap"])
def test_hidden_characters_in_a_form_are_a_400(app, client, table, text):
    response = act(client, table, type="roll_die", seat="1", purpose="other", note=text)
    assert response.status_code == 400
    assert ENGLISH in response.get_data(as_text=True)


def test_a_job_name_with_a_lone_surrogate_is_a_400_not_a_server_error(client):
    created = client.post("/api/tables", json={"game": "geek", "seats": 3, "language": "en"}).get_json()
    body = {"type": "set_job_profile", "args": {"jobs": [{"name": "Barista\ud800", "income": 2, "free_time": 1}]}}
    response = post_json(client, (created["token"], created["display_key"]), body)
    assert (response.status_code, response.get_json()["error"]) == (400, ENGLISH)


@pytest.mark.parametrize("lang, words", [("de", "unsichtbare"), ("ru", "невидимые")])
def test_the_reason_is_translated(client, opened, lang, words):
    response = post_json(client, opened, actions_with("x\u202e")[0], lang)
    assert response.status_code == 400 and words in response.get_json()["error"]


def test_a_deck_file_follows_the_same_rule_and_a_table_name_is_never_learned(client, opened):
    card = {"name": "Soap\u202e", "lang": "en", "type": "thing", "cost": 1}
    deck = {"format": "chez-companion-deck", "version": 1, "deck": "guevara", "cards": [card]}
    response = client.post("/decks/guevara", json={"deck": deck}, headers=as_host(client.application))
    assert (response.status_code, response.get_json()["error"]) == (400, ENGLISH)
    post_json(client, opened, actions_with("Soap\u202e")[1])
    assert "\u202e" not in client.get("/decks/guevara.json").get_data(as_text=True)


VISIBLE = {"family emoji": "\U0001f468\u200d\U0001f469\u200d\U0001f467", "combining accent": "Cafe\u0301",
           "flag of Scotland": "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
           "Hebrew": "\u05e1\u05d1\u05d5\u05df", "Russian": "Мыло"}


@pytest.mark.parametrize("text", VISIBLE.values(), ids=VISIBLE)
def test_visible_text_of_every_script_is_still_taken(client, opened, text):
    response = post_json(client, opened, actions_with(text)[0])
    assert response.status_code == 200, response.get_data(as_text=True)
    assert client.get(f"/t/{opened[0]}/state.json").get_json()["last_roll"]["note"] == text
