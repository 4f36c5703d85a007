"""The state cache on a real SQLite file: advanced tap by tap and replayed from snapshots on undo, it always
equals folding the whole log from scratch."""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.input.actions import Action
from companion.rules import engine
from companion.rules.state import DISPLAY
from companion.rules.violations import RuleViolation
from companion.service.table_service import TableService
from companion.storage import state_cache, store

TAPS = st.lists(st.sampled_from(["slack", "wound", "undo", "undo", "redo", "win"]), min_size=1, max_size=50)
FAST_DISK = "/dev/shm" if Path("/dev/shm").is_dir() else None


def fresh_table():
    """A play runtime and a three-seat table in a new database file."""
    db = store.connect(Path(tempfile.mkdtemp(dir=FAST_DISK)) / "companion.sqlite")
    store.migrate(db)
    play = TableService()
    table, _key = play.create_table(db, {"game": "guevara", "seats": 3, "language": "en"})
    return db, play, table


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(TAPS, st.sampled_from([2, 3, 7]))
def test_the_cached_state_equals_the_fold_of_the_whole_log_after_every_tap(monkeypatch, taps, every):
    monkeypatch.setattr(state_cache, "SNAPSHOT_EVERY", every)
    monkeypatch.setattr(state_cache, "SNAPSHOTS_KEPT", 4)
    db, play, table = fresh_table()
    for number, kind in enumerate(taps):
        state = play.state(db, table)
        action = {"slack": Action("adjust_slack", 1 + number % 3, {"delta": 1}),
                  "wound": Action("adjust_wounds", 1 + number % 3, {"delta": 1}),
                  "undo": Action("undo", None), "redo": Action("redo", None),
                  "win": Action("rematch", None) if state.winner else Action("adjust_slack", 2, {"delta": 20}),
                  }[kind]
        try:
            play.apply(db, table, Action(action.type, action.seat, action.args, f"tap-{number:04d}"), DISPLAY)
        except RuleViolation:
            continue
        from_scratch = engine.fold(store.events_after(db, table.id))
        assert play.state(db, table) == from_scratch
    held = play.state(db, table)
    play.cache.forget()
    assert play.state(db, table) == held


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["slack", "undo", "redo"]), st.booleans()), min_size=1, max_size=30))
def test_the_newest_events_kept_with_the_state_are_the_logs_own(monkeypatch, taps):
    monkeypatch.setattr(state_cache, "RECENT_EVENTS", 4)
    monkeypatch.setattr(state_cache, "SNAPSHOT_EVERY", 3)
    db, here, table = fresh_table()
    there = TableService()  # another server process writing the same table
    for number, (kind, elsewhere) in enumerate(taps):
        action = {"slack": Action("adjust_slack", 1, {"delta": 1}), "undo": Action("undo", None),
                  "redo": Action("redo", None)}[kind]
        try:
            (there if elsewhere else here).apply(db, table, Action(action.type, action.seat, action.args,
                                                                   f"tap-{number:04d}"), DISPLAY)
        except RuleViolation:
            continue
        version = here.state(db, table).version
        for after in range(version + 1):
            kept = here.cache.recent_events(table.id, after, version)
            assert kept is None or kept == store.events_between(db, table.id, after, version)
            if after >= version - 4:  # the newest four are always kept
                assert kept is not None


def test_the_cache_keeps_the_tables_asked_about_most_recently_and_folds_a_dropped_one_again():
    db, play, first = fresh_table()
    tables = [first] + [play.create_table(db, {"game": "guevara", "seats": 3, "language": "en"})[0]
                        for _ in range(3)]
    for number, table in enumerate(tables):
        play.apply(db, table, Action("adjust_slack", 1, {"delta": number + 1}, f"tap-{number}"), DISPLAY)
    cache = state_cache.StateCache(max_tables=3)
    before = {table.id: cache.state(db, table.id) for table in tables[:3]}
    cache.state(db, tables[0].id)  # asked again: now the most recent
    cache.state(db, tables[3].id)  # a fourth table: the least recently asked (the second) goes
    assert len(cache) == 3
    assert cache.state(db, tables[1].id) == before[tables[1].id]  # folded again from its log, the same
    assert len(cache) == 3
