"""Chez Geek and Chez Goth's turn: the job profile, dealing jobs, five phases, rolled Income and Free Time.

The job numbers arrive from the table (entered once from the printed cards); dice and shuffles arrive as
arguments. Only what differs from Chez Guevara lives here; cards, windows and pests are tents.py's.
"""

from __future__ import annotations

from dataclasses import replace

from . import goth, guevara, job_dice, tents
from .job_dice import start_values
from .state import HAND_AFTER_DRAW, JobValues, TableState
from .violations import N_, RuleViolation

JOB_CHANGES = ("new_job", "fired")


def section(state: TableState, topic: str) -> str:
    """A rulebook section id in this table's game."""
    return state.rules.rulebook_topic(topic)


def hand_limit(state: TableState, seat: int) -> int:
    """How many cards the seat draws up to and may never exceed (the Work Drone's job says 7)."""
    job = state.job(seat)
    return job.hand if job else HAND_AFTER_DRAW


# --- deciding ------------------------------------------------------------------------------------

def _require_profile(state: TableState) -> None:
    if not state.job_profile:
        raise RuleViolation(N_("First enter the job cards of your deck."), section=section(state, "jobs"))


def _require_job(state: TableState, key: str) -> JobValues:
    _require_profile(state)
    job = state.job_profile.get(key)
    if job is None:
        raise RuleViolation(N_("That job is not in the deck."), section=section(state, "jobs"))
    return job


def _holder(state: TableState, key: str) -> int | None:
    return next((seat for seat, held in state.jobs.items() if held == key), None)


def _decide_profile(state, seat, args):
    jobs = args["jobs"]
    keys = [job["key"] for job in jobs]
    if len(set(keys)) != len(keys):
        raise RuleViolation(N_("Each job appears once in the deck."), section=section(state, "jobs"))
    if len(jobs) < len(state.seats):
        raise RuleViolation(N_("The deck needs at least one job per player."), section=section(state, "setup"))
    if any(held not in keys for held in state.jobs.values()):
        raise RuleViolation(N_("A player holds a job that would leave the deck."), section=section(state, "jobs"))
    return [{"type": "job_profile_set", "seat": None, "args": {"jobs": jobs}}]


def _decide_set_job(state, seat, args):
    if seat not in state.seats:
        raise RuleViolation(N_("There is no such seat at this table."), section=section(state, "setup"))
    if state.turn is not None:
        raise RuleViolation(N_("The game is under way: a new job comes from a New Job or You're Fired card."),
                            section=section(state, "job_change"))
    _require_job(state, args["job"])
    holder = _holder(state, args["job"])
    if holder not in (None, seat):
        raise RuleViolation(N_("Another player already holds that job."), section=section(state, "jobs"))
    return [{"type": "job_set", "seat": seat, "args": {"job": args["job"]}}]


def _decide_job_numbers(state, seat, args):
    """The numbers of a job card its holder found blank, entered from the card (the rest of the job stays)."""
    key = state.jobs.get(seat)
    if key is None:
        raise RuleViolation(N_("That player has no job yet."), section=section(state, "jobs"))
    job = state.job_profile[key]
    if job.complete:
        raise RuleViolation(N_("The numbers of %(job)s are already entered."), section=section(state, "jobs"),
                            job=job.name)
    entered = {field: args.get(field) or getattr(job, field) for field in ("income", "free_time", "goal")}
    if None in entered.values():
        raise RuleViolation(N_("Enter the Income, Free Time and Slack goal of %(job)s first."),
                            section=section(state, "jobs"), job=job.name)
    numbers = {field: list(value) if isinstance(value, tuple) else value for field, value in entered.items()}
    return [{"type": "job_numbers_set", "seat": seat, "args": {"job": key, **numbers}}]


def _decide_deal(state, seat, args):
    """Deal the shuffled job cards (passed in) to every player who has none yet: a winner may have picked first."""
    _require_profile(state)
    if state.turn is not None:
        raise RuleViolation(N_("The game is already under way."), section=section(state, "turn"))
    shuffled = args["shuffled"]
    if sorted(shuffled) != sorted(state.job_profile):
        raise RuleViolation(N_("The shuffled cards do not match the deck."), section=section(state, "setup"))
    free = [key for key in shuffled if _holder(state, key) is None]
    waiting = [seat_id for seat_id in state.order if seat_id not in state.jobs]
    dealt = [[seat_id, key] for seat_id, key in zip(waiting, free)]
    return [{"type": "jobs_dealt", "seat": None, "args": {"jobs": dealt}}]


