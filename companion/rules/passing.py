"""Phases with nothing to do: how far the player on turn may go in one step, and that step's events.

A phase is a stop when something may be done in it once entered: cards played (Call People, Free Time), unwanted
People sent away (Roll), a wound healed (Heal), or when something must be done first (a pest's demand, the table's
die for a job's number, a card's roll). A Roll phase with only wanted People in the tent is no stop: "Straight to
Call People" passes it, and "Next phase" still enters it for a player who wants one of them gone. The turn may end
in one step past phases where cards could have been played, never past a wound to heal or a Person to roll for. So
too "Straight to …" passes the next phase when only cards could be played there (from Roll straight to Free Time,
past Call People), since "Next phase" already enters it. Draw and Discard happen with the printed cards only, so they
are never stops. Passing goes through each phase as "Next phase" would, so every rule that runs on the way runs (a
win on the way ends it there); it is one action, undone at once, logged as the phases passed.
"""

from __future__ import annotations

from typing import Any

from . import engine
from .state import TableState
from .violations import N_, RuleViolation

END = "end"  # passing every phase left: the turn ends


def _next(state: TableState, seat: int, extra: dict[str, Any]) -> list[dict]:
    """One ordinary "Next phase": its events, applied to `state` itself (a copy the caller owns).

    Its events go without what they do to the tents: whoever logs them notes that over the whole action."""
    turn = state.turn
    events = engine.decide(state, "advance", seat, {**extra, "phase": turn.phase, "turn": turn.number}, effects=False)
    for offset, event in enumerate(events, start=1):
        engine.apply_in_place(state, {**event, "seq": state.version + offset})
    return events


def _waits(state: TableState, seat: int) -> bool:
    """Something must be done before the turn goes on."""
    turn, window = state.turn, state.window
    return bool(any(demand.seat == seat for demand in state.demands) or turn.awaiting
                or (window is not None and window.awaits_roll) or state.raid is not None
                or state.denunciation is not None or state.swap is not None)


def _may_act(state: TableState, seat: int) -> bool:
    """Something may be done in the phase just entered."""
    return state.turn.phase in ("call", "freetime") or _owed(state, seat)


def _owed(state: TableState, seat: int) -> bool:
    """The phase just entered offers what only it gives: a wound healed, an unwanted Person's one roll to be sent
    away. Playing no card loses nothing, but passing these would, so the turn never ends past them in one step."""
    phase = state.turn.phase
    if phase == "roll":
        return any(_accepts(state, "get_rid", seat, {"card": card.uid, "to": "discard", "value": 1})
                   for card in state.tents.get(seat, [])
                   if card.worth <= 0 or card.pest)
    if phase == "heal":
        return _accepts(state, "heal", seat, {})
    return False


def _accepts(state: TableState, kind: str, seat: int, args: dict[str, Any]) -> bool:
    """Whether the rules accept the action now."""
    try:
        engine.decide(state, kind, seat, args, effects=False)
    except RuleViolation:
        return False
    return True


def reachable(state: TableState, seat: int, extra: dict[str, Any] | None = None) -> tuple[str | None, bool]:
    """Where one step may go from the phase now: the next stop past the next phase (else None), and whether
    the turn may end at once (no phase ahead waits for anything)."""
    turn = state.turn
    if turn is None or turn.seat != seat or state.winner is not None:
        return None, False
    phases = state.rules.phases
    current, stop, found, steps = state.copy(), None, False, 0
    try:
        while (current.turn is not None and current.turn.seat == seat and current.turn.number == turn.number
               and current.turn.phase != phases[-1] and current.winner is None):
            _next(current, seat, extra or {})
            steps += 1
            waits = _waits(current, seat)
            cards_only = steps == 1 and not waits and not _owed(current, seat)  # "Next phase" goes there already
            if not found and (waits or _may_act(current, seat)) and not cards_only:
                found, stop = True, (current.turn.phase if steps > 1 else None)
            if waits or _owed(current, seat):
                return stop, False
        at_the_end = current.winner is None and current.turn is not None and current.turn.seat == seat \
            and current.turn.number == turn.number and current.turn.phase == phases[-1]
        if turn.phase != phases[-1] and at_the_end:  # the end itself must be accepted (a next job's numbers missing)
            _next(current, seat, {"dice": [1, 1], **(extra or {})})
    except RuleViolation:
        return stop, False
    return stop, turn.phase != phases[-1]


def decide_passing(state: TableState, seat: int, args: dict[str, Any]) -> list[dict]:
    """Go straight to `args["to"]` (a phase, or the end of the turn) when every phase between has nothing to do."""
    turn, target = state.turn, args["to"]
    extra = {key: value for key, value in args.items() if key not in ("to", "phase", "turn")}
    if turn is None or args["phase"] != turn.phase or args["turn"] != turn.number:
        raise RuleViolation(N_("The turn has already moved on."), section="guevara.turn")
    stop, may_end = reachable(state, seat, extra)
    if target != stop and not (target == END and may_end):  # never past a nearer stop
        raise RuleViolation(N_("Something is still to be done before that phase."), section="guevara.turn")
    events, passed, current = [], [], state.copy()
    while (current.turn is not None and current.turn.seat == seat and current.turn.number == turn.number
           and current.winner is None):  # a win on the way ends the game there, at once
        if target != END and current.turn.phase == target:
            break
        passed.append(current.turn.phase)
        events += _next(current, seat, extra)
    marker = {"type": "phases_passed", "seat": seat, "args": {"phases": passed, "to": target}}
    return [marker, *events]


