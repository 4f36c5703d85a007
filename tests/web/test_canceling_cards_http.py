"""A card named to cancel is the card the picker shows for the name, and the rules judge it by what it is: a card
that cancels nothing is refused with its rule, a card nobody knows is asked about once, a short name is its card."""

from markupsafe import Markup

from companion.storage import deck_knowledge
from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import set_up_goth, started, to_phase


def text(response) -> str:
    """What the phone reads in an answer, entities decoded."""
    return Markup(response.get_data(as_text=True)).unescape()


def beret_on_the_way(app, client, table):
    """Ana at 19 Slack buys a New Beret worth 2: the cancel window is open; Ben's and Cleo's phones answer it."""
    ana, ben = started(app, client, table)
    cleo = join(app, table, 3, "Cleo")
    to_phase(ana, table, 1, "Free Time")
    total = state(client, table)["seats"][0]["total"]
    assert act(client, table, type="adjust_slack", seat=1, delta=19 - total).status_code == 200
    assert act(ana, table, type="play_card", seat=1, name="New Beret", slack=2, cost=0).status_code == 200
    return ana, ben, cleo, state(client, table)["window"]["id"]


def test_requisition_does_not_cancel_the_winning_beret(app, client, table):
    ana, ben, cleo, window = beret_on_the_way(app, client, table)
    refused = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "Requisition"})
    page = text(refused)
    assert refused.status_code == 409
    assert "Requisition is not a canceling card: it cannot cancel anything." in page
    assert 'data-section="guevara.cancel"' in page  # the rule's link
    assert state(client, table)["window"]["id"] == window  # the Beret is still on its way
    for phone, seat in ((ben, 2), (cleo, 3), (join(app, table, 4, "Dan"), 4)):
        assert act(phone, table, type="pass_card", seat=seat, window=window).status_code == 200
    assert state(client, table)["winner"] == 1


def test_a_typo_or_a_short_name_is_the_card_it_stands_for_and_the_refusal_names_it(app, client, table):
    _ana, ben, _cleo, window = beret_on_the_way(app, client, table)
    for typed in ("Requisiton", "requis"):
        refused = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": typed})
        assert refused.status_code == 409, typed
        assert "Requisition is not a canceling card" in text(refused)  # the phone reads which card it became
    assert state(client, table)["window"]["id"] == window


def test_soap_does_not_cancel_a_sleep(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert act(ana, table, type="play_card", seat=1, name="Sleep", slack=1).status_code == 200
    window = state(client, table)["window"]["id"]
    refused = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "Soap"})
    assert refused.status_code == 409 and "Soap is not a canceling card" in text(refused)
    canceled = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "Bomb Making Practice"})
    assert canceled.status_code == 200


def test_a_card_nobody_knows_is_asked_about_once_and_remembered(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert act(ana, table, type="play_card", seat=1, name="Sleep", slack=1).status_code == 200
    window = state(client, table)["window"]["id"]
    asked = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "Bugle Call"})
    page = text(asked)
    assert asked.status_code == 400
    assert "This server does not know Bugle Call yet: say what it cancels." in page
    assert 'data-testid="cancel-cancels"' in page and 'value="sleep"' in page
    assert state(client, table)["window"]["id"] == window  # nothing was written
    answered = act(ben, table, type="cancel_card", seat=2, window=window, cancels="sleep", **{"with": "Bugle Call"})
    assert answered.status_code == 200, text(answered)[-400:]
    assert 'data-testid="cancel-cancels"' not in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    # Next time the server knows it: a Sleep it cancels without a question, Soap's scrounging it does not.
    assert act(ana, table, type="play_card", seat=1, name="Soap", slack=1).status_code == 200
    window = state(client, table)["window"]["id"]
    refused = act(ben, table, type="cancel_card", seat=2, window=window, **{"with": "bugle call"})
    assert refused.status_code == 409 and "Bugle Call does not cancel this kind of card." in text(refused)


def test_the_cancel_chips_on_a_scrounging_window_can_cancel_it(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert act(ana, table, type="play_card", seat=1, name="Soap", slack=1).status_code == 200

    def picks(typed):
        return ben.get(f"/t/{table}/card-picks", query_string={"q": typed, "form": "cancel"}).get_json()

    assert "Bomb Making Practice" not in [card["name"] for card in picks("")["cards"]]  # it cancels only Sleep
    typed = picks("Bomb Making Practice")
    assert typed["message"] == "Bomb Making Practice does not cancel this kind of card."
    assert typed["refused"] == "Bomb Making Practice"
    assert picks("Requisiton")["message"] == "Requisition is not a canceling card: it cannot cancel anything."


def test_sloths_by_its_short_name_is_refused_as_the_tv_card_it_is(app, client):
    token, (ana, ben, _cleo) = set_up_goth(app, client, game="geekgoth")
    act(client, token, type="start_game")
    for phase in ("draw", "roll"):
        act(ana, token, type="advance", seat=1, phase=phase, turn=1)
    act(ana, token, type="play_card", seat=1, name="Roommate Pal", card_type="person", slack="2")
    window = state(client, token)["window"]["id"]
    refused = act(ben, token, type="cancel_card", seat=2, window=window, **{"with": "Sloths"})
    assert refused.status_code == 409 and "A TV card cannot stop anyone calling People." in text(refused)
    assert state(client, token)["window"]["id"] == window
    picked = ben.get(f"/t/{token}/card-picks", query_string={"q": "Sloths", "form": "cancel"}).get_json()
    assert picked["message"] == "A TV card cannot stop anyone calling People."  # as the rules refused it above


def ambush_known_as_a_raid_card(app):
    """Ambush in the shared deck as other tables taught it: a Raid card with 2 loot cards."""
    with app.app_context():
        from companion.web.connection import get_db

        facts = {"type": "activity", "categories": ["raid"], "loot": 2}
        deck_knowledge.save(get_db(), deck_knowledge.Known("guevara", "en", "Ambush", facts, {}, 2))


def test_a_card_known_as_a_raid_card_is_handed_over_as_one(app, client, table):
    ambush_known_as_a_raid_card(app)
    ana, ben = started(app, client, table)  # Ben, a Corporal, is outranked by the Sergeant in seat 3
    cleo = join(app, table, 3, "Cleo")
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    window = state(client, table)["window"]["id"]
    refused = act(ben, table, type="pull_rank", seat=2, window=window, name="Ambush")  # the raid box left unticked
    assert refused.status_code == 409 and "Only the highest rank at the table may call a raid." in text(refused)
    assert state(client, table)["window"]["id"] == window
    handed = act(cleo, table, type="pull_rank", seat=3, window=window, name="ambush")
    assert handed.status_code == 200, text(handed)[-400:]
    now = state(client, table)
    assert now["window"] is None and now["raid"] is not None  # the raid starts at once, led by Ana


def test_a_new_activity_handed_over_is_never_asked_for_categories(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    window = state(client, table)["window"]["id"]
    asked = act(ben, table, type="pull_rank", seat=2, window=window, name="Latrine Duty")
    assert asked.status_code == 400
    assert "Copy from Latrine Duty what this server does not know yet: Slack." in text(asked)
