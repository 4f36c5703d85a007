"""TV cards played on another player's Free Time: they watch TV instead, keep the card and get 1 Slack."""

from __future__ import annotations

from .placing import enter_tent, tent_card
from .state import TableState
from .tents import PHASE_OF_KIND, open_window
from .violations import N_, RuleViolation

TV_SLACK = 1


def may_watch_tv(state: TableState, seat: int) -> bool:
    """Whether `seat` may turn the Free Time use being announced now into an evening of TV."""
    window = state.window
    return (window is not None and seat != window.seat and state.rules.has_tv
            and PHASE_OF_KIND[window.kind] == "freetime" and window.pulled_by is None)


def _decide_watch_tv(state, seat, args):
    topic = state.rules.rulebook_topic("tv")
    if not state.rules.has_tv:
        raise RuleViolation(N_("Chez Guevara has no TV cards."), section=state.rules.rulebook_topic("overview"))
    window = open_window(state, seat, args["window"])
    if PHASE_OF_KIND[window.kind] != "freetime":
        raise RuleViolation(N_("A TV card cannot stop anyone calling People."), section=topic)
    return [{"type": "tv_watched", "seat": seat, "args": {"window": window.uid, "card": args["card"]}}]


def _watched(state, seat, args, seq):
    """The announced card goes (Things back to the hand, so the money stays); the TV card stays in the room."""
    window, state.window = state.window, None
    state.turn.income_left += window.cost
    categories = sorted({*(args["card"].get("categories") or ()), "tv"})
    card = tent_card({**args["card"], "slack": TV_SLACK, "categories": categories}, seq * 100, state.turn.number)
    enter_tent(state, window.seat, card)


DECIDERS = {"watch_tv": _decide_watch_tv}
APPLIERS = {"tv_watched": _watched}
