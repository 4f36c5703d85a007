"""Moving between ranks: one step up or down, and the new rank's numbers applying at once."""

from __future__ import annotations

from .state import RANKS, TableState

# In a two-player game the rulebook gives each player a Private instead of dealing (002_22fc518f8780fc11.txt).
TWO_PLAYERS, TWO_PLAYER_RANK = 2, "private"


def rank_step(rank: str, by: int) -> str | None:
    """The rank `by` steps above (or below) `rank`, or None past the ends."""
    i = RANKS.index(rank) + by
    return RANKS[i] if 0 <= i < len(RANKS) else None


def promotion_to(state: TableState, seat: int) -> str | None:
    """The rank a promotion would give the seat now: one higher, if such a card is free."""
    higher = rank_step(state.ranks[seat], +1)
    return higher if higher is not None and state.free_ranks()[higher] >= 1 else None


def change_rank(state: TableState, seat: int, rank: str) -> None:
    """The new rank's numbers apply at once, to what is left of this turn too."""
    before = state.rank_values(seat)
    state.ranks[seat] = rank
    after = state.rank_values(seat)
    if state.swap is not None and state.swap.seat == seat:
        state.swap = None
    turn = state.turn
    if turn is not None and turn.seat == seat and before and after:
        turn.income_left = max(0, turn.income_left + (after.income or 0) - (before.income or 0))
        turn.free_time_left = max(0, turn.free_time_left + (after.free_time or 0) - (before.free_time or 0))


def off_rulebook_ranks(state: TableState) -> list[int]:
    """Seats of a two-player Chez Guevara table holding another rank than the Private the rulebook gives both."""
    if len(state.seats) != TWO_PLAYERS or state.turn is not None:
        return []
    return [seat for seat in state.order if state.ranks.get(seat, TWO_PLAYER_RANK) != TWO_PLAYER_RANK]
