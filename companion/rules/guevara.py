"""Chez Guevara's turn: the rank deck profile, dealing ranks, phases, Income and Free Time, healing."""

from __future__ import annotations

from .ranks import TWO_PLAYER_RANK, TWO_PLAYERS, change_rank, rank_step
from .state import RANK_CARDS, RANKS, DeckProfile, PendingSwap, RankValues, TableState, Turn
from .tents import pests_hungry_after_roll, require_no_demands, settle_before_next
from .violations import N_, RuleViolation

# The only rank numbers the rulebook states (the Corporal in its scrounging example); the rest come from the cards.
CONFIRMED = {"corporal": {"income": 3, "free_time": 2}}


def default_profile_values() -> dict[str, dict]:
    """Blank rank values, with only the rulebook-confirmed numbers filled in."""
    return {rank: {"income": None, "free_time": None, "slack": None, "penalty": None, "perk": "",
                   **CONFIRMED.get(rank, {})} for rank in RANKS}


def _require_profile(state: TableState) -> DeckProfile:
    if state.profile is None:
        raise RuleViolation(N_("First enter the rank cards of your deck."), section="guevara.ranks")
    return state.profile


def _require_turn(state: TableState, seat: int | None) -> Turn:
    if state.turn is None:
        raise RuleViolation(N_("The game has not started yet."), section="guevara.setup")
    if seat != state.turn.seat:
        raise RuleViolation(N_("It is not your turn."), section="guevara.turn")
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section="guevara.win")
    return state.turn


def _require_phase(turn: Turn, phase: str, section: str) -> None:
    if turn.phase != phase:
        raise RuleViolation(N_("That belongs to another phase of the turn."), section=section)


def _decide_profile(state, seat, args):
    counts = args["counts"]
    if sum(counts.values()) != RANK_CARDS:
        raise RuleViolation(N_("The deck has 8 rank cards: the counts must add up to 8."), section="guevara.ranks")
    for rank in RANKS:
        if list(state.ranks.values()).count(rank) > counts[rank]:
            raise RuleViolation(N_("More players hold that rank than the deck has cards of it."),
                                section="guevara.ranks")
    return [{"type": "profile_set", "seat": None, "args": {"counts": dict(counts), "values": args["values"]}}]


def _decide_rank(state, seat, args):
    _require_profile(state)
    if seat not in state.seats:
        raise RuleViolation(N_("There is no such seat at this table."), section="guevara.setup")
    rank = args["rank"]
    if state.ranks.get(seat) != rank and state.free_ranks()[rank] < 1:
        raise RuleViolation(N_("No %(rank)s card is free."), section="guevara.ranks", rank=rank)
    args = {"rank": rank}
    if len(state.seats) == TWO_PLAYERS and rank != TWO_PLAYER_RANK:
        args["off_rulebook"] = True  # allowed (a house rule), but the log and the screens say so
    return [{"type": "rank_set", "seat": seat, "args": args}]


def _decide_deal(state, seat, args):
    """Deal from the shuffled rank cards the caller passes in (the app shuffles; the rules stay pure)."""
    profile = _require_profile(state)
    shuffled = args["shuffled"]
    deck = sorted(rank for rank in RANKS for _ in range(profile.counts[rank]))
    if sorted(shuffled) != deck:
        raise RuleViolation(N_("The shuffled cards do not match the deck."), section="guevara.setup")
    if len(state.seats) == TWO_PLAYERS:
        if profile.counts[TWO_PLAYER_RANK] < TWO_PLAYERS:
            raise RuleViolation(N_("Two players both take a Private, but the deck has fewer."),
                                section="guevara.setup")
        dealt = {seat_id: TWO_PLAYER_RANK for seat_id in state.order}
    else:
        dealt = dict(zip(state.order, shuffled[:len(state.order)], strict=True))
    return [{"type": "ranks_dealt", "seat": None, "args": {"ranks": [[s, r] for s, r in dealt.items()]}}]


def _turn_start(state: TableState, seat: int, number: int) -> dict:
    values = state.rank_values(seat)
    if values is None or values.income is None or values.free_time is None:
        rank = state.ranks.get(seat)
        raise RuleViolation(N_("Enter the Income and Free Time of the %(rank)s first."),
                            section="guevara.income", rank=rank)
    return {"type": "turn_started", "seat": seat,
            "args": {"number": number, "income": values.income, "free_time": values.free_time}}


def _decide_start(state, seat, args):
    _require_profile(state)
    if state.turn is not None:
        raise RuleViolation(N_("The game is already under way."), section="guevara.turn")
    if set(state.ranks) != set(state.seats):
        raise RuleViolation(N_("Every player needs a rank first."), section="guevara.setup")
    if state.dealer is None:
        raise RuleViolation(N_("Choose the dealer first: the player to the dealer's left starts."),
                            section="guevara.setup")
    return [_turn_start(state, state.first_player, 1)]


