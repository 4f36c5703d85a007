"""After a win, one tap logs the play in BG Stats (issue 48): the link on the story page, on every phone and on the
display (also as a QR code) carries the whole play, and every field of it is the game's."""

import re
import types
from datetime import UTC, datetime

import pytest

from companion.storage import store
from tests.helpers.bgstats_plays import decoded_svg_qr, links_in, play_of
from tests.helpers.host import made_host
from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import set_up_goth, started

START = 1_795_000_000.0  # a moment in 2026, when the table opens


@pytest.fixture
def clock(monkeypatch):
    """The store's clock, moved on by hand: events are stamped with it."""
    now = [START]
    monkeypatch.setattr(store, "time", types.SimpleNamespace(time=lambda: now[0]))
    return now


def utc(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M:%S")


def story_page(client, token):
    return client.get(client.get(f"/t/{token}/story").headers["Location"]).get_data(as_text=True)


def the_link(*pages):
    """The one BG Stats link every page shows (the same on each)."""
    found = {link for page in pages for link in links_in(page)}
    assert len(found) == 1, found
    return found.pop()


def test_a_chez_guevara_play_carries_every_field_of_the_game_and_wounds_count(app, client, clock, table):
    ana, ben = started(app, client, table)  # ranks Private, Corporal, Sergeant, Private; seat 4 deals: Ana starts
    first_turn = clock[0]
    clock[0] += 600
    act(ben, table, type="adjust_slack", seat=2, delta=4)
    act(ben, table, type="adjust_wounds", seat=2, delta=1)
    clock[0] += 1500
    assert act(ana, table, type="adjust_slack", seat=1, delta=19).status_code == 200  # Private's 1 + 19: the goal
    won = clock[0]

    pages = [ana.get(f"/t/{table}/seat").get_data(as_text=True), ben.get(f"/t/{table}/seat").get_data(as_text=True),
             client.get(f"/t/{table}/display").get_data(as_text=True), story_page(client, table),
             story_page(ana, table)]
    link = the_link(*pages)
    assert all("BG Stats must be installed" in page and "nothing is sent anywhere" in page for page in pages)
    play = play_of(link)
    seats = {seat["seat"]: seat for seat in state(client, table)["seats"]}
    export = client.get(f"/t/{table}/export.json").get_json()
    assert export["games"][0]["won_at"] == won
    assert next(e["at"] for e in export["events"] if e["type"] == "turn_started") == first_turn

    assert play["sourceName"] == "Chez Companion"
    assert play["playDate"] == utc(won) == "2026-11-18 11:41:40"
    assert play["durationMin"] == 35
    assert play["game"] == {"name": "Chez Guevara", "sourceGameId": "chez-companion-guevara", "highestWins": True}
    assert "bggId" not in play["game"] and "location" not in play  # no public source confirms an id; no place set
    assert [p["name"] for p in play["players"]] == ["Ana", "Ben", "Seat 3", "Seat 4"]
    assert [p["score"] for p in play["players"]] == [seats[n]["total"] for n in (1, 2, 3, 4)] == [20, 5, 3, 1]
    assert play["players"][1]["score"] == 2 + 4 - 1  # Ben: his Corporal's 2 and 4 Slack, less his wound
    assert [p["winner"] for p in play["players"]] == [True, False, False, False]
    assert [p["startPlayer"] for p in play["players"]] == [True, False, False, False]
    assert [p["role"] for p in play["players"]] == ["Private", "Corporal", "Sergeant", "Private"]
    assert len({p["sourcePlayerId"] for p in play["players"]}) == 4
    assert table not in link  # the table's token opens the table: the link never holds it


def test_the_display_shows_the_link_as_a_qr_code_that_decodes_to_the_same_link(app, client, table):
    ana, _ben = started(app, client, table)
    act(ana, table, type="adjust_slack", seat=1, delta=19)
    display = client.get(f"/t/{table}/display").get_data(as_text=True)
    source = re.search(r'<img class="qr bgstats-qr" src="([^"]+)"', display).group(1)
    svg = client.get(source)
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert decoded_svg_qr(svg.get_data(as_text=True)) == the_link(display)
    assert 'data-testid="bgstats-qr"' not in ana.get(f"/t/{table}/seat").get_data(as_text=True)  # phones: the link
    assert app.test_client().get(source).status_code == 404  # a stranger learns nothing of the table's games


def test_a_chez_goth_score_counts_heartache(app, client):
    token, (ana, ben, cleo) = set_up_goth(app, client)  # Ana the Artist (goal 20), Ben the Poet, Cleo the Barista
    assert act(client, token, type="start_game").status_code == 200
    act(ana, token, type="adjust_heartache", seat=1, delta=2)
    act(ben, token, type="adjust_heartache", seat=2, delta=3)
    act(ben, token, type="adjust_slack", seat=2, delta=4)
    assert act(ana, token, type="adjust_slack", seat=1, delta=18).status_code == 200
    assert state(client, token)["winner"] == 1
    play = play_of(the_link(ana.get(f"/t/{token}/seat").get_data(as_text=True), story_page(cleo, token)))
    seats = {seat["seat"]: seat for seat in state(client, token)["seats"]}
    assert [p["score"] for p in play["players"]] == [seats[n]["total"] for n in (1, 2, 3)] == [20, 7, 0]
    assert play["players"][1]["score"] == 4 + 3  # Ben's Slack and his heartache
    assert play["game"]["name"] == "Chez Goth" and play["game"]["sourceGameId"] == "chez-companion-goth"
    assert [p["role"] for p in play["players"]] == ["Artist", "Poet", "Barista"]
    assert [p["startPlayer"] for p in play["players"]] == [True, False, False]  # Cleo dealt: Ana starts


def test_the_ids_stay_stable_across_a_rematch_and_the_hosts_place_is_named(app, client, clock, table):
    ana, ben = started(app, client, table)
    act(ana, table, type="adjust_slack", seat=1, delta=19)
    first = play_of(the_link(ana.get(f"/t/{table}/seat").get_data(as_text=True)))
    assert act(client, table, type="rematch").status_code == 200
    clock[0] += 3600
    act(ben, table, type="adjust_slack", seat=2, delta=20)
    second = play_of(the_link(ben.get(f"/t/{table}/seat").get_data(as_text=True), story_page(client, table)))
    assert first["sourcePlayId"] != second["sourcePlayId"]  # a rematch is another play
    assert [p["sourcePlayerId"] for p in first["players"]] == [p["sourcePlayerId"] for p in second["players"]]
    assert [p["winner"] for p in second["players"]] == [False, True, False, False]
    assert play_of(links_in(story_page(client, table))[0]) == second
    newest = client.get(f"/t/{table}/story").headers["Location"]
    assert newest.endswith("/2")
    first_story = client.get(newest.removesuffix("2") + "1").get_data(as_text=True)
    assert play_of(links_in(first_story)[0])["sourcePlayId"] == first["sourcePlayId"]

    host = made_host(app, app.test_client())
    assert host.post("/club/location", data={"location": "Café Kosmos"}).status_code == 303
    for page in (ben.get(f"/t/{table}/seat").get_data(as_text=True), story_page(client, table)):
        assert play_of(the_link(page))["location"] == "Café Kosmos"
    assert host.post("/club/location", data={"location": ""}).status_code == 303
    assert "location" not in play_of(the_link(story_page(client, table)))


def test_no_link_before_anyone_has_won(app, client, table):
    ana, _ben = started(app, client, table)
    act(ana, table, type="adjust_slack", seat=1, delta=5)
    assert links_in(ana.get(f"/t/{table}/seat").get_data(as_text=True)) == []
    assert links_in(client.get(f"/t/{table}/display").get_data(as_text=True)) == []
    assert client.get(f"/t/{table}/games/1/bgstats.svg").status_code == 404
