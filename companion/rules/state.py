"""What a table looks like at one moment: seats, tallies, ranks, the turn. Plain data, no logic beyond sums."""

from __future__ import annotations

from dataclasses import dataclass, field

GAMES = ("guevara",)
MIN_SEATS, MAX_SEATS = 2, 5
ROLL_PURPOSES = ("call", "get_rid", "variable", "raid", "denounce", "card", "other")
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
class TentCard:
    """A card lying in a tent: its printed Slack plus any markers count toward the owner's total."""

    uid: int
    name: str
    type: str
    categories: tuple[str, ...] = ()
    slack: int = 0
    markers: int = 0
    key: str | None = None
    pest: tuple[str, ...] | None = None
    denounce_modifier: int = 0
    loot: int = 0
    arrived_turn: int = 0

    @property
    def worth(self) -> int:
        """What the card adds to its owner's Slack."""
        return self.slack + self.markers


@dataclass
class Window:
    """A card being played that the other players may still cancel."""

    uid: int
    seat: int
    kind: str
    cards: list[TentCard]
    target: int
    cost: int = 0
    modifier: int = 0
    passed: list[int] = field(default_factory=list)
    pulled_by: int | None = None

    @property
    def awaits_roll(self) -> bool:
        """A call or a variable-Slack Activity is settled by its roll, not by the next card."""
        return self.kind in ("call", "variable")


@dataclass
class PestDemand:
    """A pest in a tent that wants one card of its categories discarded; the owner picks which."""

    seat: int
    pest: int
    categories: tuple[str, ...]


@dataclass
class Raid:
    """A raid under way: everybody rolls (ties roll again), then the loot is picked in turn."""

    leader: int
    card: str
    loot: int
    handed_by: int | None = None
    round: int = 1
    contenders: list[int] = field(default_factory=list)
    rolls: dict[int, int] = field(default_factory=dict)
    stage: str = "roll"
    winner: int | None = None
    pickers: list[int] = field(default_factory=list)

    def waiting_for(self) -> list[int]:
        """The seats that still have to roll in this round."""
        return [seat for seat in self.contenders if seat not in self.rolls]

    @property
    def picker(self) -> int | None:
        """Whose pick of the loot it is now."""
        return self.pickers[0] if self.stage == "loot" and self.pickers else None


@dataclass
class Denunciation:
    """A Denounce! card under way: the target rolls, then the revenge or the move that follows."""

    by: int
    target: int
    stage: str = "roll"
    revenge: bool = False


@dataclass
class PendingSwap:
    """A demoted player with no free lower card, who picks a player of that rank to swap rank cards with."""

    seat: int
    rank: str


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
    won_at: int | None = None  # the event after which the winner had reached the goal
    version: int = 0
    undoable: list[int] = field(default_factory=list)
    redoable: list[int] = field(default_factory=list)
    undone: set[int] = field(default_factory=set)
    profile: DeckProfile | None = None
    ranks: dict[int, str] = field(default_factory=dict)
    turn: Turn | None = None
    tents: dict[int, list[TentCard]] = field(default_factory=dict)
    window: Window | None = None
    demands: list[PestDemand] = field(default_factory=list)
    raid: Raid | None = None
    denunciation: Denunciation | None = None
    swap: PendingSwap | None = None

    def outranks(self, seat: int, other: int) -> bool:
        """True when `seat` holds a higher rank than `other`."""
        if seat not in self.ranks or other not in self.ranks:
            return False
        return RANKS.index(self.ranks[seat]) > RANKS.index(self.ranks[other])

    def highest_ranked(self) -> list[int]:
        """The seats holding the highest rank at the table."""
        if not self.ranks:
            return []
        top = max(RANKS.index(rank) for rank in self.ranks.values())
        return [seat for seat in self.order if RANKS.index(self.ranks.get(seat, RANKS[0])) == top
                and seat in self.ranks]

    def rank_values(self, seat: int) -> RankValues | None:
        """The printed values of the seat's rank, if it has one and the profile is known."""
        rank = self.ranks.get(seat)
        if rank is None or self.profile is None:
            return None
        return self.profile.values[rank]

    def total(self, seat: int) -> int:
        """Slack toward the goal: loose markers, the rank's Slack and the tent's cards, less one per wound."""
        values = self.rank_values(seat)
        rank_slack = values.slack if values and values.slack is not None else 0
        tent = sum(card.worth for card in self.tents.get(seat, []))
        return self.seats[seat].slack + rank_slack + tent - self.seats[seat].wounds

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

    def previous_seat(self, seat: int) -> int:
        """The seat to the right of `seat` in table order."""
        i = self.order.index(seat)
        return self.order[i - 1]

    def to_goal(self, seat: int) -> int:
        """How much Slack the seat still lacks (0 once there)."""
        return max(0, self.goal - self.total(seat))


def goal_for(game: str, seat_count: int) -> int:
    """Slack needed to win: Chez Guevara asks 20, or 18 with five players."""
    return 18 if seat_count == 5 else 20


def initial_state() -> TableState:
    """The state before the first event."""
    return TableState()




def find_card(state: TableState, uid: int) -> tuple[int, TentCard] | None:
    """The tent (seat) and card with this id, if it lies in a tent."""
    for seat, cards in state.tents.items():
        for card in cards:
            if card.uid == uid:
                return seat, card
    return None
