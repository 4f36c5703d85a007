"""Issue 31: who may change what the server knows. A table's word is its own; the shared deck takes what adds, and
a new card once a second table plays it the same; the rest waits for the host, who holds the key `serve` prints.
Printed numbers are checked against what a card of the game can carry, at a table, in a deck file and on the page."""

import shutil
from pathlib import Path

import pytest

from companion.app import create_app
from companion.storage import deck_knowledge, store
from tests.helpers.host import as_host, host_key, made_host
from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import started, to_phase
from tests.helpers.postgres_cluster import BOTH_DATABASES

FIXTURE = Path(__file__).parent / "fixtures" / "before_decks.sqlite"
PHONE = {"REMOTE_ADDR": "192.168.1.20"}


def second_table(app):
    """Another display's four-seat table on the same server: its browser and token."""
    other = app.test_client()
    opened = other.post("/tables", data={"game": "guevara", "seats": "4", "language": "en"})
    return other, opened.headers["Location"].split("/")[2]


def known_names(reader, token):
    """The names the picker at that table offers (its chips)."""
    return {card["name"] for card in reader.get(f"/t/{token}/known-cards.json").get_json()["cards"]}


def siesta(phone, token, slack=2, kind="activity"):
    return act(
        phone, token, type="play_card", seat=1, name="Siesta", card_type=kind, slack=slack, categories="sleep"
    )


def proposal_ids(app):
    with app.app_context():
        from companion.web.connection import get_db

        return [proposal.id for proposal in deck_knowledge.proposals(get_db(), "guevara")]


def shared(app, name):
    with app.app_context():
        from companion.web.connection import get_db

        return deck_knowledge.lookup(get_db(), ("guevara",), "en", name)


# --- the host key ----------------------------------------------------------------------------------------------


def test_the_host_link_gives_an_httponly_lax_cookie_that_works_on_plain_http_and_a_wrong_key_gives_nothing(
    app,
):
    browser = app.test_client()
    wrong = browser.get("/host?key=" + "x" * 32)
    assert wrong.status_code == 403 and "Set-Cookie" not in wrong.headers
    assert "host link" in wrong.get_data(as_text=True)
    opened = browser.get(f"/host?key={host_key(app)}")
    cookie = opened.headers["Set-Cookie"]
    assert opened.status_code == 303 and opened.headers["Location"] == "/"
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    assert host_key(app) not in cookie  # the cookie is not the key itself
    page = browser.get("/decks/guevara").get_data(as_text=True)
    assert 'data-testid="deck-import"' in page and 'data-testid="deck-not-host"' not in page


def test_the_host_key_is_made_once_and_kept_in_the_instance_folder(tmp_path):
    first = create_app({"TESTING": True}, instance_path=str(tmp_path))
    again = create_app({"TESTING": True}, instance_path=str(tmp_path))
    assert host_key(first) == host_key(again) == (tmp_path / "host_key").read_text().strip()
    assert len(host_key(first)) >= 32 and (tmp_path / "host_key").stat().st_mode & 0o077 == 0


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_a_display_key_and_the_servers_own_address_change_nothing_and_the_host_key_does(app, client, table):
    created = app.test_client().post("/api/tables", json={"game": "guevara", "seats": 3, "language": "en"})
    display = {"Authorization": f"Bearer {created.get_json()['display_key']}"}
    deck = {
        "format": "chez-companion-deck",
        "version": 1,
        "deck": "guevara",
        "cards": [{"name": "Hammock Time", "lang": "en", "type": "activity", "slack": 20}],
    }
    local = app.test_client()  # the test client asks from 127.0.0.1, as nginx in front of the server would
    for browser, headers in (
        (client, {}),
        (local, {}),
        (local, display),
        (local, {"X-Forwarded-For": "10.0.0.2"}),
    ):
        assert browser.post("/decks/guevara", json={"deck": deck}, headers=headers).status_code == 403
        assert (
            browser.post(
                "/decks/guevara", json={"deck": deck, "take": ["en:hammock time"]}, headers=headers
            ).status_code
            == 403
        )
        assert (
            browser.post(
                "/decks/guevara/card",
                data={"lang": "en", "key": "hammock time", "confirm": "yes", "delete": "yes"},
                headers=headers,
            ).status_code
            == 403
        )
        assert browser.post("/decks/guevara/undo/1", headers=headers).status_code == 403
        assert (
            browser.post(
                "/decks/guevara/proposals/1", data={"decision": "accept"}, headers=headers
            ).status_code
            == 403
        )
    assert shared(app, "Hammock Time") is None
    answer = local.post(
        "/decks/guevara",
        json={"deck": deck, "take": ["en:hammock time"]},
        headers=as_host(app),
        environ_base=PHONE,
    )
    assert answer.get_json() == {"applied": 1} and shared(app, "Hammock Time").facts["slack"] == 20


