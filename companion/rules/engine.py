"""The fold: an action becomes events (decide), events become state (apply), a log becomes a table (fold)."""

from __future__ import annotations

import copy
from typing import Any, Iterable

from . import core, denounce, guevara, raids, tents
from .state import TableState, initial_state
from .violations import N_, RuleViolation

MODULES = (core, guevara, tents, raids, denounce)
DECIDERS = {kind: decider for module in MODULES for kind, decider in module.DECIDERS.items()}
APPLIERS = {kind: applier for module in MODULES for kind, applier in module.APPLIERS.items()}
ACTION_TYPES = tuple(DECIDERS)

# Events that are about phones, not the game: undo skips them.
HOUSEKEEPING = {"table_created", "seat_joined", "seat_freed", "undone", "redone"}


def decide(state: TableState, kind: str, seat: int | None, args: dict[str, Any]) -> list[dict]:
    """Validate one action against the state and return the events it causes."""
    handler = DECIDERS.get(kind)
    if handler is None:
        raise RuleViolation(N_("That action is not known."), section="guevara.turn")
    return handler(state, seat, args)


def apply(state: TableState, event: dict, undone: frozenset[int] = frozenset()) -> TableState:
    """Return the state after one event; an event listed in `undone` keeps its place but has no effect."""
    state = copy.deepcopy(state)
    state.version = event["seq"]
    kind, seq = event["type"], event["seq"]
    if kind == "undone":
        _move(event["args"]["target"], state.undoable, state.redoable)
        state.undone.add(event["args"]["target"])
    elif kind == "redone":
        _move(event["args"]["target"], state.redoable, state.undoable)
        state.undone.discard(event["args"]["target"])
    else:
        if kind not in HOUSEKEEPING:
            state.undoable.append(seq)
            state.redoable.clear()
        if seq not in undone:
            APPLIERS[kind](state, event.get("seat"), event["args"], seq)
            _check_win(state)
    return state


def undone_seqs(events: Iterable[dict]) -> frozenset[int]:
    """The events that the log's undos (less its redos) have taken back."""
    undone: set[int] = set()
    for event in events:
        if event["type"] == "undone":
            undone.add(event["args"]["target"])
        elif event["type"] == "redone":
            undone.discard(event["args"]["target"])
    return frozenset(undone)


def fold(events: Iterable[dict]) -> TableState:
    """Replay a whole log, honouring every undo and redo in it."""
    events = list(events)
    state, undone = initial_state(), undone_seqs(events)
    for event in events:
        state = apply(state, event, undone)
    return state


def needs_replay(event: dict) -> bool:
    """Undo and redo change history, so the state must be folded again from the start."""
    return event["type"] in ("undone", "redone")


def _move(seq: int, source: list[int], target: list[int]) -> None:
    source.remove(seq)
    target.append(seq)


def _check_win(state: TableState) -> None:
    # Reaching the goal wins at once, even if the Slack is lost a moment later.
    if state.winner is not None:
        return
    for seat in state.seats.values():
        if state.total(seat.id) >= state.goal:
            state.winner, state.won_at = seat.id, state.version
            return
