"""The deck page, deck files and the picker's list: what the server knows, corrected, undone, shared, imported."""

import html
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app import create_app
from companion.storage import deck_knowledge
from tests.helpers.host import as_host, made_host
from tests.helpers.http_phones import act
from tests.helpers.http_tables import started, to_phase
from tests.helpers.postgres_cluster import BOTH_DATABASES

PHONE = {"REMOTE_ADDR": "192.168.1.20"}  # a phone on the LAN


def taught(app, client, table):
    """A table teaches Hammock Time (Activity, Slack 2, Sleep) and the host accepts it for every table; returns Ana's
    and Ben's phones. `client` is the table's display and, having opened the host link, the host."""
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2,
               categories="sleep").status_code == 200
    made_host(app, client)
    proposal = client.get("/decks/guevara").get_data(as_text=True).split("/decks/guevara/proposals/")[1].split('"')[0]
    assert client.post(f"/decks/guevara/proposals/{proposal}", data={"decision": "accept"}).status_code == 303
    return ana, ben


def known(app, name="Hammock Time"):
    with app.app_context():
        from companion.web.connection import get_db
        return deck_knowledge.lookup(get_db(), ("guevara",), "en", name)


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_the_deck_page_lists_what_a_table_taught_and_searches_it(app, client, table):
    taught(app, client, table)
    page = client.get("/decks/guevara").get_data(as_text=True)
    assert "Hammock Time" in page and "Slack 2" in page and "played 1 time" in page and "a table," in page
    assert "No proposal waiting." in page
    assert "Hammock Time" not in client.get("/decks/guevara?q=soap").get_data(as_text=True).split(
        "deck-cards")[1].split("deck-audit")[0]
    assert "Hammock Time" in client.get("/decks/guevara?q=TIME&type=activity&category=sleep").get_data(as_text=True)
    assert "Hammock Time" not in client.get("/decks/geek").get_data(as_text=True)
    assert client.get("/decks/munchkin").status_code == 404


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_a_display_corrects_an_entry_after_confirming_and_the_change_can_be_undone(app, client, table):
    taught(app, client, table)
    form = {"lang": "en", "key": "hammock time", "card_type": "activity", "slack": "3", "categories": "sleep"}
    assert client.post("/decks/guevara/card", data=form).status_code == 400  # not confirmed: nothing changes
    assert known(app).facts["slack"] == 2
    assert client.post("/decks/guevara/card", data={**form, "confirm": "yes"}).status_code == 303
    assert known(app).facts["slack"] == 3 and known(app).sources["slack"]["from"] == "deck page"
    page = client.get("/decks/guevara").get_data(as_text=True)
    assert "corrected" in page
    change = page.split('/decks/guevara/undo/')[1].split('"')[0]
    assert client.post(f"/decks/guevara/undo/{change}").status_code == 303
    assert known(app).facts["slack"] == 2
    assert client.post(f"/decks/guevara/undo/{change}").status_code == 409


def test_a_phone_on_the_lan_may_look_but_not_change_a_deck_and_the_host_may_from_anywhere(app, client, table):
    taught(app, client, table)
    stranger = app.test_client()
    page = stranger.get("/decks/guevara", environ_base=PHONE).get_data(as_text=True)
    assert "Hammock Time" in page and "deck-delete" not in page
    refused = stranger.post("/decks/guevara/card", data={"lang": "en", "key": "hammock time", "delete": "yes",
                                                          "confirm": "yes"}, environ_base=PHONE)
    assert refused.status_code == 403 and known(app) is not None
    # the host's browser, even from another machine, may
    assert client.post("/decks/guevara/card", data={"lang": "en", "key": "hammock time", "delete": "yes",
                                                    "confirm": "yes"}, environ_base=PHONE).status_code == 303
    assert known(app) is None