# --- scopes and proposals ----------------------------------------------------------------------------------------


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_a_name_typed_at_one_table_is_not_known_at_another_until_the_host_accepts_it(app, client, table):
    ana, _ben = started(app, client, table)
    other, token = second_table(app)
    to_phase(ana, table, 1, "Free Time")
    assert siesta(ana, table).status_code == 200
    assert "Siesta" in known_names(ana, table) and "Siesta" not in known_names(other, token)
    assert shared(app, "Siesta") is None
    page = client.get("/decks/guevara").get_data(as_text=True)
    assert (
        "seen at one table only" in page and 'data-testid="proposal-accept"' not in page
    )  # not the host yet
    made_host(app, client)
    [proposal] = proposal_ids(app)
    assert client.post(f"/decks/guevara/proposals/{proposal}", data={"decision": "accept"}).status_code == 303
    assert "Siesta" in known_names(other, token) and shared(app, "Siesta").facts["slack"] == 2
    assert client.post(f"/decks/guevara/proposals/{proposal}", data={"decision": "accept"}).status_code == 409
    change = (
        client.get("/decks/guevara").get_data(as_text=True).split("/decks/guevara/undo/")[1].split('"')[0]
    )
    assert (
        client.post(f"/decks/guevara/undo/{change}").status_code == 303
    )  # an accepted proposal can be undone
    assert "Siesta" not in known_names(other, token) and "Siesta" in known_names(ana, table)


def test_a_rejected_proposal_stays_the_tables_own(app, client, table):
    ana, _ben = started(app, client, table)
    other, token = second_table(app)
    to_phase(ana, table, 1, "Free Time")
    siesta(ana, table, slack=9)
    [proposal] = proposal_ids(app)
    assert client.post(f"/decks/guevara/proposals/{proposal}", data={"decision": "reject"}).status_code == 403
    made_host(app, client)
    assert client.post(f"/decks/guevara/proposals/{proposal}", data={"decision": "maybe"}).status_code == 400
    assert client.post(f"/decks/guevara/proposals/{proposal}", data={"decision": "reject"}).status_code == 303
    assert proposal_ids(app) == [] and shared(app, "Siesta") is None
    assert "Siesta" in known_names(ana, table) and "Siesta" not in known_names(other, token)


def test_a_second_table_playing_a_name_the_same_shares_it_and_a_contradicting_one_does_not(
    app, client, table
):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    siesta(ana, table)
    other, token = second_table(app)
    bea, _carl = started(app, other, token)
    to_phase(bea, token, 1, "Free Time")
    assert siesta(bea, token, kind="thing").status_code == 400  # a Thing costs: the question, nothing learned
    assert (
        act(
            bea,
            token,
            type="play_card",
            seat=1,
            name="Siesta",
            card_type="thing",
            slack=2,
            cost=1,
            categories="sleep",
        ).status_code
        == 200
    )  # played as a Thing: contradicts the first table
    assert shared(app, "Siesta") is None and len(proposal_ids(app)) == 2
    third, token3 = second_table(app)
    assert "Siesta" not in known_names(third, token3)
    cid, _dan = started(app, third, token3)
    to_phase(cid, token3, 1, "Free Time")
    assert siesta(cid, token3).status_code == 200  # the same as the first table: now every table knows it
    assert shared(app, "Siesta").facts == {"type": "activity", "slack": 2, "categories": ["sleep"]}
    assert len(proposal_ids(app)) == 1  # the Thing stays the second table's business, a proposal
    assert "Siesta" in known_names(third, token3)


