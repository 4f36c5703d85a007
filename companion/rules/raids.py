"""Raids: who may lead one, everybody's roll (a 6 on the first roll wounds, ties roll again), the promotion, the loot.

A Raid card is an Activity: it is announced in a cancel window like any other, and the raid starts once that
window closes (everybody lets it pass, or the leader rolls). Handed over by pulling rank, it starts at once.
"""

from __future__ import annotations

from .placing import enter_tent, tent_card
from .ranks import change_rank, promotion_to
from .state import RANKS, Raid, Roll, TableState, TentCard, Window
from .violations import N_, RuleViolation

RAID_UNDER_WAY = N_("A raid is already under way.")

WOUNDING_ROLL = 6
SERGEANT_BONUS = 1


def may_lead_raid(state: TableState, seat: int) -> bool:
    """Only one of the highest-ranked players may lead a raid (all Privates: anyone)."""
    return seat in state.highest_ranked()


def raid_callable(state: TableState, any_rank: bool = False) -> bool:
    """Whether the player on turn could call a raid right now (with their own card or one handed over); with
    `any_rank`, whether they could if their rank allowed it."""
    turn, window = state.turn, state.window
    return (turn is not None and state.winner is None and not raid_under_way(state)
            and turn.phase == "freetime" and turn.free_time_left >= 1 and (any_rank or may_lead_raid(state, turn.seat))
            and not (window is not None and window.awaits_roll))


def raid_rollers(state: TableState) -> list[int]:
    """The seats that may roll for the raid now: the leader whose Raid card waits, or whoever has a roll left."""
    if state.winner is not None:
        return []
    if state.raid is None:
        return [state.window.seat] if raid_window(state.window) else []
    return state.raid.waiting_for() if state.raid.stage == "roll" else []


def outranked_by_nobody(state: TableState, seat: int) -> bool:
    """Nobody at the table holds a higher rank than `seat` (needed to hand over a Raid card by pulling rank)."""
    return not any(state.outranks(other, seat) for other in state.seats)


def new_raid(state: TableState, leader: int, card: TentCard) -> Raid:
    """The raid a Raid card starts: everybody rolls; a Sergeant leader gets one loot card more."""
    bonus = SERGEANT_BONUS if state.ranks.get(leader) == "sergeant" else 0
    return Raid(leader=leader, card=card.name, loot=card.loot + bonus, contenders=list(state.order))


def _require_turn(state: TableState):
    if state.turn is None:
        raise RuleViolation(N_("The game has not started yet."), section="guevara.setup")
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section="guevara.win")
    return state.turn


def _decide_call(state, seat, args):
    """The player on turn announces a Raid card, their own or one another player hands them (then it must be used)."""
    turn = _require_turn(state)
    leader = turn.seat
    if raid_under_way(state):
        raise RuleViolation(RAID_UNDER_WAY, section="guevara.raid")
    if turn.phase != "freetime":
        raise RuleViolation(N_("A raid is an Activity: it is called in the Free Time phase."), section="guevara.raid")
    if turn.free_time_left < 1:
        raise RuleViolation(N_("No Free Time is left this turn."), section="guevara.phase.freetime")
    if not may_lead_raid(state, leader):
        raise RuleViolation(N_("Only one of the highest-ranked players may lead a raid."), section="guevara.raid")
    window = state.window
    closing = []
    if window is not None and window.seat == leader:
        if window.awaits_roll:
            raise RuleViolation(N_("Roll for %(card)s first."), section="guevara.cancel", card=window.cards[0].name)
        closing = [{"type": "window_closed", "seat": leader, "args": {"window": window.uid}}]
    card = {**args["card"], "type": "activity", "categories": ["raid"]}
    return closing + [{"type": "card_played", "seat": leader, "args": {
        "kind": "raid", "cards": [card], "target": leader, "cost": 0,
        "handed_by": seat if seat != leader else None}}]


def _decide_roll(state, seat, args):
    """One player's raid roll; the last roll of a round decides a tie-break round or the winner's promotion."""
    _require_turn(state)
    closing, raid = [], state.raid
    window = state.window
    if raid is None and window is not None and window.kind == "raid":
        if seat != window.seat:
            raise RuleViolation(N_("The raid starts once the Raid card is in play: the leader rolls first."),
                                section="guevara.raid.roll")
        closing = [{"type": "window_closed", "seat": seat, "args": {"window": window.uid}}]
        raid = new_raid(state, seat, window.cards[0])
    if raid is None or raid.stage != "roll":
        raise RuleViolation(N_("No raid is waiting for rolls."), section="guevara.raid.roll")
    if seat not in raid.waiting_for():
        raise RuleViolation(N_("You have no roll to make in this round of the raid."), section="guevara.raid.roll")
    value = args["value"]
    rolls = {**raid.rolls, seat: value}
    outcome = None
    if set(rolls) >= set(raid.contenders):
        top = max(rolls.values())
        best = [contender for contender in raid.contenders if rolls[contender] == top]
        if len(best) > 1:
            outcome = {"tie": best}
        else:
            outcome = {"winner": best[0], "promoted": promotion_to(state, best[0])}
    return closing + [{"type": "raid_rolled", "seat": seat, "args": {
        "value": value, "round": raid.round, "physical": bool(args.get("physical")),
        "wound": raid.round == 1 and value == WOUNDING_ROLL, "outcome": outcome}}]


