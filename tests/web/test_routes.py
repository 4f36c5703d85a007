"""Every route answers sensibly with and without htmx's header, and never with a server error."""

import pytest

from tests.helpers.http_phones import act, join

HX = {"HX-Request": "true"}


@pytest.fixture
def seated(app, table):
    """A table with Ana seated on her phone and one change made."""
    ana = join(app, table, 1, "Ana")
    act(ana, table, type="adjust_slack", seat=1, delta=1)
    return ana


GET_ROUTES = [
    ("/", 200), ("/rules", 200), ("/rules?q=slack", 200), ("/rules/guevara.goal", 200), ("/healthz", 200),
    ("/t/{t}/seat", 200), ("/t/{t}/panel?view=seat", 200), ("/t/{t}/log", 200), ("/t/{t}/join", 303),
    ("/t/{t}/state.json", 200), ("/t/{t}/version", 200), ("/t/{t}/qr.svg", 200), ("/t/{t}/display", 403),
    ("/t/AAAAAAAAAAAAAAAAAAAAAA/seat", 404), ("/nowhere", 404),
]


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("path, status", GET_ROUTES)
def test_get_routes_for_a_seated_phone(seated, table, path, status, htmx):
    response = seated.get(path.format(t=table), headers=HX if htmx else {})
    assert response.status_code == status


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_only_the_panel_changes_shape_for_htmx_and_says_so(seated, table, htmx):
    response = seated.get(f"/t/{table}/panel?view=seat", headers=HX if htmx else {})
    assert ("<html" in response.get_data(as_text=True)) is not htmx
    assert "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_the_display_screens(client, table, htmx):
    headers = HX if htmx else {}
    assert client.get(f"/t/{table}/display", headers=headers).status_code == 200
    panel = client.get(f"/t/{table}/panel?view=display", headers=headers)
    assert panel.status_code == 200 and 'seats-admin' in panel.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_refused_posts_answer_with_the_reason_either_way(seated, table, htmx):
    response = act(seated, table, htmx=htmx, type="adjust_slack", seat=1, delta=-5)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Slack cannot drop below zero." in html
    assert ("<html" in html) is not htmx


def test_language_post_only_redirects_within_the_site(client):
    assert client.post("/language", data={"lang": "de", "next": "https://evil.example/"}).headers["Location"] == "/"
    assert client.post("/language", data={"lang": "de", "next": "/rules"}).headers["Location"] == "/rules"


def test_wrong_methods_are_refused(client, table):
    assert client.get("/tables").status_code == 405
    assert client.get(f"/t/{table}/act").status_code == 405