@BOTH_DATABASES  # the deck's tables on SQLite and on a real PostgreSQL
def test_the_card_says_so_at_one_table_changes_only_that_tables_numbers(app, client, table):
    made_host(app, client)
    deck = {
        "format": "chez-companion-deck",
        "version": 1,
        "deck": "guevara",
        "cards": [
            {"name": "Hammock Time", "lang": "en", "type": "activity", "slack": 2, "categories": ["sleep"]}
        ],
    }
    assert client.post("/decks/guevara", json={"deck": deck, "take": ["en:hammock time"]}).status_code == 200
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert (
        act(ana, table, type="play_card", seat=1, name="Hammock Time", slack=20, printed="table").status_code
        == 200
    )
    assert state(ana, table)["window"]["cards"][0]["slack"] == 20
    other, token = second_table(app)
    bea, _carl = started(app, other, token)
    to_phase(bea, token, 1, "Free Time")
    assert act(bea, token, type="play_card", seat=1, name="Hammock Time").status_code == 200
    assert (
        state(bea, token)["window"]["cards"][0]["slack"] == 2
    )  # every other table still plays the shared number
    assert shared(app, "Hammock Time").facts["slack"] == 2
    [proposal] = proposal_ids(app)
    assert client.post(f"/decks/guevara/proposals/{proposal}", data={"decision": "accept"}).status_code == 303
    assert shared(app, "Hammock Time").facts["slack"] == 20


