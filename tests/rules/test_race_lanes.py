"""The race view's lanes, pure: bars to one scale, the goal line, wounds, the turn and the winner."""

from dataclasses import dataclass, field

from companion import race
from tablelog import Log
from test_tents_rules import game


def test_bars_are_totals_on_the_goal_scale_and_wounds_show_what_they_took():
    log = game()  # Ana Private (1), Ben Corporal (2), Cleo Sergeant (3); Ana's turn
    log.act("adjust_slack", 1, delta=4)
    state = log.act("adjust_wounds", 3, delta=2)
    ana, ben, cleo = race.lanes(state)
    assert (ana.total, ana.bar, ana.goal_at, ana.to_go) == (5, 25.0, 100.0, 15)
    assert (cleo.total, cleo.bar, cleo.wounds, cleo.wound_width) == (1, 5.0, 2, 10.0)
    assert ana.on_turn and not ben.on_turn
    assert ben.rank == "corporal" and ben.heartache == 0 and ben.heart_width == 0


def test_past_the_goal_the_scale_grows_and_the_goal_line_moves_in():
    log = Log(2)
    state = log.act("adjust_slack", 1, delta=25)
    winner, other = race.lanes(state)
    assert winner.winner and winner.bar == 100.0 and winner.goal_at == 80.0 and winner.to_go == 0
    assert not other.winner


def test_a_total_below_zero_draws_no_bar_but_shows_its_wounds():
    log = Log(2)
    state = log.act("adjust_wounds", 2, delta=3)
    _first, hurt = race.lanes(state)
    assert (hurt.total, hurt.bar, hurt.wound_width) == (-3, 0.0, 15.0)


def test_heartache_and_a_goal_per_seat_light_up_where_a_game_has_them():
    @dataclass
    class Seat:
        wounds: int = 0

    @dataclass
    class JobState:  # what Chez Goth's state adds: heartache, jobs and each seat's own goal
        order: list = field(default_factory=lambda: [1, 2])
        seats: dict = field(default_factory=lambda: {1: Seat(), 2: Seat(1)})
        goal: int = 20
        heartache: dict = field(default_factory=lambda: {1: 3})
        jobs: dict = field(default_factory=lambda: {1: "mortician"})
        ranks: dict = field(default_factory=dict)
        turn: None = None
        winner: None = None

        def goal_of(self, seat):
            return {1: 25, 2: None}[seat]

        def total(self, seat):
            return {1: 10, 2: 4}[seat]

    goth, unknown = race.lanes(JobState())
    assert (goth.heartache, goth.heart_from, goth.heart_width, goth.bar) == (3, 28.0, 12.0, 40.0)
    assert (goth.goal_at, goth.job) == (100.0, "mortician")
    assert unknown.goal is None and unknown.goal_at is None and unknown.to_go is None
