"""A die entered in the dice panel for a step that waits for a roll is that step's roll, so that it counts.

The rulebooks call for rolls to call a Person, to get rid of one, for a variable Slack, in a raid, when denounced
(002_22fc518f8780fc11.txt) and for a job's two-value Income or Free Time (001_33843aac75e5d22e.txt,
004_86e669cd97eaea5c.txt). Each step has its own roll buttons; a roll typed into the dice panel for the same
purpose goes to the step instead of only being logged.
"""

from __future__ import annotations

from typing import Any

from .raids import raid_rollers
from .state import TableState
from .tents import NOT_ROLLED_AWAY
from .violations import N_, RuleViolation


def routed(state: TableState, seat: int | None, args: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The action a dice-panel roll stands for: the step waiting for this roll, else the plain logged roll."""
    purpose, die = args["purpose"], {"value": args["value"], "physical": bool(args.get("physical"))}
    turn, window, case = state.turn, state.window, state.denunciation
    if turn is None or seat is None or state.winner is not None:
        return "roll_die", args
    if purpose in turn.awaiting and seat == turn.seat:
        return "job_roll", {**die, "field": purpose}
    if (window is not None and window.awaits_roll and window.seat == seat
            and purpose == ("call" if window.kind == "call" else "variable")):
        return "roll_for_card", {"value": args["value"]}
    if purpose == "raid" and seat in raid_rollers(state):
        return "raid_roll", die
    if purpose == "denounce" and case is not None and case.stage == "roll" and case.target == seat:
        return "denounce_roll", {**die, "extra": 0}
    if purpose == "get_rid" and _all_tried(state, seat):
        raise RuleViolation(N_("Each Person gets one roll to be sent away a turn: try again next turn."),
                            section="guevara.people.get_rid")
    if purpose == "get_rid" and _may_send_away(state, seat):
        raise RuleViolation(N_("Enter this roll at the Person you send away, under “Get rid of People”: the "
                               "destination is said before the roll, and the roll then moves the Person."),
                            section="guevara.people.get_rid")
    if purpose == "get_rid" and _keeps_only_unmovable(state, seat):
        if any(card.type == "cat" for card in state.tents.get(seat, [])):
            raise RuleViolation(N_("The Glorious Leader and Cats cannot be rolled away."),
                                section="guevara.people.get_rid")
        raise RuleViolation(N_("The Glorious Leader cannot be rolled away: only a card moves him out of a tent."),
                            section="guevara.pests")
    return "roll_die", args


def _keeps_only_unmovable(state: TableState, seat: int) -> bool:
    """The active player is in the Roll phase, and the only People in the tent are ones no roll sends away (the
    Glorious Leader, Cats: 002, "Getting Rid of People")."""
    turn = state.turn
    people = [card for card in state.tents.get(seat, []) if card.type in ("person", "cat")]
    return (turn.seat == seat and turn.phase == "roll" and bool(people)
            and all(card.key in NOT_ROLLED_AWAY or card.type == "cat" for card in people))


def _may_send_away(state: TableState, seat: int) -> bool:
    """The active player is in the Roll phase with a Person the roll could send away this turn."""
    return any(card.uid not in state.turn.rid_tried for card in _movable(state, seat))


def _all_tried(state: TableState, seat: int) -> bool:
    """The active player is in the Roll phase, and every Person a roll could send away has had it this turn."""
    movable = _movable(state, seat)
    return bool(movable) and all(card.uid in state.turn.rid_tried for card in movable)


def _movable(state: TableState, seat: int) -> list:
    """The People in the active player's tent that a roll could send away, in the Roll phase (else none)."""
    turn = state.turn
    if turn.seat != seat or turn.phase != "roll":
        return []
    return [card for card in state.tents.get(seat, []) if card.type == "person" and card.key not in NOT_ROLLED_AWAY]
