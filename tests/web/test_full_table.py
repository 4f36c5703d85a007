"""A phone that opens the join page of a full table is told so, and how to get a seat back (issue 17, item 23)."""

import re

import pytest

from tests.helpers.http_phones import act, join


def full_table(app, client, language="en"):
    """A two-seat table whose seats both hold a phone; returns its token."""
    response = client.post("/tables", data={"game": "guevara", "seats": "2",
                                            "language": language})
    token = response.headers["Location"].split("/")[2]
    join(app, token, 1, "Ana"), join(app, token, 2, "Ben")
    return token


def test_a_full_table_says_so_and_how_to_get_a_seat_back(app, client):
    token = full_table(app, client)
    late = app.test_client()
    response = late.get(f"/t/{token}/join")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'data-testid="table-full"' in page and "Every seat at this table is taken" in page
    # How to get a seat back: the display frees it, then its own QR code (or this page again) lets you sit.
    assert "“Free seat”" in page and "“Seats around the table”" in page and "“QR for this seat”" in page
    assert "Sit down" not in page and 'name="seat"' not in page  # no form that can only be refused
    assert f'href="/t/{token}/join"' in page  # look again once a seat is free


def test_the_seats_own_qr_address_says_the_same_while_the_seat_is_taken(app, client):
    token = full_table(app, client)
    page = app.test_client().get(f"/t/{token}/join?seat=2").get_data(as_text=True)
    assert "Every seat at this table is taken" in page and f'href="/t/{token}/join?seat=2"' in page


def test_once_the_display_frees_a_seat_the_page_offers_it_again(app, client):
    token = full_table(app, client)
    assert act(client, token, type="free_seat", seat=2).status_code == 200
    page = app.test_client().get(f"/t/{token}/join?seat=2").get_data(as_text=True)
    assert 'data-testid="table-full"' not in page and "Sit down" in page
    assert re.search(r'name="seat" value="2"\s+checked', page)
    join(app, token, 2, "Cleo")


def test_sitting_down_at_a_full_table_is_refused_with_the_same_help_and_changes_nothing(app, client):
    token = full_table(app, client)
    version = client.get(f"/t/{token}/state.json").get_json()["version"]
    late = app.test_client()
    response = late.post(f"/t/{token}/join", data={"seat": "1", "name": "Eve",
                                                  "action_id": "late-phone-1"})
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Every seat at this table is taken" in page and "Sit down" not in page
    assert client.get(f"/t/{token}/state.json").get_json()["version"] == version
    assert late.get(f"/t/{token}/seat").status_code != 200  # no seat for this phone


@pytest.mark.parametrize("language, full, free_seat", [
    ("de", "Alle Plätze an diesem Tisch sind besetzt", "„Platz freigeben“"),
    ("ru", "Все места за этим столом заняты", "«Освободить место»"),
])
def test_the_full_table_is_told_in_the_readers_language(app, client, language, full, free_seat):
    token = full_table(app, client, language)
    page = app.test_client().get(f"/t/{token}/join", headers={"Accept-Language": language}).get_data(as_text=True)
    assert full in page and free_seat in page
