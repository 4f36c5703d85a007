"""What the table's log tells (#17 items 2, 3, 9, 10, 11): whose line it is, which card, and what the rules did."""

import html as markup

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import PROFILE, set_up_goth, started


def log_of(phone, table) -> str:
    """The table's whole log as a phone reads it, entities decoded."""
    return markup.unescape(phone.get(f"/t/{table}/log").get_data(as_text=True))


def advance(client, table, seat, phase, turn):
    """The display moves the turn on from `phase`."""
    ok(act(client, table, type="advance", seat=seat, phase=phase, turn=turn))


def ok(response):
    """The tap was taken."""
    assert response.status_code == 200, (
        markup.unescape(response.get_data(as_text=True)).split('class="error"')[-1][:300])


def uid_of(client, table, seat, name):
    """The id of a card in a seat's tent."""
    return next(card["id"] for card in state(client, table)["seats"][seat - 1]["tent"] if card["name"] == name)


def test_the_jobs_roll_as_a_turn_begins_names_the_player_whose_turn_it_is(app, client):
    token, (ana, _ben, cleo) = set_up_goth(app, client)  # Ana the Artist (Income 1/4), Cleo the Barista
    act(client, token, type="set_dealer", seat=2)  # Cleo starts, and her last tap begins Ana's turn
    act(client, token, type="start_game")
    for phase in ("draw", "roll", "call", "freetime", "discard"):
        assert act(cleo, token, type="advance", seat=3, phase=phase, turn=1).status_code == 200
    log = log_of(ana, token)
    assert "<b>Ana</b> rolled" in log and "for the job's Income — Artist" in log
    assert "<b>Cleo</b> rolled" not in log
    assert "<b>Ana</b> begins turn 2" in log


def test_a_line_names_its_player_once_and_the_display_only_when_it_tapped_for_them(app, client):
    token, (ana, _ben, _cleo) = set_up_goth(app, client)
    act(client, token, type="start_game")
    act(ana, token, type="adjust_slack", seat=1, delta=1)
    act(client, token, type="adjust_slack", seat=2, delta=2)
    act(ana, token, type="change_job", seat=1, job="porn_shop_clerk", why="new_job")
    log = log_of(ana, token)
    assert "<b>Ana</b> +1 Slack<" in log
    assert "<b>Display, for Ben</b> +2 Slack<" in log
    assert "<b>Ana</b> plays New Job and is now Porn Shop Clerk" in log
    assert "Ana</b> Ana" not in log and "Ben</b> Ben" not in log


