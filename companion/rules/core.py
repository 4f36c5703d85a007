"""The table's state as a pure fold of its event log: seats, tallies, dice, undo and the win."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable

from .violations import N_, RuleViolation

GAMES = ("guevara",)
MIN_SEATS, MAX_SEATS = 2, 5
ROLL_PURPOSES = ("call", "get_rid", "variable", "raid", "denounce", "other")
DISPLAY = "display"

# Events that are about phones, not the game: undo skips them.
HOUSEKEEPING = {"table_created", "seat_joined", "seat_freed", "undone", "redone"}


@dataclass
class Seat:
    """One place at the table and its public tally."""

    id: int
    name: str = ""
    slack: int = 0
    wounds: int = 0
    claimed: bool = False

    @property
    def total(self) -> int:
        """Slack less one per wound."""
        return self.slack - self.wounds


@dataclass
class Roll:
    """One die roll everyone saw."""

    seq: int
    seat: int | None
    purpose: str
    note: str
    value: int
    physical: bool


@dataclass
class TableState:
    """Everything public about one table, as of `version`."""

    game: str = "guevara"
    language: str = "en"
    goal: int = 20
    seats: dict[int, Seat] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    dealer: int | None = None
    last_roll: Roll | None = None
    winner: int | None = None
    version: int = 0
    undoable: list[int] = field(default_factory=list)
    redoable: list[int] = field(default_factory=list)

    @property
    def first_player(self) -> int | None:
        """The seat left of the dealer, who starts."""
        if self.dealer is None:
            return None
        return self.next_seat(self.dealer)

    def next_seat(self, seat: int) -> int:
        """The seat to the left of `seat` in table order."""
        i = self.order.index(seat)
        return self.order[(i + 1) % len(self.order)]

    def to_goal(self, seat: int) -> int:
        """How much Slack the seat still lacks (0 once there)."""
        return max(0, self.goal - self.seats[seat].total)

    def seat_label(self, seat: int) -> str:
        """The seat's name, or empty when nobody named it."""
        return self.seats[seat].name


def goal_for(game: str, seat_count: int) -> int:
    """Slack needed to win: Chez Guevara asks 20, or 18 with five players."""
    return 18 if seat_count == 5 else 20


def initial_state() -> TableState:
    """The state before the first event."""
    return TableState()


# --- deciding: an action becomes events, or a RuleViolation ----------------------------------

def decide(state: TableState, kind: str, seat: int | None, args: dict[str, Any]) -> list[dict]:
    """Validate one action against the state and return the events it causes."""
    handler = _DECIDERS.get(kind)
    if handler is None:
        raise RuleViolation(N_("That action is not known."), section="guevara.turn")
    return handler(state, seat, args)


def _require_seat(state: TableState, seat: int | None) -> int:
    if seat not in state.seats:
        raise RuleViolation(N_("There is no such seat at this table."), section="guevara.setup")
    return seat


def _require_playing(state: TableState) -> None:
    if state.winner is not None:
        raise RuleViolation(
            N_("The game is over: %(name)s has won. Undo the last change if it was a mistake."),
            section="guevara.win",
            name=state.seats[state.winner].name or str(state.winner),
        )


def _decide_create(state, seat, args):
    if state.version:
        raise RuleViolation(N_("This table already exists."), section="guevara.setup")
    if args["game"] not in GAMES:
        raise RuleViolation(N_("That game is not available yet."), section="guevara.overview")
    if not MIN_SEATS <= args["seats"] <= MAX_SEATS:
        raise RuleViolation(N_("A table has 2 to 5 seats."), section="guevara.setup")
    return [{"type": "table_created", "seat": None, "args": dict(args)}]


def _decide_join(state, seat, args):
    seat = _require_seat(state, seat)
    if state.seats[seat].claimed:
        raise RuleViolation(N_("Another phone already sits in this seat."), section="guevara.setup")
    return [{"type": "seat_joined", "seat": seat, "args": {"name": args["name"]}}]


def _decide_free(state, seat, args):
    seat = _require_seat(state, seat)
    if not state.seats[seat].claimed:
        raise RuleViolation(N_("No phone sits in this seat."), section="guevara.setup")
    return [{"type": "seat_freed", "seat": seat, "args": {}}]


def _decide_name(state, seat, args):
    seat = _require_seat(state, seat)
    return [{"type": "seat_named", "seat": seat, "args": {"name": args["name"]}}]


def _decide_order(state, seat, args):
    order = args["order"]
    if sorted(order) != sorted(state.seats):
        raise RuleViolation(N_("The seat order must name every seat exactly once."), section="guevara.setup")
    return [{"type": "order_set", "seat": None, "args": {"order": list(order)}}]


