"""Which worker owns a request's table: the table's id modulo the workers, by token or by spectator key."""

from __future__ import annotations

from companion.serve.handoff import Handoff, Mailboxes
from companion.serve.table_owner import owner_lookup
from companion.storage import store
from companion.storage.pool import pool


def table_ids(app, tokens: list[str]) -> list[int]:
    db = pool.take(app.config["DATABASE"])
    try:
        return [store.table_by(db, "token", token).id for token in tokens]
    finally:
        pool.give(app.config["DATABASE"], db)


def open_tables(client, count: int) -> list[str]:
    return [client.post("/tables", data={"game": "guevara", "seats": "3", "language": "en"}
                        ).headers["Location"].split("/")[2] for _ in range(count)]


def test_a_tables_pages_streams_and_taps_belong_to_the_worker_its_id_names(app, client):
    tokens = open_tables(client, 3)
    owner = owner_lookup(app, 2)
    for token, table_id in zip(tokens, table_ids(app, tokens)):
        for path in (f"/t/{token}", f"/t/{token}/seat", f"/t/{token}/live", f"/t/{token}/act"):
            assert owner(path) == table_id % 2
    assert {owner(f"/t/{token}/panel") for token in tokens} == {0, 1}


def test_a_spectator_screen_belongs_to_its_tables_worker(app, client):
    token = open_tables(client, 2)[1]
    table_id = table_ids(app, [token])[0]
    db = pool.take(app.config["DATABASE"])
    try:
        store.set_link_key(db, table_id, "spectator_key", "k" * 32)
    finally:
        pool.give(app.config["DATABASE"], db)
    owner = owner_lookup(app, 3)
    assert owner("/watch/" + "k" * 32 + "/live") == owner(f"/t/{token}/seat") == table_id % 3


def test_paths_naming_no_known_table_may_be_served_by_any_worker(app, client):
    owner = owner_lookup(app, 2)
    open_tables(client, 1)
    for path in ("/", "/healthz", "/static/app.js", "/tables", "/t/not-a-token/seat", "/watch/" + "x" * 32,
                 "/rules/phases", "/tx/abc"):
        assert owner(path) is None, path


def test_the_request_line_names_the_path_and_this_workers_own_tables_stay_here():
    mailboxes = Mailboxes(2)
    handoff = Handoff(mailboxes, 1, {"/t/a/act": 0, "/t/b/act": 1}.get)
    assert handoff.elsewhere(b"POST /t/a/act?view=seat HTTP/1.1\r\nHost: x\r\n") == 0
    assert handoff.elsewhere(b"POST /t/b/act HTTP/1.1\r\n") is None
    assert handoff.elsewhere(b"garbage\r\n") is None
    assert handoff.elsewhere(b"GET /healthz HTTP/1.1\r\n") is None
    mailboxes.close()
