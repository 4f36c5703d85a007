"""Through HTTP, each offer a player needs is on their phone (issue 57): a Sergeant's Demotion and Denounce!, the
reason a Promotion is withheld, a blank job card's numbers asked where the New Job brought it out, and a card let
pass once, by its own phone or, for a seat no phone holds, by the display."""

import html as markup

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import PROFILE, open_table, started, to_phase


def page(client, url) -> str:
    """A page's text with entities decoded."""
    return markup.unescape(client.get(url).get_data(as_text=True))


def ok(response):
    """The tap was taken."""
    assert response.status_code == 200, markup.unescape(response.get_data(as_text=True)).split(
        'class="error"')[-1][:300]


def refused(response, status=409) -> str:
    """The refusal's text as the phone shows it."""
    assert response.status_code == status, response.status_code
    return markup.unescape(response.get_data(as_text=True))


def test_a_sergeant_plays_demotion_and_denounce_from_the_phone(app, client, table):
    started(app, client, table)  # Ana Private, Ben Corporal, Cleo Sergeant, Dan Private
    cleo = join(app, table, 3, "Cleo")
    html = page(cleo, f"/t/{table}/seat")
    assert 'data-offer="demote"' in html and 'data-offer="denounce"' in html
    assert 'data-offer="promote"' not in html
    assert "A Sergeant cannot be promoted." in html.split('data-testid="withheld-promote">')[1].split("</p>")[0]
    ok(act(cleo, table, type="demote", seat=3, target=2))
    assert state(client, table)["seats"][1]["rank"] == "private"
    ok(act(cleo, table, type="denounce", seat=3, target=1))
    assert state(client, table)["denunciation"]["target"] == 1


def test_a_corporal_reads_why_promotion_waits_when_no_sergeant_card_is_free(app, client, table):
    act(client, table, type="set_profile", **{**PROFILE, "count_private": 5, "count_sergeant": 1})
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant"), (4, "private")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    act(client, table, type="set_dealer", seat=4)
    act(client, table, type="start_game")
    ben = join(app, table, 2, "Ben")
    html = page(ben, f"/t/{table}/seat")
    reason = html.split('data-testid="withheld-promote">')[1].split("</p>")[0]
    assert "No Sergeant card is free: keep your Promotion card for later." in reason
    assert 'data-section="guevara.promotion"' in reason
    assert 'data-offer="demote"' in html and 'data-offer="promote"' not in html