def _decide_advance(state, seat, args):
    turn = _require_turn(state, seat)
    if args["phase"] != turn.phase or args["turn"] != turn.number:
        raise RuleViolation(N_("The turn has already moved on."), section="guevara.turn")
    require_no_demands(state, seat)
    closing = settle_before_next(state, seat)
    phases = state.rules.phases
    index = phases.index(turn.phase)
    if index + 1 < len(phases):
        hungry = pests_hungry_after_roll(state, seat) if turn.phase == "roll" else []
        return closing + [{"type": "phase_entered", "seat": seat, "args": {"phase": phases[index + 1]}}] + hungry
    return closing + [_turn_start(state, state.next_seat(turn.seat), turn.number + 1)]


def _decide_income(state, seat, args):
    turn = _require_turn(state, seat)
    if turn.income_left + args["delta"] < 0:
        raise RuleViolation(N_("Income cannot drop below zero."), section="guevara.income")
    return [{"type": "income_adjusted", "seat": seat, "args": {"delta": args["delta"]}}]


def _decide_free_time(state, seat, args):
    turn = _require_turn(state, seat)
    if turn.free_time_left + args["delta"] < 0:
        raise RuleViolation(N_("Free Time cannot drop below zero."), section="guevara.phase.freetime")
    return [{"type": "free_time_adjusted", "seat": seat, "args": {"delta": args["delta"]}}]


def _decide_use_free_time(state, seat, args):
    turn = _require_turn(state, seat)
    _require_phase(turn, "freetime", "guevara.phase.freetime")
    if turn.free_time_left < 1:
        raise RuleViolation(N_("No Free Time is left this turn."), section="guevara.phase.freetime")
    if args["cost"] > turn.income_left:
        raise RuleViolation(N_("That costs more than the Income left this turn."), section="guevara.income")
    return [{"type": "free_time_used", "seat": seat, "args": {"kind": args["kind"], "cost": args["cost"]}}]


def _decide_heal(state, seat, args):
    turn = _require_turn(state, seat)
    _require_phase(turn, "heal", "guevara.phase.heal")
    if turn.acted:
        raise RuleViolation(N_("Only a turn spent doing nothing but discarding heals a wound."),
                            section="guevara.phase.heal")
    if state.seats[seat].wounds < 1:
        raise RuleViolation(N_("There is no wound to remove."), section="guevara.wounds")
    return [{"type": "healed", "seat": seat, "args": {}}]


def _decide_promote(state, seat, args):
    """A Promotion card: trade up for a free card one rank higher, or keep the card in hand."""
    rank = _ranked(state, seat)
    higher = rank_step(rank, +1)
    if higher is None:
        raise RuleViolation(N_("A Sergeant cannot be promoted."), section="guevara.promotion")
    if state.free_ranks()[higher] < 1:
        raise RuleViolation(N_("No %(rank)s card is free: keep your Promotion card for later."),
                            section="guevara.promotion", rank=higher)
    return [{"type": "rank_changed", "seat": seat, "args": {"rank": higher, "why": "promotion"}}]


def _decide_demote(state, seat, args):
    """A Demotion played on `target`: one rank lower at once (see `demotion`)."""
    by, seat = seat, args.get("target", seat)
    rank = _ranked(state, seat)
    if rank_step(rank, -1) is None:
        raise RuleViolation(N_("A Private cannot be demoted."), section="guevara.demotion")
    events = demotion(state, seat, "demotion")
    if by != seat and events and events[0]["type"] in ("rank_changed", "swap_pending"):  # the log names who played it
        events[0] = {**events[0], "args": {**events[0]["args"], "by": by}}
    return events


def demotion(state: TableState, seat: int, why: str) -> list[dict]:
    """A free card one rank lower; else a swap with the only player of that rank, or that player's pick of them."""
    rank = state.ranks[seat]
    lower = rank_step(rank, -1)
    if lower is None:
        return []
    if state.free_ranks()[lower] >= 1:
        return [{"type": "rank_changed", "seat": seat, "args": {"rank": lower, "why": why}}]
    partners = [other for other in state.order if other != seat and state.ranks.get(other) == lower]
    if len(partners) == 1:
        return swap_events(state, seat, partners[0], why)
    if not partners:
        return []
    return [{"type": "swap_pending", "seat": seat, "args": {"rank": lower, "why": why}}]


def swap_events(state: TableState, seat: int, partner: int, why: str) -> list[dict]:
    """The demoted player and the partner trade rank cards."""
    return [{"type": "rank_changed", "seat": seat, "args": {"rank": state.ranks[partner], "why": why}},
            {"type": "rank_changed", "seat": partner, "args": {"rank": state.ranks[seat], "why": "swap"}}]


