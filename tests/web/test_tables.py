"""Opening a table, the display, joining seats by QR address or code, and who may see what."""

import re

from companion.app import create_app
from tests.helpers.http_phones import act, join, state


def test_front_page_offers_a_new_table_and_a_code(client):
    page = client.get("/").get_data(as_text=True)
    assert 'action="/tables"' in page and 'action="/code"' in page


def test_opening_a_table_makes_this_browser_its_display(client, table):
    page = client.get(f"/t/{table}/display")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f"http://127.0.0.1:5999/t/{table}/join" in html
    assert f'src="/t/{table}/qr.svg"' in html
    assert re.search(r'data-testid="join-code">[A-Z2-9]{6}<', html)


def test_the_token_is_unguessable_and_unknown_tokens_show_nothing(client, table):
    assert len(table) >= 22  # 16 random bytes, URL-safe
    assert client.get("/t/AAAAAAAAAAAAAAAAAAAAAA/display").status_code == 404
    assert client.get("/t/AAAAAAAAAAAAAAAAAAAAAA/state.json").status_code == 404
    assert client.get("/t/short/join").status_code == 404


def test_another_browser_is_not_the_display(app, table):
    stranger = app.test_client()
    assert stranger.get(f"/t/{table}/display").status_code == 403


def test_the_display_key_link_makes_another_browser_the_display(app):
    api = app.test_client()
    created = api.post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"}).get_json()
    second_screen = app.test_client()
    response = second_screen.get(created["display_url"].replace("http://127.0.0.1:5999", ""))
    assert response.status_code == 303
    assert second_screen.get(f"/t/{created['token']}/display").status_code == 200
    assert app.test_client().get(f"/t/{created['token']}/display?key=wrong").status_code == 403


def test_qr_encodes_the_join_address(client, table):
    response = client.get(f"/t/{table}/qr.svg")
    assert response.mimetype == "image/svg+xml"
    from companion.serve import qr
    assert response.data == qr.svg(f"http://127.0.0.1:5999/t/{table}/join")
    seat_qr = client.get(f"/t/{table}/qr.svg?seat=3").data
    assert seat_qr == qr.svg(f"http://127.0.0.1:5999/t/{table}/join?seat=3")


def test_a_phone_joins_a_free_seat_and_returns_to_it(app, table):
    phone = join(app, table, 2, "Ana")
    page = phone.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Ana" in page
    assert phone.get(f"/t/{table}/join").headers["Location"].endswith(f"/t/{table}/seat")
    seats = state(phone, table)["seats"]
    assert [s["name"] for s in seats] == ["", "Ana", "", ""]
    assert seats[1]["has_phone"] is True


def test_the_seat_cookie_is_signed_httponly_and_samesite(app, table):
    phone = app.test_client()
    response = phone.post(f"/t/{table}/join", data={"seat": "1",
                                                     "name": "Ana"})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Expires=" in cookie


def test_a_taken_seat_cannot_be_taken_by_another_phone(app, table):
    join(app, table, 2, "Ana")
    thief = app.test_client()
    response = thief.post(f"/t/{table}/join", data={"seat": "2",
                                                     "name": "Eve"})
    assert response.status_code == 409
    assert "Another phone already sits in this seat." in response.get_data(as_text=True)
    assert state(thief, table)["seats"][1]["name"] == "Ana"


def test_a_seat_survives_a_server_restart(app, table, tmp_path):
    phone = join(app, table, 3, "Cleo")
    act(phone, table, type="adjust_slack", seat=3, delta=4)
    restarted = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999"}, instance_path=str(tmp_path))
    same_phone = restarted.test_client()
    same_phone._cookies = phone._cookies  # the phone keeps its cookie jar across the restart
    page = same_phone.get(f"/t/{table}/seat")
    assert page.status_code == 200
    assert 'data-testid="my-total">4<' in page.get_data(as_text=True)


def test_the_display_frees_a_lost_phone_seat(app, client, table):
    lost = join(app, table, 1, "Ana")
    assert act(client, table, type="free_seat", seat=1).status_code == 200
    assert lost.get(f"/t/{table}/seat").status_code == 303  # back to the join page
    new_phone = join(app, table, 1, "Ana")
    assert new_phone.get(f"/t/{table}/seat").status_code == 200


def test_join_by_code_finds_the_table_and_is_rate_limited(app, client, table):
    html = client.get(f"/t/{table}/display").get_data(as_text=True)
    code = re.search(r'data-testid="join-code">([A-Z2-9]{6})<', html).group(1)
    phone = app.test_client()
    found = phone.post("/code", data={"code": code.lower()})
    assert found.status_code == 303 and found.headers["Location"] == f"/t/{table}/join"
    statuses = [phone.post("/code", data={"code": "ZZZZZZ"}).status_code for _ in range(12)]
    assert statuses[0] == 404
    assert statuses[-1] == 429


def test_seat_order_and_dealer_set_the_first_player(client, table):
    act(client, table, type="set_order", order="4,3,2,1")
    act(client, table, type="set_dealer", seat=2)
    current = state(client, table)
    assert [s["seat"] for s in current["seats"]] == [4, 3, 2, 1]
    assert (current["dealer"], current["first_player"]) == (2, 1)


def test_a_phone_cannot_do_what_only_the_display_may(app, table):
    phone = join(app, table, 1, "Ana")
    response = act(phone, table, type="set_dealer", seat=1)
    assert response.status_code == 403
    assert state(phone, table)["dealer"] is None


def test_the_display_names_a_seat_without_a_phone(client, table):
    act(client, table, type="name_seat", seat=4, name="Grandpa")
    assert state(client, table)["seats"][3]["name"] == "Grandpa"


def test_names_are_escaped_everywhere(app, client, table):
    payload = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    phone = join(app, table, 1, payload[:24])
    act(phone, table, type="adjust_slack", seat=1, delta=1)
    for page in (phone.get(f"/t/{table}/seat"), client.get(f"/t/{table}/display"), phone.get(f"/t/{table}/log")):
        html = page.get_data(as_text=True)
        assert "<script>alert" not in html and "&lt;script&gt;" in html
