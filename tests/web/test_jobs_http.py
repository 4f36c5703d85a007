"""Chez Geek and Chez Goth through HTTP: the game at table creation, the job profile, jobs, a turn, a TV card."""

import re

import pytest

from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import open_table, profile_fields, set_up_goth


def test_the_front_page_offers_the_four_games(client):
    page = client.get("/").get_data(as_text=True)
    for value in ("guevara", "geek", "goth", "geekgoth"):
        assert f'<option value="{value}">' in page


def test_an_unknown_game_is_refused(client):
    response = client.post("/tables", data={"game": "munchkin", "seats": "3"})
    assert response.status_code == 400


@pytest.mark.parametrize("game, named, known, blank", [
    ("geek", ("Slacker", "Drummer", "Work Drone", "Temp", "Tech Support"), {"temp": "1/4", "tech_support": "20"},
     "slacker"),
    ("goth", ("Artist", "Barista", "Poet", "Porn Shop Clerk"), {"artist": "1/4", "porn_shop_clerk": "18"},
     "barista"),
])
def test_the_job_profile_lists_the_rulebooks_jobs_with_only_their_stated_numbers(client, game, named, known, blank):
    token = open_table(client, game)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert "Lay your purple job cards face up" in page and "rank cards" not in page
    for name in named:
        assert f'value="{name}"' in page
    for key, value in known.items():
        assert re.search(rf'id="job-(income|goal)-{key}"[^>]*value="{re.escape(value)}"', page), key
    assert f'id="job-income-{blank}" maxlength="5" value=""' in page


def test_the_combined_profile_has_both_decks_and_marks_the_goth_jobs(client):
    token = open_table(client, "geekgoth")
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert 'value="Slacker"' in page and 'value="Poet"' in page
    poet_row = page.split('data-job="poet"')[1].split("</tr>")[0]
    slacker_row = page.split('data-job="slacker"')[1].split("</tr>")[0]
    assert "checked" in poet_row and "checked" not in slacker_row


def test_the_job_profile_is_remembered_for_the_next_table(app, client):
    set_up_goth(app, client)
    token = open_table(client, "goth")
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert re.search(r'id="job-goal-poet"[^>]*value="21"', page)


def test_a_goth_turn_rolls_the_artists_income_for_everyone_to_see(app, client):
    token, (_ana, ben, _cleo) = set_up_goth(app, client)
    assert act(client, token, type="start_game").status_code == 200
    data = state(client, token)
    assert data["active_seat"] == 1 and data["last_roll"]["purpose"] == "income"
    income = 1 if data["last_roll"]["value"] <= 3 else 4
    assert data["turn"]["income_left"] == income
    html = ben.get(f"/t/{token}/seat").get_data(as_text=True)
    assert f'data-testid="income-left">Income left: {income}<' in html
    assert "the job&#39;s Income" in html or "the job's Income" in html
    assert [s["goal"] for s in data["seats"]] == [20, 21, 20]


def test_a_phone_plays_a_tv_card_on_anothers_activity(app, client):
    token, (ana, ben, _cleo) = set_up_goth(app, client)
    act(client, token, type="start_game")
    for phase in ("draw", "roll", "call"):
        assert act(ana, token, type="advance", seat=1, phase=phase, turn=1).status_code == 200
    act(ana, token, type="play_card", seat=1, name="Moping", card_type="activity", slack="2")
    page = ben.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'data-testid="watch-tv"' in page and 'data-section="goth.tv"' in page
    window = state(client, token)["window"]["id"]
    response = act(ben, token, type="watch_tv", seat=2, window=window, name="Vampire Soap")
    assert response.status_code == 200
    data = state(client, token)
    assert data["window"] is None and data["seats"][0]["tent"][0]["name"] == "Vampire Soap"
    assert data["seats"][0]["total"] == 1


def test_ranks_are_refused_at_a_job_table_with_a_link_to_the_jobs_rule(app, client):
    token, _phones = set_up_goth(app, client)
    html = act(client, token, type="deal_ranks").get_data(as_text=True)
    assert 'data-section="goth.jobs"' in html


def test_a_phone_loses_heartache_on_its_own_seat_only(app, client):
    token, (ana, ben, _cleo) = set_up_goth(app, client)
    act(client, token, type="start_game")
    assert act(ana, token, type="adjust_heartache", seat=1, delta=2).status_code == 200
    assert act(ben, token, type="adjust_heartache", seat=1, delta=-1).status_code == 403
    assert state(client, token)["seats"][0]["heartache"] == 2
    html = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'data-testid="heartache-1">Heartache 2<' in html


