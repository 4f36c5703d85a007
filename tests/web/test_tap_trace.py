"""A seat's "+1 Slack" tap, followed with `sys.setprofile` through every companion module it enters, from the request
until its events are appended: few modules, few switches between layers, and the path docs/architecture.md shows."""

from __future__ import annotations

import re
import sys
from itertools import pairwise
from pathlib import Path

from tests.helpers.http_phones import act, fresh_id
from tests.helpers.http_tables import started

MOST_MODULES = 18
MOST_SWITCHES = 12
ARCHITECTURE = Path(__file__).parents[2] / "docs" / "architecture.md"


def layer(module: str) -> str:
    """The folder of companion/ a module is in (a layer; docs/architecture.md), or the loose module's own name."""
    return module.split(".")[1]


def entered(tap) -> list[tuple[str, str]]:
    """Every (module, function) of the companion package `tap()` enters, in order, until the events are appended."""
    calls: list[tuple[str, str]] = []
    appended = []

    def watch(frame, event, _arg):
        module = frame.f_globals.get("__name__", "")
        if appended or not module.startswith("companion."):
            return
        if event == "call":
            calls.append((module, frame.f_code.co_name))
        elif event == "return" and (module, frame.f_code.co_name) == ("companion.storage.store", "append"):
            appended.append(True)

    sys.setprofile(watch)
    try:
        answer = tap()
    finally:
        sys.setprofile(None)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert appended, "the tap appended no events"
    return calls


def modules_in_order(calls: list[tuple[str, str]]) -> list[str]:
    """The modules entered, each once, in the order first entered."""
    return list(dict.fromkeys(module for module, _name in calls))


def switches(calls: list[tuple[str, str]]) -> int:
    """How often one entered function's layer differs from the one entered before it."""
    layers = [layer(module) for module, _name in calls]
    return sum(1 for before, after in pairwise(layers) if before != after)


def documented_trace() -> list[str]:
    """The modules docs/architecture.md lists for the traced tap, in order."""
    block = ARCHITECTURE.read_text().split("<!-- traced tap -->")[1]
    return ["companion." + path.removesuffix(".py").replace("/", ".")
            for path in re.findall(r"^\d+\. `([\w/]+\.py)`", block, re.MULTILINE)]


def slack_taps(app, client, table):
    """Ana's "+1 Slack" as the phone's form posts it, and as a program posts it with her seat key; one of each
    first, so the table's state is cached as at any tap but the first."""
    ana, _ben = started(app, client, table)
    key = app.test_client().post(f"/t/{table}/join.json", json={"seat": 3, "name": "Cleo"}).get_json()["seat_key"]

    def form():
        return act(ana, table, type="adjust_slack", seat=1, delta=1)

    def api():
        return client.post(f"/t/{table}/actions", headers={"Authorization": f"Bearer {key}"},
                           json={"type": "adjust_slack", "seat": 3, "args": {"delta": 1}, "action_id": fresh_id()})

    form(), api()
    return form, api


def test_a_slack_tap_enters_few_modules_and_switches_layers_seldom(app, client, table):
    for tap in slack_taps(app, client, table):
        calls = entered(tap)
        assert len(modules_in_order(calls)) <= MOST_MODULES, modules_in_order(calls)
        assert switches(calls) <= MOST_SWITCHES, [(layer(module), name) for module, name in calls]


def test_the_form_tap_runs_its_steps_in_order_through_the_modules_docs_architecture_md_lists(app, client, table):
    form, _api = slack_taps(app, client, table)
    calls = entered(form)
    assert modules_in_order(calls) == documented_trace()
    steps = ["act", "parse_action", "tap", "started", "table_by_token", "key_holder", "authorize", "writer", "state",
             "with_chance", "decide", "hold", "append"]
    names = [name for _module, name in calls]
    assert list(dict.fromkeys(name for name in names if name in steps)) == steps, names
    assert not [module for module in modules_in_order(calls) if layer(module) == "knowledge"]
