"""The race at a glance: every seat as a lane toward the goal, as numbers a template draws. Pure: no Flask."""

from __future__ import annotations

from dataclasses import dataclass

from .state import TableState


@dataclass(frozen=True)
class Lane:
    """One seat's bar in percent of the lane: the total (its heartache part at the end), then what wounds
    took, and where the seat's goal line is."""

    seat: int
    total: int
    goal: int | None
    to_go: int | None
    wounds: int
    heartache: int
    rank: str | None
    job: str | None
    on_turn: bool
    winner: bool
    bar: float
    heart_from: float
    heart_width: float
    wound_width: float
    goal_at: float | None


def lanes(state: TableState) -> list[Lane]:
    """The lanes in seat order, all drawn to one scale: the highest goal, or more when someone is past it.

    In the job games each seat has its own goal (none until its job's is entered), and heartache counts.
    """
    totals = {seat: state.total(seat) for seat in state.order}
    goals = {seat: state.goal_of(seat) for seat in state.order}
    wounds = {seat: state.seats[seat].wounds for seat in state.order}
    scale = max([state.goal, *(goal for goal in goals.values() if goal),
                 *(max(total, 0) + wounds[seat] for seat, total in totals.items())])
    turn_seat = state.turn.seat if state.turn is not None else None

    def percent(value: int) -> float:
        return round(100 * max(value, 0) / scale, 2)

    result = []
    for seat in state.order:
        total, goal, heartache = totals[seat], goals[seat], state.heartache.get(seat, 0)
        result.append(Lane(
            seat=seat, total=total, goal=goal, to_go=None if goal is None else max(0, goal - total),
            wounds=wounds[seat], heartache=heartache, rank=state.ranks.get(seat), job=state.jobs.get(seat),
            on_turn=seat == turn_seat, winner=seat == state.winner,
            bar=percent(total), heart_from=percent(total - heartache),
            heart_width=round(percent(total) - percent(total - heartache), 2),
            wound_width=round(percent(max(total, 0) + wounds[seat]) - percent(total), 2),
            goal_at=None if goal is None else percent(goal)))
    return result
