"""The race on the display, highlights, the spectator link, game stories, the archive, export and delete."""

import re
import threading

import pytest

from companion.app import create_app
from companion.rules import engine
from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import started, to_phase

HX = {"HX-Request": "true"}


def spectator_link(client, token):
    """The display makes a spectator link and reads it off its page; returns the link's path."""
    assert client.post(f"/t/{token}/spectator").status_code == 303
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    return re.search(r'data-testid="spectator-url">http://127\.0\.0\.1:5999(/watch/[^<]+)<', page).group(1)


def win(client, token, seat=1):
    act(client, token, type="adjust_slack", seat=seat, delta=20)


def totals_from_log(events, seq):
    return engine.fold([event for event in events if event["seq"] <= seq])


# --- the race and the highlights -------------------------------------------------------------------------------

def test_the_display_shows_the_race_and_phones_do_not(app, client, table):
    ana = join(app, table, 1, "Ana")
    act(client, table, type="adjust_slack", seat=1, delta=5)
    act(client, table, type="adjust_wounds", seat=2, delta=2)
    page = client.get(f"/t/{table}/display").get_data(as_text=True)
    assert 'data-testid="race-total-1">5<' in page and 'data-testid="race-total-2">-2<' in page
    assert '<rect class="lane-slack" width="25.0"' in page and '<rect class="lane-wound" x="0.0" width="10.0"' in page
    assert "2 wounds" in page and "15 to go" in page
    assert 'class="race' not in ana.get(f"/t/{table}/seat").get_data(as_text=True)


def test_a_wound_is_highlighted_and_only_that_players_phone_buzzes(app, client, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    act(ben, table, type="adjust_wounds", seat=2, delta=1)
    display = client.get(f"/t/{table}/panel?view=display", headers=HX).get_data(as_text=True)
    assert re.search(r'class="announce announce-wound" data-announce="wound-\d+" '
                     r'data-seats="2">1 wound to Ben<', display)
    assert "data-vibrate" in ben.get(f"/t/{table}/panel?view=seat", headers=HX).get_data(as_text=True)
    assert "data-vibrate" not in ana.get(f"/t/{table}/panel?view=seat", headers=HX).get_data(as_text=True)
    act(ben, table, type="undo")
    assert "data-announce" not in client.get(f"/t/{table}/panel?view=display", headers=HX).get_data(as_text=True)


def test_the_win_is_highlighted(app, client, table):
    join(app, table, 1, "Ana")
    win(client, table)
    page = client.get(f"/t/{table}/display").get_data(as_text=True)
    assert re.search(r'announce-win" data-announce="win-\d+" data-seats="1">Ana has won!<', page)
    assert 'data-testid="story-link" href="/t/' in page


# --- the spectator link ------------------------------------------------------------------------------------------

def test_the_spectator_sees_the_race_and_nothing_to_act_with(app, client, table):
    join(app, table, 1, "Ana")
    act(client, table, type="adjust_slack", seat=1, delta=3)
    path = spectator_link(client, table)
    watcher = app.test_client()
    for url in (path, path + "/panel"):
        html = watcher.get(url).get_data(as_text=True)
        assert 'data-testid="race-total-1">3<' in html
        assert "<form" not in html and table not in html  # no forms, and not the table's token either
    assert watcher.get(path + "/version").get_json() == {"version": 3}
    for url in (path, path + "/panel", path + "/version", path + "/live"):
        assert watcher.post(url, data={"type": "adjust_slack", "seat": "1", "delta": "5"}).status_code == 405
    # Even knowing the table's token, the spectator acts for nobody, and cannot make or revoke links.
    assert act(watcher, table, type="adjust_slack", seat=1, delta=5).status_code == 403
    assert watcher.post(f"/t/{table}/spectator/revoke").status_code == 403
    assert client.get(f"/t/{table}/state.json").get_json()["seats"][0]["total"] == 3


def test_a_phone_cannot_make_a_spectator_link(app, table):
    ana = join(app, table, 1, "Ana")
    assert ana.post(f"/t/{table}/spectator").status_code == 403


def test_a_revoked_link_stops_at_once_and_undo_does_not_bring_it_back(app, client, table):
    path = spectator_link(client, table)
    watcher = app.test_client()
    assert watcher.get(path).status_code == 200
    assert client.post(f"/t/{table}/spectator/revoke").status_code == 303
    for url in (path, path + "/panel", path + "/version", path + "/live", path + "/story"):
        assert watcher.get(url).status_code == 404
    assert "no longer works" in watcher.get(path).get_data(as_text=True)
    act(client, table, type="adjust_slack", seat=1, delta=1)
    act(client, table, type="undo")
    assert watcher.get(path).status_code == 404
    assert "spectator-url" not in client.get(f"/t/{table}/display").get_data(as_text=True)


def test_a_new_link_replaces_the_old_one(app, client, table):
    first = spectator_link(client, table)
    second = spectator_link(client, table)
    watcher = app.test_client()
    assert first != second
    assert watcher.get(first).status_code == 404 and watcher.get(second).status_code == 200


def test_revoking_ends_an_open_live_stream(tmp_path):
    app = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "LIVE_HEARTBEAT_SECONDS": 30.0},
                     instance_path=str(tmp_path))
    client = app.test_client()
    token = client.post("/tables", data={"game": "guevara", "seats": "2",
                                         "language": "en"}).headers["Location"].split("/")[2]
    path = spectator_link(client, token)
    stream = app.test_client().get(path + "/live", buffered=False)
    chunks = stream.response
    assert next(chunks) == b"retry: 1000\n\n" and next(chunks).startswith(b"event: version")
    revoke = lambda: client.post(f"/t/{token}/spectator/revoke")  # noqa: E731
    threading.Timer(0.2, revoke).start()
    assert next(chunks) == b"event: gone\ndata: \n\n"  # long before the 30-second heartbeat
    with pytest.raises(StopIteration):
        next(chunks)


