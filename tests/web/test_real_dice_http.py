"""Every roll can be a real die, and cards the forms could not express, through HTTP as phones and the display do."""

import re

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import PROFILE, set_up_goth


def test_a_table_rolling_its_own_die_enters_the_artists_income_on_the_phone(app, client):
    token, (ana, ben, _cleo) = set_up_goth(app, client)  # Ana is the Artist: Income 1/4
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert 'data-testid="job-die-setting"' in page
    assert act(ben, token, type="set_job_die", physical="1").status_code == 403  # the display's choice
    assert act(client, token, type="set_job_die", physical="1").status_code == 200
    act(client, token, type="start_game")
    assert state(client, token)["turn"]["awaiting"] == ["income"]
    html = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'data-testid="job-roll-2"' in html and 'data-testid="advance"' not in html
    assert "1-3 gives 1, 4-6 gives 4" in html
    refused = act(ana, token, type="advance", seat=1, phase="draw", turn=1)
    assert refused.status_code == 409 and "First roll the job&#39;s die" in refused.get_data(as_text=True)
    assert act(ana, token, type="job_roll", seat=1, field="income", value=2).status_code == 200
    data = state(client, token)
    assert data["turn"]["income_left"] == 1 and data["last_roll"]["physical"] is True
    html = ben.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'data-testid="income-left">Income left: 1<' in html
    assert "rolled a physical die: 2 for the job&#39;s Income — Artist — Income 1 this turn" in html


def test_the_job_roll_is_one_tap_in_the_action_bar(app, client):
    token, (ana, _ben, _cleo) = set_up_goth(app, client)  # Ana is the Artist: Income 1/4
    act(client, token, type="set_job_die", physical="1")  # the turn waits for the job's die
    act(client, token, type="start_game")
    html = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    bar = re.search(r'(?s)<nav id="action-bar".*?</nav>', html).group(0)
    # the bar holds the roll itself (the companion's die, or the table's: I rolled N), not a link to it
    assert 'name="type" value="job_roll"' in bar and 'data-testid="job-roll"' in bar and "data-go=" not in bar
    assert 'data-testid="job-roll-4"' in bar
    assert html.count('value="job_roll"') == 1  # the card above only explains what the roll decides
    assert "1-3 gives 1, 4-6 gives 4" in html
    display = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert 'value="job_roll"' in display  # the display may still enter it
    assert act(ana, token, type="job_roll", seat=1, field="income", value=5).status_code == 200
    assert state(client, token)["turn"]["income_left"] == 4


def test_the_jobs_income_entered_in_the_dice_panel_counts(app, client):
    """The issue's report: "the job's Income", 2 in the dice panel was logged, but Income left stayed 4."""
    token, (ana, _ben, _cleo) = set_up_goth(app, client)
    act(client, token, type="set_job_die", physical="1")
    act(client, token, type="start_game")
    assert act(ana, token, type="roll_die", seat=1, purpose="income", value=2).status_code == 200
    assert state(client, token)["turn"]["income_left"] == 1


def two_privates(app, client):
    """A two-seat Chez Guevara table in Ana's Call People phase (dealer Ben): both are Privates."""
    response = client.post("/tables", data={"game": "guevara", "seats": "2", "language": "en"})
    token = response.headers["Location"].split("/")[2]
    act(client, token, type="set_profile", **PROFILE)
    act(client, token, type="deal_ranks")
    act(client, token, type="set_dealer", seat=2)
    act(client, token, type="start_game")
    ana, ben = join(app, token, 1, "Ana"), join(app, token, 2, "Ben")
    for phase in ("draw", "roll"):
        act(ana, token, type="advance", seat=1, phase=phase, turn=1)
    return token, ana, ben


def next_turn_of_ana(token, ana, ben, phase):
    """Ana ends her turn, Ben passes his, and Ana's next turn goes on to `phase`."""
    for current in ("call", "freetime", "discard", "heal"):
        act(ana, token, type="advance", seat=1, phase=current, turn=1)
    for current in ("draw", "roll", "call", "freetime", "discard", "heal"):
        act(ben, token, type="advance", seat=2, phase=current, turn=2)
    for current in ("draw", "roll", "call", "freetime")[:("draw", "roll", "call", "freetime").index(phase)]:
        act(ana, token, type="advance", seat=1, phase=current, turn=3)


