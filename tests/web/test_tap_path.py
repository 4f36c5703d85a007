"""One tap runs on a straight line: the seat view calls one service method, whose steps run in order, each in its
own module, as docs/architecture.md tells it (at most 12 modules in all)."""

from __future__ import annotations

import sys

from tests.helpers.http_phones import act, state
from tests.helpers.http_tables import started

# The view's and the service method's steps (a step's own helpers, and the rules' inner dispatch, are its own).
STEP_OWNERS = {("companion.web.views.seat", "act"), ("companion.service.table_service", "apply"),
               ("companion.service.table_service", "_decide_and_append"), ("companion.service.table_service", "tell")}
TAP_PATH = ["companion.web.views.seat", "companion.web.common", "companion.web.connection", "companion.input.actions",
            "companion.web.i18n", "companion.service.table_service", "companion.knowledge.card_steps",
            "companion.storage.state_cache", "companion.service.chance", "companion.rules.routing",
            "companion.storage.store", "companion.live.hub"]
IN_ORDER = ["authorize", "before_deciding", "with_chance", "decide", "append", "after_appending", "appended",
            "publish"]


def steps_of_one_tap(phone, table: str, **fields) -> list[tuple[str, str]]:
    """Each (module, function) the view and the service method call for the phone's tap, up to the publishing (the
    phone's own new panel, rendered after the service method returned, is the answer, not the tap)."""
    steps: list[tuple[str, str]] = []
    applied = []

    def watch(frame, event, _arg):
        caller = frame.f_back
        if event == "return" and frame.f_code.co_name == "apply" and "table_service" in frame.f_globals["__name__"]:
            applied.append(True)
        if event == "call" and caller is not None:
            owner = (caller.f_globals.get("__name__", ""), caller.f_code.co_name)
            module = frame.f_globals.get("__name__", "")
            if owner in STEP_OWNERS and module.startswith("companion") and (not applied or owner[1] == "tell"):
                steps.append((module, frame.f_code.co_name))

    sys.setprofile(watch)
    try:
        answer = act(phone, table, **fields)
        answer.close()  # as the WSGI server does once the answer is sent: the streams are told then
    finally:
        sys.setprofile(None)
    assert answer.status_code == 200
    return steps


def test_next_phase_runs_through_the_documented_modules_in_order(app, client, table):
    ana, _ben = started(app, client, table)
    turn = state(ana, table)["turn"]["number"]
    steps = steps_of_one_tap(ana, table, type="advance", seat=1, phase="draw", turn=turn)
    modules = list(dict.fromkeys(["companion.web.views.seat", *(module for module, _name in steps)]))
    assert sorted(modules) == sorted(TAP_PATH), modules
    assert len(TAP_PATH) <= 12
    names = [name for _module, name in steps]
    assert [name for name in names if name in IN_ORDER] == IN_ORDER, names
    assert state(ana, table)["phase"] == "roll"


def test_the_path_is_the_one_docs_architecture_md_walks():
    from pathlib import Path
    walk = (Path(__file__).parents[2] / "docs" / "architecture.md").read_text()
    for module in TAP_PATH:
        assert module.removeprefix("companion.").replace(".", "/") + ".py" in walk, module
