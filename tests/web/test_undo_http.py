"""Undo through HTTP takes back a whole tap, says so beforehand, and still reads logs written before steps."""

from companion.web.connection import get_db
from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import started, to_phase
from tests.helpers.postgres_cluster import BOTH_DATABASES

pytestmark = BOTH_DATABASES  # the HTTP suite on SQLite and on a real PostgreSQL


def test_the_undo_button_names_the_last_tap_and_how_much_more_it_did_and_takes_it_all_back(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    act(ana, table, type="advance", seat=1, phase="freetime", turn=1)  # closes the window, then moves on
    html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Ana: moves on to Discard (and 1 more change)" in html
    act(ben, table, type="undo")
    after = state(client, table)
    assert after["phase"] == "freetime" and after["window"]["cards"][0]["name"] == "Hammock Time"
    assert after["seats"][0]["tent"] == []


def test_a_log_written_before_events_had_steps_undoes_one_event_at_a_time(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    act(ana, table, type="advance", seat=1, phase="freetime", turn=1)
    with app.app_context():
        get_db().execute("UPDATE events SET step = NULL")
        get_db().conn.commit()
        app.extensions["play"].cache.forget()  # as after a restart: the state is folded from the log
    assert state(client, table)["phase"] == "discard"
    act(ana, table, type="undo")
    after = state(client, table)
    assert after["phase"] == "freetime" and after["window"] is None  # the older log's window stays closed
    assert [card["name"] for card in after["seats"][0]["tent"]] == ["Hammock Time"]
