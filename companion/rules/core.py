"""Generic table actions: seats and phones, order and dealer, Slack and wounds, dice, undo and redo."""

from __future__ import annotations

from .games import GAMES
from .guevara import called_this_turn
from .state import Roll, Seat, TableState, goal_for
from .tents import settle_before_next
from .violations import N_, RuleViolation


def _require_seat(state: TableState, seat: int | None) -> int:
    if seat not in state.seats:
        raise RuleViolation(N_("There is no such seat at this table."), section="guevara.setup")
    return seat


def require_playing(state: TableState) -> None:
    """Refuse a move once somebody has won."""
    if state.winner is not None:
        raise RuleViolation(
            N_("The game is over: %(name)s has won. Undo the last change if it was a mistake."),
            section="guevara.win",
            name=state.names_at_win.get(state.winner) or str(state.winner),
        )


def _decide_create(state, seat, args):
    if state.version:
        raise RuleViolation(N_("This table already exists."), section="guevara.setup")
    if args["game"] not in GAMES:
        raise RuleViolation(N_("That game is not available yet."), section="guevara.overview")
    rules = GAMES[args["game"]]
    if not rules.min_players <= args["seats"] <= rules.max_players:
        raise RuleViolation(N_("A table has 2 to 5 seats."), section="guevara.setup")
    return [{"type": "table_created", "seat": None, "args": dict(args)}]


def _decide_join(state, seat, args):
    seat = _require_seat(state, seat)
    if state.seats[seat].claimed:
        raise RuleViolation(N_("Another phone already sits in this seat."), section="guevara.setup")
    return [{"type": "seat_joined", "seat": seat, "args": {"name": args["name"], **_was(state, seat, args)}}]


def _decide_free(state, seat, args):
    seat = _require_seat(state, seat)
    if not state.seats[seat].claimed:
        raise RuleViolation(N_("No phone sits in this seat."), section="guevara.setup")
    return [{"type": "seat_freed", "seat": seat, "args": {}}]


def _decide_name(state, seat, args):
    seat = _require_seat(state, seat)
    return [{"type": "seat_named", "seat": seat, "args": {"name": args["name"], **_was(state, seat, args)}}]


def _was(state: TableState, seat: int, args: dict) -> dict:
    """The name a new one replaces (`was`), so the log names each earlier line's player as they were then."""
    was = state.seats[seat].name
    return {"was": was} if was and was != args["name"] else {}


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
    require_playing(state)
    if state.seats[seat].slack + args["delta"] < 0:
        raise RuleViolation(N_("Slack cannot drop below zero."), section="guevara.goal")
    return [{"type": "slack_adjusted", "seat": seat, "args": {"delta": args["delta"]}}]


def _decide_wounds(state, seat, args):
    seat = _require_seat(state, seat)
    require_playing(state)
    if state.seats[seat].wounds + args["delta"] < 0:
        raise RuleViolation(N_("There is no wound to remove."), section="guevara.wounds")
    return [{"type": "wounds_adjusted", "seat": seat, "args": {"delta": args["delta"]}}]


def _decide_roll(state, seat, args):
    if seat is not None:
        _require_seat(state, seat)
    require_playing(state)
    value = args["value"]
    if not 1 <= value <= 6:
        raise RuleViolation(N_("A die shows 1 to 6."), section="guevara.quick")
    closing = settle_before_next(state, seat) if seat is not None else []
    return closing + [{"type": "die_rolled", "seat": seat, "args": {
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


DECIDERS = {
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
def _created(state, seat, args, seq):
    count = args["seats"]
    state.game = args["game"]
    state.language = args["language"]
    state.first_game = bool(args.get("first_game"))
    state.goal = goal_for(args["game"], count)
    state.seats = {i: Seat(id=i) for i in range(1, count + 1)}
    state.tents = {i: [] for i in state.seats}
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
    if called_this_turn(state, seat, args):
        state.turn.acted = True


APPLIERS = {
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


