"""The moments of a game a new player meets, as keys a phone explains the first time: which ones a seat is in now,
and the one the whole table is in (the display's line).

A moment is named from the state and the seat's offers alone, so a phone explains exactly what it may do now: the
first Draw, an invited Person's roll, an answer to someone else's card, a raid roll, sweet revenge. The words that
explain each key live with the screens (`web/words/explanations.py`); which keys a seat has seen is kept with the
seat, outside the game (a phone's preference, like its language: no event, nothing to undo).
"""

from __future__ import annotations

from .offers import Offers
from .state import TableState

# Each phase of one's own turn, as its moment. Call People and Free Time are explained beside the card form,
# so only while it is offered.
PHASES = {"draw": "draw", "roll": "roll", "call": "call", "freetime": "free_time", "discard": "discard",
          "heal": "heal"}
ANNOUNCED = ("announced_call", "announced_person", "announced_cat", "announced_activity", "announced_variable",
             "announced_scrounge", "announced_raid")
# Every key `moments` and `table_moment` name, the most pressing first: a phone explains the first it has not
# seen where the moment's control is, and the Whenever cards' inside their fold.
MOMENTS = ("win", "job_roll", *ANNOUNCED, "ordered", "raid_roll", "raid_loot", "denounced", "revenge",
           "denounce_move", "swap", "pest", "answer", "pull_rank", "countermand", "tv", "get_rid", "draw", "roll",
           "call", "free_time", "discard", "heal", "call_raid", "heartache",
           "promotion", "demotion", "denounce", "job_change")
WHENEVER = frozenset({"promotion", "demotion", "denounce", "job_change"})


def moments(state: TableState, offered: Offers, seat: int) -> tuple[str, ...]:
    """The moments `seat` is in now, in `MOMENTS`' order (none for a seat the table does not have)."""
    if seat not in state.seats:
        return ()
    if state.winner is not None:
        return ("win",)
    found = {name for kinds in (_answers, _own_turn, _any_time) for name, here in kinds(state, offered, seat).items()
             if here}
    return tuple(name for name in MOMENTS if name in found)


def _answers(state: TableState, offered: Offers, seat: int) -> dict[str, bool]:
    """A card being played, a raid, a denouncement, a swap, a pest: what waits for this seat's answer."""
    window, case = state.window, state.denunciation
    own_card = window is not None and window.seat == seat
    return {
        "job_roll": offered.job_roll is not None,
        "ordered": own_card and window.pulled_by is not None,
        **({f"announced_{window.kind}": window.pulled_by is None} if own_card else {}),
        "raid_roll": bool(offered.raid_roll),
        "raid_loot": offered.take_loot is not None or offered.name_second is not None,
        "denounced": offered.denounce_roll is not None,
        "revenge": offered.revenge is not None,
        "denounce_move": case is not None and case.stage == "move" and case.by == seat,
        "swap": offered.choose_swap is not None,
        "pest": bool(offered.feed_pest),
        "answer": bool(offered.cancel_card or offered.pass_card),
        "pull_rank": bool(offered.pull_rank) and window.pulled_by is None,
        "countermand": bool(offered.pull_rank) and window.pulled_by is not None,
        "tv": bool(offered.watch_tv),
    }


def _own_turn(state: TableState, offered: Offers, seat: int) -> dict[str, bool]:
    """The phase of this seat's own turn, getting rid of People and calling a raid."""
    turn = state.turn
    if turn is None or turn.seat != seat or turn.awaiting:
        return {}
    phase = PHASES[turn.phase]
    with_form = phase in ("call", "free_time")
    return {phase: offered.play_card is not None or not with_form, "get_rid": offered.get_rid is not None,
            "call_raid": offered.call_raid is not None and offered.call_raid.seat == seat}


def _any_time(state: TableState, offered: Offers, seat: int) -> dict[str, bool]:
    """Whenever cards this seat may play, and the Heartache it holds."""
    return {
        "promotion": seat in offered.promote,
        "demotion": offered.demote is not None and seat in offered.demote.seats,
        "denounce": offered.denounce is not None and seat in offered.denounce.seats,
        "job_change": offered.change_job is not None and seat in offered.change_job.seats,
        "heartache": state.rules.has_heartache and bool(state.heartache.get(seat)),
    }


def table_moment(state: TableState) -> tuple[str, int] | None:
    """The moment the whole table is in, and whose it is (the display's line); None before the first turn."""
    if state.winner is not None:
        return "win", state.winner
    turn, window, raid, case, swap = state.turn, state.window, state.raid, state.denunciation, state.swap
    if turn is None:
        return None
    if case is not None:
        return ("denounce_move", case.by) if case.stage == "move" else (
            "revenge" if case.stage == "revenge" else "denounced", case.target)
    if swap is not None:
        return "swap", swap.seat
    if raid is not None:
        return ("raid_roll", raid.leader) if raid.stage == "roll" else ("raid_loot", raid.picker or raid.leader)
    if window is not None:
        return ("ordered" if window.pulled_by is not None else f"announced_{window.kind}"), window.seat
    if state.demands:
        return "pest", state.demands[0].seat
    if turn.awaiting:
        return "job_roll", turn.seat
    return PHASES[turn.phase], turn.seat
