"""The fold: an action becomes events (decide), events become state (apply), a log becomes a table (fold)."""

from __future__ import annotations

from typing import Any, Iterable

from . import budget, core, denounce, goth, guevara, job_dice, jobs, raids, tents, tv
from .games import game
from .placing import tent_changes
from .state import TableState, initial_state
from .violations import N_, RuleViolation

MODULES = (core, guevara, budget, tents, raids, denounce, jobs, job_dice, goth, tv)
DECIDERS = {kind: decider for module in MODULES for kind, decider in module.DECIDERS.items()}
APPLIERS = {kind: applier for module in MODULES for kind, applier in module.APPLIERS.items()}
# "Straight to …" (rules.passing, through rules.routing) opens with a marker for the log; the steps after it act.
APPLIERS["phases_passed"] = lambda state, seat, args, seq: None
ACTION_TYPES = tuple(DECIDERS)
RANKS_ONLY = frozenset({"set_profile", "set_rank", "deal_ranks", "promote", "demote", "heal", "pull_rank",
                        "adjust_wounds", *raids.DECIDERS, *denounce.DECIDERS})
# Ranks and jobs are dealt before the first turn. (A rank or job set by hand, or the deck's printed numbers, may
# still be corrected in play through the API: a mistake noticed late, a job card a New Job card brings out.)
BEFORE_THE_FIRST_TURN = frozenset({"deal_ranks", "deal_jobs"})
# Cards played whenever during the game, never while the table is still being set up.
ONCE_THE_GAME_RUNS = frozenset({"promote", "demote", "denounce", "change_job"})
# Cards a player plays, and answers to a card being played: the one who does it must hold a seat at the table.
PLAYED_BY_A_SEAT = frozenset({"promote", "demote", "denounce", "change_job", "remove_card", "move_card",
                              "mark_card", "cancel_card", "pass_card", "pull_rank", "watch_tv", "call_raid"})
# This turn's Income and Free Time change where the screens show it: in Free Time (a card also in Call People).
BUDGET_PHASES = {"adjust_income": ("freetime",), "adjust_free_time": ("freetime",),
                 "budget_card": ("call", "freetime")}
JOBS_ONLY = frozenset({*jobs.DECIDERS, *job_dice.DECIDERS, *goth.DECIDERS, *tv.DECIDERS})
# Where a shared rule (cards, windows, pests) is explained in the job games' rulebooks.
JOB_GAME_TOPICS = {
    "guevara.setup": "setup", "guevara.turn": "turn", "guevara.win": "win", "guevara.goal": "goal",
    "guevara.cancel": "cancel", "guevara.people.get_rid": "people.get_rid", "guevara.quick": "quick",
    "guevara.people.uninvited": "people.uninvited", "guevara.phase.call": "phase.call",
    "guevara.phase.freetime": "phase.freetime", "guevara.income": "jobs", "guevara.scrounging": "shopping",
    "guevara.pests": "pests", "guevara.wounds": "overview", "guevara.overview": "overview",
}

# Events that are about phones, not the game: undo skips them.
HOUSEKEEPING = {"table_created", "seat_joined", "seat_freed", "undone", "redone"}
REMATCHES = frozenset({"game_reset", "jobs_reset"})  # a new game at the same table: its tents are simply cleared
# Once someone has won: the win taken back or brought back, a new game, and phones taking or leaving their seats
# (to read the story), never another move in the game that is over.
AFTER_A_WIN = frozenset({"undo", "redo", "rematch", "join", "free_seat"})


def decide(state: TableState, kind: str, seat: int | None, args: dict[str, Any], effects: bool = True) -> list[dict]:
    """Validate one plain action against the state and return the events it causes (`routing.decide`, the rules'
    front door, first routes shortcuts and dice-panel rolls). Without `effects` the events do not note what they
    do to the tents (for the log): only asking whether the rules accept, it costs no copy of the state."""
    try:
        refuse_after_a_win(state, kind)
        decider = _decider(state, kind)
        refuse_out_of_place(state, kind, seat)
        events = decider(state, seat, args)
        return with_effects(state, events) if effects else events
    except RuleViolation as violation:
        violation.section = section_in_game(state.game, violation.section)
        raise


def refuse_after_a_win(state: TableState, kind: str) -> None:
    """Once somebody has won, only what `AFTER_A_WIN` lists goes on."""
    if state.winner is not None and kind not in AFTER_A_WIN:
        core.require_playing(state)


def refuse_out_of_place(state: TableState, kind: str, seat: int | None) -> None:
    """What no moment of the game allows: setting up once the game runs, a card played by nobody at the table, a
    change to this turn's Income or Free Time outside the phases it belongs to, a job change before the start."""
    turn = state.turn
    if kind in BEFORE_THE_FIRST_TURN and turn is not None:
        raise RuleViolation(N_("The game has started: ranks and jobs are dealt before the first turn."),
                            section="guevara.setup")
    if kind in PLAYED_BY_A_SEAT and seat not in state.seats:
        raise RuleViolation(N_("Say which player at the table does this."), section="guevara.turn")
    if kind in ONCE_THE_GAME_RUNS and turn is None:
        raise RuleViolation(N_("The game has not started yet."), section="guevara.setup")
    if kind in BUDGET_PHASES and turn is not None and turn.phase not in BUDGET_PHASES[kind]:
        raise RuleViolation(N_("This turn's Income and Free Time change in the Free Time phase."),
                            section="guevara.phase.freetime")


