"""The export after each change holds the whole log as it is then, though only the new events are written anew."""

import json
from itertools import pairwise

from tests.helpers.http_phones import act
from tests.helpers.http_tables import open_table


def exported(client, table) -> dict:
    response = client.get(f"/t/{table}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def test_every_export_holds_every_event_once_in_order_after_taps_an_undo_and_a_redo(app, client):
    table = open_table(client, "guevara")
    seen = []
    for step in (
        {"type": "adjust_slack", "seat": 1, "delta": 1},
        {"type": "adjust_wounds", "seat": 2, "delta": 1},
        {"type": "undo"},
        {"type": "redo"},
        {"type": "roll_die", "seat": 3, "purpose": "other"},
    ):
        assert act(client, table, **step).status_code == 200
        log = exported(client, table)
        seen.append([event["type"] for event in log["events"]])
        assert [event["seq"] for event in log["events"]] == list(range(1, len(log["events"]) + 1))
        assert exported(client, table) == log  # unchanged: the same
    assert seen[-1] == [
        "table_created",
        "slack_adjusted",
        "wounds_adjusted",
        "undone",
        "redone",
        "die_rolled",
    ]
    assert all(later[: len(earlier)] == earlier for earlier, later in pairwise(seen))
