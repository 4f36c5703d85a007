"""The fold applies events in place: still exact, and never changing a state or an event a caller holds."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import engine, game_story
from tests.helpers.table_log import Log

TAPS = st.lists(st.tuples(st.sampled_from(["slack+", "slack-", "wound", "roll", "undo", "redo", "win"]),
                          st.integers(1, 3)), max_size=60)


def play(taps) -> Log:
    """A three-seat table that takes the taps it may (a refused one is skipped, as the server would answer 409)."""
    log = Log(seats=3)
    for kind, seat in taps:
        state = log.state
        try:
            if kind == "undo" and state.undoable:
                log.act("undo")
            elif kind == "redo" and state.redoable:
                log.act("redo")
            elif kind == "win" and state.winner is not None:
                log.act("rematch")
            elif kind == "win":
                log.act("adjust_slack", seat, delta=20)
            elif kind == "wound":
                log.act("adjust_wounds", seat, delta=1)
            elif kind == "roll":
                log.act("roll_die", seat, purpose="other", value=seat)
            elif kind in ("slack+", "slack-"):
                log.act("adjust_slack", seat, delta=1 if kind == "slack+" else -1)
        except engine.RuleViolation:
            pass
    return log


@settings(max_examples=60, deadline=None)
@given(TAPS, st.integers(1, 40))
def test_folding_onward_from_any_earlier_state_gives_the_state_of_folding_from_scratch(taps, cut):
    events = play(taps).events
    cut = min(cut, len(events))
    later = events[cut:]
    targeted = [event["args"]["target"] for event in later if engine.needs_replay(event)]
    if targeted and min(targeted) <= cut:
        cut = min(targeted) - 1  # as the cache does: start before the earliest action an undo or redo targets
    start = engine.fold(events[:cut])
    kept = copy.deepcopy(start)
    assert engine.fold(events[cut:], start) == engine.fold(events)
    assert start == kept  # the start (a snapshot) is copied, not changed


@settings(max_examples=40, deadline=None)
@given(TAPS)
def test_folding_changes_no_event_and_apply_leaves_the_state_it_was_given(taps):
    events = play(taps).events
    originals = copy.deepcopy(events)
    states = [engine.initial_state()]
    for event in events:
        states.append(engine.apply(states[-1], event))
    engine.fold(events)
    game_story.games(events)
    assert events == originals
    replayed = engine.initial_state()
    for event, held in zip(events, states[1:]):
        engine.apply_in_place(replayed, event)
        assert held == replayed  # a state handed out earlier is still the state of its moment


def test_a_finished_games_story_keeps_its_own_last_state_while_the_next_game_is_played():
    log = Log(seats=2)
    log.act("join", 1, name="Ana")
    log.act("adjust_slack", 1, delta=20)
    ended = engine.fold(log.events)
    log.act("rematch")
    for _ in range(5):
        log.act("adjust_slack", 2, delta=3)
        log.act("adjust_wounds", 1, delta=1)
    first, second = game_story.games(log.events)
    assert first.state.seats == ended.seats and first.winner == 1
    assert first.totals == {1: 20, 2: 0}
    assert second.totals == {1: -5, 2: 15}


@settings(max_examples=80, deadline=None)
@given(TAPS, st.integers(1, 60))
def test_a_story_told_on_from_an_earlier_telling_equals_the_story_told_afresh(taps, cut):
    events = play(taps).events
    cut = min(cut, len(events))
    teller = game_story.Teller(events[:cut])
    told_then = teller.games()
    teller.tell_on(events)  # new events, undos and redos among them
    assert teller.games() == game_story.games(events)
    assert told_then == game_story.games(events[:cut])  # telling on changed nothing told before


def test_undoing_a_rematch_retells_the_game_before_it():
    log = Log(seats=2)
    log.act("adjust_slack", 1, delta=20)
    log.act("rematch")
    log.act("adjust_slack", 2, delta=3)
    teller = game_story.Teller(list(log.events))
    for action in ("undo", "undo", "undo", "redo", "redo"):
        log.act(action)
        teller.tell_on(log.events)
        assert teller.games() == game_story.games(log.events)
