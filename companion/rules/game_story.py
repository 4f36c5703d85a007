"""The story of a table's games, told from its event log: everyone's total after each change, the turning
points and the winner. Pure: no Flask, no SQL (the chart is drawn by web/story_chart.py, the highlight picked by
rules/notable.py).

The log is folded one event at a time with the rules engine, in place, and every number is read from a
glance at the state before each event and from the state after it (`state.total(seat)`), so event types added
later (raids, denouncing, other games) are covered without changes here. A table's log holds one game per
rematch: it is split at each rematch still in force (`game_reset`, or `jobs_reset` in the job games). A game
with turns begins with its first turn (the ranks dealt before are setup); a table that only counts Slack,
without the turn, has its story from the start.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from . import engine
from .state import Denunciation, Raid, TableState, Window

REMATCHES = engine.REMATCHES  # the events that start a new game at the same table
MIN_SWING = 2  # a single event that moves a total by less is no turning point
TOP_SWINGS = 3  # the largest gains and the largest losses kept
RAID, DENOUNCE = "raid", "denounce"
SETTLING = frozenset({"window_passed", "window_closed"})  # events that put an announced card into play


@dataclass
class Point:
    """Everyone's total after an event that changed any of them (the first point: the game's start)."""

    seq: int
    turn: int | None
    totals: dict[int, int]


@dataclass
class Moment:
    """A turning point: a large gain or loss, a cancel, a raid, a denouncement, or the win."""

    kind: str
    seq: int
    turn: int | None
    seat: int | None
    events: list[dict]
    deltas: dict[int, int] = field(default_factory=dict)
    wounds: dict[int, int] = field(default_factory=dict)
    other: int | None = None
    cards: list = field(default_factory=list)  # a cancel's canceled cards, a raid's card name

    @property
    def size(self) -> int:
        """The largest change to anyone's total."""
        return max((abs(delta) for delta in self.deltas.values()), default=0)


@dataclass
class Game:
    """One game at a table: from the table's creation or a rematch to the next rematch (or now)."""

    number: int
    game: str
    goals: dict[int, int | None]  # each seat's goal at the end (a job's; None where it was never entered)
    order: list[int]
    first_seq: int
    last_seq: int
    started_at: float | None
    ended_at: float | None
    points: list[Point]
    moments: list[Moment]
    state: TableState  # as the game ended: a finished game's at its win
    winner: int | None = None
    won_seq: int | None = None
    won_at: float | None = None
    first_turn_at: float | None = None  # when the first turn began (None in a game that only counts Slack)
    start_seat: int | None = None  # who took the first turn

    @property
    def finished(self) -> bool:
        """A game is finished once somebody has won it."""
        return self.winner is not None

    @property
    def shared_goal(self) -> int | None:
        """The goal everyone raced to (Chez Guevara's, or jobs that agree); None where the goals differ."""
        goals = set(self.goals.values())
        return goals.pop() if len(goals) == 1 else None

    @property
    def totals(self) -> dict[int, int]:
        """Everyone's total at the end (at the win, for a finished game)."""
        return self.points[-1].totals

    def names(self) -> dict[int, str]:
        """The seats' names as the game ended, at the win for a finished game ('' where nobody named the seat)."""
        return {seat: self.state.seats[seat].name for seat in self.order}


def totals(state: TableState) -> dict[int, int]:
    """Every seat's total toward the goal, in seat order."""
    return {seat: state.total(seat) for seat in state.order}


@dataclass
class Glance:
    """What the story reads of the state just before an event, kept while the fold changes that state in place."""

    totals: dict[int, int]
    wounds: dict[int, int]
    winner: int | None
    raid: Raid | None  # copies: their leader, winner and card as they were
    denunciation: Denunciation | None
    window: Window | None  # kept only for a cancel, which tells what it canceled, and for a card put into play


def glance(state: TableState, event: dict, known_totals: dict[int, int]) -> Glance:
    """A look at the state before `event`, as much as the story needs of it (its totals already known)."""
    return Glance(known_totals, {seat: place.wounds for seat, place in state.seats.items()}, state.winner,
                  copy.copy(state.raid), copy.copy(state.denunciation),
                  copy.deepcopy(state.window) if event["type"] == "card_canceled" or event["type"] in SETTLING
                  else None)


def _turn(state: TableState) -> int | None:
    return state.turn.number if state.turn is not None else None


