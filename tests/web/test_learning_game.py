"""A learning game over HTTP: a table opened as the players' first game explains each moment on new players' phones,
once per seat, in each phone's language; a phone that is not new sees nothing more than before."""

import re

import pytest

from tests.helpers.http_phones import act, join
from tests.helpers.http_tables import PROFILE

MOMENT = re.compile(r'data-testid="explain" data-moment="(\w+)"')
HTMX = {"HX-Request": "true"}


def open_table(client, first_game: bool, language: str = "en") -> str:
    """A three-seat Chez Guevara table, its ranks dealt by hand and seat 3 dealing (seat 1 starts), started."""
    fields = {"game": "guevara", "seats": "3", "language": language, **({"first_game": "1"} if first_game else {})}
    response = client.post("/tables", data=fields)
    assert response.status_code == 303
    token = response.headers["Location"].split("/")[2]
    act(client, token, type="set_profile", **PROFILE)
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant")):
        act(client, token, type="set_rank", seat=seat, rank=rank)
    act(client, token, type="set_dealer", seat=3)
    act(client, token, type="start_game")
    return token


def explained(phone, token) -> list[str]:
    """The moments the phone's seat page explains now, in the order they stand on the page."""
    return MOMENT.findall(phone.get(f"/t/{token}/seat").get_data(as_text=True))


def to_roll(display, token):
    """Seat 1's first turn goes on from Draw to Roll."""
    assert act(display, token, type="advance", seat=1, phase="draw", turn=1).status_code == 200


def second_device(app, phone):
    """Another browser carrying the same seat (its cookie copied, as a phone restoring it would)."""
    other = app.test_client()
    other.set_cookie("companion", phone.get_cookie("companion").value)
    return other


def test_a_new_players_phone_explains_the_first_roll_above_the_turn(app, client):
    token = open_table(client, first_game=True)
    ana = join(app, token, 1, "Ana")
    to_roll(client, token)
    page = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert MOMENT.findall(page)[0] == "roll"
    note = page.index('data-moment="roll"')
    assert note < page.index('data-testid="turn"') < page.index('id="action-bar"')
    assert "/rules/guevara.phase.roll" in page[note:page.index("</aside>", note)]
    assert "roll" not in explained(join(app, token, 2, "Ben"), token)  # not Ben's moment: not his turn


def test_a_phone_that_is_not_new_sees_nothing_more_than_before(app, client):
    token = open_table(client, first_game=False)
    ana = join(app, token, 1, "Ana")
    to_roll(client, token)
    page = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'data-testid="explain"' not in page and "/explained" not in page
    with_switch_off = open_table(client, first_game=True)
    ben = join(app, with_switch_off, 1, "Ben")
    ben.post(f"/t/{with_switch_off}/new-player", data={})  # "I'm new" unticked
    assert explained(ben, with_switch_off) == []


def test_im_new_makes_a_phone_explain_at_an_ordinary_table(app, client):
    token = open_table(client, first_game=False)
    ana = join(app, token, 1, "Ana")
    assert ana.post(f"/t/{token}/new-player", data={"new": "1"}).status_code == 303
    assert explained(ana, token)[0] == "draw"
    assert 'data-testid="new-player" checked' in ana.get(f"/t/{token}/seat").get_data(as_text=True)


def test_a_dismissed_moment_is_kept_with_the_seat_for_every_phone_of_it(app, client):
    token = open_table(client, first_game=True)
    ana = join(app, token, 1, "Ana")
    to_roll(client, token)
    before = ana.get(f"/t/{token}/panel", headers=HTMX)
    answer = ana.post(f"/t/{token}/explained", data={"moment": "roll"}, headers=HTMX)
    assert answer.status_code == 200 and "roll" not in MOMENT.findall(answer.get_data(as_text=True))
    assert "roll" not in explained(ana, token)
    again = ana.get(f"/t/{token}/panel", headers={**HTMX, "If-None-Match": before.headers["ETag"]})
    assert again.status_code == 200 and "roll" not in MOMENT.findall(again.get_data(as_text=True))
    assert "roll" not in explained(second_device(app, ana), token)
    assert ana.post(f"/t/{token}/explain-again").status_code == 303
    assert explained(ana, token)[0] == "roll"
    assert explained(second_device(app, ana), token)[0] == "roll"


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
def test_a_freed_seats_next_player_is_explained_what_the_last_one_dismissed(database, tmp_path):
    from companion.app import create_app
    app = create_app({"TESTING": True, **({"DATABASE": database} if database else {})}, instance_path=str(tmp_path))
    client = app.test_client()
    token = open_table(client, first_game=True)
    ana = join(app, token, 1, "Ana")
    to_roll(client, token)
    assert ana.post(f"/t/{token}/explained", data={"moment": "roll"}, headers=HTMX).status_code == 200
    assert act(client, token, type="free_seat", seat=1).status_code == 200
    assert explained(join(app, token, 1, "Dana"), token)[0] == "roll"


