"""What a table looks like at one moment: seats, tallies, ranks, the turn. Plain data, no logic beyond sums."""

from __future__ import annotations

from dataclasses import dataclass, field

GAMES = ("guevara",)
MIN_SEATS, MAX_SEATS = 2, 5
ROLL_PURPOSES = ("call", "get_rid", "variable", "raid", "denounce", "other")
DISPLAY = "display"
RANKS = ("private", "corporal", "sergeant")
RANK_CARDS = 8
PHASES = ("draw", "roll", "call", "freetime", "discard", "heal")
HAND_AFTER_DRAW, HAND_AFTER_DISCARD = 6, 5


@dataclass
class Seat:
    """One place at the table and its public tally."""

    id: int
    name: str = ""
    slack: int = 0
    wounds: int = 0
    claimed: bool = False


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
class RankValues:
    """The numbers printed on one rank card; None until the table has entered them."""

    income: int | None = None
    free_time: int | None = None
    slack: int | None = None
    penalty: int | None = None
    perk: str = ""


@dataclass
class DeckProfile:
    """The eight rank cards of this deck: how many of each rank, and each rank's printed values."""

    counts: dict[str, int]
    values: dict[str, RankValues]


@dataclass
class Turn:
    """Whose turn it is, the phase, and what is left of this turn's Income and Free Time."""

    seat: int
    number: int
    phase: str = "draw"
    income_left: int = 0
    free_time_left: int = 0
    acted: bool = False


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
    profile: DeckProfile | None = None
    ranks: dict[int, str] = field(default_factory=dict)
    turn: Turn | None = None

    def rank_values(self, seat: int) -> RankValues | None:
        """The printed values of the seat's rank, if it has one and the profile is known."""
        rank = self.ranks.get(seat)
        if rank is None or self.profile is None:
            return None
        return self.profile.values[rank]

    def total(self, seat: int) -> int:
        """Slack counted toward the goal: markers plus the rank's Slack, less one per wound."""
        values = self.rank_values(seat)
        rank_slack = values.slack if values and values.slack is not None else 0
        return self.seats[seat].slack + rank_slack - self.seats[seat].wounds

    def free_ranks(self) -> dict[str, int]:
        """Rank cards still on the table as open promotions."""
        if self.profile is None:
            return {}
        taken = {rank: list(self.ranks.values()).count(rank) for rank in RANKS}
        return {rank: self.profile.counts[rank] - taken[rank] for rank in RANKS}

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
        return max(0, self.goal - self.total(seat))

    def seat_label(self, seat: int) -> str:
        """The seat's name, or empty when nobody named it."""
        return self.seats[seat].name


def goal_for(game: str, seat_count: int) -> int:
    """Slack needed to win: Chez Guevara asks 20, or 18 with five players."""
    return 18 if seat_count == 5 else 20


def initial_state() -> TableState:
    """The state before the first event."""
    return TableState()


