"""The rules' front door for an action: a shortcut or a dice-panel roll is routed first, then the engine decides.

"Straight to …" and "End the turn" (`advance` with `to`) become the ordinary steps of `passing`; a die typed into
the dice panel for a step that waits for it becomes that step's roll (`roll_steps`). The engine below knows
neither, so nothing it imports imports it back.
"""

from __future__ import annotations

from typing import Any

from . import engine, passing, roll_steps
from .state import TableState
from .violations import RuleViolation


def decide(state: TableState, kind: str, seat: int | None, args: dict[str, Any], effects: bool = True) -> list[dict]:
    """Validate one action against the state and return the events it causes (see `engine.decide` for `effects`)."""
    try:
        engine.refuse_after_a_win(state, kind)
        if kind == "roll_die" and "value" in args:
            kind, args = roll_steps.routed(state, seat, args)
        if kind == "advance" and args.get("to"):
            events = passing.decide_passing(state, seat, args)
            return engine.with_effects(state, events) if effects else events
    except RuleViolation as violation:
        violation.section = engine.section_in_game(state.game, violation.section)
        raise
    return engine.decide(state, kind, seat, args, effects)