def turn_start(state: TableState, seat: int, number: int, dice: list[int]) -> list[dict]:
    """A turn begins: a job with two numbers for Income or Free Time rolls for each (the server's dice, or the
    table's own die the turn then waits for), everyone sees the roll."""
    job = state.job(seat)
    if job is None or not job.complete:
        raise RuleViolation(N_("Enter the Income, Free Time and Slack goal of %(job)s first."),
                            section=section(state, "jobs"), job=job.name if job else "?")
    events, chosen, waiting = start_values(state, seat, dice)
    started = {"number": number, "income": chosen["income"], "free_time": chosen["free_time"]}
    return events + [{"type": "turn_started", "seat": seat,
                      "args": {**started, "awaiting": waiting} if waiting else started}]


def _decide_start(state, seat, args):
    _require_profile(state)
    if state.turn is not None:
        raise RuleViolation(N_("The game is already under way."), section=section(state, "turn"))
    if set(state.jobs) != set(state.seats):
        raise RuleViolation(N_("Every player needs a job first."), section=section(state, "setup"))
    if state.dealer is None:
        raise RuleViolation(N_("Choose the dealer first: the player to the dealer's left starts."),
                            section=section(state, "setup"))
    for seat_id in state.order:
        job = state.job(seat_id)
        if not job.complete:
            raise RuleViolation(N_("Enter the Income, Free Time and Slack goal of %(job)s first."),
                                section=section(state, "jobs"), job=job.name)
    return turn_start(state, state.first_player, 1, args.get("dice") or [])


def _decide_advance(state, seat, args):
    turn = tents._require_active(state, seat)
    if args["phase"] != turn.phase or args["turn"] != turn.number:
        raise RuleViolation(N_("The turn has already moved on."), section=section(state, "turn"))
    tents.require_no_demands(state, seat)
    closing = tents.settle_before_next(state, seat)
    phases = state.rules.phases
    index = phases.index(turn.phase)
    if index + 1 < len(phases):
        after = []
        if turn.phase == "roll":
            after = tents.pests_hungry_after_roll(state, seat)
        if turn.phase == "call":
            after = goth.heartache_fades(state, seat)
        return closing + [{"type": "phase_entered", "seat": seat, "args": {"phase": phases[index + 1]}}] + after
    return closing + turn_start(state, state.next_seat(turn.seat), turn.number + 1, args.get("dice") or [])


def _decide_play(state, seat, args):
    """Play a card as in Chez Guevara unless the player's job forbids it; the room owner's job bonus lands as
    markers."""
    mine = state.job(seat)
    if mine and any(set(mine.forbidden) & goth.categories_for_jobs(card) for card in args["cards"]):
        raise RuleViolation(N_("Your job does not let you play cards of that kind."), section=section(state, "jobs"))
    events = tents.DECIDERS["play_card"](state, seat, args)
    played = events[-1]
    job = state.job(played["args"]["target"])
    if job and job.bonus:
        cards = [{**card, "markers": sum(job.bonus.get(c, 0) for c in goth.categories_for_jobs(card))}
                 for card in played["args"]["cards"]]
        played = {**played, "args": {**played["args"], "cards": cards}}
    return events[:-1] + [played]


def _decide_change(state, seat, args):
    """New Job or You're Fired: Slack and cards stay; the new job's bonuses count for cards played from now on."""
    if seat not in state.jobs:
        raise RuleViolation(N_("That player has no job yet."), section=section(state, "job_change"))
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section=section(state, "win"))
    turn = state.turn
    if turn is not None and turn.seat == seat and turn.awaiting:  # the die settles the old job's number first
        raise RuleViolation(job_dice.WAITING[turn.awaiting[0]], section=job_dice.section(state))
    if args["job"] == state.jobs[seat]:
        raise RuleViolation(N_("That is already this player's job."), section=section(state, "job_change"))
    _require_job(state, args["job"])
    if _holder(state, args["job"]) is not None:
        raise RuleViolation(N_("Another player already holds that job."), section=section(state, "job_change"))
    return [{"type": "job_changed", "seat": seat,
             "args": {"job": args["job"], "why": args["why"], **goth.job_change_effects(state, seat, args["job"])}}]


