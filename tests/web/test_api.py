"""The JSON API and the live channel, as a program or a phone's script would use them."""

import threading

import pytest

from companion.app import create_app
from tests.helpers.postgres_cluster import BOTH_DATABASES

pytestmark = BOTH_DATABASES  # the HTTP suite on SQLite and on a real PostgreSQL


@pytest.fixture
def api(app):
    return app.test_client()


def open_table(api, seats=3):
    response = api.post("/api/tables", json={"game": "guevara", "seats": seats, "language": "de"})
    assert response.status_code == 201
    return response.get_json()


def claim(api, token, seat, name):
    response = api.post(f"/t/{token}/join.json", json={"seat": seat, "name": name})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["seat_key"]


def post(api, token, key, **body):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return api.post(f"/t/{token}/actions", json=body, headers=headers)


def test_healthz(api):
    assert api.get("/healthz").get_json() == {"ok": True}


def test_create_table_returns_token_and_addresses(api):
    created = open_table(api)
    assert created["join_url"] == f"http://127.0.0.1:5999/t/{created['token']}/join"
    assert created["display_url"].startswith(f"http://127.0.0.1:5999/t/{created['token']}/display?key=")
    state = api.get(f"/t/{created['token']}/state.json").get_json()
    assert state["goal"] == 20 and len(state["seats"]) == 3 and state["version"] == 1


@pytest.mark.parametrize("body", [{"seats": 6}, {"seats": "x"}, {"game": "poker"}, {"language": "fr"}, []])
def test_create_table_rejects_bad_options(api, body):
    response = api.post("/api/tables", json=body)
    assert response.status_code == 400 and response.get_json()["error"]


def test_a_seat_key_acts_for_its_seat_only(api):
    created = open_table(api)
    token = created["token"]
    key = claim(api, token, 1, "Ana")
    claim(api, token, 2, "Ben")
    done = post(api, token, key, type="adjust_slack", seat=1, args={"delta": 3}, action_id="api-tap-0001")
    assert done.status_code == 200
    assert done.get_json()["state"]["seats"][0]["slack"] == 3
    assert post(api, token, key, type="adjust_slack", seat=2, args={"delta": 3}).status_code == 403


def test_the_display_key_acts_for_anyone(api):
    created = open_table(api)
    done = post(api, created["token"], created["display_key"], type="adjust_wounds", seat=3, args={"delta": 2})
    assert done.get_json()["state"]["seats"][2]["wounds"] == 2


def test_no_key_or_a_wrong_key_is_403_and_writes_nothing(api):
    created = open_table(api)
    token = created["token"]
    assert post(api, token, None, type="adjust_slack", seat=1, args={"delta": 1}).status_code == 403
    assert post(api, token, "forged", type="adjust_slack", seat=1, args={"delta": 1}).status_code == 403
    assert api.get(f"/t/{token}/state.json").get_json()["version"] == 1


def test_errors_are_translated_for_the_caller(api):
    created = open_table(api)
    response = api.post(f"/t/{created['token']}/actions", json={"type": "undo"},
                        headers={"Authorization": f"Bearer {created['display_key']}", "Accept-Language": "de"})
    assert response.status_code == 409
    assert response.get_json() == {"error": "Es gibt nichts rückgängig zu machen.", "section": "guevara.turn"}


def test_a_repeated_action_id_is_a_no_op(api):
    created = open_table(api)
    token, key = created["token"], created["display_key"]
    first = post(api, token, key, type="adjust_slack", seat=1, args={"delta": 1}, action_id="retry-me-0001")
    again = post(api, token, key, type="adjust_slack", seat=1, args={"delta": 1}, action_id="retry-me-0001")
    assert again.get_json()["repeated"] is True
    assert again.get_json()["version"] == first.get_json()["version"]


def test_malformed_json_is_a_400(api):
    created = open_table(api)
    response = api.post(f"/t/{created['token']}/actions", data="{not json",
                        headers={"Authorization": f"Bearer {created['display_key']}",
                                 "Content-Type": "application/json"})
    assert response.status_code == 400


def test_unknown_token_is_a_json_404(api):
    response = api.post("/t/AAAAAAAAAAAAAAAAAAAAAA/actions", json={"type": "undo"})
    assert response.status_code == 404 and "error" in response.get_json()


def test_version_endpoint_follows_the_log(api):
    created = open_table(api)
    token = created["token"]
    assert api.get(f"/t/{token}/version").get_json() == {"version": 1}
    post(api, token, created["display_key"], type="adjust_slack", seat=1, args={"delta": 1})
    assert api.get(f"/t/{token}/version").get_json() == {"version": 2}


def test_live_stream_sends_the_current_version_and_then_each_new_one(tmp_path, database):
    app = create_app({"TESTING": True, "LIVE_STREAM_SECONDS": 3.0, "LIVE_HEARTBEAT_SECONDS": 0.5,
                      **({"DATABASE": database} if database else {})}, instance_path=str(tmp_path))
    api = app.test_client()
    created = open_table(api)
    token = created["token"]
    response = api.get(f"/t/{token}/live", buffered=False)
    assert response.mimetype == "text/event-stream"
    chunks = response.response
    assert next(chunks) == b"retry: 1000\n\n"
    assert next(chunks) == b"event: version\ndata: 1\n\n"
    threading.Timer(0.2, lambda: post(app.test_client(), token, created["display_key"], type="adjust_slack",
                                      seat=1, args={"delta": 1})).start()
    following = next(chunks)
    while following.startswith(b":"):
        following = next(chunks)
    assert following == b"event: version\ndata: 2\n\n"
    response.close()


def test_live_streams_beyond_capacity_are_told_to_poll(tmp_path, database):
    app = create_app({"TESTING": True, "MAX_LIVE_STREAMS": 1, "LIVE_STREAM_SECONDS": 2.0,
                      **({"DATABASE": database} if database else {})}, instance_path=str(tmp_path))
    api = app.test_client()
    token = open_table(api)["token"]
    first = api.get(f"/t/{token}/live", buffered=False)
    next(first.response)
    second = api.get(f"/t/{token}/live")
    assert second.status_code == 503
    first.close()
    third = api.get(f"/t/{token}/live", buffered=False)
    assert third.status_code == 200
    third.close()
