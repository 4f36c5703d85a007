"""Issue 30: every route that takes text, fed Unicode's odd corners (lone surrogates, overrides, NUL, a byte order
mark, stacked combining marks, 10 kB strings) through JSON and forms alike: never a server error, and the table,
its log and the deck still render afterwards."""

import json
import urllib.parse

import pytest

from companion.input.arguments import ARG_PARSERS
from tests.helpers.http_phones import fresh_id, join

ODD = {"lone high surrogate": "x\ud800", "lone low surrogate": "\udc00", "override": "\u202eSoap",
       "isolates": "\u2066Ana\u2069", "NUL": "So\x00ap", "byte order mark": "\ufeffAna",
       "combining marks": "e" + "\u0301" * 40, "10 kB": "A" * 10_000, "10 kB of emoji": "\U0001f4a9" * 2_500,
       "control and spaces": "\x1b[31m \t\r\n"}
FIELDS = ("bonus", "card", "card_type", "cards", "categories", "cost", "delta", "extra", "field", "forbidden",
          "free_time", "goal", "goth", "hand", "income", "job", "jobs", "key", "kind", "loot", "name", "note", "order",
          "penalty", "perk", "pest", "phase", "physical", "printed", "purpose", "raid", "rank", "slack", "slack_die",
          "slack_modifier", "target", "to", "turn", "value", "why", "window", "with")

KINDS = [kind for kind in ARG_PARSERS if kind != "free_seat"]  # the phone keeps its seat, to render it afterwards


def form(fields: dict) -> bytes:
    """A form body as a browser encodes it; a lone surrogate goes as the bytes of its UTF-8 spelling."""
    return urllib.parse.urlencode(fields, encoding="utf-8", errors="surrogatepass").encode()


def posts(client, path: str, fields: dict, **headers) -> list[int]:
    """The same fields posted as JSON and as a form; both statuses."""
    as_json = client.post(path, data=json.dumps(fields), content_type="application/json", headers=headers)
    as_form = client.post(path, data=form(fields), content_type="application/x-www-form-urlencoded", headers=headers)
    return [as_json.status_code, as_form.status_code]


def json_actions(text: str) -> list[dict]:
    """Every action type with every argument the odd text, alone and in the objects and lists cards are sent as."""
    card = {"name": text, "type": "thing", "categories": [text]}
    return [{"type": text, "seat": text, "action_id": text, "args": {}}] + [body for kind in KINDS for body in (
        {"type": kind, "seat": 1, "args": dict.fromkeys(FIELDS, text)},
        {"type": kind, "seat": 1, "args": {"cards": [card], "card": card, "note": text, "name": text, "with": text,
                                           "jobs": [{"name": text, "perk": text, "key": text}],
                                           "values": {"private": {"perk": text}}}})]


@pytest.fixture
def hosted(client):
    """A three-seat table opened through the API whose display is `client`: its token and display key."""
    created = client.post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"}).get_json()
    client.get(f"/t/{created['token']}/display?key={created['display_key']}")
    return created["token"], created["display_key"]


@pytest.mark.parametrize("text", ODD.values(), ids=ODD)
def test_odd_text_everywhere_never_fails_the_server_and_the_table_still_renders(app, client, hosted, text):
    table, key = hosted
    phone = join(app, table, 1, "Ana")
    statuses = []
    for body in json_actions(text):
        statuses.append(client.post(f"/t/{table}/actions", data=json.dumps(body), content_type="application/json",
                                    headers={"Authorization": f"Bearer {key}"}).status_code)
    for kind in KINDS:  # the display's forms, and the phone's for its own seat
        flat = {**dict.fromkeys(FIELDS, text), "type": kind, "seat": "1", "action_id": fresh_id()}
        browser = phone if kind in ("roll_die", "play_card", "adjust_slack", "name_seat") else client
        statuses.append(browser.post(f"/t/{table}/act", data=form(flat),
                                     content_type="application/x-www-form-urlencoded").status_code)
    statuses += posts(client, "/api/tables", {"game": text, "seats": text, "language": text})
    statuses += posts(client, "/tables", {"game": "guevara", "seats": "3", "language": text})
    statuses += posts(app.test_client(), f"/t/{table}/join", {"seat": "3", "name": text, "action_id": fresh_id()})
    statuses += posts(app.test_client(), f"/t/{table}/join.json", {"seat": 3, "name": text})
    statuses += posts(app.test_client(), "/code", {"code": text})
    statuses += posts(client, "/language", {"lang": text, "next": text})
    host = f"Bearer {app.config['HOST_KEY']}"
    statuses += posts(client, "/decks/guevara/card", {"lang": text, "key": text, "card_type": text, "slack": text,
                                                       "confirm": "yes"}, Authorization=host)
    deck = {"format": "chez-companion-deck", "version": 1, "deck": "guevara",
            "cards": [{"name": text, "lang": "en", "type": "thing", "cost": 1}]}
    statuses += posts(client, "/decks/guevara", {"deck": deck}, Authorization=host)
    statuses += posts(client, "/decks/guevara", {"deck": json.dumps(deck)}, Authorization=host)
    for path in ("/rules", "/decks/guevara", "/"):
        statuses.append(client.get(f"{path}?{form({'q': text, 'type': text, 'category': text}).decode()}").status_code)
    assert max(statuses) < 500, sorted(set(statuses))

    for reader, path in ((client, "display"), (client, "panel"), (client, "log"), (client, "export.json"),
                         (client, "state.json"), (phone, "seat"), (phone, "panel"), (phone, "log")):
        assert reader.get(f"/t/{table}/{path}").status_code == 200, path
    for path in ("/decks/guevara", "/decks/guevara.json", "/", "/games"):
        assert client.get(path).status_code == 200, path