def episode(event: dict, before: Glance | TableState, after: TableState) -> str | None:
    """Whether an event belongs to a raid or a denouncement: by its type, or because one is under way."""
    kind = event["type"]
    if kind.startswith("raid_") or before.raid or after.raid:
        return RAID
    if kind.startswith("denounce") or before.denunciation or after.denunciation:
        return DENOUNCE
    return None


def _episode_people(kind: str, state: Glance | TableState) -> tuple[int | None, int | None, str | None]:
    """A raid's leader, winner and card, a denouncement's accuser and target, where the state tells."""
    raid, case = state.raid, state.denunciation
    if kind == RAID and raid:
        return raid.leader, raid.winner, raid.card
    if kind == DENOUNCE and case:
        return case.by, case.target, None
    return None, None, None


class _Builder:
    """Collects one game's points and turning points while the log is folded."""

    def __init__(self, number: int, event: dict, state: TableState):
        self.number, self.first_seq, self.started_at = number, event["seq"], event.get("at")
        self.last_seq, self.ended_at = event["seq"], event.get("at")
        self.points = [Point(event["seq"], _turn(state), totals(state))]
        self.candidates: list[Moment] = []
        self.moments: list[Moment] = []
        self.open: Moment | None = None
        self.won: tuple[int, int, float | None] | None = None
        self.at_win: TableState | None = None  # the record of a finished game: names and roles as they were at the win
        self.turns = False
        self.first_turn_at: float | None = None
        self.start_seat: int | None = None

    def _begin(self, event: dict, state: TableState) -> None:
        """The first turn starts the race proper: what came before (ranks dealt, say) is setup, not story."""
        self.turns = True
        self.first_turn_at, self.start_seat = event.get("at"), state.turn.seat
        self.points = [Point(event["seq"], _turn(state), totals(state))]
        self.candidates, self.moments, self.open = [], [], None

    def add(self, event: dict, before: Glance, after: TableState, new: dict[int, int]) -> None:
        """Take in one event in force, with a glance at the state before it, the state after it and its totals."""
        self.last_seq, self.ended_at = event["seq"], event.get("at")
        if self.won is not None:
            return  # the race ended at the win; what follows (joins, names) is not part of it
        if not self.turns and after.turn is not None:
            self._begin(event, after)
            return
        old = before.totals
        deltas = {seat: new[seat] - old.get(seat, 0) for seat in new if new[seat] != old.get(seat, 0)}
        wounds = {seat: after.seats[seat].wounds - before.wounds[seat] for seat in after.order
                  if seat in before.wounds and after.seats[seat].wounds != before.wounds[seat]}
        if deltas:
            self.points.append(Point(event["seq"], _turn(after), new))
        self._collect(event, before, after, deltas, wounds)
        if before.winner is None and after.winner is not None:
            self._close_episode()
            self.won = (after.winner, event["seq"], event.get("at"))
            self.at_win = after.copy()
            self.moments.append(Moment("win", event["seq"], _turn(after), after.winner, [event], deltas,
                                       wounds))

    def _collect(self, event, before, after, deltas, wounds) -> None:
        kind = episode(event, before, after)
        if kind is not None:
            if self.open is None or self.open.kind != kind:
                self._close_episode()
                self.open = Moment(kind, event["seq"], _turn(after), None, [])
            self.open.events.append(event)
            for seat, delta in deltas.items():
                self.open.deltas[seat] = self.open.deltas.get(seat, 0) + delta
            for seat, delta in wounds.items():
                self.open.wounds[seat] = self.open.wounds.get(seat, 0) + delta
            for state in (before, after):  # the first accuser and target, even if revenge turns the tables
                seat, other, card = _episode_people(kind, state)
                self.open.seat = seat if self.open.seat is None else self.open.seat
                self.open.other = other if self.open.other is None else self.open.other
                self.open.cards = self.open.cards or ([card] if card else [])
            return
        self._close_episode()
        if event["type"] == "card_canceled" and before.window is not None:
            window = before.window
            self.moments.append(Moment("cancel", event["seq"], _turn(after), event.get("seat"), [event],
                                       deltas, wounds, other=window.seat, cards=list(window.cards)))
        elif deltas and before.winner is None and after.winner is None:
            gain = max(deltas.values()) >= -min(deltas.values())
            seat = max(deltas, key=lambda s: deltas[s] if gain else -deltas[s])
            moment = Moment("gain" if gain else "loss", event["seq"], _turn(after), seat, [event], deltas, wounds)
            window = before.window
            if window is not None and after.window is None and event["type"] in SETTLING:
                # the last pass or the next step put the card into play: the card is what changed the totals
                moment.other, moment.cards = window.seat, list(window.cards)
            self.candidates.append(moment)

    def _close_episode(self) -> None:
        if self.open is not None:
            self.moments.append(_closed(self.open))
            self.open = None

    def finish(self, state: TableState) -> Game:
        """The game as told so far, ending in `state` (a finished game: as it was at the win, whoever took or left
        a seat since, which changes only the rematch); the builder may take more events afterwards."""
        state = self.at_win if self.at_win is not None else state
        moments = self.moments + ([_closed(self.open)] if self.open is not None else [])
        swings = [m for m in self.candidates if m.size >= MIN_SWING]
        for kind in ("gain", "loss"):
            ranked = sorted((m for m in swings if m.kind == kind), key=lambda m: (-m.size, m.seq))
            moments.extend(ranked[:TOP_SWINGS])
        winner, won_seq, won_at = self.won or (None, None, None)
        goals = {seat: state.goal_of(seat) for seat in state.order}
        return Game(number=self.number, game=state.game, goals=goals, order=list(state.order),
                    first_seq=self.first_seq, last_seq=self.last_seq, started_at=self.started_at,
                    ended_at=self.ended_at, points=list(self.points),
                    moments=sorted(moments, key=lambda moment: moment.seq),
                    state=state, winner=winner, won_seq=won_seq, won_at=won_at,
                    first_turn_at=self.first_turn_at, start_seat=self.start_seat)


