"""Issue 30 item 6: numbers out of any range, bodies nested without end and deck files that only look right are a
4xx with a reason, never a server error and never taken."""

import json

import pytest

from companion.input.arguments import ARG_PARSERS
from tests.helpers.host import as_host

HUGE = "1000000000000000000000000000000"


@pytest.fixture
def opened(client):
    """A three-seat table opened through the API: its token and display key."""
    created = client.post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"}).get_json()
    return created["token"], created["display_key"]


@pytest.mark.parametrize("path", [f"/games/{HUGE}/1", f"/games/1/{HUGE}", f"/games/{'9' * 5000}/1",
                                  f"/shared/{'k' * 32}/{HUGE}", "/games/\u0663/1", "/games/01/1"])
def test_a_number_no_row_can_have_in_an_address_is_a_404(client, opened, path):
    assert client.get(path, headers={"Authorization": f"Bearer {opened[1]}"}).status_code == 404


def test_undoing_a_deck_change_no_row_can_have_is_a_404(client, opened):
    response = client.post(f"/decks/guevara/undo/{HUGE}", headers={"Authorization": f"Bearer {opened[1]}"})
    assert response.status_code == 404


def test_a_seat_no_table_has_in_a_json_action_is_a_4xx(client, opened):
    token, _key = opened
    response = client.post(f"/t/{token}/actions", json={"type": "undo", "as_seat": 10 ** 30},
                           headers={"Authorization": "Bearer not-a-key-of-this-table"})
    assert 400 <= response.status_code < 500


@pytest.mark.parametrize("huge", [10 ** 30, -10 ** 30, 2 ** 63, 1e308, -1e308], ids=str)
def test_huge_numbers_anywhere_in_json_are_a_4xx(client, opened, huge):
    token, key = opened
    fields = ("delta", "value", "window", "card", "cost", "slack", "loot", "extra", "turn", "target", "with", "to",
              "order", "income", "free_time", "goal", "hand", "slack_modifier")
    auth = {"Authorization": f"Bearer {key}"}
    for kind in ARG_PARSERS:
        for seat in (1, huge):
            body = {"type": kind, "seat": seat, "as_seat": huge, "args": dict.fromkeys(fields, huge)}
            status = client.post(f"/t/{token}/actions", json=body, headers=auth).status_code
            assert status < 500 and (seat == 1 or status >= 400), (kind, seat, status)  # unread arguments pass
    assert 400 <= client.post("/api/tables", json={"seats": huge}).status_code < 500
    assert 400 <= client.post(f"/t/{token}/join.json", json={"seat": huge, "name": "Ana"}).status_code < 500


def import_deck(client, _display_key, body, **kwargs):
    """An import by the host (its key as bearer); a table's display key would be refused."""
    return client.post("/decks/guevara", headers=as_host(client.application), **body, **kwargs)


def test_a_deck_import_nested_a_hundred_thousand_deep_is_a_400(client, opened):
    deep = '{"deck": %s}' % ("[" * 100_000 + "]" * 100_000)
    response = import_deck(client, opened[1], {"data": deep}, content_type="application/json")
    assert (response.status_code, response.get_json()["error"]) == (400, "The body is nested too deeply.")


def deck_file(**changes):
    card = {"name": "Hammock Time", "lang": "en", "type": "activity", "slack": 2, "categories": ["sleep"]}
    return {"format": "chez-companion-deck", "version": 1, "deck": "guevara",
            "cards": [{**card, **changes.pop("card", {})}], **changes}


NOT_VERSION_1 = "That is not a deck file of this companion (format chez-companion-deck, version 1)."


@pytest.mark.parametrize("version", [True, 1.0, "1", None, [1]])
def test_a_deck_file_whose_version_is_not_the_number_1_is_refused(client, opened, version):
    response = import_deck(client, opened[1], {"json": {"deck": deck_file(version=version)}})
    assert (response.status_code, response.get_json()["error"]) == (400, NOT_VERSION_1)


@pytest.mark.parametrize("field, value", [("categories", "sleep"), ("pest", "food"), ("categories", {"sleep": 1})])
def test_a_deck_file_lists_categories_as_a_list(client, opened, field, value):
    response = import_deck(client, opened[1], {"json": {"deck": deck_file(card={field: value})}})
    assert response.status_code == 400
    assert response.get_json()["error"] == "Card 1 of the deck file: categories are written as a list."


def test_a_deck_file_as_it_should_be_still_imports(client, opened):
    response = import_deck(client, opened[1], {"json": {"deck": deck_file(), "take": ["en:hammock time"]}})
    assert response.get_json() == {"applied": 1}
    assert json.loads(client.get("/decks/guevara.json").get_data())["cards"][0]["categories"] == ["sleep"]
