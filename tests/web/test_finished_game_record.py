"""A finished game is history (issue 58 item 5): the names, totals and winner of a game are those at its win, in the
story, the archive, the BG Stats link and QR code, and the club night's standings and CSV files; a seat freed or
joined after the win changes only the rematch, also after a restart, and undoing the win takes the record back."""

import csv
import io
import re

import pytest

from companion.app import create_app
from companion.storage import store
from tests.helpers.bgstats_plays import decoded_svg_qr, links_in, play_of
from tests.helpers.host import made_host
from tests.helpers.http_phones import act, join, state
from tests.helpers.postgres_cluster import BOTH_DATABASES

pytestmark = BOTH_DATABASES

AT_THE_WIN = [("Ana", 25, True), ("Ben", 5, False), ("Cleo", 0, False)]


@pytest.fixture
def won(app, client):
    """A three-seat table of counted Slack: Ana and Ben hold seats 1 and 2 with their phones, the display named
    seat 3 Cleo (no phone sits there); Ana wins with 25, Ben has 5."""
    token = client.post("/tables", data={"game": "guevara", "seats": "3", "language": "en"}
                        ).headers["Location"].split("/")[2]
    join(app, token, 1, "Ana"), join(app, token, 2, "Ben")
    assert act(client, token, type="name_seat", seat=3, name="Cleo").status_code == 200
    assert act(client, token, type="adjust_slack", seat=2, delta=5).status_code == 200
    assert act(client, token, type="adjust_slack", seat=1, delta=25).status_code == 200
    return token


def players(play: dict) -> list[tuple[str, int, bool]]:
    """A BG Stats play's players as (name, score, winner)."""
    return [(player["name"], player["score"], player["winner"]) for player in play["players"]]


def csv_rows(response) -> list[list[str]]:
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).removeprefix("\ufeff"))))


def assert_recorded(app, display, token: str, expected=AT_THE_WIN, number: int = 1, absent=("Mallory",)) -> None:
    """Every place that tells the finished game names its players, totals and winner as `expected`, and none of
    the `absent` names (the club night's standings: where this is the evening's one game)."""
    winner = next(name for name, _total, won in expected if won)
    story = display.get(f"/games/1/{number}").get_data(as_text=True)
    assert f'data-testid="story-winner">{winner} won<' in story
    assert not any(name in story for name in absent)
    assert [players(play_of(link)) for link in links_in(story)] == [expected]
    qr = display.get(f"/t/{token}/games/{number}/bgstats.svg")
    assert qr.status_code == 200 and players(play_of(decoded_svg_qr(qr.get_data(as_text=True)))) == expected
    archive = display.get("/games").get_data(as_text=True)
    entries = re.findall(r'<span class="archive-players">(.*?)</span>', archive)
    assert ", ".join(f"<b>{name} {total}</b>" if won else f"{name} {total}" for name, total, won in expected) in entries
    host = made_host(app, app.test_client())
    assert f"Game {number}: {winner} won" in host.get("/club").get_data(as_text=True)
    games = [row for row in csv_rows(host.get("/club/games.csv"))[1:] if row[2] == str(number)]
    assert [(row[4], int(row[6]), row[7] == "1") for row in games] == expected
    assert [play_of(row[8])["players"][0]["name"] for row in games] == [expected[0][0]] * len(expected)
    if absent:
        standings = csv_rows(host.get("/club/standings.csv"))[1:]
        assert [(row[0], int(row[2])) for row in standings] == [(name, int(won)) for name, _total, won in expected]
        assert not any(name in host.get("/club").get_data(as_text=True) for name in absent)


def restarted(app, display, database):
    """The display's browser on the app started again on the same instance folder and database."""
    config = {"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", **({"DATABASE": database} if database else {})}
    again = create_app(config, instance_path=app.instance_path).test_client()
    again.set_cookie("companion", display.get_cookie("companion").value)
    return again


