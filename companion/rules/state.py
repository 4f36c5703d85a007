"""What a table looks like at one moment: seats, tallies, ranks, the turn. Plain data, no logic beyond sums."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field

from . import games
from .violations import N_

DISPLAY = "display"
RANKS = ("private", "corporal", "sergeant")
RANK_NAMES = {"private": N_("Private"), "corporal": N_("Corporal"), "sergeant": N_("Sergeant")}  # printed names
RANK_CARDS = 8
HAND_AFTER_DRAW, HAND_AFTER_DISCARD = 6, 5
BLACK_WINDOWS = "paint_your_windows_black"


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
class JobValues:
    """The numbers printed on one job card; two numbers mean a roll each turn (1-3 the lower, 4-6 the higher)."""

    key: str
    name: str
    income: tuple[int, ...] | None = None
    free_time: tuple[int, ...] | None = None
    goal: int | None = None
    perk: str = ""
    hand: int = HAND_AFTER_DRAW
    goth: bool = False
    bonus: dict[str, int] = field(default_factory=dict)
    forbidden: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        """Whether the table has entered everything a turn needs."""
        return None not in (self.income, self.free_time, self.goal)


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
    awaiting: list[str] = field(default_factory=list)  # "income", "free_time": what waits for the table's own die
    rid_tried: list[int] = field(default_factory=list)  # People already rolled for this turn: one chance each
    started_at: int = 0  # the first event of the action that began the turn: a roll before it is an earlier turn's


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
    passed_by_display: list[int] = field(default_factory=list)  # seats with no phone, passed for by the display
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
    round: int = 1
    contenders: list[int] = field(default_factory=list)
    rolls: dict[int, int] = field(default_factory=dict)
    stage: str = "roll"
    winner: int | None = None
    pickers: list[int] = field(default_factory=list)
    earlier: list[dict[int, int]] = field(default_factory=list)  # the rolls of rounds that ended in a tie

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
    roll: dict | None = None  # the target's roll once made: value, modifier, extra, penalty, total
    demoted: bool = True  # whoever lost was demoted (a Private has no lower rank to go to)


@dataclass
class PendingSwap:
    """A demoted player with no free lower card, who picks a player of that rank to swap rank cards with."""

    seat: int
    rank: str
    by: int | None = None  # who played the Demotion card, for the log
    why: str = "demotion"  # or "denounce"


@dataclass
class TableState:
    """Everything public about one table, as of `version`."""

    game: str = "guevara"
    language: str = "en"
    first_game: bool = False  # opened as the players' first game: new phones explain each moment (rules.moments)
    goal: int = 20
    seats: dict[int, Seat] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    dealer: int | None = None
    last_roll: Roll | None = None
    winner: int | None = None
    won_at: int | None = None  # the event after which the winner had reached the goal
    # Each seat's name when the game was won: a phone taking a seat after the win names it for the rematch only.
    names_at_win: dict[int, str] = field(default_factory=dict)
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
    jobs: dict[int, str] = field(default_factory=dict)
    job_profile: dict[str, JobValues] = field(default_factory=dict)
    heartache: dict[int, int] = field(default_factory=dict)
    job_slack: dict[int, int] = field(default_factory=dict)
    last_winner: int | None = None
    physical_job_die: bool = False  # the table rolls its own die for a job's two-value Income or Free Time

    @property
    def rules(self) -> games.Game:
        """The record of the game this table plays."""
        return games.GAMES[self.game]  # asked many times a tap: the record itself, without a call

    def copy(self) -> TableState:
        """A deep copy that shares nothing mutable with this state."""
        # The state is plain data: pickle's round trip, in C, copies it far faster than `copy.deepcopy`.
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))

    def job(self, seat: int) -> JobValues | None:
        """The job card the seat holds, if any."""
        key = self.jobs.get(seat)
        return self.job_profile.get(key) if key else None

    def is_goth(self, seat: int) -> bool:
        """Chez Goth makes everyone a Goth; combined with Chez Geek only a Goth job does."""
        if self.rules.everyone_is_goth:
            return True
        job = self.job(seat)
        return self.rules.combining_rules and job is not None and job.goth

    def goal_of(self, seat: int) -> int | None:
        """The seat's goal: the table's (Chez Guevara) or the one printed on the seat's job (None until entered)."""
        if not self.rules.has_jobs:
            return self.goal
        job = self.job(seat)
        return job.goal if job else None

    def black_windows(self, seat: int) -> int:
        """Each "Paint your windows black" in play: +1 for a Goth, -1 for everyone else (gone when the card goes)."""
        if not self.rules.combining_rules:
            return 0
        count = sum(1 for cards in self.tents.values() for card in cards if card.key == BLACK_WINDOWS)
        return count if self.is_goth(seat) else -count

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
        return [seat for seat in self.order if seat in self.ranks and RANKS.index(self.ranks[seat]) == top]

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
        jobs = self.heartache.get(seat, 0) + self.job_slack.get(seat, 0) + self.black_windows(seat)
        return self.seats[seat].slack + rank_slack + tent - self.seats[seat].wounds + jobs

    def free_ranks(self) -> dict[str, int]:
        """Rank cards still on the table as open promotions."""
        if self.profile is None:
            return {}
        taken = {rank: list(self.ranks.values()).count(rank) for rank in RANKS}
        return {rank: self.profile.counts[rank] - taken[rank] for rank in RANKS}

    @property
    def roll_this_turn(self) -> Roll | None:
        """The last die rolled, if it was rolled in the current turn (or before the first turn): an older roll beside
        the current player's name would read as theirs, now."""
        roll = self.last_roll
        if roll is None or (self.turn is not None and roll.seq < self.turn.started_at):
            return None
        return roll

    @property
    def every_seat_ranked(self) -> bool:
        """Every player holds a rank card (the setup guide's deal step is done)."""
        return bool(self.order) and all(seat in self.ranks for seat in self.order)

    @property
    def every_seat_employed(self) -> bool:
        """Every player holds a job (the setup guide's deal step of a job game is done)."""
        return bool(self.order) and all(seat in self.jobs for seat in self.order)

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

    def to_goal(self, seat: int) -> int | None:
        """How much Slack the seat still lacks (0 once there; None while its goal is unknown)."""
        goal = self.goal_of(seat)
        return None if goal is None else max(0, goal - self.total(seat))


def goal_for(game: str, seat_count: int) -> int:
    """Slack needed to win in Chez Guevara: 20, or 18 with five players (the job games read it off each job)."""
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