# --- the story and the archive ----------------------------------------------------------------------------------

def finished_game(app, client, token):
    """Ana and Ben play a little; Ana wins."""
    join(app, token, 1, "Ana"), join(app, token, 2, "Ben")
    for seat, delta in ((1, 3), (2, 5), (1, 4)):
        act(client, token, type="adjust_slack", seat=seat, delta=delta)
    act(client, token, type="adjust_wounds", seat=2, delta=2)
    act(client, token, type="adjust_slack", seat=1, delta=13)


def plotted(html):
    """Each seat's line read back into totals with the chart's own axis labels (two ticks fix the scale)."""
    ticks = [(int(v), float(y)) for y, v in re.findall(r'<text class="chart-tick" x="[\d.]+" y="([\d.]+)" dx="-6"'
                                                       r' dy="4" text-anchor="end">(-?\d+)</text>', html)]
    (v1, y1), (v2, y2) = ticks[0], ticks[-1]
    lines = {}
    for seat, points in re.findall(r'<polyline class="chart-line lane-\d" data-seat="(\d)" points="([^"]+)"', html):
        ys = [float(pair.split(",")[1]) for pair in points.split()]
        lines[int(seat)] = [round(v1 + (y - y1) * (v2 - v1) / (y2 - y1)) for y in ys]
    return lines


def test_the_story_page_draws_the_totals_the_log_gives(app, client, table):
    finished_game(app, client, table)
    found = client.get(f"/t/{table}/story")
    assert found.status_code == 303
    html = client.get(found.headers["Location"]).get_data(as_text=True)
    assert 'data-testid="story-winner">Ana won<' in html
    events = client.get(f"/t/{table}/export.json").get_json()["events"]
    changes = [e["seq"] for e in events if e["type"] in ("slack_adjusted", "wounds_adjusted")]
    expected = {seat: [0] + [totals_from_log(events, seq).total(seat) for seq in changes] for seat in (1, 2, 3, 4)}
    assert plotted(html) == expected
    assert expected[1][-1] == 20 and expected[2][-1] == 3
    assert "Ana reaches the goal and wins" in html and "Big gain for Ben" in html and "Big loss for Ben" in html


def test_unfinished_and_unknown_games_have_no_story(app, client, table):
    join(app, table, 1, "Ana")
    assert client.get(f"/t/{table}/story").status_code == 404
    assert client.get("/games/1/1").status_code == 404
    assert client.get("/games/99/1").status_code == 404


def test_finished_games_stay_on_the_front_page_one_entry_per_game(app, client, table):
    finished_game(app, client, table)
    act(client, table, type="rematch")
    act(client, table, type="adjust_slack", seat=2, delta=20)
    act(client, table, type="rematch")  # the third game is not finished: not listed
    front = client.get("/").get_data(as_text=True)
    assert front.count('href="/games/1/') == 2
    assert 'href="/games/1/1"' in front and 'href="/games/1/2"' in front and "/games/1/3" not in front
    assert "<b>Ana 20</b>, Ben 3, Seat 3 0, Seat 4 0" in front and "Chez Guevara" in front
    assert client.get("/games/1/2").status_code == 200 and client.get("/games/1/3").status_code == 404
    assert 'href="/games/1/2"' in client.get("/games").get_data(as_text=True)