def test_cards_moved_eaten_canceled_woken_or_worthless_are_named_in_the_log(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private (Free Time 2), Ben Corporal; Ana's turn 1
    for phase in ("draw", "roll"):
        advance(client, table, 1, phase, 1)
    ok(act(ana, table, type="play_card", seat=1, name="Pedro", card_type="person", slack=0, target=2))
    advance(client, table, 1, "call", 1)
    ok(act(ana, table, type="play_card", seat=1, name="Soap", slack=1))
    window = state(client, table)["window"]["id"]
    # A card nobody knows: the phone says what it cancels, once.
    ok(act(ben, table, type="cancel_card", seat=2, window=window, cancels="any", **{"with": "Customs Raid"}))
    ok(act(ana, table, type="play_card", seat=1, name="Sleep", slack=1, card_type="activity"))
    ok(act(client, table, type="adjust_free_time", seat=1, delta=1))
    ok(act(ana, table, type="play_card", seat=1, name="Beans", card_type="thing", slack=1, cost=0, categories="food"))
    for phase in ("freetime", "discard", "heal"):
        advance(client, table, 1, phase, 1)
    for phase in ("draw",):
        advance(client, table, 2, phase, 2)
    ok(act(ben, table, type="get_rid", seat=2, card=uid_of(client, table, 2, "Pedro"), to=3, value=6))
    advance(client, table, 2, "roll", 2)
    ok(act(ben, table, type="play_card", seat=2, name="Gordo", slack=0, target=1))
    ok(act(ana, table, type="feed_pest", seat=1, card=uid_of(client, table, 1, "Beans")))
    advance(client, table, 2, "call", 2)
    ok(act(ben, table, type="play_card", seat=2, name="Social Justice Nookie"))
    act(ben, table, type="roll_for_card", seat=2, value=6)  # 6 - 1 = 5 Slack: loud
    ok(act(ben, table, type="play_card", seat=2, name="Social Justice Nookie"))
    act(ben, table, type="roll_for_card", seat=2, value=1)  # 1 - 1 = 0 Slack
    ok(act(ana, table, type="denounce", seat=1, target=3))
    act(client, table, type="denounce_roll", seat=3, value=1)  # 1 - the Sergeant's 2: guilty
    ok(act(ana, table, type="denounce_move", seat=1, card=uid_of(client, table, 3, "Pedro"), to=4))
    log = log_of(ana, table)
    assert "canceled the scrounging of Ana with Customs Raid — Soap goes back to the hand" in log
    assert "rolled 6 to send Pedro away: off to the tent of Seat 3" in log
    assert "discards Beans for Gordo" in log
    assert ("rolled 6 for Social Justice Nookie: 5 Slack — Sleep is discarded from the tent of Ana: "
            "the Nookie next door was too loud") in log
    assert "rolled 1 for Social Justice Nookie: 0 Slack — Social Justice Nookie goes to the discard pile" in log
    assert "<b>Ana</b> moves Pedro from the tent of Seat 3 to the tent of Seat 4" in log


def test_a_later_picker_cannot_take_a_person_from_the_loot_and_the_leftover_is_discarded(app, client, table):
    ana, ben = started(app, client, table)
    dan = join(app, table, 4, "Dan")
    for seat, rank in ((3, "private"), (2, "private"), (1, "corporal")):
        act(client, table, type="set_rank", seat=seat, rank=rank)
    for phase in ("draw", "roll", "call"):
        advance(client, table, 1, phase, 1)
    act(ana, table, type="call_raid", seat=1, name="Raid the Village", loot=3)
    for seat, value in ((1, 5), (2, 1), (3, 2), (4, 3)):
        act(client, table, type="raid_roll", seat=seat, value=value)
    # the leader may take anything: to the hand
    act(ana, table, type="take_loot", seat=1, name="Glorious Leader", slack=0)
    assert state(client, table)["seats"][0]["tent"] == []
    act(ana, table, type="name_second", seat=1, **{"with": 4})
    refused = act(dan, table, type="take_loot", seat=4, name="Gordo", slack=0)
    text = markup.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 409
    assert "Gordo is not a Thing: only the raid's leader may take any card from the loot" in text
    assert 'data-section="guevara.raid.loot"' in text
    assert state(client, table)["seats"][3]["tent"] == []
    act(dan, table, type="take_loot", seat=4, name="Rum", slack=1)
    act(ana, table, type="end_loot", seat=1)
    log = log_of(ben, table)
    assert "takes Glorious Leader from the loot into the hand" in log
    assert "the raid is over — 1 loot card left over goes to the discard pile" in log


def test_a_two_player_table_is_warned_when_a_rank_other_than_private_is_set(app):
    display = app.test_client()
    response = display.post("/tables", data={"game": "guevara", "seats": "2",
                                             "language": "en"})
    table = response.headers["Location"].split("/")[2]
    act(display, table, type="set_profile", **PROFILE)
    act(display, table, type="set_rank", seat=1, rank="private")
    act(display, table, type="set_rank", seat=2, rank="corporal")
    page = markup.unescape(display.get(f"/t/{table}/display").get_data(as_text=True))
    assert "is now Corporal — the rulebook gives both players of a two-player game a Private" in page
    assert "is now Private —" not in page


def test_a_sleep_woken_when_the_free_time_phase_ends_is_named_on_its_owners_phone(app, client, table):
    """#17 item 11: nothing leaves a tent by itself when a turn ends; the nearest is a phase moving on, which
    settles the last Activity: Ben's loud Nookie lands as he taps Next phase, and Ana's Sleep next door goes."""
    ana, ben = started(app, client, table)  # Ana Private (seat 1), Ben Corporal (seat 2, Ana's neighbour)
    for phase in ("draw", "roll", "call"):
        advance(client, table, 1, phase, 1)
    ok(act(ana, table, type="play_card", seat=1, name="Sleep", slack=1, card_type="activity"))
    for phase in ("freetime", "discard", "heal"):
        ok(act(ana, table, type="advance", seat=1, phase=phase, turn=1))
    assert [card["name"] for card in state(client, table)["seats"][0]["tent"]] == ["Sleep"]
    for phase in ("draw", "roll", "call"):
        ok(act(ben, table, type="advance", seat=2, phase=phase, turn=2))
    ok(act(ben, table, type="play_card", seat=2, name="Nookie on the Barricade", card_type="activity", slack=5,
           categories="nookie"))  # a Slack printed on the card, so no roll settles it: the next phase does
    assert state(client, table)["seats"][0]["tent"] != []  # still in its cancel window: nothing happened yet
    ok(act(ben, table, type="advance", seat=2, phase="freetime", turn=2))
    after = state(client, table)
    assert after["seats"][0]["tent"] == [] and [c["name"] for c in after["seats"][1]["tent"]] == [
        "Nookie on the Barricade"]
    told = ("<b>Ben</b> keeps the card in play: nobody canceled it — Sleep is discarded from the tent of Ana: "
            "the Nookie next door was too loud")
    assert told in markup.unescape(ana.get(f"/t/{table}/seat").get_data(as_text=True))  # on Ana's own phone
    assert told in log_of(ana, table) and told in log_of(ben, table)


def test_what_anothers_card_did_to_ones_own_shows_atop_ones_panel_until_ones_next_tap(app, client, table):
    ana, ben = started(app, client, table)
    for phase in ("draw", "roll", "call"):
        advance(client, table, 1, phase, 1)
    ok(act(ana, table, type="play_card", seat=1, name="Sleep", slack=1, card_type="activity"))
    for phase in ("freetime", "discard", "heal"):
        ok(act(ana, table, type="advance", seat=1, phase=phase, turn=1))
    for phase in ("draw", "roll", "call"):
        ok(act(ben, table, type="advance", seat=2, phase=phase, turn=2))
    ok(act(ben, table, type="play_card", seat=2, name="Nookie on the Barricade", card_type="activity", slack=5,
           categories="nookie"))
    ok(act(ben, table, type="advance", seat=2, phase="freetime", turn=2))

    def done_to(phone):
        page = markup.unescape(phone.get(f"/t/{table}/seat").get_data(as_text=True))
        part = page.split('data-testid="done-to-me">')[1].split("</section>")[0] if "done-to-me" in page else ""
        return part, page

    part, page = done_to(ana)
    assert "Sleep is discarded from the tent of Ana" in part and "Ben" in part
    assert page.index('data-testid="done-to-me"') < page.index('data-testid="log"' if 'data-testid="log"' in page
                                                              else "</main>")
    assert done_to(ben)[0] == ""  # nothing of Ben's was touched
    ok(act(ana, table, type="adjust_slack", seat=1, delta=1))  # Ana's next tap: she has seen it
    assert done_to(ana)[0] == ""


def test_ones_own_card_landing_once_the_others_let_it_pass_is_not_told_as_done_to_one(app, client, table):
    ana, ben = started(app, client, table)
    for phase in ("draw", "roll", "call"):
        advance(client, table, 1, phase, 1)
    ok(act(ana, table, type="play_card", seat=1, name="Siesta", slack=1, card_type="activity", categories="sleep"))
    window = state(client, table)["window"]["id"]
    ok(act(ben, table, type="pass_card", seat=2, window=window))
    for seat in (3, 4):  # the display lets it pass for the others, who have no phone
        ok(act(client, table, type="pass_card", seat=seat, window=window))
    assert [card["name"] for card in state(client, table)["seats"][0]["tent"]] == ["Siesta"]
    page = markup.unescape(ana.get(f"/t/{table}/seat").get_data(as_text=True))
    assert 'data-testid="done-to-me"' not in page