def test_a_card_is_let_pass_once_and_the_display_passes_only_for_a_seat_without_a_phone(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    window = state(client, table)["window"]["id"]
    display = page(client, f"/t/{table}/display")
    assert "Let it pass for Seat 3" in display and "Let it pass for Ben" not in display
    told = refused(act(client, table, type="pass_card", seat=2, window=window))
    assert "only that phone lets the card pass" in told.split('class="error"')[1]
    ok(act(ben, table, type="pass_card", seat=2, window=window))
    again = refused(act(ben, table, type="pass_card", seat=2, window=window))
    assert "This player has already let the card pass." in again.split('class="error"')[1]
    assert state(client, table)["window"]["passed"] == [2]
    ok(act(client, table, type="pass_card", seat=3, window=window))
    assert "Display, for Seat 3" in page(client, f"/t/{table}/display")
    cleo = join(app, table, 3, "Cleo")
    assert "The table display let it pass for you." in page(cleo, f"/t/{table}/seat")


def _geek_with_a_blank_web_designer(app, client):
    """Chez Geek, Ana the Slacker and Ben the Temp, Web Designer in the deck with no numbers; Ben deals."""
    token = open_table(client, "geek", seats=2)
    jobs = [("slacker", "Slacker", "2", "3", "25"), ("temp", "Temp", "1/4", "2", "22"),
            ("web_designer", "Web Designer", "", "", "")]
    fields = {}
    for row, (key, name, income, free_time, goal) in enumerate(jobs):
        fields.update({f"key_{row}": key, f"name_{row}": name, f"income_{row}": income,
                       f"free_time_{row}": free_time, f"goal_{row}": goal, f"hand_{row}": "6"})
    ok(act(client, token, type="set_job_profile", **fields))
    ana, ben = join(app, token, 1, "Ana"), join(app, token, 2, "Ben")
    ok(act(ana, token, type="set_job", seat=1, job="slacker"))
    ok(act(ben, token, type="set_job", seat=2, job="temp"))
    act(client, token, type="set_dealer", seat=2)
    ok(act(client, token, type="start_game"))
    return token, ana, ben


def test_a_new_job_with_blank_numbers_is_entered_on_the_holders_phone_and_the_game_goes_on(app, client):
    token, ana, ben = _geek_with_a_blank_web_designer(app, client)
    assert 'data-offer="set_job_numbers"' not in page(ben, f"/t/{token}/seat")
    ok(act(ben, token, type="change_job", seat=2, job="web_designer", why="new_job"))
    html = page(ben, f"/t/{token}/seat")
    assert "Copy the numbers of your job card: Web Designer" in html
    assert 'data-offer="set_job_numbers"' in html and 'data-offer="set_job_numbers"' not in page(
        ana, f"/t/{token}/seat")
    assert "Copy the numbers of the job card of Ben: Web Designer" in page(client, f"/t/{token}/display")
    while state(client, token)["phase"] != "discard":
        data = state(client, token)
        ok(act(ana, token, type="advance", seat=1, phase=data["phase"], turn=data["turn"]["number"]))
    ended = act(ana, token, type="advance", seat=1, phase="discard", turn=1)
    assert "Enter the Income, Free Time and Slack goal of Web Designer first." in refused(ended)
    assert "Job values must be whole numbers." in refused(
        act(ben, token, type="set_job_numbers", seat=2, income="x", free_time="2", goal="21"), 400)
    ok(act(ben, token, type="set_job_numbers", seat=2, income="3", free_time="2", goal="21"))
    assert 'data-offer="set_job_numbers"' not in page(ben, f"/t/{token}/seat")
    ok(act(ana, token, type="advance", seat=1, phase="discard", turn=1))
    assert state(client, token)["active_seat"] == 2
    assert "copies the numbers of Web Designer: Income 3 · Free Time 2 · Slack goal 21" in page(
        client, f"/t/{token}/display")


def test_the_numbers_entered_in_play_are_remembered_for_the_next_table(app, client):
    token, _ana, ben = _geek_with_a_blank_web_designer(app, client)
    ok(act(ben, token, type="change_job", seat=2, job="web_designer", why="new_job"))
    ok(act(ben, token, type="set_job_numbers", seat=2, income="3", free_time="2", goal="21"))
    html = page(client, f"/t/{open_table(client, 'geek')}/display")
    assert 'id="job-goal-web_designer" inputmode="numeric" maxlength="2" value="21"' in html


def test_the_display_offers_the_raid_card_only_for_who_may_hand_one_over(app, client, table):
    from tests.helpers.rendered_offers import controls_on

    ana, _ben = started(app, client, table)  # Ben a Corporal, Cleo a Sergeant: both outrank Ana, Cleo alone raids
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    controls, _reasons = controls_on(page(client, f"/t/{table}/display"))
    assert {seat for offer, seat in controls if offer == "pull_rank"} == {2, 3}
    assert {seat for offer, seat in controls if offer == "pull_rank_raid"} == {3}  # found by the generated games


def test_before_the_job_cards_are_entered_the_display_offers_and_shows_the_job_die_setting(app, client):
    token = open_table(client, "goth", seats=3)
    assert state(client, token)["offers"]["set_job_die"] is True
    assert 'data-offer="set_job_die"' in client.get(f"/t/{token}/display").get_data(as_text=True)
