"""A tap on PostgreSQL with fewer round trips keeps every guarantee: a stale or doubled append is refused and writes
nothing, each append is announced once, a request sees every write made before it began, the state after a tap is
the fold of the log, and a connection the server closed while idle is replaced before it is lent."""

from __future__ import annotations

import pytest

from companion.input.actions import Action
from companion.rules import engine
from companion.rules.state import DISPLAY
from companion.rules.violations import RuleViolation
from companion.service.table_service import TableService
from companion.storage import postgres, store
from companion.storage.pool import Pool
from tests.helpers.postgres_cluster import BOTH_DATABASES

POSTGRESQL = pytest.mark.parametrize("database", ["postgresql"], indirect=True)
SLACK = [{"type": "slack_adjusted", "seat": 1, "args": {"delta": 1}}]


@pytest.fixture
def address(database, tmp_path):
    """The database's address: the test's PostgreSQL database, or an SQLite file."""
    path = database or str(tmp_path / "companion.sqlite")
    db = store.connect(path)
    store.migrate(db)
    db.close()
    return path


@pytest.fixture
def pool():
    """A pool of the test's own (the process's shared one outlives the test's database)."""
    own = Pool()
    yield own
    own.close()


def new_table(pool, address):
    """A play runtime, as one server process has it, and a new table."""
    play = TableService()
    with pool.lent(address) as db:
        table, _key = play.create_table(db, {"game": "guevara", "seats": 3, "language": "en"})
    return play, table


@BOTH_DATABASES
def test_an_append_after_a_stale_version_is_refused_and_writes_nothing(pool, address):
    _play, table = new_table(pool, address)
    with pool.lent(address) as first, pool.lent(address) as second:
        mark = store.version(first, table.id)
        store.append(first, table.id, mark, "tap-first", DISPLAY, SLACK)
        with pytest.raises(store.Conflict):
            store.append(second, table.id, mark, "tap-second", DISPLAY, SLACK * 2)
        with pytest.raises(store.Conflict):  # the same action id again (a repeat the caller must see as done)
            store.append(second, table.id, mark + 1, "tap-first", DISPLAY, SLACK)
        assert store.version(second, table.id) == mark + 1
        assert [event["seq"] for event in store.events_after(second, table.id, mark)] == [mark + 1]
        assert store.seen_action(second, table.id, "tap-second") is None


@BOTH_DATABASES
def test_an_append_to_a_deleted_table_is_refused(pool, address):
    play, table = new_table(pool, address)
    with pool.lent(address) as db:
        mark = store.version(db, table.id)
        play.delete(db, table)
        with pytest.raises(store.Conflict):
            store.append(db, table.id, mark, "tap-late", DISPLAY, SLACK)
        assert store.events_after(db, table.id) == []


@BOTH_DATABASES
def test_a_seat_is_held_given_to_another_phone_and_freed_with_its_events(pool, address):
    _play, table = new_table(pool, address)
    with pool.lent(address) as db:
        mark = store.version(db, table.id)
        for number, key in enumerate(["first-phone-key", "second-phone-key", None]):
            store.append(db, table.id, mark + number, f"seat-{number}", "seat:2", SLACK, claim=(2, key))
            assert store.claim_key(db, table.id, 2) == (store.digest(key) if key else None)
        with pytest.raises(store.Conflict):  # a refused append changes no seat
            store.append(db, table.id, mark, "seat-late", "seat:2", SLACK, claim=(2, "third-phone-key"))
        assert store.claim_key(db, table.id, 2) is None


@POSTGRESQL  # SQLite's processes hear writes by polling its file instead
def test_every_other_server_hears_each_append_once_and_a_refused_one_never(pool, address):
    _play, table = new_table(pool, address)
    listener = store.connect(address)
    try:
        listener.execute(f"LISTEN {store.LIVE_CHANNEL}")
        with pool.lent(address) as db:
            mark = store.version(db, table.id)
            store.append(db, table.id, mark, "tap-1", DISPLAY, SLACK * 3)
            with pytest.raises(store.Conflict):
                store.append(db, table.id, mark, "tap-2", DISPLAY, SLACK)
            store.append(db, table.id, mark + 3, "tap-3", DISPLAY, SLACK)
        heard = [notice.payload for notice in listener.conn.notifies(timeout=2, stop_after=3)]
        assert heard == [f"v {table.id} {mark + 3}", f"v {table.id} {mark + 4}"]
    finally:
        listener.close()