def test_the_next_moment_shows_once_the_first_is_dismissed(app, client):
    token = open_table(client, first_game=True)
    ana = join(app, token, 1, "Ana")
    assert explained(ana, token)[0] == "draw"
    ana.post(f"/t/{token}/explained", data={"moment": "draw"}, headers=HTMX)
    assert "draw" not in explained(ana, token)
    to_roll(client, token)
    assert explained(ana, token)[0] == "roll"


def test_the_whenever_cards_are_explained_inside_their_fold(app, client):
    token = open_table(client, first_game=True)
    page = join(app, token, 1, "Ana").get(f"/t/{token}/seat").get_data(as_text=True)
    fold = page[page.index('id="fold-whenever"'):]
    fold = fold[:fold.index("</details>")]
    assert fold.index('data-moment="promotion"') < fold.index('data-testid="play-promotion"')
    assert fold.index('data-moment="denounce"') < fold.index('data-testid="play-denounce"')


@pytest.mark.parametrize(("lang", "words"), [("en", "Roll phase"), ("de", "Würfelphase"), ("ru", "Фаза бросков")])
def test_each_phone_reads_its_explanation_in_its_own_language(app, client, lang, words):
    token = open_table(client, first_game=True, language="en")
    ana = join(app, token, 1, "Ana")
    ana.set_cookie("lang", lang)
    to_roll(client, token)
    page = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    note = page[page.index('data-moment="roll"'):]
    assert words in note[:note.index("</aside>")]


def test_an_unknown_moment_or_a_phone_without_a_seat_changes_nothing(app, client):
    token = open_table(client, first_game=True)
    ana = join(app, token, 1, "Ana")
    assert ana.post(f"/t/{token}/explained", data={"moment": "nap"}, headers=HTMX).status_code == 400
    stranger = app.test_client()
    assert stranger.post(f"/t/{token}/explained", data={"moment": "draw"}).status_code == 403
    assert stranger.post(f"/t/{token}/explain-again").status_code == 403
    assert explained(ana, token)[0] == "draw"


def test_the_display_says_the_tables_moment_in_a_line_at_a_learning_table_only(app, client):
    token = open_table(client, first_game=True)
    join(app, token, 1, "Ana")
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert re.search(r'data-testid="race-moment">Ana draws Life cards up to 6\.<', page)
    assert page.count("up to 6") == 1  # said once: the turn's box leaves the phase's reminder to that line
    ordinary = open_table(client, first_game=False)
    plain = client.get(f"/t/{ordinary}/display").get_data(as_text=True)
    assert 'data-testid="race-moment"' not in plain and 'class="reminder"' in plain


def test_a_new_table_is_a_first_game_until_this_server_has_seen_a_game_finished(app, client):
    box = re.compile(r'name="first_game" value="1" data-testid="first-game"( checked)?>')
    assert box.search(client.get("/").get_data(as_text=True)).group(1)
    token = open_table(client, first_game=True)
    act(client, token, type="adjust_slack", seat=1, delta=30)
    # another browser, which never sat at that table, opening the next one: the server has seen a game won
    assert box.search(app.test_client().get("/").get_data(as_text=True)).group(1) is None


def test_the_explanation_of_a_phase_stands_in_for_its_short_reminder_until_dismissed(app, client):
    token = open_table(client, first_game=True)
    ana, reminder = join(app, token, 1, "Ana"), "Roll to get rid of unwanted People"
    to_roll(client, token)
    page = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    # once, at the end of the explanation (its numbers: 4-6 sends People away), not in the turn card beside it
    assert MOMENT.findall(page)[0] == "roll" and page.count(reminder) == 1
    assert reminder in page.split('data-moment="roll"')[1].split("</aside>")[0] and 'class="reminder"' not in page
    ana.post(f"/t/{token}/explained", data={"moment": "roll"}, headers=HTMX)
    page = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert reminder in page.split('class="reminder"')[1] and 'data-moment="roll"' not in page
