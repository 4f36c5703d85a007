"""Deck knowledge: per game and name language, migrated from the old per-name memory, a conflict asked not
overwritten."""

import shutil
from dataclasses import replace
from pathlib import Path

from companion.app import create_app
from companion.knowledge.learning import Lesson, learn
from companion.storage import deck_knowledge, store
from tests.helpers.host import made_host
from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import started, to_phase
from tests.helpers.postgres_cluster import BOTH_DATABASES

FIXTURE = Path(__file__).parent / "fixtures" / "before_decks.sqlite"


def test_the_migration_keeps_every_card_an_existing_server_remembered(tmp_path):
    shutil.copy(FIXTURE, tmp_path / "companion.sqlite")
    create_app({"TESTING": True}, instance_path=str(tmp_path))  # opening the app upgrades the schema
    db = store.connect(tmp_path / "companion.sqlite")
    hammock = deck_knowledge.get(db, "guevara", "en", "hammock time")
    assert hammock.facts == {"type": "activity", "categories": ["sleep"], "slack": 2}
    assert hammock.played == 1 and hammock.sources["slack"]["from"] == "migrated"
    soap = deck_knowledge.get(db, "guevara", "ru", "мыло")  # played at the Russian table: its deck and language
    assert soap.facts == {"type": "thing", "cost": 1, "slack": 1} and soap.catalog_key == "soap"
    assert deck_knowledge.lookup(db, ("guevara",), "en", "Soap").facts["slack"] == 1  # the catalog links the languages
    # no log says where it was played: every deck keeps it, to be deleted on a deck page
    for name in deck_knowledge.DECKS:
        assert deck_knowledge.get(db, name, "en", "mystery meat").facts == {"type": "thing", "slack": 3, "cost": 2,
                                                                 "categories": ["food"]}
    assert store.remembered(db, "guevara.rank_profile")["counts"]["private"] == 4


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_two_games_keep_separate_numbers_for_a_same_named_card(app):
    with app.app_context():
        from companion.web.connection import get_db
        db = get_db()
        learn(db, [Lesson({"name": "Nap", "type": "activity", "slack": 2}, None)], ("geek",), 1, "en")
        learn(db, [Lesson({"name": "Nap", "type": "activity", "slack": 4}, None)], ("guevara",), 2, "en")
        assert deck_knowledge.lookup(db, ("geek",), "en", "nap", 1).facts["slack"] == 2
        assert deck_knowledge.lookup(db, ("guevara",), "en", "NAP", 2).facts["slack"] == 4
        assert deck_knowledge.lookup(db, ("goth",), "en", "Nap", 1) is None
        # a name seen at one table only is that table's until the host accepts it or a second table plays it
        assert deck_knowledge.lookup(db, ("geek",), "en", "nap") is None
        assert deck_knowledge.lookup(db, ("geek",), "en", "nap", 2) is None
        learn(db, [Lesson({"name": "Nap", "type": "activity", "slack": 2}, None)], ("geek",), 3, "en")
        assert deck_knowledge.lookup(db, ("geek",), "en", "nap").facts["slack"] == 2
        assert deck_knowledge.proposals(db, "geek") == []  # both tables' proposals are settled by the second play


def table_id(app, token):
    with app.app_context():
        from companion.web.connection import get_db
        return store.table_by(get_db(), "token", token).id


def taught_hammock_time(app, client, table):
    """Ana's phone in Free Time, on a server whose shared deck knows Hammock Time as Slack 2 (a host accepted it
    from this table; the play itself undone)."""
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    act(ana, table, type="undo")
    made_host(app, client)
    with app.app_context():
        from companion.web.connection import get_db
        proposal = deck_knowledge.proposals(get_db(), "guevara")[0]
    assert client.post(f"/decks/guevara/proposals/{proposal.id}", data={"decision": "accept"}).status_code == 303
    return ana


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_a_number_that_differs_from_the_known_one_is_asked_and_the_answer_is_the_tables_alone(app, client, table):
    ana = taught_hammock_time(app, client, table)
    asked = act(ana, table, type="play_card", seat=1, name="hammock time", slack=3)
    page = asked.get_data(as_text=True)
    assert asked.status_code == 400
    assert "This server knows Hammock Time as Slack 2; the card says Slack 3?" in page  # the card the name became
    assert 'value="3"' in page and 'name="printed" value="table"' in page  # what was typed stays, with the question
    confirmed = act(ana, table, type="play_card", seat=1, name="hammock time", slack=3, printed="table")
    assert confirmed.status_code == 200
    assert state(ana, table)["window"]["cards"][0]["slack"] == 3
    with app.app_context():
        from companion.web.connection import get_db
        db = get_db()
        here = deck_knowledge.lookup(db, ("guevara",), "en", "Hammock Time", table_id(app, table))
        assert here.facts["slack"] == 3 and here.sources["slack"]["from"] == "table"
        assert deck_knowledge.lookup(db, ("guevara",), "en", "Hammock Time").facts["slack"] == 2  # every other table
        [proposal] = deck_knowledge.proposals(db, "guevara")
        assert (proposal.kind, proposal.facts) == ("conflict", {"slack": 3})
    page = client.get("/decks/guevara").get_data(as_text=True)
    assert "Slack 3; this server knows Activity · Slack 2" in " ".join(page.split())  # listed for the host


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_keeping_the_known_number_plays_it_and_changes_nothing(app, client, table):
    ana = taught_hammock_time(app, client, table)
    kept = act(ana, table, type="play_card", seat=1, name="Hammock Time", slack=5, printed="known")
    assert kept.status_code == 200 and state(ana, table)["window"]["cards"][0]["slack"] == 2
    with app.app_context():
        from companion.web.connection import get_db
        assert deck_knowledge.lookup(get_db(), ("guevara",), "en", "Hammock Time", table_id(app, table)).facts[
            "slack"] == 2
        assert deck_knowledge.proposals(get_db(), "guevara") == []