def test_the_web_designers_bonus_from_the_rulebook_lands_as_markers(app, client):
    token = open_table(client, "geek", seats=2)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    numbers = {"web_designer": ("3", "2", "21"), "slacker": ("2", "3", "25")}
    assert act(client, token, type="set_job_profile", **profile_fields(page, numbers)).status_code == 200
    act(client, token, type="set_job", seat=1, job="web_designer")
    act(client, token, type="set_job", seat=2, job="slacker")
    act(client, token, type="set_dealer", seat=2)
    act(client, token, type="start_game")
    for phase in ("draw", "roll", "call"):
        act(client, token, type="advance", seat=1, phase=phase, turn=1)
    act(client, token, type="play_card", seat=1, name="Im Netz surfen", slack="1", card_type="activity")
    act(client, token, type="pass_card", seat=2, window=state(client, token)["window"]["id"])
    card = state(client, token)["seats"][0]["tent"][0]
    assert (card["name"], card["slack"], card["markers"], card["worth"]) == ("Im Netz surfen", 1, 2, 3)
    html = client.get(f"/t/{token}/display").get_data(as_text=True)
    assert "printed +1, markers +2" in html


def test_no_raid_or_denounce_forms_at_a_job_table(app, client):
    token, (ana, _ben, _cleo) = set_up_goth(app, client)
    act(client, token, type="start_game")
    for phase in ("draw", "roll", "call"):
        act(ana, token, type="advance", seat=1, phase=phase, turn=1)
    html = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert 'value="call_raid"' not in html and 'value="denounce"' not in html and 'value="promote"' not in html
    assert act(ana, token, type="call_raid", seat=1, name="Raid", loot="2").status_code == 409


def test_a_job_table_speaks_of_rooms_not_tents(app, client):
    token, (ana, ben, _cleo) = set_up_goth(app, client)
    act(client, token, type="start_game")
    for phase in ("draw", "roll"):
        act(ana, token, type="advance", seat=1, phase=phase, turn=1)
    assert "Into the room of" in ana.get(f"/t/{token}/seat").get_data(as_text=True)
    act(ana, token, type="play_card", seat=1, name="Goth Friend", card_type="person", slack="2", target="2")
    html = ben.get(f"/t/{token}/seat").get_data(as_text=True)
    assert "calls Goth Friend into the room of Ben" in html and "into the tent of" not in html
    act(ana, token, type="roll_for_card", seat=1, value=5)
    act(ana, token, type="advance", seat=1, phase="call", turn=1)
    html = ana.get(f"/t/{token}/seat").get_data(as_text=True)
    assert "go shopping" in html and "one shopping trip" in html and "scrounging" not in html
    html = ben.get(f"/t/{token}/seat").get_data(as_text=True)
    assert "Goth Friend leaves the room" in html and "leaves the tent" not in html


def test_the_lab_rat_from_the_rulebook_may_not_play_booze(app, client):
    token = open_table(client, "geek", seats=2)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    numbers = {"lab_rat": ("2", "2", "20"), "slacker": ("2", "3", "25")}
    act(client, token, type="set_job_profile", **profile_fields(page, numbers))
    act(client, token, type="set_job", seat=1, job="lab_rat")
    act(client, token, type="set_job", seat=2, job="slacker")
    act(client, token, type="set_dealer", seat=2)
    act(client, token, type="start_game")
    for phase in ("draw", "roll", "call"):
        act(client, token, type="advance", seat=1, phase=phase, turn=1)
    refused = act(client, token, type="play_card", seat=1, name="White Russian", slack="2", cost="1")
    assert refused.status_code == 409 and 'data-section="geek.jobs"' in refused.get_data(as_text=True)


