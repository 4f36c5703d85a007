"""Setting up ranks and playing the turn through HTTP, as the display and the phones do."""

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import PROFILE, set_up, started


def test_the_display_walks_through_setup_and_starts_the_game(app, client, table):
    page = client.get(f"/t/{table}/display").get_data(as_text=True)
    assert "Lay your eight purple rank cards face up" in page
    assert 'name="income_corporal"' in page and 'value="3"' in page
    ana, ben = set_up(app, client, table)
    assert act(client, table, type="start_game").status_code == 200
    html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="turn-player">Ana<' in html and 'data-testid="turn-phase">Draw<' in html
    assert "Ana draws Life cards up to 6." in html  # Ben's phone speaks of Ana in the third person
    assert "Draw Life cards until you hold 6." in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="income-left">Income left: 2<' in html
    assert 'data-testid="advance"' not in html  # Ben may not advance Ana's turn
    assert 'data-testid="advance"' in ana.get(f"/t/{table}/seat").get_data(as_text=True)


def test_rank_values_are_remembered_for_the_next_table(app, client, table):
    act(client, table, type="set_profile", **PROFILE)
    response = client.post("/api/tables", json={"seats": 3})
    display_url = response.get_json()["display_url"].replace("http://127.0.0.1:5999", "")
    page = client.get(display_url, follow_redirects=True).get_data(as_text=True)
    assert 'name="income_sergeant"' in page and 'value="May pull rank on anyone"' in page


def test_rank_slack_shows_in_the_totals(app, client, table):
    set_up(app, client, table)
    assert [s["total"] for s in state(client, table)["seats"]] == [1, 2, 3, 1]


def test_the_active_phone_advances_and_a_repeated_tap_does_not(app, client, table):
    ana, ben = set_up(app, client, table)
    act(client, table, type="start_game")
    assert act(ana, table, type="advance", seat=1, phase="draw", turn=1).status_code == 200
    again = act(ana, table, type="advance", seat=1, phase="draw", turn=1)
    assert again.status_code == 409 and "The turn has already moved on." in again.get_data(as_text=True)
    assert "Ana rolls to get rid of unwanted People" in ben.get(f"/t/{table}/seat").get_data(as_text=True)


def test_a_phone_cannot_advance_someone_elses_turn(app, client, table):
    ana, ben = set_up(app, client, table)
    act(client, table, type="start_game")
    refused = act(ben, table, type="advance", seat=2, phase="draw", turn=1)
    assert refused.status_code == 409 and "It is not your turn." in refused.get_data(as_text=True)
    assert act(ben, table, type="advance", seat=1, phase="draw", turn=1).status_code == 403


def test_a_profile_that_does_not_add_up_is_refused(client, table):
    response = act(client, table, type="set_profile", **{**PROFILE, "count_private": 3})
    assert response.status_code == 409
    assert act(client, table, type="set_profile", **{**PROFILE, "income_private": "lots"}).status_code == 400
    assert state(client, table)["version"] == 1


def test_a_phone_cannot_change_the_setup(app, client, table):
    ana = join(app, table, 1, "Ana")
    assert act(ana, table, type="set_profile", **PROFILE).status_code == 403


def test_a_refusal_names_the_rank_in_the_phones_language(app, client, table):
    set_up(app, client, table)
    client.post("/language", data={"lang": "ru"})
    act(client, table, type="set_rank", seat=4, rank="corporal")
    refused = act(client, table, type="set_rank", seat=1, rank="corporal")
    assert refused.status_code == 409
    assert "Капрал" in refused.get_data(as_text=True).split('class="error"')[1].split("</p>")[0]


def test_each_player_may_enter_the_rank_card_they_were_dealt(app, client, table):
    act(client, table, type="set_profile", **PROFILE)
    ana = join(app, table, 1, "Ana")
    assert "Which rank card were you dealt?" in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert act(ana, table, type="set_rank", seat=1, rank="sergeant").status_code == 200
    assert act(ana, table, type="set_rank", seat=2, rank="private").status_code == 403
    assert state(client, table)["seats"][0]["rank"] == "sergeant"


def test_a_phone_plays_promotion_on_itself_and_demotion_on_another(app, client, table):
    ana, ben = started(app, client, table)  # Private, Corporal, Sergeant, Private; 4/2/2 cards
    assert act(ana, table, type="demote", seat=1, target=3).status_code == 200  # Sergeant -> Corporal
    assert act(ana, table, type="promote", seat=1).status_code == 409  # both Corporal cards are taken
    assert act(ben, table, type="promote", seat=2).status_code == 200  # Corporal -> Sergeant
    assert act(ana, table, type="promote", seat=1).status_code == 200  # Ben's Corporal card is free now
    assert [s["rank"] for s in state(client, table)["seats"]] == ["corporal", "sergeant", "corporal", "private"]
    html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "<b>Seat 3</b> is demoted to Corporal (Demotion card of Ana)" in html
    assert "<b>Ana</b> is promoted to Corporal" in html
    assert act(ben, table, type="promote", seat=1).status_code == 403