def test_a_physical_die_sends_a_person_away_from_the_get_rid_card(app, client):
    token, ana, ben = two_privates(app, client)
    assert act(ana, token, type="play_card", seat=1, name="Drunk Uncle", card_type="person",
               slack="0").status_code == 200
    next_turn_of_ana(token, ana, ben, "roll")
    html = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'data-testid="get-rid-5"' in html  # "I rolled 5" next to the Person
    uncle = state(client, token)["seats"][0]["tent"][0]["id"]
    refused = act(ana, token, type="roll_die", seat=1, purpose="get_rid", value=5)
    assert refused.status_code == 409 and "Get rid of People" in refused.get_data(as_text=True)
    assert act(ana, token, type="get_rid", seat=1, card=uncle, to="2", value=5).status_code == 200
    data = state(client, token)
    assert data["seats"][0]["tent"] == [] and [c["name"] for c in data["seats"][1]["tent"]] == ["Drunk Uncle"]


def test_lucky_seven_typed_into_the_card_form_raises_this_turns_income_and_the_log_names_it(app, client):
    token, ana, ben = two_privates(app, client)
    act(ana, token, type="advance", seat=1, phase="call", turn=1)
    played = act(ana, token, type="play_card", seat=1, name="Lucky 7")
    assert played.status_code == 200, played.get_data(as_text=True)
    assert state(client, token)["turn"]["income_left"] == 2 + 1
    assert "Ana: plays Lucky 7: +1 Income this turn" in ben.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'data-testid="budget-card"' in ana.get(f"/t/{token}/seat").get_data(as_text=True)
    act(ana, token, type="budget_card", seat=1, name="Overtime", free_time="1")
    assert state(client, token)["turn"]["free_time_left"] == 2 + 1


def test_requisition_is_a_move_into_the_tent_it_goes_to(app, client):
    token, ana, ben = two_privates(app, client)
    act(ana, token, type="advance", seat=1, phase="call", turn=1)
    act(ana, token, type="play_card", seat=1, name="New Beret", slack="1", cost="0")
    act(ana, token, type="advance", seat=1, phase="freetime", turn=1)
    beret = state(client, token)["seats"][0]["tent"][0]["id"]
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert re.search(rf'name="card" value="{beret}">\s*<label[^>]*>Move New Beret into the tent of', page)
    assert act(ana, token, type="move_card", seat=1, card=beret, to="2").status_code == 200
    data = state(client, token)
    assert data["seats"][0]["tent"] == [] and data["seats"][1]["tent"][0]["name"] == "New Beret"


def test_the_second_thing_of_a_scrounging_trip_has_categories_and_feeds_a_pest(app, client):
    token, ana, ben = two_privates(app, client)
    act(ana, token, type="advance", seat=1, phase="call", turn=1)
    assert 'name="categories_2"' in ana.get(f"/t/{token}/seat").get_data(as_text=True)
    played = act(ana, token, type="play_card", seat=1, name="Soap", slack="1", name_2="Rice", cost_2="0",
                 slack_2="1", categories_2="food")
    assert played.status_code == 200, played.get_data(as_text=True)
    act(ana, token, type="advance", seat=1, phase="freetime", turn=1)
    tent = {card["name"]: card for card in state(client, token)["seats"][0]["tent"]}
    assert tent["Rice"]["categories"] == ["food"]
    for current in ("discard", "heal"):
        act(ana, token, type="advance", seat=1, phase=current, turn=1)
    for current in ("draw", "roll"):
        act(ben, token, type="advance", seat=2, phase=current, turn=2)
    act(ben, token, type="play_card", seat=2, name="Gordo", slack="0", target="1")  # takes Food or Booze
    assert [d["seat"] for d in state(client, token)["pest_demands"]] == [1]
    assert act(ana, token, type="feed_pest", seat=1, card=tent["Rice"]["id"]).status_code == 200
    assert "Rice" not in [card["name"] for card in state(client, token)["seats"][0]["tent"]]