def _require_picker(state: TableState, seat: int) -> Raid:
    _require_turn(state)  # a promotion that wins the game ends it before the loot is shared
    raid = state.raid
    if raid is None or raid.stage not in ("loot", "second"):
        raise RuleViolation(N_("No loot is being shared out."), section="guevara.raid.loot")
    if raid.stage == "second" or raid.picker != seat:
        raise RuleViolation(N_("It is not your pick of the loot."), section="guevara.raid.loot")
    return raid


def _decide_take(state, seat, args):
    """The leader takes any card (a Thing into the tent, anything else to the hand); everyone after, Things only."""
    raid = _require_picker(state, seat)
    card = args.get("card")
    if card is None and seat != raid.leader:
        raise RuleViolation(N_("After the leader, only Things may be taken from the loot."),
                            section="guevara.raid.loot")
    if card is not None:
        card = {**card, "type": card.get("type") or "thing"}
        if card["type"] != "thing" and seat != raid.leader:
            raise RuleViolation(N_("%(card)s is not a Thing: only the raid's leader may take any card from the "
                                   "loot, everyone after the leader takes a Thing."),
                                section="guevara.raid.loot", card=card["name"])
    return [{"type": "loot_taken", "seat": seat, "args": {"card": card, "leftover": leftover_after_pick(state, seat)}}]


def leftover_after_pick(state: TableState, seat: int) -> int:
    """How many loot cards go to the discard pile because this pick ends the raid (0 if the raid goes on)."""
    raid, left = state.raid, state.raid.loot - 1
    ends = left < 1 or len(state.seats) < 2 or (seat != raid.leader and len(raid.pickers) <= 1)
    return max(0, left) if ends else 0


def _decide_second(state, seat, args):
    """The leader names who picks second; then the others follow by rank, ties broken by Slack (more first)."""
    _require_turn(state)
    raid = state.raid
    if raid is None or raid.stage != "second" or seat != raid.leader:
        raise RuleViolation(N_("Only the raid's leader names who picks second, after their own pick."),
                            section="guevara.raid.loot")
    second = args["with"]
    if second == seat or second not in state.seats:
        raise RuleViolation(N_("Choose another player to pick second."), section="guevara.raid.loot")
    others = [s for s in _from_left_of(state, seat) if s not in (seat, second)]
    others.sort(key=lambda s: (-RANKS.index(state.ranks.get(s, RANKS[0])), -state.total(s)))
    return [{"type": "loot_order_set", "seat": seat, "args": {"order": [second, *others]}}]


def _decide_end(state, seat, args):
    """No Things are left in the loot: the rest is discarded and the raid is over."""
    _require_turn(state)
    raid = state.raid
    if raid is None or raid.stage not in ("loot", "second"):
        raise RuleViolation(N_("No loot is being shared out."), section="guevara.raid.loot")
    if seat not in (raid.leader, raid.picker):
        raise RuleViolation(N_("It is not your pick of the loot."), section="guevara.raid.loot")
    return [{"type": "loot_ended", "seat": seat, "args": {"leftover": raid.loot}}]


def _from_left_of(state: TableState, seat: int) -> list[int]:
    i = state.order.index(seat)
    return state.order[i + 1:] + state.order[:i + 1]


DECIDERS = {
    "call_raid": _decide_call,
    "raid_roll": _decide_roll,
    "take_loot": _decide_take,
    "name_second": _decide_second,
    "end_loot": _decide_end,
}


def _rolled(state, seat, args, seq):
    raid = state.raid
    raid.rolls[seat] = args["value"]
    state.last_roll = Roll(seq=seq, seat=seat, purpose="raid", note="", value=args["value"], physical=args["physical"])
    if args["wound"]:
        state.seats[seat].wounds += 1
    outcome = args["outcome"]
    if outcome is None:
        return
    if "tie" in outcome:
        raid.earlier.append(raid.rolls)
        raid.round, raid.contenders, raid.rolls = raid.round + 1, list(outcome["tie"]), {}
        return
    raid.winner = outcome["winner"]
    if outcome["promoted"]:
        change_rank(state, outcome["winner"], outcome["promoted"])
    raid.stage, raid.pickers = "loot", [raid.leader]


def _taken(state, seat, args, seq):
    raid = state.raid
    if args["card"] is not None and args["card"].get("type", "thing") == "thing":  # anything else goes to the hand
        enter_tent(state, seat, tent_card(args["card"], seq * 100, state.turn.number))
    raid.loot -= 1
    raid.pickers.pop(0)
    if raid.loot < 1 or len(state.seats) < 2:
        state.raid = None
    elif seat == raid.leader:
        raid.stage = "second"
    elif not raid.pickers:
        state.raid = None


def _order_set(state, seat, args, seq):
    state.raid.stage, state.raid.pickers = "loot", list(args["order"])


def _ended(state, seat, args, seq):
    state.raid = None


APPLIERS = {
    "raid_rolled": _rolled,
    "loot_taken": _taken,
    "loot_order_set": _order_set,
    "loot_ended": _ended,
}


def raid_under_way(state: TableState) -> bool:
    """A raid is being fought, or a Raid card waits in its cancel window: no second one may start."""
    return state.raid is not None or raid_window(state.window)


def raid_window(window: Window | None) -> bool:
    """A Raid card waiting in its cancel window."""
    return window is not None and window.kind == "raid"