def test_the_json_api_plays_a_combined_game(client):
    created = client.post("/api/tables", json={"game": "geekgoth", "seats": 2, "language": "en"}).get_json()
    token, key = created["token"], created["display_key"]

    def post(**body):
        return client.post(f"/t/{token}/actions", json=body, headers={"Authorization": f"Bearer {key}"})

    jobs = [{"key": "artist", "name": "Artist", "income": [1, 4], "free_time": [2], "goal": 20, "goth": True},
            {"key": "slacker", "name": "Slacker", "income": [2], "free_time": "3", "goal": 25},
            {"key": "", "name": "Our Own Job", "income": "2/5", "free_time": [1], "goal": 19}]
    assert post(type="set_job_profile", args={"jobs": jobs}).status_code == 200
    profile = client.get(f"/t/{token}/state.json").get_json()["job_profile"]
    own = profile[2]
    assert own["key"].startswith("custom_") and (own["income"], own["goal"], own["goth"]) == ([2, 5], 19, False)
    for seat, job in ((1, "artist"), (2, "slacker")):
        assert post(type="set_job", seat=seat, args={"job": job}).status_code == 200
    assert post(type="set_dealer", seat=2).status_code == 200
    assert post(type="start_game").status_code == 200
    assert post(type="adjust_heartache", seat=1, args={"delta": 2}).status_code == 200
    assert post(type="change_job", seat=1, args={"job": own["key"], "why": "fired"}).status_code == 200
    data = client.get(f"/t/{token}/state.json").get_json()
    assert data["game"] == "geekgoth" and data["goal"] is None
    ana = data["seats"][0]
    assert (ana["job"], ana["goal"], ana["goth"], ana["heartache"], ana["total"]) == (own["key"], 19, False, 0, 1)
    assert post(type="set_job_profile", args={"jobs": [{"name": "x", "income": "5/1/2"}]}).status_code == 400


def card_form_choices(html: str) -> tuple[set[str], set[str]]:
    """The categories and pest categories the card form offers (its checkboxes are the only ones so named)."""
    assert 'data-testid="play-card"' in html
    return (set(re.findall(r'name="categories" value="([a-z_]+)"', html)),
            set(re.findall(r'name="pest" value="([a-z_]+)"', html)))


# Free Time's form takes Activities and Things: a Partner is a Person's category (Call People's form asks for it).
@pytest.mark.parametrize("game, offered, not_offered", [
    ("geek", {"food", "weed", "mushrooms", "web"}, {"heartache", "clothing", "jewellery", "raid", "partner"}),
    ("goth", {"clothing", "jewellery", "heartache"}, {"mushrooms", "partner", "web", "raid", "food"}),
    ("geekgoth", {"mushrooms", "web", "clothing", "jewellery", "heartache"}, {"raid", "partner"}),
])
def test_the_card_form_offers_the_games_own_categories(client, game, offered, not_offered):
    token = open_table(client, game, seats=2)
    page = client.get(f"/t/{token}/display").get_data(as_text=True)
    numbers = {"slacker": ("2", "3", "25"), "drummer": ("2", "3", "25"), "artist": ("1/4", "2", "20"),
               "poet": ("1", "3", "21")}
    assert act(client, token, type="set_job_profile", **profile_fields(page, numbers)).status_code == 200
    first, second = ("artist", "poet") if game == "goth" else ("slacker", "drummer")
    act(client, token, type="set_job", seat=1, job=first)
    act(client, token, type="set_job", seat=2, job=second)
    act(client, token, type="set_dealer", seat=2)
    act(client, token, type="start_game")
    for phase in ("draw", "roll", "call"):
        act(client, token, type="advance", seat=1, phase=phase, turn=1)
    categories, pests = card_form_choices(client.get(f"/t/{token}/display").get_data(as_text=True))
    assert offered <= categories | pests
    assert not not_offered & (categories | pests)


SLOTHS = "Sloths – Nature's Sleeping Pills"  # a TV card of Chez Geek's deck


def test_a_tv_card_named_as_a_cancel_stops_neither_a_call_nor_a_free_time(app, client):
    token, (ana, ben, _cleo) = set_up_goth(app, client, game="geekgoth")
    act(client, token, type="start_game")
    for phase in ("draw", "roll"):
        act(ana, token, type="advance", seat=1, phase=phase, turn=1)
    act(ana, token, type="play_card", seat=1, name="Roommate Pal", card_type="person", slack="2")
    window = state(client, token)["window"]["id"]
    refused = act(ben, token, type="cancel_card", seat=2, window=window, **{"with": SLOTHS})
    assert refused.status_code == 409 and "A TV card cannot stop anyone calling People." in refused.get_data(
        as_text=True)
    assert state(client, token)["window"]["id"] == window  # the call still waits for its roll
    act(ana, token, type="roll_for_card", seat=1)
    act(ana, token, type="advance", seat=1, phase="call", turn=1)
    act(ana, token, type="play_card", seat=1, name="Moping", card_type="activity", slack="2")
    window = state(client, token)["window"]["id"]
    refused = act(ben, token, type="cancel_card", seat=2, window=window, **{"with": SLOTHS.lower()})
    assert refused.status_code == 409 and "they watch TV instead" in refused.get_data(as_text=True)
    assert state(client, token)["window"]["id"] == window
