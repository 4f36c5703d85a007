"""The front page's archive follows the log: play inside an unfinished game reuses it, a win, an undo, a redo
or a rematch tells the table's story again."""

from tests.helpers.http_phones import act
from tests.helpers.postgres_cluster import BOTH_DATABASES

pytestmark = BOTH_DATABASES  # the HTTP suite on SQLite and on a real PostgreSQL


def front(client):
    return client.get("/").get_data(as_text=True)


def test_the_archive_keeps_up_with_wins_undos_and_rematches(client, table):
    act(client, table, type="adjust_slack", seat="1", delta="20")
    assert 'href="/games/1/1"' in front(client)
    act(client, table, type="rematch")
    for _ in range(3):  # play in the second game, nobody wins: the archive is not read again, and still right
        act(client, table, type="adjust_slack", seat="2", delta="5")
        assert 'href="/games/1/1"' in front(client) and "/games/1/2" not in front(client)
    act(client, table, type="adjust_slack", seat="2", delta="5")
    assert 'href="/games/1/2"' in front(client)
    act(client, table, type="undo")
    assert 'href="/games/1/1"' in front(client) and "/games/1/2" not in front(client)
    act(client, table, type="undo")
    act(client, table, type="undo")  # back into the first game: its win is taken back too
    for _ in range(3):
        act(client, table, type="undo")
    assert "/games/1/" not in front(client)
    act(client, table, type="redo")
    act(client, table, type="redo")
    act(client, table, type="redo")
    act(client, table, type="redo")
    assert 'href="/games/1/1"' in front(client)