def _closed(moment: Moment) -> Moment:
    """An episode as it stands, without the seats it left even, apart from the one still collecting events."""
    return replace(moment, events=list(moment.events), cards=list(moment.cards),
                   deltas={seat: delta for seat, delta in moment.deltas.items() if delta},
                   wounds={seat: delta for seat, delta in moment.wounds.items() if delta})


class Teller:
    """Tells a table's games as its log grows: new events go on from where the last telling stopped."""

    def __init__(self, events: list[dict]):
        self.state, self.builder, self.found, self.now = engine.initial_state(), None, [], {}
        self.undone, self.version = engine.undone_steps(events), 0  # what later undos took back counts as undone
        self.starts: list[tuple[dict, TableState, int, dict[int, int]]] = []  # each game's first event, state after
        self.go_on(events)

    def tell_on(self, log: list[dict]) -> None:
        """Take in the whole log as it is now: its new events go on, or, after an undo or redo, the telling goes
        back to the start of the last game before the earliest action they target."""
        newer = [event for event in log if event["seq"] > self.version]
        targets = [event["args"]["target"] for event in newer if engine.needs_replay(event)]
        if targets:
            self.starts = [start for start in self.starts if start[0]["seq"] < min(targets)]
            if not self.starts:
                self.__init__(log)
                return
            event, state, told, self.now = self.starts[-1]
            self.state, self.found = state.copy(), self.found[:told]
            self.builder = _Builder(told + 1, event, self.state)
            self.undone = engine.undone_steps(log)
            newer = [later for later in log if later["seq"] > event["seq"]]
        self.go_on(newer)

    def go_on(self, events: list[dict]) -> None:
        """Fold in the next events of the log, collecting each game's points and turning points."""
        state, undone = self.state, self.undone
        for event in events:
            self.version = event["seq"]
            in_force = engine.step_of(event) not in undone and event["type"] not in ("undone", "redone")
            if in_force:  # a rematch's game keeps its whole last state; other events need only a glance
                before = state.copy() if event["type"] in REMATCHES else glance(state, event, self.now)
            engine.apply_in_place(state, event, undone)
            if not in_force:
                continue  # an event without effect leaves every total as it was
            self.now = totals(state)
            if self.builder is None and event["type"] != "table_created":
                continue
            if event["type"] in ("table_created", *REMATCHES):
                if self.builder is not None:
                    self.found.append(self.builder.finish(before))
                self.builder = _Builder(len(self.found) + 1, event, state)
                self.starts.append((event, state.copy(), len(self.found), self.now))
            else:
                self.builder.add(event, before, state, self.now)

    def games(self) -> list[Game]:
        """Every game so far, the last one as it stands now."""
        return self.found + ([self.builder.finish(self.state.copy())] if self.builder is not None else [])


def games(events: Iterable[dict]) -> list[Game]:
    """Every game in a table's log, oldest first, undone events left out, each rematch starting a game."""
    return Teller(list(events)).games()
