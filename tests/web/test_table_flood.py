"""Opening tables is limited per client address, and tables that never started a game expire after a day."""

import sqlite3

import pytest

from companion.app import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "NEW_TABLES_PER_HOUR": 3},
                      instance_path=str(tmp_path))


def client_at(app, address):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def open_by_form(client):
    return client.post("/tables", data={"game": "guevara", "seats": "3", "language": "en"})


def test_one_address_opens_its_share_and_then_gets_a_translated_429_over_form_and_api(app):
    flooder = client_at(app, "192.168.1.66")
    assert [open_by_form(flooder).status_code for _ in range(2)] == [303, 303]
    assert flooder.post("/api/tables", json={"seats": 3}).status_code == 201
    refused_form = open_by_form(flooder)
    refused_api = flooder.post("/api/tables", json={"seats": 3}, headers={"Accept-Language": "de"})
    assert refused_form.status_code == refused_api.status_code == 429
    assert "too many tables" in refused_form.get_data(as_text=True)
    assert "too many tables" not in refused_api.get_json()["error"]  # in German
    host = client_at(app, "192.168.1.10")
    assert open_by_form(host).status_code == 303  # another phone or laptop is not held back


def age(app, token, hours):
    """Move a table's creation and its events `hours` into the past, as if that time had gone by."""
    db = sqlite3.connect(app.config["DATABASE"])
    (table_id,) = db.execute("SELECT id FROM tables WHERE token = ?", [token]).fetchone()
    shift = hours * 3600
    db.execute("UPDATE tables SET created_at = created_at - ? WHERE id = ?", [shift, table_id])
    db.execute("UPDATE events SET at = at - ? WHERE table_id = ?", [shift, table_id])
    db.commit()
    db.close()


def test_a_table_that_never_started_goes_after_a_day_and_a_played_one_stays(app):
    host = client_at(app, "192.168.1.10")
    created = [host.post("/api/tables", json={"seats": 3}).get_json() for _ in range(3)]
    idle, played, recent = (table["token"] for table in created)
    host.post(f"/t/{idle}/join.json", json={"seat": 1, "name": "Ana"})
    host.post(f"/t/{played}/actions", json={"type": "adjust_slack", "seat": 1, "args": {"delta": 1}},
              headers={"Authorization": f"Bearer {created[1]['display_key']}"})
    age(app, idle, 25)
    age(app, played, 25)
    age(app, recent, 23)
    assert host.get(f"/t/{idle}/state.json").status_code == 200  # nothing goes until the sweep runs
    assert client_at(app, "192.168.1.11").post("/api/tables", json={"seats": 3}).status_code == 201
    assert host.get(f"/t/{idle}/state.json").status_code == 404
    assert host.get(f"/t/{idle}/display").status_code == 404
    assert host.get(f"/t/{played}/state.json").status_code == 200
    assert host.get(f"/t/{recent}/state.json").status_code == 200


def test_the_expiry_can_be_switched_off(tmp_path):
    app = create_app({"TESTING": True, "UNSTARTED_TABLE_HOURS": 0}, instance_path=str(tmp_path))
    client = app.test_client()
    token = client.post("/api/tables", json={"seats": 3}).get_json()["token"]
    age(app, token, 24 * 365)
    client.post("/api/tables", json={"seats": 3})
    assert client.get(f"/t/{token}/state.json").status_code == 200
