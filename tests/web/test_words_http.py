"""Words a German or Russian table reads (#33 items 10 and 11): free rank cards are not promotions, the rank's
penalty has one name, a loot form is asked only what it holds, and no German card name among Russian chips."""

import html as markup

from tests.helpers.http_phones import act
from tests.helpers.http_tables import PROFILE, started


def open_in(client, lang, game="guevara", seats=4):
    response = client.post("/tables", data={"game": game, "seats": str(seats), "language": lang})
    return response.headers["Location"].split("/")[2]


def text(response):
    return markup.unescape(response.get_data(as_text=True))


def ok(response):
    assert response.status_code == 200, text(response).split('class="error"')[-1][:300]


def test_the_german_setup_lists_free_rank_cards_not_promotions(app, client):
    token = open_in(client, "de")
    ok(act(client, token, type="set_profile", **PROFILE))
    page = text(client.get(f"/t/{token}/display"))
    assert "Freie Dienstgradkarten:" in page and "Beförderungen" not in page


def test_a_german_denouncement_names_the_ranks_penalty_one_way(app, client):
    token = open_in(client, "de")
    ana, ben = started(app, client, token)
    ok(act(ben, token, type="denounce", seat=2, target=1))
    ok(act(ana, token, type="denounce_roll", seat=1, value=1, extra=0))
    page = text(ana.get(f"/t/{token}/seat"))
    assert "Nachteil des Dienstgrads" in page
    for other in ("Malus", "Abzug", "Rangs"):
        assert other not in page


def test_a_russian_denouncement_speaks_of_the_rank_not_a_title(app, client):
    token = open_in(client, "ru")
    ana, ben = started(app, client, token)
    ok(act(ana, token, type="denounce", seat=1, target=2))
    before = text(ben.get(f"/t/{token}/seat"))
    ok(act(ben, token, type="denounce_roll", seat=2, value=1, extra=0))
    after = text(ben.get(f"/t/{token}/seat"))
    assert "Штраф ранга Капрал" in before and "штраф ранга −1" in after
    assert "звания" not in before + after


def test_a_thing_from_the_loot_is_asked_only_what_the_loot_form_holds(app, client):
    token = open_in(client, "de")
    started(app, client, token)  # Cleo (seat 3) is the Sergeant: she leads the raid in her Free Time
    for turn, seat in ((1, 1), (2, 2)):
        for phase in ("draw", "roll", "call", "freetime", "discard", "heal"):
            ok(act(client, token, type="advance", seat=seat, phase=phase, turn=turn))
    for phase in ("draw", "roll", "call"):
        ok(act(client, token, type="advance", seat=3, phase=phase, turn=3))
    ok(act(client, token, type="call_raid", seat=3, name="Überfall auf das Dorf", loot=2))
    for seat, value in ((3, 6), (1, 1), (2, 2), (4, 3)):
        ok(act(client, token, type="raid_roll", seat=seat, value=value))
    refused = text(act(client, token, type="take_loot", seat=3, name="Zahnbürste"))
    message = refused.split("data-refusal>")[1].split("<")[0]
    assert "was dieser Server noch nicht kennt: Slack." in message and "Typen" not in message


def test_russian_chips_name_chez_guevara_cards_in_russian(app, client):
    token = open_in(client, "ru")
    ana, _ben = started(app, client, token)
    for phase in ("draw", "roll", "call"):
        ok(act(ana, token, type="advance", seat=1, phase=phase, turn=1))
    page = text(ana.get(f"/t/{token}/seat"))
    assert "Handgranate" not in page and "Trockenfleisch" not in page
    assert "Граната" in page and "Вяленое мясо" in page