def test_a_deck_exported_here_imports_on_a_fresh_server_after_its_preview(app, client, table, tmp_path):
    taught(app, client, table)
    exported = client.get("/decks/guevara.json")
    assert exported.status_code == 200 and exported.get_json()["cards"][0]["name"] == "Hammock Time"
    other = create_app({"TESTING": True}, instance_path=str(tmp_path / "other"))
    fresh = made_host(other, other.test_client())
    body = json.dumps(exported.get_json()).encode()
    preview = fresh.post("/decks/guevara", data={"file": (io.BytesIO(body), "deck.json")})
    page = preview.get_data(as_text=True)
    assert preview.status_code == 200 and 'data-testid="import-add"' in page and "Hammock Time" in page
    assert fresh.get("/decks/guevara.json").get_json()["cards"] == []  # a preview changes nothing
    raw = page.split('<textarea name="deck" hidden>')[1].split("</textarea>")[0]
    applied = fresh.post("/decks/guevara", data={"deck": html.unescape(raw), "take": "en:hammock time"})
    assert applied.status_code == 303
    assert fresh.get("/decks/guevara.json").get_json()["cards"][0]["slack"] == 2


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_the_json_api_shows_then_applies_and_a_contradiction_waits_to_be_chosen(app, client, table):
    taught(app, client, table)
    file = client.get("/decks/guevara.json").get_json()
    file["cards"][0]["slack"] = 4
    file["cards"].append({"name": "Siesta", "lang": "en", "type": "activity", "slack": 1})
    shown = client.post("/decks/guevara", json={"deck": file}).get_json()["differences"]
    assert {(d["id"], d["kind"]) for d in shown} == {("en:hammock time", "conflict"), ("en:siesta", "add")}
    assert client.post("/decks/guevara", json={"deck": file, "take": ["en:siesta"]}).get_json() == {"applied": 1}
    assert known(app).facts["slack"] == 2 and known(app, "Siesta").facts["slack"] == 1
    assert known(app, "Siesta").sources["slack"]["from"] == "import"
    stranger = app.test_client()
    assert stranger.post("/decks/guevara", json={"deck": file}, environ_base=PHONE).status_code == 403


@pytest.mark.parametrize("body, message", [
    (b"{not json", "it is not JSON"),
    (json.dumps({"format": "chez-companion-deck", "version": 1, "deck": "guevara",
                 "cards": [{"name": "Soap", "lang": "en", "slack": "two"}]}).encode(), "Card 1 of the deck file"),
    (json.dumps({"format": "chez-companion-deck", "version": 1, "deck": "guevara",
                 "cards": [{"name": "<script>alert(1)</script>", "lang": "en"}]}).encode(), "markup"),
    (json.dumps({"format": "chez-companion-deck", "version": 1, "deck": "geek", "cards": []}).encode(), "another game"),
    (b" " * (10 * 1024 * 1024), ""),
])
def test_bad_deck_files_are_refused_with_a_clear_message_and_change_nothing(app, client, table, body, message):
    taught(app, client, table)
    before = client.get("/decks/guevara.json").get_json()["cards"]
    refused = client.post("/decks/guevara", data={"file": (io.BytesIO(body), "deck.json")})
    assert refused.status_code in (400, 413)
    assert message in refused.get_data(as_text=True)
    assert "<script>alert" not in refused.get_data(as_text=True)
    assert client.get("/decks/guevara.json").get_json()["cards"] == before


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=50),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                                     max_size=5), max_leaves=20)
CARD = st.fixed_dictionaries({"name": st.text(max_size=50), "lang": st.sampled_from(["en", "de", "ru", "xx"])},
                             optional={key: JSON_VALUES for key in ("type", "slack", "cost", "categories", "loot",
                                                                     "played", "slack_die", "extra")})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cards=st.lists(CARD, max_size=4) | JSON_VALUES)
def test_any_deck_file_is_either_shown_or_refused_cleanly(app, client, cards):
    file = {"format": "chez-companion-deck", "version": 1, "deck": "guevara", "cards": cards}
    answer = client.post("/decks/guevara", json={"deck": file, "take": []}, headers=as_host(app))
    assert answer.status_code in (200, 400), answer.get_data(as_text=True)
    assert client.get("/decks/guevara.json").get_json()["cards"] == []
