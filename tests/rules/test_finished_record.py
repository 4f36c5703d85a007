"""A finished game is told as it was at its win (issue 58 item 5): seats taken, left or retaken after the win, by
phones or over a seat the display named, change the rematch and never the finished game's names, totals or winner,
told at once or on from an earlier telling."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import RuleViolation, game_story
from tests.helpers.table_log import Log

NAMES = st.sampled_from(["Ana", "Ben", "Cleo", "Dora", "Mallory", "Zoë", ""])


def record(game: game_story.Game) -> tuple:
    """What a finished game's record holds: its seats with their names and totals, and its winner."""
    return game.winner, [(seat, game.names()[seat], game.totals[seat]) for seat in game.order]


@st.composite
def tables(draw):
    """A table whose seats are named by phones or by the display, played until one seat wins, then seats taken and
    left after the win."""
    seats = draw(st.integers(2, 5))
    log = Log(seats)
    for seat in range(1, seats + 1):
        how = draw(st.sampled_from(["join", "name_seat", None]))
        if how is not None:
            log.act(how, seat, name=draw(NAMES))
    for seat, delta in draw(st.lists(st.tuples(st.integers(1, seats), st.integers(1, 6)), max_size=8)):
        if log.state.winner is None:
            log.act("adjust_slack", seat, delta=delta)
    if log.state.winner is None:
        log.act("adjust_slack", draw(st.integers(1, seats)), delta=20)
    after = draw(st.lists(st.tuples(st.sampled_from(["join", "free_seat"]), st.integers(1, seats), NAMES),
                          max_size=8))
    return log, after


@settings(max_examples=150, deadline=None)
@given(tables(), st.booleans())
def test_seats_taken_or_left_after_the_win_change_only_the_rematch(table, rematch):
    log, after = table
    [won] = game_story.games(log.events)
    assert won.finished
    teller = game_story.Teller(log.events)
    for action, seat, name in after:
        try:
            log.act(action, seat, **({"name": name} if action == "join" else {}))
        except RuleViolation:
            pass  # a seat already held, or held by nobody
    if rematch:
        log.act("rematch")
    teller.tell_on(log.events)
    for told in (game_story.games(log.events), teller.games()):
        assert record(told[0]) == record(won)
        if rematch:  # the next game is played by whoever sits there now
            assert told[1].names() == {seat: log.state.seats[seat].name for seat in log.state.order}