def test_the_archive_reads_a_log_again_only_when_it_moved_on(app, client, table):
    finished_game(app, client, table)
    client.get("/")
    act(client, table, type="undo")  # the win is taken back: the game is no longer finished
    assert "/games/1/1" not in client.get("/").get_data(as_text=True)


# --- export and delete -------------------------------------------------------------------------------------------

def test_only_the_display_exports_the_log(app, client, table):
    finished_game(app, client, table)
    exported = client.get(f"/t/{table}/export.json")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    assert re.match(r'attachment; filename="chez-guevara-\d{4}-\d\d-\d\d-1\.json"',
                    exported.headers["Content-Disposition"])
    body = exported.get_json()
    assert body["games"][0]["winner"] == 1 and body["events"][0]["type"] == "table_created"
    assert table not in exported.get_data(as_text=True)
    ana = join(app, table, 3, "Cleo")
    assert ana.get(f"/t/{table}/export.json").status_code == 403
    assert app.test_client().get(f"/t/{table}/export.json").status_code == 403


def test_the_api_exports_and_deletes_with_the_display_key(client):
    created = client.post("/api/tables", json={"seats": 2}).get_json()
    token, key = created["token"], created["display_key"]
    other = client.application.test_client()
    assert other.get(f"/t/{token}/export.json", headers={"Authorization": "Bearer nope"}).status_code == 403
    auth = {"Authorization": f"Bearer {key}"}
    assert other.get(f"/t/{token}/export.json", headers=auth).get_json()["events"][0]["seq"] == 1
    assert other.post(f"/t/{token}/delete", headers=auth).status_code == 200
    assert other.get(f"/t/{token}/state.json").status_code == 404


def test_delete_asks_first_and_then_removes_everything(app, client, table):
    finished_game(app, client, table)
    path = spectator_link(client, table)
    confirm = client.get(f"/t/{table}/delete").get_data(as_text=True)
    assert f'action="/t/{table}/delete"' in confirm
    ana = join(app, table, 3, "Cleo")
    assert ana.get(f"/t/{table}/delete").status_code == 403
    assert ana.post(f"/t/{table}/delete").status_code == 403
    assert client.post(f"/t/{table}/delete", headers={"Origin": "http://elsewhere.lan"}).status_code == 403
    assert client.get(f"/t/{table}/state.json").status_code == 200

    assert client.post(f"/t/{table}/delete").status_code == 200
    for url in (f"/t/{table}/display", f"/t/{table}/state.json", f"/t/{table}/seat", "/games/1/1", path):
        assert client.get(url).status_code == 404
    assert "/games/1/1" not in client.get("/").get_data(as_text=True)
    # The next table starts from nothing, though it gets the deleted table's row id.
    fresh = client.post("/tables", data={"game": "guevara", "seats": "2", "language": "en"})
    state = client.get(f"/t/{fresh.headers['Location'].split('/')[2]}/state.json").get_json()
    assert state["version"] == 1 and len(state["seats"]) == 2


def test_a_raid_and_a_denouncement_are_told_in_the_race_and_in_the_story(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private, Ben Corporal, seat 3 Sergeant, seat 4 Private
    for seat, rank in ((3, "private"), (2, "private"), (1, "corporal")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="call_raid", seat=1, name="Raid the Village", loot=1)
    act(ana, table, type="raid_roll", seat=1, value=4)
    display = re.sub(r"<[^>]+>", "", client.get(f"/t/{table}/display").get_data(as_text=True))  # its text
    assert "Raid led by Ana: Raid the Village · Ana 4" in display
    for seat, value in ((2, 6), (3, 2), (4, 1)):
        act(client, table, type="raid_roll", seat=seat, value=value)
    page = client.get(f"/t/{table}/display").get_data(as_text=True)
    assert re.search(r'announce-promotion" data-announce="promotion-\d+" data-seats="2">Ben is promoted to Corporal<',
                     page)
    act(ana, table, type="take_loot", seat=1, name="Cigars", slack=2)
    act(ben, table, type="denounce", seat=2, target=1)
    act(ana, table, type="denounce_roll", seat=1, value=1)
    act(ben, table, type="denounce_done", seat=2)
    act(client, table, type="adjust_slack", seat=4, delta=20)
    html = client.get(client.get(f"/t/{table}/story").headers["Location"]).get_data(as_text=True)
    assert "Raid led by Ana: Raid the Village · Ben wins the raid" in html
    assert "Ben denounces Ana." in html and "Seat 4 reaches the goal and wins" in html