@BOTH_DATABASES
def test_a_request_sees_every_write_another_server_made_before_it_began(pool, address):
    here, table = new_table(pool, address)
    there = TableService()
    for number in range(6):
        writer = there if number % 2 else here  # two servers take turns at one table
        with pool.lent(address) as db:
            writer.apply(db, table, Action("adjust_slack", 1, {"delta": 1}, f"tap-{number}"), DISPLAY)
        for reader in (here, there):
            with pool.lent(address) as db:  # a request: its table, its seat, then its state
                assert store.table_by(db, "token", table.token) == table
                store.claim_key(db, table.id, 1)
                assert reader.state(db, table).seats[1].slack == number + 1
    with pool.lent(address) as db:  # within one request too, a version read once is not taken for newer ones
        store.table_by(db, "token", table.token)
        with pool.lent(address) as other:
            there.apply(other, table, Action("adjust_slack", 1, {"delta": 1}, "tap-late"), DISPLAY)
        here.state(db, table)
        assert here.state(db, table).seats[1].slack == 7


@BOTH_DATABASES
def test_the_state_after_each_tap_equals_the_fold_of_the_whole_log(pool, address):
    play, table = new_table(pool, address)
    taps = ["wound", "slack", "undo", "redo", "undo", "undo", "slack", "win", "win", "undo", "wound", "redo"]
    for number, kind in enumerate(taps):
        with pool.lent(address) as db:
            state = play.state(db, table)
            action = {
                "slack": Action("adjust_slack", 1 + number % 3, {"delta": 1}),
                "wound": Action("adjust_wounds", 1 + number % 3, {"delta": 1}),
                "undo": Action("undo", None),
                "redo": Action("redo", None),
                "win": Action("rematch", None) if state.winner else Action("adjust_slack", 2, {"delta": 20}),
            }[kind]
            try:
                outcome = play.apply(
                    db, table, Action(action.type, action.seat, action.args, f"tap-{number}"), DISPLAY
                )
            except RuleViolation:
                continue
            after = play.state(db, table)
        with pool.lent(address) as db:
            from_scratch = engine.fold(store.events_after(db, table.id))
        assert outcome.state == from_scratch
        assert after == from_scratch


def test_a_connection_the_server_closed_while_idle_is_replaced_before_it_is_lent(own_cluster):
    address = own_cluster.fresh_database()
    servers = postgres.PgPool(address)
    try:
        db = servers.take()
        db.execute("SELECT 1")
        servers.give(db)
        own_cluster.halt()  # its connections are closed; the idle one in the pool is not asked
        own_cluster.resume()
        db = servers.take()
        assert db.execute("SELECT 41 + 1").fetchone()[0] == 42
        servers.give(db)
    finally:
        servers.close()


def heard_of(db, table_id: int, version: int | None) -> None:
    """This connection reads as of `version`, as a live stream's panel does for the version its stream heard of."""
    if version is not None:
        store.saw_version(db, table_id, version)


def counting(db) -> list[str]:
    """The statements this connection sends from now on (each a round trip)."""
    sent, execute = [], db.execute

    def counted(sql, params=()):
        sent.append(sql)
        return execute(sql, params)

    db.execute = counted
    return sent