def _decide_choose_swap(state, seat, args):
    swap = state.swap
    if swap is None or swap.seat != seat:
        raise RuleViolation(N_("Nobody is waiting for you to pick a swap."), section="guevara.demotion")
    partner = args["with"]
    if partner == seat or state.ranks.get(partner) != swap.rank:
        raise RuleViolation(N_("Choose a %(rank)s to swap rank cards with."), section="guevara.demotion",
                            rank=swap.rank)
    events = swap_events(state, seat, partner, swap.why)
    if swap.by is not None:
        events[0] = {**events[0], "args": {**events[0]["args"], "by": swap.by}}
    return events


def require_no_swap(state: TableState) -> None:
    """Promotions and demotions apply in the order played: a pending swap is settled first."""
    if state.swap is not None:
        raise RuleViolation(N_("First %(name)s picks whom to swap rank cards with."), section="guevara.rank_timing",
                            name=state.seats[state.swap.seat].name or str(state.swap.seat))


def _ranked(state: TableState, seat: int | None) -> str:
    require_no_swap(state)
    if seat not in state.ranks:
        raise RuleViolation(N_("That player has no rank yet."), section="guevara.ranks")
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section="guevara.win")
    return state.ranks[seat]


def _decide_rematch(state, seat, args):
    if state.winner is None:
        raise RuleViolation(N_("A rematch starts once somebody has won."), section="guevara.win")
    return [{"type": "game_reset", "seat": None, "args": {}}]


DECIDERS = {
    "promote": _decide_promote,
    "demote": _decide_demote,
    "choose_swap": _decide_choose_swap,
    "rematch": _decide_rematch,
    "set_profile": _decide_profile,
    "set_rank": _decide_rank,
    "deal_ranks": _decide_deal,
    "start_game": _decide_start,
    "advance": _decide_advance,
    "adjust_income": _decide_income,
    "adjust_free_time": _decide_free_time,
    "use_free_time": _decide_use_free_time,
    "heal": _decide_heal,
}


def called_this_turn(state: TableState, seat: int | None, args: dict) -> bool:
    """A roll to call a person by the active player in the Call People phase counts as calling people."""
    turn = state.turn
    return (turn is not None and seat == turn.seat and turn.phase == "call" and args.get("purpose") == "call")


def _profile_set(state, seat, args, seq):
    state.profile = DeckProfile(counts=dict(args["counts"]),
                                values={rank: RankValues(**args["values"][rank]) for rank in RANKS})


def _rank_set(state, seat, args, seq):
    state.ranks[seat] = args["rank"]


def _ranks_dealt(state, seat, args, seq):
    state.ranks = {seat_id: rank for seat_id, rank in args["ranks"]}


def _turn_started(state, seat, args, seq):
    state.turn = Turn(seat=seat, number=args["number"], income_left=args["income"],
                      free_time_left=args["free_time"], awaiting=list(args.get("awaiting") or ()))


def _phase_entered(state, seat, args, seq):
    state.turn.phase = args["phase"]


def _income_adjusted(state, seat, args, seq):
    state.turn.income_left += args["delta"]


def _free_time_adjusted(state, seat, args, seq):
    state.turn.free_time_left += args["delta"]


def _free_time_used(state, seat, args, seq):
    state.turn.free_time_left -= 1
    state.turn.income_left -= args["cost"]
    state.turn.acted = True


def _healed(state, seat, args, seq):
    state.seats[seat].wounds -= 1


def _rank_changed(state, seat, args, seq):
    change_rank(state, seat, args["rank"])


def _swap_pending(state, seat, args, seq):
    state.swap = PendingSwap(seat=seat, rank=args["rank"], by=args.get("by"),
                             why=args.get("why", "demotion"))


def _game_reset(state, seat, args, seq):
    """Same seats, names, phones, order and rank cards; everything else starts over."""
    for seat_state in state.seats.values():
        seat_state.slack = seat_state.wounds = 0
    state.ranks, state.turn, state.window, state.demands = {}, None, None, []
    state.raid = state.denunciation = state.swap = None
    state.tents = {seat_id: [] for seat_id in state.seats}
    state.winner, state.won_at, state.last_roll, state.names_at_win = None, None, None, {}


APPLIERS = {
    "rank_changed": _rank_changed,
    "swap_pending": _swap_pending,
    "game_reset": _game_reset,
    "profile_set": _profile_set,
    "rank_set": _rank_set,
    "ranks_dealt": _ranks_dealt,
    "turn_started": _turn_started,
    "phase_entered": _phase_entered,
    "income_adjusted": _income_adjusted,
    "free_time_adjusted": _free_time_adjusted,
    "free_time_used": _free_time_used,
    "healed": _healed,
}
