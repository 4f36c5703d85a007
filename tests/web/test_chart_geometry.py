"""The story's chart (web/story_chart.py): it plots exactly the totals, marks each goal, and leaves the names room."""

from itertools import pairwise

from companion.rules import game_story
from companion.web import story_chart
from tests.helpers.guevara_tables import end_turn, game, short_game, started
from tests.helpers.job_tables import job_table
from tests.helpers.table_log import Log


def test_the_chart_plots_exactly_the_totals():
    [only] = game_story.games(short_game(game()).events)
    drawn = story_chart.chart(only)
    for line in drawn.lines:
        assert [round(drawn.value_at(y)) for _x, y in line.points] == [p.totals[line.seat] for p in only.points]
        assert [x for x, _y in line.points] == sorted(x for x, _y in line.points)
    [goal] = drawn.goals
    assert (goal.goal, goal.seats, round(drawn.value_at(goal.y))) == (20, [1, 2, 3], 20) and only.shared_goal == 20
    assert drawn.low <= 0 and drawn.high >= 20
    assert [turn for turn, _x in drawn.x_ticks] == [1]
    labels = sorted(line.label_y for line in drawn.lines)
    assert all(b - a >= story_chart.LABEL_GAP for a, b in zip(labels, labels[1:]))


def test_in_a_job_game_each_player_races_to_their_jobs_goal_and_the_names_get_room():
    log = job_table(jobs=("slacker", "web_designer", "drummer"))
    log.act("start_game", dice=[])
    log.act("adjust_slack", 2, delta=21)
    [only] = game_story.games(log.events)
    assert only.goals == {1: 25, 2: 21, 3: 20} and only.shared_goal is None and only.winner == 2
    names = {1: "Maximiliane", 2: "Bo", 3: "Александра"}
    drawn = story_chart.chart(only, names.get)
    assert [(goal.goal, goal.seats, round(drawn.value_at(goal.y))) for goal in drawn.goals] == [
        (20, [3], 20), (21, [2], 21), (25, [1], 25)]
    tops = sorted(goal.label_y for goal in drawn.goals)  # goals a step apart: their labels do not overlap
    assert all(b - a >= story_chart.GOAL_GAP for a, b in zip(tops, tops[1:]))
    assert [line.label for line in drawn.lines] == ["Maximilia… 0", "Bo 21", "Александра 0"]
    assert all(drawn.label_x + story_chart.text_room(line.label, story_chart.LABEL_FONT) <= drawn.width
               for line in drawn.lines)


def three_turns():
    log = started(["private", "corporal", "sergeant"], "freetime")
    for _ in range(12):  # a busy first turn, two quick ones after it
        log.act("adjust_slack", 1 + _ % 3, delta=1)
    end_turn(log)
    log.act("adjust_slack", 2, delta=2)
    end_turn(log)
    log.act("adjust_slack", 3, delta=2)
    return log


def test_the_chart_marks_every_turn_of_a_short_game():
    [game] = game_story.games(three_turns().events)
    drawn = story_chart.chart(game)
    assert [turn for turn, _x in drawn.x_ticks] == [1, 2, 3]


def test_the_winners_label_stays_inside_the_chart_when_the_others_crowd_the_bottom():
    log = Log(5)
    log.act("adjust_slack", 1, delta=25)
    [game] = game_story.games(log.events)
    drawn = story_chart.chart(game)
    tops = sorted(line.label_y for line in drawn.lines)
    assert tops[0] >= drawn.top and tops[-1] <= drawn.bottom + 4
    assert all(b - a >= story_chart.LABEL_GAP for a, b in pairwise(tops))
    [winner] = [line for line in drawn.lines if line.seat == 1]
    assert winner.label_y == drawn.top
