"""Cross-site request forgery: a change sent by another origin's page is refused by its headers, nothing changes."""

import pytest

from companion.web.connection import get_db
from tests.helpers.http_phones import act, join

OWN = "http://localhost"  # the test client's address
FOREIGN = [
    {"Origin": "http://evil.lan"},
    {"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.lan"},
    {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:6000"},  # another port: same site, not same origin
    {"Origin": "http://localhost:6000"},  # a plain-http browser that omits Sec-Fetch-Site
    {"Origin": "https://localhost"},
    {"Origin": "null"},  # a sandboxed page or a redirect hides where it came from
]
SAME = [{}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}, {"Origin": OWN},
        {"Sec-Fetch-Site": "same-origin", "Origin": OWN}, {"Origin": "http://127.0.0.1:5999"}]  # its public address


def version(client, token) -> int:
    return client.get(f"/t/{token}/state.json").get_json()["version"]


def table_count(app) -> int:
    with app.app_context():
        return get_db()["tables"].count


def refused(response) -> bool:
    return response.status_code == 403 and "another website" in response.get_data(as_text=True)


@pytest.mark.parametrize("headers", FOREIGN)
def test_a_tap_sent_from_another_origin_is_refused_and_changes_nothing(app, table, headers):
    ana = join(app, table, 1, "Ana")
    before = version(ana, table)
    for htmx in (True, False):
        assert refused(act(ana, table, htmx=htmx, headers=headers, type="adjust_slack", seat=1, delta=3))
    assert version(ana, table) == before
    assert ana.get(f"/t/{table}/state.json").get_json()["seats"][0]["slack"] == 0


@pytest.mark.parametrize("headers", FOREIGN)
def test_the_display_forms_refuse_another_origin(app, client, table, headers):
    before, tables = version(client, table), table_count(app)
    assert refused(client.post("/tables", data={"game": "guevara", "seats": "3"}, headers=headers))
    assert refused(client.post(f"/t/{table}/spectator", headers=headers))
    assert refused(client.post(f"/t/{table}/spectator/revoke", headers=headers))
    assert refused(client.post(f"/t/{table}/delete", headers=headers))
    assert table_count(app) == tables and version(client, table) == before
    assert "spectator-url" not in client.get(f"/t/{table}/display").get_data(as_text=True)


@pytest.mark.parametrize("headers", FOREIGN)
def test_joining_from_another_origin_is_refused_and_the_seat_stays_free(app, table, headers):
    phone = app.test_client()
    before = version(phone, table)
    assert refused(phone.post(f"/t/{table}/join", data={"seat": "1", "name": "Mallory"}, headers=headers))
    assert version(phone, table) == before
    assert phone.get(f"/t/{table}/seat").status_code == 303  # no seat: sent back to the join page
    assert not phone.get(f"/t/{table}/state.json").get_json()["seats"][0]["has_phone"]


@pytest.mark.parametrize("headers", SAME)
def test_the_same_origin_and_clients_without_those_headers_work(app, client, table, headers):
    phone = app.test_client()
    assert phone.post(f"/t/{table}/join", data={"seat": "1", "name": "Ana"}, headers=headers).status_code == 303
    assert act(phone, table, headers=headers, type="adjust_slack", seat=1, delta=2).status_code == 200
    assert client.post(f"/t/{table}/spectator", headers=headers).status_code == 303
    assert client.post(f"/t/{table}/spectator/revoke", headers=headers).status_code == 303
    assert phone.get(f"/t/{table}/state.json").get_json()["seats"][0]["slack"] == 2
    assert client.post(f"/t/{table}/delete", headers=headers).status_code == 200
    assert client.get(f"/t/{table}/state.json").status_code == 404


def test_a_bearer_key_is_no_cookie_so_its_origin_does_not_matter(app):
    api = app.test_client()
    created = api.post("/api/tables", json={"game": "guevara", "seats": 3}).get_json()
    token, key = created["token"], created["display_key"]
    tap = {"type": "adjust_slack", "seat": 1, "args": {"delta": 1}}
    bare = api.post(f"/t/{token}/actions", json=tap, headers={"Origin": "http://evil.lan"})
    assert bare.status_code == 403 and "another website" in bare.get_json()["error"]  # JSON on API paths
    sent = api.post(f"/t/{token}/actions", json=tap,
                    headers={"Authorization": f"Bearer {key}", "Origin": "http://evil.lan"})
    assert sent.status_code == 200 and sent.get_json()["state"]["seats"][0]["slack"] == 1


def test_the_refusal_speaks_the_phones_language(app, table):
    ana = join(app, table, 1, "Ana")
    ana.set_cookie("lang", "de")
    answer = act(ana, table, htmx=False, headers={"Sec-Fetch-Site": "cross-site"}, type="adjust_slack", seat=1,
                 delta=1)
    assert answer.status_code == 403 and "anderen Website" in answer.get_data(as_text=True)


def test_reading_is_never_refused(app, client, table):
    ana = join(app, table, 1, "Ana")
    foreign = {"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.lan"}
    assert ana.get(f"/t/{table}/seat", headers=foreign).status_code == 200
    assert client.get(f"/t/{table}/display", headers=foreign).status_code == 200