def _decide_rematch(state, seat, args):
    if state.winner is None:
        raise RuleViolation(N_("A rematch starts once somebody has won."), section=section(state, "win"))
    return [{"type": "jobs_reset", "seat": None, "args": {}}]


def people_to_send_away(state: TableState, seat: int) -> list:
    """The People in a room that a get-rid roll may send away (not Cats, not who the rules keep, not who had their
    roll this turn)."""
    tried = state.turn.rid_tried if state.turn is not None else ()
    return [card for card in state.tents.get(seat, [])
            if card.type == "person" and card.key not in tents.NOT_ROLLED_AWAY and card.uid not in tried]


def _decide_get_rid_all(state, seat, args):
    """Try to send every Person in the room to the one announced destination: one roll each, passed in."""
    tents._require_active(state, seat)
    people = people_to_send_away(state, seat)
    if not people:
        raise RuleViolation(N_("There is nobody in your room to send away."), section=section(state, "people.get_rid"))
    values = args["values"]
    if len(values) < len(people):
        raise RuleViolation(N_("A die is needed for each Person."), section=section(state, "people.get_rid"))
    events = []
    for card, value in zip(people, values):
        for event in tents.DECIDERS["get_rid"](state, seat, {"card": card.uid, "to": args["to"], "value": value}):
            if event not in events:
                events.append(event)
    return events


# Actions that only the job games know.
DECIDERS = {
    "get_rid_all": _decide_get_rid_all,
    "set_job_profile": _decide_profile,
    "set_job": _decide_set_job,
    "set_job_numbers": _decide_job_numbers,
    "deal_jobs": _decide_deal,
    "change_job": _decide_change,
}
# Actions both kinds of game know, done the job games' way.
OVERRIDES = {
    "start_game": _decide_start,
    "advance": _decide_advance,
    "play_card": _decide_play,
    "rematch": _decide_rematch,
}


# --- applying ----------------------------------------------------------------------------------------

def job_values(entry: dict) -> JobValues:
    """A job as the log stores it."""
    def numbers(value):
        return tuple(value) if value else None
    return JobValues(key=entry["key"], name=entry["name"], income=numbers(entry.get("income")),
                     free_time=numbers(entry.get("free_time")), goal=entry.get("goal"), perk=entry.get("perk") or "",
                     hand=entry.get("hand") or HAND_AFTER_DRAW, goth=bool(entry.get("goth")),
                     bonus=dict(entry.get("bonus") or {}),
                     forbidden=tuple(entry.get("forbidden") or ()))


def _profile_set(state, seat, args, seq):
    state.job_profile = {entry["key"]: job_values(entry) for entry in args["jobs"]}


def _job_numbers_set(state, seat, args, seq):
    job = state.job_profile[args["job"]]
    state.job_profile[args["job"]] = replace(job, income=tuple(args["income"]), free_time=tuple(args["free_time"]),
                                             goal=args["goal"])


def _job_set(state, seat, args, seq):
    state.jobs[seat] = args["job"]
    state.heartache.setdefault(seat, 0)


def _jobs_dealt(state, seat, args, seq):
    for seat_id, key in args["jobs"]:
        _job_set(state, seat_id, {"job": key}, seq)


def _job_changed(state, seat, args, seq):
    state.jobs[seat] = args["job"]
    state.heartache[seat] = state.heartache.get(seat, 0) - args.get("heartache_lost", 0) \
        + args.get("heartache_gained", 0)
    state.job_slack[seat] = state.job_slack.get(seat, 0) + args.get("job_slack", 0)


def _jobs_reset(state, seat, args, seq):
    """A rematch: as in Chez Guevara, and the jobs go back into the deck; the winner may pick first."""
    winner = state.winner
    guevara.APPLIERS["game_reset"](state, seat, args, seq)
    state.jobs, state.heartache, state.job_slack = {}, {}, {}
    state.last_winner = winner


APPLIERS = {
    "jobs_reset": _jobs_reset,
    "job_profile_set": _profile_set,
    "job_set": _job_set,
    "job_numbers_set": _job_numbers_set,
    "jobs_dealt": _jobs_dealt,
    "job_changed": _job_changed,
}