@POSTGRESQL
def test_the_streams_of_a_version_share_one_read_of_its_claims_and_a_new_claim_is_never_missed(pool, address):
    _play, table = new_table(pool, address)
    with pool.lent(address) as db:
        mark = store.version(db, table.id)
        store.append(db, table.id, mark, "join-2", "seat:2", SLACK, claim=(2, "ana-phone"))
    heard = mark + 1  # the version a tap's notification names, which each of the table's streams then renders
    with pool.lent(address) as first:
        heard_of(first, table.id, heard)
        assert store.claim_key(first, table.id, 2) == store.digest("ana-phone")
    for seat, holder in ((2, store.digest("ana-phone")), (3, None)):
        with pool.lent(address) as db:
            heard_of(db, table.id, heard)
            sent = counting(db)
            assert store.claim_key(db, table.id, seat) == holder
            assert sent == []  # known already: no round trip
            assert store.seen_version(db, table.id) == heard  # and the state is read as of that version
    other_server = Pool()
    try:  # another server gives seat 2 to another phone: the next version's streams read its claims again
        with other_server.lent(address) as db:
            store.append(db, table.id, heard, "join-2-again", "seat:2", SLACK, claim=(2, "ben-phone"))
    finally:
        other_server.close()
    # The new version's first stream and a request (it names no version) each read, and neither is given the old
    # phone's claim.
    for told in (heard + 1, None):
        with pool.lent(address) as db:
            heard_of(db, table.id, told)
            sent = counting(db)
            assert store.claim_key(db, table.id, 2) == store.digest("ben-phone")
            assert len(sent) == 1
    with pool.lent(address) as db:  # a stream lagging behind, which heard only the old version, gets the newer claims
        heard_of(db, table.id, heard)
        sent = counting(db)
        assert store.claim_key(db, table.id, 2) == store.digest("ben-phone")
        assert sent == []
        assert store.seen_version(db, table.id) == heard + 1  # and its panel shows the newer version
    with pool.lent(address) as db:  # the new version's other streams share that read
        heard_of(db, table.id, heard + 1)
        sent = counting(db)
        assert store.claim_key(db, table.id, 2) == store.digest("ben-phone")
        assert sent == []
    with pool.lent(address) as db:  # and so does a request, as of the version its table's lookup read
        sent = counting(db)
        assert store.table_by(db, "token", table.token) == table
        assert store.claim_key(db, table.id, 2) == store.digest("ben-phone")
        assert len(sent) == 1
    other_server = Pool()
    try:
        with other_server.lent(address) as db:  # seat 2 freed on the other server
            store.append(db, table.id, heard + 1, "free-2", DISPLAY, SLACK, claim=(2, None))
    finally:
        other_server.close()
    with pool.lent(address) as db:  # the next request's lookup sees the newer version: the claims are read again
        assert store.table_by(db, "token", table.token) == table
        assert store.claim_key(db, table.id, 2) is None


@POSTGRESQL
def test_a_stream_behind_this_servers_newest_state_gets_that_state_with_no_read(pool, address):
    play, table = new_table(pool, address)
    for number in range(2):
        with pool.lent(address) as db:
            newest = play.apply(db, table, Action("adjust_slack", 1, {"delta": 1}, f"tap-{number}"), DISPLAY).state
    assert newest.seats[1].slack == 2
    for told in (newest.version - 1, newest.version):  # a stream that heard only the first tap, and one that heard both
        with pool.lent(address) as db:
            heard_of(db, table.id, told)
            sent = counting(db)
            assert play.state(db, table) == newest
            assert sent == []
    with pool.lent(address) as db:  # a stream that heard of a tap this server has not seen yet reads it
        other = TableService()
        other.apply(db, table, Action("adjust_slack", 1, {"delta": 1}, "tap-elsewhere"), DISPLAY)
    with pool.lent(address) as db:
        heard_of(db, table.id, newest.version + 1)
        sent = counting(db)
        assert play.state(db, table).seats[1].slack == 3
        assert len(sent) == 1


@POSTGRESQL
def test_claims_read_before_this_servers_own_append_hold_after_it_with_its_change_and_no_read(pool, address):
    _play, table = new_table(pool, address)
    with pool.lent(address) as db:
        mark = store.version(db, table.id)
        heard_of(db, table.id, mark)
        assert store.claim_key(db, table.id, 2) is None  # read once, as of `mark`
    for number, (key, holder) in enumerate([(None, None), ("ana-phone", store.digest("ana-phone")),
                                            ("ben-phone", store.digest("ben-phone")), (None, None)]):
        claim = None if number == 0 else (2, key)  # a tap that claims nothing, a join, a new phone, a freed seat
        with pool.lent(address) as db:
            sent = counting(db)
            store.append(db, table.id, mark + number, f"tap-{number}", "seat:2", SLACK, claim=claim)
            heard_of(db, table.id, mark + number + 1)  # as the state cache keeps what its own append made
            assert store.claim_key(db, table.id, 2) == holder
            assert len(sent) == 1  # the append, and no read of the claims
    other_server = Pool()
    try:  # an append elsewhere: this server's claims are behind, and read again
        with other_server.lent(address) as db:
            store.append(db, table.id, mark + 4, "join-elsewhere", "seat:3", SLACK, claim=(2, "cleo-phone"))
    finally:
        other_server.close()
    with pool.lent(address) as db:
        heard_of(db, table.id, mark + 5)
        assert store.claim_key(db, table.id, 2) == store.digest("cleo-phone")
