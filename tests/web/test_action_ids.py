"""An action id belongs to one action: a true repeat is harmless, a different action under a used id is a 409."""

import json
import sqlite3

import pytest

from companion.app import create_app
from companion.storage import store
from tests.helpers.http_phones import act, join, state
from tests.helpers.postgres_cluster import BOTH_DATABASES

USED = "tap-0000-used"


@pytest.fixture
def opened(client):
    created = client.post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"}).get_json()
    keys = {seat: client.post(f"/t/{created['token']}/join.json", json={"seat": seat, "name": f"P{seat}"}).get_json()
            ["seat_key"] for seat in (1, 2)}
    return created["token"], created["display_key"], keys


def post(client, token, key, **body):
    return client.post(f"/t/{token}/actions", json={"action_id": USED, **body},
                    headers={"Authorization": f"Bearer {key}"})


@BOTH_DATABASES
def test_a_true_repeat_is_answered_as_a_repeat(client, opened):
    token, display, _keys = opened
    first = post(client, token, display, type="adjust_slack", seat=1, args={"delta": 2})
    again = post(client, token, display, type="adjust_slack", seat=1, args={"delta": 2})
    assert first.status_code == again.status_code == 200
    assert again.get_json()["repeated"] is True and again.get_json()["version"] == first.get_json()["version"]
    assert state(client, token)["seats"][0]["slack"] == 2


@BOTH_DATABASES
def test_a_repeat_the_table_has_moved_past_is_still_a_repeat_not_a_refusal(client, opened):
    token, display, _keys = opened
    post(client, token, display, type="adjust_slack", seat=1, args={"delta": 1})
    client.post(f"/t/{token}/actions", json={"action_id": "tap-take-back", "type": "adjust_slack", "seat": 1,
                                             "args": {"delta": -1}}, headers={"Authorization": f"Bearer {display}"})
    again = client.post(f"/t/{token}/actions", json={"action_id": "tap-take-back", "type": "adjust_slack", "seat": 1,
                                                     "args": {"delta": -1}},
                        headers={"Authorization": f"Bearer {display}"})
    assert again.status_code == 200 and again.get_json()["repeated"] is True  # not "Slack cannot drop below zero"
    assert state(client, token)["seats"][0]["slack"] == 0


@pytest.mark.parametrize("other", [
    {"type": "adjust_wounds", "seat": 1, "args": {"delta": 2}},  # another type
    {"type": "adjust_slack", "seat": 1, "args": {"delta": 3}},  # other arguments
    {"type": "adjust_slack", "seat": 2, "args": {"delta": 2}},  # another seat
])
@BOTH_DATABASES
def test_a_different_action_under_a_used_id_is_a_409_and_changes_nothing(client, opened, other):
    token, display, _keys = opened
    assert post(client, token, display, type="adjust_slack", seat=1, args={"delta": 2}).status_code == 200
    before = state(client, token)
    response = post(client, token, display, **other)
    assert response.status_code == 409
    assert response.get_json()["error"].startswith("That tap's id was already used for a different action")
    assert state(client, token) == before


@BOTH_DATABASES
def test_another_seat_cannot_reuse_a_seats_id(client, opened):
    token, _display, keys = opened
    assert post(client, token, keys[1], type="adjust_slack", seat=1, args={"delta": 1}).status_code == 200
    before = state(client, token)
    response = post(client, token, keys[2], type="adjust_slack", seat=2, args={"delta": 1})
    assert response.status_code == 409
    assert state(client, token) == before


@BOTH_DATABASES
def test_the_form_answers_a_reused_id_with_a_409_and_says_why(app, client, table):
    phone = join(app, table, 1, "Ana")
    assert act(phone, table, type="adjust_slack", seat="1", delta="1", action_id=USED).status_code == 200
    repeat = act(phone, table, type="adjust_slack", seat="1", delta="1", action_id=USED)
    assert repeat.status_code == 200
    other = act(phone, table, type="adjust_slack", seat="1", delta="-1", action_id=USED)
    assert other.status_code == 409
    assert "already used for a different action" in other.get_data(as_text=True)
    assert client.get(f"/t/{table}/state.json").get_json()["seats"][0]["slack"] == 1


def test_a_database_made_before_fingerprints_is_upgraded_and_its_old_ids_stay_repeats(tmp_path):
    path = tmp_path / "companion.sqlite"
    old = store.connect(path)
    old.execute("PRAGMA journal_mode=WAL")
    store.migrations.apply(old, stop_before="m005_action_fingerprints")  # the schema as today's code made it
    old.execute("INSERT INTO tables (id, token, display_key, join_code, game, language, created_at) "
                "VALUES (1, 'old-table-token-0001', ?, 'ABCDEF', 'guevara', 'en', 0)",
                [store.digest("old-display-key")])
    table_created = {"game": "guevara", "seats": 2, "language": "en"}
    old.execute("INSERT INTO events (table_id, seq, type, seat, actor, args, at, step) VALUES "
                "(1, 1, 'table_created', NULL, 'display', ?, 0, 1), (1, 2, 'slack_adjusted', 1, 'display', ?, 0, 2)",
                [json.dumps(table_created), json.dumps({"delta": 1})])
    old.execute("INSERT INTO actions (table_id, action_id, seq) VALUES (1, 'old-tap-0001', 2)")
    old.close()
    app = create_app({"TESTING": True, "DATABASE": str(path)}, instance_path=str(tmp_path))
    client = app.test_client()
    columns = [row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(actions)")]
    assert "fingerprint" in columns
    headers = {"Authorization": "Bearer old-display-key"}
    again = client.post("/t/old-table-token-0001/actions",
                        json={"type": "adjust_wounds", "seat": 1, "args": {"delta": 1}, "action_id": "old-tap-0001"},
                        headers=headers)
    assert again.status_code == 200 and again.get_json()["repeated"] is True
    fresh = client.post("/t/old-table-token-0001/actions",
                        json={"type": "adjust_slack", "seat": 1, "args": {"delta": 1}, "action_id": "new-tap-0001"},
                        headers=headers)
    assert fresh.get_json()["state"]["seats"][0]["slack"] == 2
    clash = client.post("/t/old-table-token-0001/actions",
                        json={"type": "adjust_slack", "seat": 2, "args": {"delta": 1}, "action_id": "new-tap-0001"},
                        headers=headers)
    assert clash.status_code == 409