def _decide_dealer(state, seat, args):
    seat = _require_seat(state, seat)
    return [{"type": "dealer_set", "seat": seat, "args": {}}]


def _decide_slack(state, seat, args):
    seat = _require_seat(state, seat)
    _require_playing(state)
    if state.seats[seat].slack + args["delta"] < 0:
        raise RuleViolation(N_("Slack cannot drop below zero."), section="guevara.goal")
    return [{"type": "slack_adjusted", "seat": seat, "args": {"delta": args["delta"]}}]


def _decide_wounds(state, seat, args):
    seat = _require_seat(state, seat)
    _require_playing(state)
    if state.seats[seat].wounds + args["delta"] < 0:
        raise RuleViolation(N_("There is no wound to remove."), section="guevara.wounds")
    return [{"type": "wounds_adjusted", "seat": seat, "args": {"delta": args["delta"]}}]


def _decide_roll(state, seat, args):
    if seat is not None:
        _require_seat(state, seat)
    _require_playing(state)
    value = args["value"]
    if not 1 <= value <= 6:
        raise RuleViolation(N_("A die shows 1 to 6."), section="guevara.quick")
    return [{"type": "die_rolled", "seat": seat, "args": {
        "purpose": args["purpose"], "note": args.get("note", ""), "value": value,
        "physical": bool(args.get("physical")),
    }}]


def _decide_undo(state, seat, args):
    if not state.undoable:
        raise RuleViolation(N_("There is nothing to undo."), section="guevara.turn")
    return [{"type": "undone", "seat": None, "args": {"target": state.undoable[-1]}}]


def _decide_redo(state, seat, args):
    if not state.redoable:
        raise RuleViolation(N_("There is nothing to redo."), section="guevara.turn")
    return [{"type": "redone", "seat": None, "args": {"target": state.redoable[-1]}}]


_DECIDERS = {
    "create_table": _decide_create,
    "join": _decide_join,
    "free_seat": _decide_free,
    "name_seat": _decide_name,
    "set_order": _decide_order,
    "set_dealer": _decide_dealer,
    "adjust_slack": _decide_slack,
    "adjust_wounds": _decide_wounds,
    "roll_die": _decide_roll,
    "undo": _decide_undo,
    "redo": _decide_redo,
}
ACTION_TYPES = tuple(_DECIDERS)


# --- applying: the fold ------------------------------------------------------------------------

def apply(state: TableState, event: dict, undone: frozenset[int] = frozenset()) -> TableState:
    """Return the state after one event; an event listed in `undone` keeps its place but has no effect."""
    state = copy.deepcopy(state)
    state.version = event["seq"]
    kind, seq = event["type"], event["seq"]
    if kind == "undone":
        _move(event["args"]["target"], state.undoable, state.redoable)
    elif kind == "redone":
        _move(event["args"]["target"], state.redoable, state.undoable)
    else:
        if kind not in HOUSEKEEPING:
            state.undoable.append(seq)
            state.redoable.clear()
        if seq not in undone:
            _APPLIERS[kind](state, event.get("seat"), event["args"], seq)
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


def _created(state, seat, args, seq):
    count = args["seats"]
    state.game = args["game"]
    state.language = args["language"]
    state.goal = goal_for(args["game"], count)
    state.seats = {i: Seat(id=i) for i in range(1, count + 1)}
    state.order = list(state.seats)


def _joined(state, seat, args, seq):
    state.seats[seat].claimed = True
    state.seats[seat].name = args["name"]


def _freed(state, seat, args, seq):
    state.seats[seat].claimed = False


def _named(state, seat, args, seq):
    state.seats[seat].name = args["name"]


def _ordered(state, seat, args, seq):
    state.order = list(args["order"])


def _dealt(state, seat, args, seq):
    state.dealer = seat


def _slack(state, seat, args, seq):
    state.seats[seat].slack += args["delta"]


def _wounds(state, seat, args, seq):
    state.seats[seat].wounds += args["delta"]


def _rolled(state, seat, args, seq):
    state.last_roll = Roll(seq=seq, seat=seat, purpose=args["purpose"], note=args.get("note", ""),
                           value=args["value"], physical=args["physical"])


_APPLIERS = {
    "table_created": _created,
    "seat_joined": _joined,
    "seat_freed": _freed,
    "seat_named": _named,
    "order_set": _ordered,
    "dealer_set": _dealt,
    "slack_adjusted": _slack,
    "wounds_adjusted": _wounds,
    "die_rolled": _rolled,
}


def _check_win(state: TableState) -> None:
    # Reaching the goal wins at once, even if the Slack is lost a moment later.
    if state.winner is not None:
        return
    for seat in state.seats.values():
        if seat.total >= state.goal:
            state.winner = seat.id
            return