def test_a_new_card_is_asked_for_everything_at_once_and_the_form_keeps_what_was_typed(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    asked = act(ana, table, type="play_card", seat=1, name="Siesta <b>", slack=2)
    page = asked.get_data(as_text=True)
    assert asked.status_code == 400
    assert "Copy from Siesta &lt;b&gt; what this server does not know yet: type, cost, categories." in page
    assert 'value="Siesta &lt;b&gt;"' in page and '<details class="card-numbers" open' in page


def test_a_private_typing_a_raid_card_hears_first_that_only_the_highest_rank_raids(app, client, table):
    ana, ben = started(app, client, table)  # Ana is a Private; a Corporal and a Sergeant sit at the table
    to_phase(ana, table, 1, "Free Time")
    refused = act(ana, table, type="play_card", seat=1, name="Raid the Village", categories="raid")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 409
    assert "Only the highest rank at the table may call a raid." in page and 'data-section="guevara.raid"' in page
    assert "does not know yet" not in page
    assert 'value="Raid the Village"' in page  # the form keeps the name


def test_an_outranked_player_pulling_rank_with_a_raid_card_hears_the_reason_before_any_number(app, client, table):
    ana, ben = started(app, client, table)  # Ben, a Corporal, outranks Ana but not the Sergeant in seat 3
    to_phase(ana, table, 1, "Free Time")
    act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2)
    window = state(ben, table)["window"]["id"]
    refused = act(ben, table, type="pull_rank", seat=2, window=window, name="Raid the Village", raid=1)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 409 and "Only the highest rank at the table may call a raid." in page
    assert 'value="Raid the Village"' in page


def test_a_played_card_is_read_once_before_the_rules_decide_and_learned_from_that_reading(app, client, table,
                                                                                         monkeypatch):
    """What the shared deck and the table say of a card is read once, before the rules decide; learning after the
    events are appended writes from that reading instead of fetching the card again."""
    ana = taught_hammock_time(app, client, table)
    steps = []
    for name in ("shared_lookup", "table_lookup"):
        looked_up = getattr(deck_knowledge, name)
        monkeypatch.setattr(deck_knowledge, name, lambda *args, name=name, looked_up=looked_up: (
            steps.append(name), looked_up(*args))[1])
    appended = store.append
    monkeypatch.setattr(store, "append", lambda *args, **kwargs: (steps.append("append"), appended(*args, **kwargs))[1])
    assert act(ana, table, type="play_card", seat=1, name="hammock time").status_code == 200
    assert steps == ["shared_lookup", "table_lookup", "append"]
    with app.app_context():
        from companion.web.connection import get_db
        assert deck_knowledge.get(get_db(), "guevara", "en", "hammock time").played == 2  # still taught


@BOTH_DATABASES
def test_a_card_another_table_taught_meanwhile_keeps_what_it_taught(app, client, table, monkeypatch):
    """Between this play's reading of the card and its learning, another table's play of it is recorded: both
    plays are counted, neither written over."""
    ana = taught_hammock_time(app, client, table)
    appended = store.append

    def another_table_plays_it_meanwhile(db, *args, **kwargs):
        stored = appended(db, *args, **kwargs)
        known = deck_knowledge.get(db, "guevara", "en", "hammock time")
        deck_knowledge.save(db, replace(known, played=known.played + 5, updated_at=known.updated_at + 1))
        return stored

    monkeypatch.setattr(store, "append", another_table_plays_it_meanwhile)
    assert act(ana, table, type="play_card", seat=1, name="hammock time").status_code == 200
    with app.app_context():
        from companion.web.connection import get_db
        assert deck_knowledge.get(get_db(), "guevara", "en", "hammock time").played == 1 + 5 + 1


def test_a_new_card_named_twice_in_one_play_is_counted_twice(app, client, table):
    """Two copies of one card in one action: the second is learned over what the first taught."""
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    played = act(ana, table, type="play_card", seat=1, name="Quokka Mug", card_type="thing", cost=1, slack=1,
                 name_2="Quokka Mug", cost_2=1, slack_2=1)
    assert played.status_code == 200, played.get_data(as_text=True)
    with app.app_context():
        from companion.web.connection import get_db
        mug = deck_knowledge.table_lookup(get_db(), table_id(app, table), ("guevara",), "en", "Quokka Mug")
    assert mug.played == 2 and mug.facts["cost"] == 1
