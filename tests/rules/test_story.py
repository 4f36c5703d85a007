"""The story of a game, pure: totals after every change match the log, turning points, rematches, highlights."""

from companion.rules import engine, game_story, notable
from tests.helpers.guevara_tables import SLEEP, game, raiding, short_game, to_phase
from tests.helpers.job_tables import job_table
from tests.helpers.table_log import Log

BOMB = {"with": "Bomb Making Practice"}


def test_every_point_is_the_totals_the_log_gives_after_that_event():
    log = short_game(game())
    [only] = game_story.games(log.events)
    assert only.finished and only.winner == 1 and only.number == 1
    for point in only.points:
        prefix = [event for event in log.events if event["seq"] <= point.seq]
        assert point.totals == game_story.totals(engine.fold(prefix))
    start = only.points[0]
    assert log.events[start.seq - 1]["type"] == "turn_started" and start.totals == {1: 1, 2: 2, 3: 3}
    changed = [e["seq"] for e in log.events if start.seq < e["seq"] <= only.won_seq and
               game_story.totals(engine.fold(log.events[:e["seq"] - 1])) !=
               game_story.totals(engine.fold(log.events[:e["seq"]]))]
    assert [p.seq for p in only.points[1:]] == changed  # one point per change, none missed
    assert only.totals == {1: 20, 2: 3, 3: 1}


def test_turning_points_the_gain_the_cancel_the_wounds_and_the_win():
    [only] = game_story.games(short_game(game()).events)
    kinds = [(m.kind, m.seat) for m in only.moments]
    assert kinds == [("gain", 1), ("cancel", 2), ("loss", 3), ("win", 1)]
    gain, cancel, loss, win = only.moments
    assert gain.deltas == {1: 2} and gain.turn == 1
    assert cancel.other == 1 and [card.name for card in cancel.cards] == ["Siesta"]
    assert loss.deltas == {3: -2} and loss.wounds == {3: 2}
    assert win.deltas == {1: 17} and only.won_seq == win.seq


def test_small_changes_are_no_turning_points_and_only_the_largest_swings_are_kept():
    log = game()
    for delta in (1, 5, 2, 4, 3):
        log.act("adjust_slack", 2, delta=delta)
    [only] = game_story.games(log.events)
    assert [m.deltas for m in only.moments] == [{2: 5}, {2: 4}, {2: 3}]
    assert not only.finished


def test_undone_events_leave_no_trace_and_a_rematch_starts_a_new_game():
    log = Log(3)
    log.act("adjust_slack", 1, delta=9)
    log.act("undo")
    log.act("adjust_slack", 2, delta=20)
    log.act("rematch")
    log.act("adjust_slack", 3, delta=4)
    first, second = game_story.games(log.events)
    assert first.finished and first.winner == 2 and first.totals[1] == 0  # the undone 9 never counted
    assert all(point.totals[1] == 0 for point in first.points)  # a table without the turn: a story from the start
    assert second.number == 2 and not second.finished and second.totals == {1: 0, 2: 0, 3: 4}
    assert second.first_seq == next(e["seq"] for e in log.events if e["type"] == "game_reset")


def test_an_undone_rematch_does_not_split_the_game():
    log = game()
    log.act("adjust_slack", 2, delta=20)
    log.act("rematch")
    log.act("undo")
    assert len(game_story.games(log.events)) == 1


def test_a_raid_is_one_turning_point_with_its_wounds_and_its_winner():
    log = raiding(["corporal", "private", "private"], {1: 3})
    log.act("raid_roll", 2, value=6)
    log.act("raid_roll", 3, value=2)
    log.act("take_loot", 1, card={"name": "Rum", "slack": 2})
    [only] = game_story.games(log.events)
    [raid] = [m for m in only.moments if m.kind == "raid"]
    assert raid.seat == 1 and raid.other == 2 and raid.cards == ["Raid the Village"]
    assert raid.wounds == {2: 1}
    assert raid.deltas == {1: 2}  # Rum for the leader; Ben's promotion (+1 rank Slack) made up for his wound
    assert [e["type"] for e in raid.events] == ["window_passed", "raid_rolled", "raid_rolled", "raid_rolled",
                                                "loot_taken"]  # the last pass starts it


def test_event_types_yet_unknown_count_as_raid_or_denounce_by_their_names():
    before = after = engine.initial_state()
    assert game_story.episode({"type": "raid_something_new"}, before, after) == game_story.RAID
    assert game_story.episode({"type": "denounce_appealed"}, before, after) == game_story.DENOUNCE
    assert game_story.episode({"type": "slack_adjusted"}, before, after) is None


def test_the_newest_highlight_skips_undone_events_and_the_win_comes_first():
    log = game()
    log.act("adjust_wounds", 2, delta=1)
    state = log.act("adjust_wounds", 3, delta=2)
    by_seq = {e["seq"]: e for e in log.events}
    newest = notable.newest_notable(log.events, state, by_seq)
    assert (newest.kind, newest.seats, newest.count) == ("wound", (3,), 2)
    state = log.act("undo")
    assert notable.newest_notable(log.events, state, by_seq).seats == (2,)
    state = log.act("adjust_slack", 1, delta=19)
    win = notable.newest_notable(log.events, state, by_seq)
    assert (win.kind, win.seats, win.seq) == ("win", (1,), log.events[-1]["seq"]) and win.key.startswith("win-")


def test_after_a_rematch_the_last_games_wound_is_no_highlight():
    log = game()
    log.act("adjust_wounds", 2, delta=1)
    log.act("adjust_slack", 1, delta=19)
    state = log.act("rematch")
    assert notable.newest_notable(log.events, state, {e["seq"]: e for e in log.events}) is None


def test_a_successful_cancel_names_whose_card_it_hit():
    log = game()
    to_phase(log, "freetime")
    window = log.act("play_card", 1, cards=[SLEEP]).window.uid
    state = log.act("cancel_card", 3, window=window, **BOMB)
    highlight = notable.newest_notable(log.events, state, {e["seq"]: e for e in log.events})
    assert (highlight.kind, highlight.seats, highlight.by) == ("cancel", (1,), 3)


def test_a_promotion_from_a_raid_is_a_highlight():
    log = raiding(["corporal", "private", "private"], {1: 3, 2: 5, 3: 2})
    highlight = notable.newest_notable(log.events, log.state, {})
    assert (highlight.kind, highlight.seats, highlight.rank) == ("promotion", (2,), "corporal")


def test_a_table_without_any_change_is_one_unfinished_game():
    [only] = game_story.games(Log(2).events)
    assert not only.finished and only.points[0].totals == {1: 0, 2: 0}


def test_a_job_game_is_told_the_same_way_and_its_rematch_starts_a_new_game():
    log = job_table("geek", ("slacker", "temp", "work_drone"))  # the Slacker's goal is 25
    log.act("start_game", dice=[5, 5])
    log.act("adjust_slack", 1, delta=25)
    log.act("rematch")
    first, second = game_story.games(log.events)
    assert first.winner == 1 and first.totals[1] == 25 and first.moments[-1].kind == "win"
    assert second.number == 2 and not second.finished
    assert log.events[second.first_seq - 1]["type"] == "jobs_reset"
