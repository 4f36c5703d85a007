"""Denounce!: the target's roll with their Things' modifiers less their rank's penalty, demotion, the denouncer's
move, and sweet revenge."""

from __future__ import annotations

from .guevara import demotion, require_no_swap
from .placing import enter_tent, take_card
from .state import Denunciation, Roll, TableState, find_card
from .violations import N_, RuleViolation

INNOCENT_FROM = 3
LEADER = "glorious_leader"
TOADY = "the_toady"


def _require_started(state: TableState) -> None:
    if not state.ranks or state.turn is None:
        raise RuleViolation(N_("The game has not started yet."), section="guevara.setup")
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section="guevara.win")


def _require_stage(state: TableState, seat: int, stage: str) -> Denunciation:
    case = state.denunciation
    actor = None if case is None else (case.target if stage in ("roll", "revenge") else case.by)
    if case is None or case.stage != stage or seat != actor:
        raise RuleViolation(N_("Nothing here waits for you in a denouncement."), section="guevara.denounce")
    return case


def _decide_denounce(state, seat, args):
    """A Denounce! card (a Whenever card) played on another player."""
    _require_started(state)
    require_no_swap(state)
    target = args["target"]
    if state.denunciation is not None:
        raise RuleViolation(N_("Finish the denouncement under way first."), section="guevara.denounce")
    if target == seat or target not in state.seats:
        raise RuleViolation(N_("Denounce another player."), section="guevara.denounce")
    return [{"type": "denounce_played", "seat": seat, "args": {"target": target}}]


def modifier_of(state: TableState, seat: int) -> int:
    """What the Things in the seat's tent add to (or take from) a denouncement roll."""
    return sum(card.denounce_modifier for card in state.tents.get(seat, []) if card.type == "thing")


def penalty_of(state: TableState, seat: int) -> int:
    """The rank's denounce penalty; a blank one counts as 0 (the Private card prints none)."""
    values = state.rank_values(seat)
    return values.penalty or 0 if values is not None else 0


def _decide_roll(state, seat, args):
    """The target rolls: die + Things' modifiers + any other printed bonus - the rank's penalty; 3+ is innocent."""
    case = _require_stage(state, seat, "roll")
    penalty = penalty_of(state, seat)
    modifier, extra = modifier_of(state, seat), args.get("extra", 0)
    total = args["value"] + modifier + extra - penalty
    innocent = total >= INNOCENT_FROM
    demoted = [] if innocent else demotion(state, case.target, "denounce")
    rolled = {"type": "denounce_rolled", "seat": seat, "args": {
        "value": args["value"], "modifier": modifier, "extra": extra, "penalty": penalty, "total": total,
        "innocent": innocent, "physical": bool(args.get("physical")), "demoted": bool(demoted)}}
    return [rolled] + demoted


def _decide_revenge(state, seat, args):
    """An innocent target strikes back with a Denounce! card or The Toady in their tent: always successful."""
    case = _require_stage(state, seat, "revenge")
    if args["with"] == "toady" and not has_toady(state, seat):
        raise RuleViolation(N_("The Toady is not in your tent."), section="guevara.denounce.revenge")
    demoted = demotion(state, case.by, "denounce")
    return [{"type": "revenge_taken", "seat": seat, "args": {"with": args["with"], "accuser": case.by,
                                                             "demoted": bool(demoted)}}] + demoted


def _decide_move(state, seat, args):
    """The successful denouncer moves a Person out of the target's tent, or the Glorious Leader into it."""
    case = _require_stage(state, seat, "move")
    found = find_card(state, args["card"])
    if found is None:
        raise RuleViolation(N_("That card is not in any tent."), section="guevara.denounce")
    owner, card = found
    to = args["to"]
    if card.key == LEADER:
        if to != case.target or owner == case.target:
            raise RuleViolation(N_("The Glorious Leader can only be moved into the tent of the denounced player."),
                                section="guevara.denounce")
    elif owner != case.target or card.type != "person" or to == case.target or to not in state.seats:
        raise RuleViolation(N_("Move a Person from the denounced player's tent into another tent."),
                            section="guevara.denounce")
    return [{"type": "denounce_moved", "seat": seat, "args": {"card": card.uid, "to": to, "from": owner,
                                                             "name": card.name, "key": card.key}}]


def movable_people(state: TableState) -> list:
    """The People the successful denouncer may move out of the target's tent (not the Glorious Leader, no Cats)."""
    case = state.denunciation
    if case is None or case.stage != "move":
        return []
    return [card for card in state.tents.get(case.target, []) if card.type == "person" and card.key != LEADER]


def leaders_elsewhere(state: TableState) -> list:
    """Glorious Leaders in other tents, which the successful denouncer may bring into the target's tent."""
    case = state.denunciation
    if case is None or case.stage != "move":
        return []
    return [card for seat, cards in state.tents.items() if seat != case.target for card in cards
            if card.key == LEADER]


def has_toady(state: TableState, seat: int) -> bool:
    """The Toady in the seat's tent allows sweet revenge without a Denounce! card."""
    return any(card.key == TOADY for card in state.tents.get(seat, []))


def _decide_done(state, seat, args):
    """No revenge, or no move: the denouncement is over."""
    case = state.denunciation
    waiting_for = {"revenge": case.target, "move": case.by}.get(case.stage) if case is not None else None
    if waiting_for is None or seat != waiting_for:  # the target may forgo revenge; the denouncer, the move
        raise RuleViolation(N_("Nothing here waits for you in a denouncement."), section="guevara.denounce")
    return [{"type": "denounce_ended", "seat": seat, "args": {}}]


DECIDERS = {
    "denounce": _decide_denounce,
    "denounce_roll": _decide_roll,
    "revenge": _decide_revenge,
    "denounce_move": _decide_move,
    "denounce_done": _decide_done,
}


def _played(state, seat, args, seq):
    state.denunciation = Denunciation(by=seat, target=args["target"])


def _rolled(state, seat, args, seq):
    state.last_roll = Roll(seq=seq, seat=seat, purpose="denounce", note="", value=args["value"],
                           physical=args["physical"])
    state.denunciation.stage = "revenge" if args["innocent"] else "move"
    state.denunciation.roll = {key: args[key] for key in ("value", "modifier", "extra", "penalty", "total")}
    state.denunciation.demoted = args.get("demoted", True)


def _revenge(state, seat, args, seq):
    state.denunciation = Denunciation(by=seat, target=args["accuser"], stage="move", revenge=True,
                                      demoted=args.get("demoted", True))


def _moved(state, seat, args, seq):
    found = take_card(state, args["card"])
    if found:
        enter_tent(state, args["to"], found[1])
    state.denunciation = None


def _ended(state, seat, args, seq):
    state.denunciation = None


APPLIERS = {
    "denounce_played": _played,
    "denounce_rolled": _rolled,
    "revenge_taken": _revenge,
    "denounce_moved": _moved,
    "denounce_ended": _ended,
}