def _decider(state: TableState, kind: str):
    """The function that decides this action in this table's game, or a refusal if the game has no such action."""
    handler = DECIDERS.get(kind)
    if handler is None:
        raise RuleViolation(N_("That action is not known."), section="guevara.turn")
    rules = state.rules
    if kind in RANKS_ONLY and not rules.has_ranks:
        raise RuleViolation(N_("That belongs to Chez Guevara: this game has jobs, not ranks."),
                            section=rules.rulebook_topic("jobs"))
    if kind in JOBS_ONLY and not rules.has_jobs:
        raise RuleViolation(N_("That belongs to Chez Geek and Chez Goth."), section=rules.rulebook_topic("overview"))
    return jobs.OVERRIDES.get(kind, handler) if rules.has_jobs else handler


def with_effects(state: TableState, events: list[dict]) -> list[dict]:
    """Each event that takes cards out of tents or moves them notes which, so the log can tell what the rules did."""
    told = []
    for offset, event in enumerate(events, start=1):
        if event["type"] in HOUSEKEEPING or event["type"] in REMATCHES:
            told.append(event)
            continue
        after = apply(state, {**event, "seq": state.version + offset})
        effects = tent_changes(state, after)
        told.append({**event, "args": {**event["args"], "effects": effects}} if effects else event)
        state = after
    return told


def section_in_game(key: str, section: str) -> str:
    """A shared rule's section as this game's rulebook has it (the job games explain cards in their own words)."""
    rules = game(key)
    if not rules.has_jobs or not section.startswith("guevara."):
        return section
    return rules.rulebook_topic(JOB_GAME_TOPICS.get(section, "overview"))


def step_of(event: dict) -> int:
    """The first event of the action that made this one: undo and redo take back or bring back whole actions."""
    return event.get("step") or event["seq"]


def apply(state: TableState, event: dict, undone: frozenset[int] = frozenset()) -> TableState:
    """Return the state after one event, leaving `state` as it was (see `apply_in_place`)."""
    state = state.copy()
    apply_in_place(state, event, undone)
    return state


def apply_in_place(state: TableState, event: dict, undone: frozenset[int] = frozenset()) -> None:
    """Change `state` by one event; an event of an action listed in `undone` keeps its place but has no effect.

    A fold owns its state, so it changes it in place: copying per event made a replay cost the square of the log.
    """
    state.version = event["seq"]
    kind, step = event["type"], step_of(event)
    if kind == "undone":
        _move(event["args"]["target"], state.undoable, state.redoable)
        state.undone.add(event["args"]["target"])
    elif kind == "redone":
        _move(event["args"]["target"], state.redoable, state.undoable)
        state.undone.discard(event["args"]["target"])
    else:
        if kind not in HOUSEKEEPING and (not state.undoable or state.undoable[-1] != step):
            state.undoable.append(step)
            state.redoable.clear()
        if step not in undone:
            APPLIERS[kind](state, event.get("seat"), event["args"], event["seq"])
            if kind == "turn_started":  # the rolls a turn starts with (a job's number) come in its action, first
                state.turn.started_at = step
            _check_win(state)


def undone_steps(events: Iterable[dict]) -> frozenset[int]:
    """The actions (by their first event) that the log's undos, less its redos, have taken back."""
    undone: set[int] = set()
    for event in events:
        if event["type"] == "undone":
            undone.add(event["args"]["target"])
        elif event["type"] == "redone":
            undone.discard(event["args"]["target"])
    return frozenset(undone)


def fold(events: Iterable[dict], start: TableState | None = None) -> TableState:
    """Replay a log, honouring every undo and redo in it: from the beginning, or onward from a copy of `start`.

    `start` must be a state this log passed through (its version an event of the log) whose undone actions
    the later events do not undo or redo again.
    """
    events = list(events)
    state, undone = (initial_state() if start is None else start.copy()), undone_steps(events)
    for event in events:
        apply_in_place(state, event, undone)
    return state


def needs_replay(event: dict) -> bool:
    """Undo and redo change history, so the state must be folded again from before the action they target."""
    return event["type"] in ("undone", "redone")


def _move(seq: int, source: list[int], target: list[int]) -> None:
    source.remove(seq)
    target.append(seq)


def _check_win(state: TableState) -> None:
    # Reaching the goal wins at once, even if the Slack is lost a moment later.
    if state.winner is not None:
        return
    for seat in state.seats.values():
        goal = state.goal_of(seat.id)
        if goal is not None and state.total(seat.id) >= goal:
            state.winner, state.won_at = seat.id, state.version
            state.names_at_win = {other.id: other.name for other in state.seats.values()}
            state.window = None  # the game is over: no card waits to be canceled any more
            return