def test_a_missing_number_of_a_known_card_is_shared_at_once(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    assert (
        act(ana, table, type="play_card", seat=1, name="Sleep", slack=3).status_code == 200
    )  # a catalog card
    assert shared(app, "Sleep").facts["slack"] == 3 and proposal_ids(app) == []


# --- numbers in range ----------------------------------------------------------------------------------------------

RANGE = {
    "en": "Siesta: a card of Chez Guevara prints a Slack from -20 to 20, not 21.",
    "de": "Siesta: Eine Karte von Chez Guevara hat einen aufgedruckten Slack von -20 bis 20, nicht 21.",
    "ru": "Siesta: карта Chez Guevara даёт от -20 до 20 развала, а не 21.",
}


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_a_number_out_of_the_games_range_is_refused_at_a_table_in_a_deck_file_and_on_the_page(
    app, client, table, lang
):
    made_host(app, client)
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    words = {"Accept-Language": lang}
    before = state(ana, table)["version"]
    played = act(
        ana,
        table,
        type="play_card",
        seat=1,
        name="Siesta",
        card_type="activity",
        slack=21,
        categories="sleep",
        headers=words,
    )
    assert played.status_code == 400 and RANGE[lang] in played.get_data(as_text=True)
    assert state(ana, table)["version"] == before and proposal_ids(app) == []
    deck = {
        "format": "chez-companion-deck",
        "version": 1,
        "deck": "guevara",
        "cards": [{"name": "Siesta", "lang": "en", "type": "activity", "slack": 21}],
    }
    imported = client.post("/decks/guevara", json={"deck": deck, "take": ["en:siesta"]}, headers=words)
    assert imported.status_code == 400 and imported.get_json()["error"] == RANGE[lang]
    deck["cards"][0]["slack"] = 2
    assert client.post("/decks/guevara", json={"deck": deck, "take": ["en:siesta"]}).get_json() == {
        "applied": 1
    }
    corrected = client.post(
        "/decks/guevara/card",
        data={"lang": "en", "key": "siesta", "card_type": "activity", "slack": "21", "confirm": "yes"},
        headers=words,
    )
    assert corrected.status_code == 400 and RANGE[lang] in corrected.get_data(as_text=True)
    assert shared(app, "Siesta").facts["slack"] == 2


@pytest.mark.parametrize(
    "card, message",
    [
        ({"cost": -1}, "Siesta: a card of Chez Guevara costs from 0 to 20, not -1."),
        ({"cost": 21}, "Siesta: a card of Chez Guevara costs from 0 to 20, not 21."),
        ({"slack": -21}, "Siesta: a card of Chez Guevara prints a Slack from -20 to 20, not -21."),
        (
            {"slack_die": True, "slack_modifier": -6},
            "Siesta: a card of Chez Guevara adds from -5 to 14 to the die for its Slack, not -6.",
        ),
        ({"loot": 0}, "Siesta: a Raid card of Chez Guevara deals from 1 to 104 loot cards, not 0."),
    ],
)
def test_each_printed_number_has_its_limit_in_a_deck_file(app, card, message):
    deck = {
        "format": "chez-companion-deck",
        "version": 1,
        "deck": "guevara",
        "cards": [{"name": "Siesta", "lang": "en", "type": "thing", **card}],
    }
    answer = app.test_client().post("/decks/guevara", json={"deck": deck}, headers=as_host(app))
    assert (answer.status_code, answer.get_json()["error"]) == (400, message)


def test_chez_geek_has_no_raid_cards_so_no_card_of_its_deck_deals_loot(app):
    deck = {
        "format": "chez-companion-deck",
        "version": 1,
        "deck": "geek",
        "cards": [{"name": "Party", "lang": "en", "type": "activity", "slack": 2, "loot": 3}],
    }
    answer = app.test_client().post("/decks/geek", json={"deck": deck}, headers=as_host(app))
    assert (answer.status_code, answer.get_json()["error"]) == (
        400,
        "Party: Chez Geek has no Raid cards, so no card deals loot.",
    )


# --- the migration ---------------------------------------------------------------------------------------------------


def test_knowledge_from_before_the_scopes_is_shared_by_every_table(tmp_path):
    shutil.copy(FIXTURE, tmp_path / "companion.sqlite")
    app = create_app({"TESTING": True}, instance_path=str(tmp_path))  # opening the app upgrades the schema
    db = store.connect(tmp_path / "companion.sqlite")
    assert {row[0] for row in db.execute("SELECT name FROM _sqlite_migrations").fetchall()} >= {
        "m008_deck_knowledge",
        "m009_knowledge_scopes",
    }
    assert deck_knowledge.proposals(db, "guevara") == []
    client = app.test_client()
    token = (
        client.post("/tables", data={"game": "guevara", "seats": "4", "language": "en"})
        .headers["Location"]
        .split("/")[2]
    )
    assert "Hammock Time" in known_names(client, token)  # migrated: known at a table that never played it


@BOTH_DATABASES  # the same step on a real PostgreSQL: the deck from before stays the shared deck
def test_the_scopes_migration_keeps_the_deck_from_before_as_the_shared_deck(database, tmp_path):
    from companion.storage import schema

    db = store.connect(database if database else tmp_path / "companion.sqlite")
    before = [step for step in schema.STEPS if step.name <= "m008_deck_knowledge"]
    if store.is_postgresql(db):  # the schema as a server before the scopes left it
        db.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION)")
        for step in before:
            for statement in step.sql("postgresql"):
                db.execute(statement)
            db.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", [step.name, 0.0])
    else:
        store.migrations.apply(db, stop_before="m009_knowledge_scopes")
    assert "table_cards" not in {
        row[0]
        for row in db.execute(
            "SELECT table_name FROM information_schema.tables"
            if store.is_postgresql(db)
            else "SELECT name FROM sqlite_master"
        ).fetchall()
    }
    deck_knowledge.save(
        db,
        deck_knowledge.Known(
            "guevara",
            "en",
            "Siesta",
            {"type": "activity", "slack": 2},
            {"slack": {"from": "table", "at": 1.0}},
            3,
        ),
    )
    store.migrate(db)
    known = deck_knowledge.lookup(db, ("guevara",), "en", "siesta", table_id=7)  # any table, even a new one
    assert known.facts == {"type": "activity", "slack": 2} and known.played == 3
    assert deck_knowledge.proposals(db, "guevara") == []
    assert db.execute("SELECT COUNT(*) FROM table_cards").fetchone()[0] == 0
