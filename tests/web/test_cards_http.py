"""Playing cards through HTTP: the catalog fills what it knows, the table enters the rest once, others cancel."""

import pytest

from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import started, to_phase


def test_a_known_card_asks_only_for_what_the_rulebook_does_not_print(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    asked = act(ana, table, type="play_card", seat=1, name="Soap")
    assert asked.status_code == 400
    assert "Copy from Soap what this server does not know yet: Slack, categories." in asked.get_data(as_text=True)
    played = act(ana, table, type="play_card", seat=1, name="soap", slack=1)
    assert played.status_code == 200
    html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="window"' in html and "goes scrounging: Soap" in html
    assert "Income left: 1" in html  # Soap's printed cost of 1 came from the catalog


def test_the_table_enters_a_new_card_once_and_the_server_remembers_it(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2,
        categories="sleep")
    act(ana, table, type="advance", seat=1, phase="freetime", turn=1)
    assert state(ana, table)["seats"][0]["total"] == 1 + 2
    for phase in ("discard", "heal"):
        act(ana, table, type="advance", seat=1, phase=phase, turn=1)
    for phase in ("draw", "roll", "call"):
        act(ben, table, type="advance", seat=2, phase=phase, turn=2)
    again = act(ben, table, type="play_card", seat=2, name="hammock time")  # no numbers typed this time
    assert again.status_code == 200, again.get_data(as_text=True)
    assert state(ben, table)["window"]["cards"][0]["slack"] == 2


def test_another_phone_cancels_an_activity_and_it_counts_as_never_played(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2,
        categories="sleep")
    html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    window = html.split('name="window" value="')[1].split('"')[0]
    canceled = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "Bomb Making Practice"})
    assert canceled.status_code == 200
    now = state(ana, table)
    assert now["seats"][0]["total"] == 1
    assert "canceled the card of Ana with Bomb Making Practice" in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    late = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "Bomb Making Practice"})
    assert late.status_code == 409 and "Too late" in late.get_data(as_text=True)


@pytest.mark.parametrize("played", [{"name": "KP"}, {"name": "Long Walk", "card_type": "activity", "slack": "1"}])
def test_a_card_that_cancels_only_sleep_does_not_cancel_an_activity_of_no_kind(app, client, table, played):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert act(ana, table, type="play_card", seat=1, **played).status_code == 200
    window = state(ana, table)["window"]
    refused = act(ben, table, type="cancel_card", seat=2, window=window["id"], **{"with": "Bomb Making Practice"})
    assert refused.status_code == 409 and "does not cancel this kind of card" in refused.get_data(as_text=True)
    assert state(ana, table)["window"] == window


def test_a_call_is_rolled_by_the_server_and_shown_to_all(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Call People")
    act(ana, table, type="play_card", seat=1, name="Camp Cook", card_type="person", slack=2)
    waiting = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="roll-for-card"' in waiting
    assert 'data-testid="advance"' not in waiting and 'data-testid="withheld-advance"' in waiting  # roll first
    assert 'data-testid="roll-for-card"' not in ben.get(f"/t/{table}/seat").get_data(as_text=True)
    act(ana, table, type="roll_for_card", seat=1)
    log = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "rolled" in log and "to call" in log


def test_card_names_are_escaped(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="<img src=x onerror=alert(1)>", card_type="activity", slack=1)
    html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "<img src=x" not in html and "&lt;img src=x" in html


def test_a_new_pest_is_entered_once_and_eats_on_arrival(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Rum", card_type="thing", slack=1, cost=0, categories="booze")
    for phase in ("freetime", "discard", "heal"):
        act(ana, table, type="advance", seat=1, phase=phase, turn=1)
    for phase in ("draw", "roll"):
        act(ben, table, type="advance", seat=2, phase=phase, turn=2)
    act(ben, table, type="play_card", seat=2, name="Party Girl", slack=0, pest="booze", target=1)
    html = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert 'data-testid="demand"' in html and "Discard Rum" in html
    assert "takes Booze" in html  # the tent says what the pest eats
    assert state(ana, table)["pest_demands"][0]["categories"] == ["booze"]


def test_a_roll_a_card_demands_is_labelled(app, client, table):
    ana, ben = started(app, client, table)
    act(ana, table, type="roll_die", seat=1, purpose="card", note="Bomb Expert", value=2)
    assert "a roll a card demands · Bomb Expert" in ben.get(f"/t/{table}/seat").get_data(as_text=True)


def test_only_a_higher_rank_sees_pull_rank_and_it_replaces_the_activity(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private on turn, Ben Corporal
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    ben_html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Pull rank: hand over an Activity instead" in ben_html
    assert "Pull rank: hand over an Activity instead" not in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    window = ben_html.split('name="window" value="')[1].split('"')[0]
    assert act(ben, table, type="pull_rank", seat=2, window=window, name="Dig Holes").status_code == 200
    now = state(ana, table)
    assert now["seats"][1]["slack"] == 1 and now["window"]["cards"][0]["name"] == "Dig Holes"
    assert "Ordered by Ben (pulling rank)." in ana.get(f"/t/{table}/seat").get_data(as_text=True)


def test_bomb_making_practice_cancels_a_sleep_card_only(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Call People")
    for play, phase in (({"name": "Gordo", "slack": 0, "target": 2}, "Call People"),
                        ({"name": "Soap", "slack": 1}, "Free Time")):  # a Person, then a scrounging trip
        to_phase(ana, table, 1, phase)
        act(ana, table, type="play_card", seat=1, **play)
        window = state(ana, table)["window"]["id"]
        refused = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "Bomb Making Practice"})
        assert refused.status_code == 409 and "does not cancel this kind of card" in refused.get_data(as_text=True)
        assert state(ana, table)["window"]["id"] == window
    act(ana, table, type="advance", seat=1, phase="freetime", turn=1)
    assert [card["name"] for card in state(ana, table)["seats"][0]["tent"]] == ["Soap"]
    assert [card["name"] for card in state(ana, table)["seats"][1]["tent"]] == ["Gordo"]