def test_a_seat_freed_and_joined_after_the_win_leaves_the_finished_game_as_it_ended(app, client, won):
    assert act(client, won, type="free_seat", seat=1).status_code == 200
    join(app, won, 1, "Mallory")
    assert_recorded(app, client, won)
    display = client.get(f"/t/{won}/display").get_data(as_text=True)
    assert [players(play_of(link)) for link in links_in(display)] == [AT_THE_WIN]


def test_a_seat_the_display_named_without_a_phone_taken_after_the_win(app, client, won):
    join(app, won, 3, "Mallory")  # anyone holding the join link: no seat was freed
    assert_recorded(app, client, won)


def test_the_table_after_the_win_names_the_winner_as_they_won(app, client, won):
    assert act(client, won, type="free_seat", seat=1).status_code == 200
    mallory = join(app, won, 1, "Mallory")
    join(app, won, 3, "Trudy")
    for page in (client.get(f"/t/{won}/display"), mallory.get(f"/t/{won}/seat")):
        html = page.get_data(as_text=True)
        assert "Ana has won!" in html and "Mallory has won!" not in html
    final = re.findall(r'<span>([^<]*)</span> <b data-testid="final-\d">(\d+)<', mallory.get(f"/t/{won}/seat").text)
    assert final == [("Ana", "25"), ("Ben", "5"), ("Cleo", "0")]
    refused = act(mallory, won, type="adjust_slack", seat=1, delta=1)
    assert refused.status_code == 409 and "The game is over: Ana has won." in refused.text
    assert act(client, won, type="rematch").status_code == 200
    assert "has won!" not in client.get(f"/t/{won}/display").text


def test_the_rematch_is_played_by_who_sits_there_now(app, client, won):
    assert act(client, won, type="free_seat", seat=1).status_code == 200
    mallory = join(app, won, 1, "Mallory")
    assert act(client, won, type="rematch").status_code == 200
    assert [seat["name"] for seat in state(client, won)["seats"]] == ["Mallory", "Ben", "Cleo"]
    assert act(mallory, won, type="adjust_slack", seat=1, delta=20).status_code == 200
    assert_recorded(app, client, won, absent=())
    story = client.get("/games/1/2").get_data(as_text=True)
    assert 'data-testid="story-winner">Mallory won<' in story and "Ana" not in story


def test_the_record_survives_a_restart(app, client, won, database):
    join(app, won, 3, "Mallory")
    assert act(client, won, type="free_seat", seat=1).status_code == 200
    join(app, won, 1, "Mallory")
    display = restarted(app, client, database)
    assert_recorded(display.application, display, won)


def test_undoing_the_win_takes_its_record_back(app, client, won):
    assert act(client, won, type="free_seat", seat=1).status_code == 200
    mallory = join(app, won, 1, "Mallory")
    assert act(client, won, type="undo").status_code == 200
    assert client.get("/games/1/1").status_code == 404
    assert 'data-testid="archive"' not in client.get("/games").get_data(as_text=True)
    assert "Game 1:" not in made_host(app, app.test_client()).get("/club").get_data(as_text=True)
    assert act(mallory, won, type="adjust_slack", seat=1, delta=20).status_code == 200  # the 25 was taken back
    assert_recorded(app, client, won, [("Mallory", 20, True), ("Ben", 5, False), ("Cleo", 0, False)], absent=("Ana",))


def test_an_archive_told_by_the_earlier_code_is_told_again(app, client, won, database):
    """The archive kept what the earlier code told (whoever sat at the seat later): the upgrade tells it again."""
    join(app, won, 3, "Mallory")
    assert "Cleo 0" in client.get("/games").get_data(as_text=True)  # the archive row is kept
    db = store.connect(app.config["DATABASE"])
    try:
        with store.write_transaction(db):
            games = db.execute("SELECT games FROM archive").fetchone()[0]
            assert '"Cleo"' in games
            db.execute("UPDATE archive SET games = ?", [games.replace('"Cleo"', '"Mallory"')])
            migrations = "schema_migrations" if database else "_sqlite_migrations"
            db.execute(f"DELETE FROM {migrations} WHERE name = 'm011_archive_told_at_the_win'")
    finally:
        db.close()
    display = restarted(app, client, database)
    assert_recorded(display.application, display, won)
