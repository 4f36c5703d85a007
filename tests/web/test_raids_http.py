"""Raids and denouncing through HTTP: each phone sees only what its seat may do, and the tallies follow."""

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import started, to_phase


def test_a_raid_from_the_call_to_the_last_loot_pick(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private, Ben Corporal, seat 3 Sergeant, seat 4 Private
    cleo, dan = join(app, table, 3, "Cleo"), join(app, table, 4, "Dan")
    act(client, table, type="set_rank", seat=3, rank="private")  # Ana becomes the only Corporal below
    act(client, table, type="set_rank", seat=2, rank="private")
    act(client, table, type="set_rank", seat=1, rank="corporal")
    to_phase(ana, table, 1, "Free Time")
    assert "Call a raid" in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Hand Ana a Raid card" in ben.get(f"/t/{table}/seat").get_data(as_text=True)
    asked = act(ana, table, type="call_raid", seat=1, name="Raid the Village")
    assert asked.status_code == 400 and (
        "Copy from Raid the Village what this server does not know yet: loot cards." in asked.get_data(as_text=True))
    assert act(ana, table, type="call_raid", seat=1, name="Raid the Village", loot=2).status_code == 200
    assert "calls a raid: Raid the Village" in dan.get(f"/t/{table}/seat").get_data(as_text=True)
    for seat, phone, value in ((1, ana, 4), (2, ben, 6), (3, cleo, 2), (4, dan, 1)):
        assert act(phone, table, type="raid_roll", seat=seat, value=value).status_code == 200
    after = state(client, table)
    ben_seat = after["seats"][1]
    assert ben_seat["wounds"] == 1 and ben_seat["rank"] == "corporal"  # wounded on a 6, and promoted
    assert after["raid"]["stage"] == "loot" and after["raid"]["picker"] == 1
    loot_page = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Take this Thing" in loot_page and 'data-section="guevara.raid.loot"' in loot_page  # the "?" of this step
    assert "Take this Thing" not in ben.get(f"/t/{table}/seat").get_data(as_text=True)
    act(ana, table, type="take_loot", seat=1, name="Cigars", slack=2)
    act(ana, table, type="name_second", seat=1, **{"with": 4})
    refused = act(ben, table, type="take_loot", seat=2, name="Rum", slack=1)
    assert refused.status_code == 409 and "It is not your pick of the loot." in refused.get_data(as_text=True)
    act(dan, table, type="take_loot", seat=4, name="Rum", slack=1)
    final = state(client, table)
    assert final["raid"] is None
    assert [c["name"] for c in final["seats"][0]["tent"]] == ["Cigars"]
    assert [c["name"] for c in final["seats"][3]["tent"]] == ["Rum"]


def test_a_denounce_answered_by_sweet_revenge(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private, Ben Corporal (penalty 1)
    html = ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Play Denounce!" in html
    act(ana, table, type="denounce", seat=1, target=2)
    assert "Roll for the denouncement" in ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Roll for the denouncement" not in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    act(ben, table, type="denounce_roll", seat=2, value=5)  # 5 - 1 = 4: innocent
    html = ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Sweet revenge with a Denounce! card" in html and "Sweet revenge with The Toady" not in html
    assert 'data-section="guevara.denounce.revenge"' in html
    act(ben, table, type="revenge", seat=2, **{"with": "card"})
    after = state(client, table)
    assert after["seats"][0]["rank"] == "private"  # a Private cannot go lower
    assert after["denunciation"] == {"by": 2, "target": 1, "stage": "move"}
    assert "Leave it" in ben.get(f"/t/{table}/seat").get_data(as_text=True)
    act(ben, table, type="denounce_done", seat=2)
    assert state(client, table)["denunciation"] is None


def test_a_private_is_denounced_although_the_profile_leaves_the_penalty_blank(app, client, table):
    """#17 item 1: the Private card prints no penalty; the blank counts as 0 and the Denounce! card resolves."""
    ana, ben = started(app, client, table)
    act(ben, table, type="denounce", seat=2, target=1)  # the profile left the Private's penalty blank
    rolled = act(ana, table, type="denounce_roll", seat=1, value=3)
    assert rolled.status_code == 200, rolled.get_data(as_text=True)
    assert state(client, table)["denunciation"]["stage"] == "revenge"  # 3 - 0 = 3: innocent
    assert "rolled 3 for the denouncement: 3 with modifiers, innocent" in ben.get(f"/t/{table}/seat").get_data(
        as_text=True)


def test_the_raid_that_wins_the_game_leaves_no_loot_picker_on_any_screen(app, client, table):
    """#17 item 7: Dan's promotion on the raid reaches the goal; nobody is asked to pick the loot any more."""
    ana, ben = started(app, client, table)
    cleo, dan = join(app, table, 3, "Cleo"), join(app, table, 4, "Dan")
    for seat, rank in ((3, "private"), (2, "private"), (1, "corporal")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    act(dan, table, type="adjust_slack", seat=4, delta=18)  # 18 + Private 1 = 19; a Corporal's 2 makes the goal
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="call_raid", seat=1, name="Raid the Village", loot=2)
    for seat, phone, value in ((1, ana, 4), (2, ben, 2), (3, cleo, 1), (4, dan, 5)):
        assert act(phone, table, type="raid_roll", seat=seat, value=value).status_code == 200
    after = state(client, table)
    assert after["winner"] == 4 and after["seats"][3]["rank"] == "corporal"
    screens = [phone.get(f"/t/{table}/seat") for phone in (ana, ben, cleo, dan)] + [client.get(f"/t/{table}/display")]
    for screen in screens:
        html = screen.get_data(as_text=True)
        assert "Dan has won!" in html and "Dan rolled highest." in html  # the raid's outcome stays told
        for control in ("Take this Thing", "I took another card into my hand", "No Things left: end the raid",
                        "loot-form", "picks from the loot"):
            assert control not in html, control
    refused = act(ana, table, type="take_loot", seat=1, name="Cigars", slack=2)
    assert refused.status_code == 409 and "The game is over" in refused.get_data(as_text=True)
    assert state(client, table)["seats"][0]["tent"] == []
