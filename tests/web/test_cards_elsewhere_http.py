"""A card another table of this server entered tonight is offered at the next table with that table's numbers, marked
as such (issue 60 item 5): one tap plays it here under those numbers (an event of this table, undoable); nothing
changes at the other table, and the shared deck still waits for the host's word (a copy is not a second table's own
reading of its card)."""

from companion.storage import deck_knowledge
from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import started, to_phase

HAMMOCK = {"name": "Hammock Time", "card_type": "activity", "slack": "2"}


def second_table(app):
    """Another display's four-seat table on the same server: its browser and token."""
    other = app.test_client()
    opened = other.post("/tables", data={"game": "guevara", "seats": "4", "language": "en"})
    return other, opened.headers["Location"].split("/")[2]


def chips(phone, token, typed, form="play"):
    answer = phone.get(f"/t/{token}/card-picks", query_string={"q": typed, "form": form})
    assert answer.status_code == 200
    return answer.get_json()["cards"]


def table_word(app, table_token, name):
    """What one table's own word says of a card (None: nothing), and what the shared deck says."""
    with app.app_context():
        from companion.web.connection import get_db
        db = get_db()
        table_id = db.execute("SELECT id FROM tables WHERE token = ?", [table_token]).fetchone()[0]
        own = deck_knowledge.table_lookup(db, table_id, ("guevara",), "en", name)
        return (own.facts if own else None), deck_knowledge.shared_lookup(db, ("guevara",), "en", name)


def test_a_card_entered_at_another_table_is_offered_marked_and_one_tap_uses_its_numbers_here(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert act(ana, table, type="play_card", seat=1, **HAMMOCK).status_code == 200
    first_state = state(client, table)
    first_word = table_word(app, table, "Hammock Time")
    assert first_word[0] == {"type": "activity", "slack": 2} and first_word[1] is None

    display, other = second_table(app)
    cleo, _dan = started(app, display, other)
    to_phase(cleo, other, 1, "Free Time")
    offered = chips(cleo, other, "hammock")
    assert offered[0]["name"] == "Hammock Time" and offered[0]["elsewhere"] is True, offered
    assert offered[0]["type"] == "activity" and offered[0]["slack"] == 2
    assert "Hammock Time" not in [card["name"] for card in chips(cleo, other, "")]  # typed for, not browsed
    assert all(not card.get("elsewhere") for card in chips(ana, table, "hammock"))  # at its own table: its own
    # A form that cannot say its numbers were copied (pulling rank) does not offer it: a copy would count as a second
    # table's reading of the card.
    assert not any(card.get("elsewhere") for card in chips(cleo, other, "hammock", "pull_rank"))

    # The chip's one tap: the form sent with the other table's numbers, marked as copied from them.
    assert act(cleo, other, type="play_card", seat=1, copied="1",
               **{key: str(value) for key, value in HAMMOCK.items()}).status_code == 200
    played = state(display, other)["window"]["cards"]
    assert [(card["name"], card["slack"]) for card in played] == [("Hammock Time", 2)]
    assert table_word(app, other, "Hammock Time")[0] == {"type": "activity", "slack": 2}
    assert table_word(app, other, "Hammock Time")[1] is None  # the host's word still decides the shared deck
    assert state(client, table) == first_state and table_word(app, table, "Hammock Time") == first_word
    assert not any(card.get("elsewhere") for card in chips(cleo, other, "hammock"))  # now this table's own too

    assert act(cleo, other, type="undo").status_code == 200
    assert state(display, other)["window"] is None
    assert state(client, table) == first_state


def test_a_card_typed_at_a_second_table_with_the_same_numbers_is_shared_as_before(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert act(ana, table, type="play_card", seat=1, **HAMMOCK).status_code == 200
    display, other = second_table(app)
    cleo, _dan = started(app, display, other)
    to_phase(cleo, other, 1, "Free Time")
    assert act(cleo, other, type="play_card", seat=1, **HAMMOCK).status_code == 200  # read off its own card
    assert table_word(app, other, "Hammock Time")[1] is not None


def test_a_name_only_this_table_or_the_shared_deck_knows_is_never_marked_as_from_another_table(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    display, other = second_table(app)
    cleo, _dan = started(app, display, other)
    assert act(ana, table, type="play_card", seat=1, **HAMMOCK).status_code == 200
    assert not any(card.get("elsewhere") for card in chips(cleo, other, "soap", "loot"))
    assert [card["name"] for card in chips(cleo, other, "Quokka")] == []
