"""The race view's lanes, pure: bars to one scale, the goal line, wounds, the turn and the winner."""

from companion.rules import race_lanes
from tests.helpers.guevara_tables import game
from tests.helpers.job_tables import job_table
from tests.helpers.table_log import Log


def test_bars_are_totals_on_the_goal_scale_and_wounds_show_what_they_took():
    log = game()  # Ana Private (1), Ben Corporal (2), Cleo Sergeant (3); Ana's turn
    log.act("adjust_slack", 1, delta=4)
    state = log.act("adjust_wounds", 3, delta=2)
    ana, ben, cleo = race_lanes.lanes(state)
    assert (ana.total, ana.bar, ana.goal_at, ana.to_go) == (5, 25.0, 100.0, 15)
    assert (cleo.total, cleo.bar, cleo.wounds, cleo.wound_width) == (1, 5.0, 2, 10.0)
    assert ana.on_turn and not ben.on_turn
    assert ben.rank == "corporal" and ben.heartache == 0 and ben.heart_width == 0


def test_past_the_goal_the_scale_grows_and_the_goal_line_moves_in():
    log = Log(2)
    state = log.act("adjust_slack", 1, delta=25)
    winner, other = race_lanes.lanes(state)
    assert winner.winner and winner.bar == 100.0 and winner.goal_at == 80.0 and winner.to_go == 0
    assert not other.winner


def test_a_total_below_zero_draws_no_bar_but_shows_its_wounds():
    log = Log(2)
    state = log.act("adjust_wounds", 2, delta=3)
    _first, hurt = race_lanes.lanes(state)
    assert (hurt.total, hurt.bar, hurt.wound_width) == (-3, 0.0, 15.0)


def test_in_chez_goth_heartache_fills_the_bar_and_each_seat_has_its_own_goal_line():
    log = job_table("goth", ("porn_shop_clerk", "artist", "poet"))  # goals 18, 20 and 21
    log.act("start_game", dice=[5, 5])
    log.act("adjust_slack", 1, delta=6)
    state = log.act("adjust_heartache", 1, delta=3)
    clerk, artist, poet = race_lanes.lanes(state)
    assert (clerk.total, clerk.heartache, clerk.goal, clerk.to_go, clerk.job) == (9, 3, 18, 9, "porn_shop_clerk")
    assert (clerk.bar, clerk.heart_from, clerk.heart_width) == (42.86, 28.57, 14.29)  # on the Poet's scale of 21
    assert (clerk.goal_at, artist.goal_at, poet.goal_at) == (85.71, 95.24, 100.0)


def test_a_seat_whose_job_goal_is_unknown_has_no_goal_line():
    _first, second = race_lanes.lanes(Log(2, game="geek").state)
    assert second.goal is None and second.goal_at is None and second.to_go is None
