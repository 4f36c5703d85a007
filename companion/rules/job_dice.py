"""A job's two-value Income or Free Time: the server rolls at the turn's start, or the turn waits for the table's die.

001_33843aac75e5d22e.txt (Chez Geek) and 004_86e669cd97eaea5c.txt (Chez Goth): a job with two printed numbers
rolls at the start of each turn, 1-3 gives the lower number and 4-6 the higher. A table may roll its own die for
it (`set_job_die`); the turn then waits for that roll, entered as a value.
"""

from __future__ import annotations

from .state import Roll, TableState
from .violations import N_, RuleViolation

LOW_ROLL_UP_TO = 3  # 1-3 gives the lower of two printed numbers, 4-6 the higher
JOB_FIELDS = ("income", "free_time")  # the order the dice are rolled in: the Income's first
WAITING = {"income": N_("First roll the job's die for this turn's Income."),
           "free_time": N_("First roll the job's die for this turn's Free Time.")}


def section(state: TableState) -> str:
    """The rulebook section on variable Income and Free Time in this table's game."""
    return state.rules.rulebook_topic("variable_income")


def pick(values: tuple[int, ...], die: int | None) -> int:
    """One printed number, or the lower (die 1-3) or higher (4-6) of two."""
    if len(values) == 1:
        return values[0]
    return values[0] if die <= LOW_ROLL_UP_TO else values[1]


def start_values(state: TableState, seat: int, dice: list[int]) -> tuple[list[dict], dict[str, int], list[str]]:
    """The rolls the server makes at a turn's start, the Income and Free Time known so far, and what waits for the
    table's own die (its number counts as 0 until then)."""
    job = state.job(seat)
    events, chosen, waiting = [], {}, []
    for index, field in enumerate(JOB_FIELDS):  # dice[0] is the Income's, dice[1] the Free Time's
        values = getattr(job, field)
        die = None
        if len(values) > 1 and state.physical_job_die:
            waiting.append(field)
            chosen[field] = 0
            continue
        if len(values) > 1:
            if len(dice) <= index:
                raise RuleViolation(N_("A die is needed for the job's two-value Income or Free Time."),
                                    section=section(state))
            die = dice[index]
            events.append({"type": "die_rolled", "seat": seat, "args": {
                "purpose": field, "note": job.name, "value": die, "physical": False}})
        chosen[field] = pick(values, die)
    return events, chosen, waiting


def require_job_rolled(state: TableState) -> None:
    """Nothing on a turn goes on while the job's die is still to be rolled."""
    turn = state.turn
    if turn is not None and turn.awaiting:
        raise RuleViolation(WAITING[turn.awaiting[0]], section=section(state))


def _decide_roll(state, seat, args):
    """The job's die for the next number the turn waits for: the table's (a value entered) or the server's."""
    turn = state.turn
    if turn is None or state.winner is not None or not turn.awaiting:
        raise RuleViolation(N_("No job's die is waiting to be rolled."), section=section(state))
    if seat != turn.seat:
        raise RuleViolation(N_("It is not your turn."), section=section(state))
    field = args.get("field") or turn.awaiting[0]
    if field not in turn.awaiting:
        raise RuleViolation(N_("No job's die is waiting to be rolled."), section=section(state))
    job = state.job(seat)
    value = args["value"]
    return [{"type": "job_die_rolled", "seat": seat, "args": {
        "field": field, "value": value, "number": pick(getattr(job, field), value), "note": job.name,
        "physical": bool(args.get("physical"))}}]


def _decide_setting(state, seat, args):
    """The table rolls the job's die itself, or lets the server roll it (the default)."""
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section=state.rules.rulebook_topic("win"))
    if args["physical"] == state.physical_job_die:
        return []
    return [{"type": "job_die_set", "seat": None, "args": {"physical": args["physical"]}}]


DECIDERS = {
    "job_roll": _decide_roll,
    "set_job_die": _decide_setting,
}


def _rolled(state, seat, args, seq):
    turn, field = state.turn, args["field"]
    turn.awaiting.remove(field)
    if field == "income":
        turn.income_left += args["number"]
    else:
        turn.free_time_left += args["number"]
    state.last_roll = Roll(seq=seq, seat=seat, purpose=field, note=args["note"], value=args["value"],
                           physical=args["physical"])


def _set(state, seat, args, seq):
    state.physical_job_die = args["physical"]


APPLIERS = {
    "job_die_rolled": _rolled,
    "job_die_set": _set,
}
