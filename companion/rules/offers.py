"""What a screen may do now: every action the rules would accept, decided once for screens, state.json and bots.

A phone acts for its own seat; the table display acts for every seat and also holds the table's own tools
(setup, seats, rematch). Where an action needs no card to be named, the offer is found by asking the rules
themselves (`routing.decide` on a copy of the arguments, with a die value where one is rolled): a button is
shown exactly when the tap would be accepted. Actions that name a card are offered by the same conditions
the rules check before they look at the card.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from . import passing, routing
from .denounce import has_toady, leaders_elsewhere, movable_people
from .raids import RAID_UNDER_WAY, outranked_by_nobody, raid_callable, raid_rollers, raid_under_way
from .ranks import rank_step
from .state import TableState
from .tents import ONLY_HIGHEST_RAIDS, PHASE_OF_KIND, may_pull_rank, scrounging_trip
from .tv import may_watch_tv
from .violations import RuleViolation

ANY_DIE = 1  # a die value for asking the rules whether a roll would be accepted; any value gives the same answer


@dataclass(frozen=True)
class Advance:
    """The active player may go on: to the next phase, or end the turn after the last one."""

    seat: int
    phase: str
    turn: int
    ends_turn: bool


@dataclass(frozen=True)
class Skip:
    """The active player may go straight to a later phase (`to`), or end the turn (`to` is "end"), in one step:
    every phase between has nothing to do (rules.passing)."""

    seat: int
    phase: str
    turn: int
    to: str


@dataclass(frozen=True)
class PlayCard:
    """The active player may announce a card: a Person or Cat when calling People, else an Activity or Things."""

    seat: int
    calls_people: bool


@dataclass(frozen=True)
class Choice:
    """A seat picks one of several: whom to name second for the loot, whom to swap rank cards with."""

    seat: int
    options: tuple[int, ...]


@dataclass(frozen=True)
class Feed:
    """A pest in `seat`'s tent wants one of `cards` discarded."""

    seat: int
    pest: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Loot:
    """`seat` picks from the loot: the leader any card, everyone after a Thing."""

    seat: int
    any_card: bool


@dataclass(frozen=True)
class RaidCall:
    """`seat` plays a Raid card for `leader` (their own, or one handed to the player on turn)."""

    seat: int
    leader: int


@dataclass(frozen=True)
class Revenge:
    """The innocent target may strike back: with a Denounce! card, or with The Toady if it is in the tent."""

    seat: int
    toady: bool


@dataclass(frozen=True)
class DenounceMove:
    """The successful denouncer may move a Person out of the target's tent, or bring a Glorious Leader in."""

    seat: int
    target: int
    people: tuple[int, ...]
    leaders: tuple[int, ...]
    destinations: tuple[int, ...]


@dataclass(frozen=True)
class GetRid:
    """The active player may roll to send these People away, one by one or (job games) all at once."""

    seat: int
    cards: tuple[int, ...]
    all_at_once: bool
    destinations: tuple[int, ...]


@dataclass(frozen=True)
class JobRoll:
    """The turn waits for the table's own die for the job's two-value Income or Free Time."""

    seat: int
    field: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Whenever:
    """Whenever cards: who may play one, and on whom."""

    seats: tuple[int, ...]
    targets: tuple[int, ...]


@dataclass(frozen=True)
class JobChange:
    """New Job or You're Fired!: whose job may change, and the jobs nobody holds."""

    seats: tuple[int, ...]
    jobs: tuple[str, ...]


@dataclass(frozen=True)
class Withheld:
    """An option the rules withhold from a seat for a reason a player may not know: the reason and its section."""

    action: str
    seat: int | None  # None: withheld from the table (its setup), not from one seat
    message: str  # the rule's message id, translated by the screen like any refusal
    section: str | None
    param_items: tuple[tuple[str, Any], ...] = ()

    @property
    def params(self) -> dict[str, Any]:
        """The message's parameters."""
        return dict(self.param_items)


@dataclass(frozen=True)
class Offers:
    """Everything one screen may do now. Empty tuples and None mean: not now."""

    acts_for: tuple[int, ...]
    advance: Advance | None = None
    skip: Skip | None = None
    heal: int | None = None
    budget: int | None = None
    play_card: PlayCard | None = None
    roll_for_card: int | None = None
    answers_awaited: bool = False  # others may still cancel the card: its roll waits beside "or go on", unled
    cancel_card: tuple[int, ...] = ()
    pass_card: tuple[int, ...] = ()
    pull_rank: tuple[int, ...] = ()
    pull_rank_raid: tuple[int, ...] = ()
    watch_tv: tuple[int, ...] = ()
    call_raid: RaidCall | None = None
    raid_roll: tuple[int, ...] = ()
    name_second: Choice | None = None
    take_loot: Loot | None = None
    end_loot: int | None = None
    denounce_roll: int | None = None
    revenge: Revenge | None = None
    denounce_move: DenounceMove | None = None
    denounce_done: int | None = None
    choose_swap: Choice | None = None
    feed_pest: tuple[Feed, ...] = ()
    get_rid: GetRid | None = None
    job_roll: JobRoll | None = None
    tent_tools: tuple[int, ...] = ()
    promote: tuple[int, ...] = ()
    demote: Whenever | None = None
    denounce: Whenever | None = None
    change_job: JobChange | None = None
    set_rank: tuple[int, ...] = ()
    set_job: tuple[int, ...] = ()
    set_job_numbers: tuple[int, ...] = ()
    roll_die: tuple[int, ...] = ()
    adjust_slack: tuple[int, ...] = ()
    adjust_wounds: tuple[int, ...] = ()
    more_heartache: tuple[int, ...] = ()
    less_heartache: tuple[int, ...] = ()
    undo: bool = False
    redo: bool = False
    setup: bool = False
    deal: bool = False
    start_game: bool = False
    rematch: bool = False
    set_job_die: bool = False
    set_order: bool = False
    set_dealer: tuple[int, ...] = ()
    free_seat: tuple[int, ...] = ()
    name_seat: tuple[int, ...] = ()
    withheld: tuple[Withheld, ...] = ()

    def counters_for(self, seat: int) -> bool:
        """Whether any counter of the seat (Slack, wounds, heartache, this turn's budget) may change now."""
        tallies = (self.adjust_slack, self.adjust_wounds, self.more_heartache, self.less_heartache)
        return any(seat in offered for offered in tallies) or self.budget == seat

    def withheld_from(self, action: str) -> tuple[Withheld, ...]:
        """The reasons an option is not offered to the seats this screen acts for."""
        return tuple(item for item in self.withheld if item.action == action)

    def as_json(self) -> dict[str, Any]:
        """The offers as plain JSON: only what is offered now, keyed by the action it leads to."""
        return {item.name: _plain(value) for item in fields(self)
                if (value := getattr(self, item.name)) not in (None, (), False)}


def _plain(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def offers(state: TableState, seat: int) -> Offers:
    """What the phone of `seat` may do now."""
    return _offers(state, (seat,) if seat in state.seats else (), display=False)


def display_offers(state: TableState) -> Offers:
    """What the table display may do now: anything for any seat, and the table's own tools."""
    return _offers(state, tuple(state.order), display=True)


def accepts(state: TableState, kind: str, seat: int | None, args: dict[str, Any]) -> bool:
    """Whether the rules would accept this action now (nothing is changed either way)."""
    return refusal(state, kind, seat, args) is None


def refusal(state: TableState, kind: str, seat: int | None, args: dict[str, Any]) -> RuleViolation | None:
    """The rule that would refuse this action now, or None when the rules would accept it."""
    try:
        routing.decide(state, kind, seat, args, effects=False)
    except RuleViolation as violation:
        return violation
    return None


def _withheld(action: str, seat: int | None, violation: RuleViolation) -> Withheld:
    return Withheld(action, seat, violation.message, violation.section, tuple(sorted(violation.params.items())))


def _offers(state: TableState, mine: tuple[int, ...], display: bool) -> Offers:
    playing = state.turn is not None and state.winner is None
    parts: dict[str, Any] = {"acts_for": mine, "undo": bool(state.undoable), "redo": bool(state.redoable)}
    if state.winner is not None:  # once someone has won: the win, undo, and on the display a rematch and seats
        tools = _table_tools(state) if display else {}
        return Offers(**parts, rematch=display, free_seat=tools.get("free_seat", ()))
    tools = _table_tools(state) if display else {}
    parts.update(tools)
    parts["set_job_die"] = display and state.rules.has_jobs
    parts.update(_seat_tools(state, mine, playing))
    # A dealt or new job card whose numbers nobody entered yet: asked of its holder at once (and on the display).
    parts["set_job_numbers"] = tuple(s for s in mine if (job := state.job(s)) is not None and not job.complete)
    if not display and state.turn is None:
        parts.update(set_rank=mine if state.profile else (), set_job=mine if state.job_profile else ())
    whenever = _whenever(state, mine, display)
    parts.update(whenever)
    turn = window = raid = {}
    if playing:
        turn, window = _turn(state, mine), _window(state, mine, display)
        raid = _raid(state, mine)
        parts.update(turn, feed_pest=_feeds(state, mine))
        parts.update(window)
        parts.update(raid)
        parts.update(_denouncement(state, mine))
    parts["withheld"] = tuple(item for part in (tools, turn, window, raid, whenever)
                              for item in part.get("withheld", ()))
    return Offers(**parts)


def _seat_tools(state: TableState, mine: tuple[int, ...], playing: bool) -> dict[str, Any]:
    """Counters, markers and the dice, for the seats this screen acts for."""
    return {
        "roll_die": tuple(s for s in mine if accepts(state, "roll_die", s, {"purpose": "other", "value": ANY_DIE})),
        "adjust_slack": mine, "tent_tools": tuple(s for s in mine if state.tents.get(s)) if playing else (),
        "adjust_wounds": mine if state.rules.has_ranks else (),
        "more_heartache": tuple(s for s in mine if state.rules.has_heartache and state.is_goth(s)),
        "less_heartache": tuple(s for s in mine if state.heartache.get(s)),
    }


def _table_tools(state: TableState) -> dict[str, Any]:
    """The display's own tools: seats, and the setup before the first turn."""
    parts: dict[str, Any] = {
        "set_order": len(state.order) > 1,
        "set_dealer": tuple(s for s in state.order if s != state.dealer),
        "free_seat": tuple(s for s in state.order if state.seats[s].claimed),
        "name_seat": tuple(s for s in state.order if not state.seats[s].claimed),
    }
    if state.turn is None:
        ready = bool(state.job_profile) if state.rules.has_jobs else state.profile is not None
        not_yet = refusal(state, "start_game", None, {"dice": [ANY_DIE, ANY_DIE]}) if ready else None
        parts.update(setup=True, deal=ready, start_game=ready and not_yet is None,
                     withheld=(_withheld("start_game", None, not_yet),) if not_yet else (),
                     set_rank=tuple(state.order) if state.profile else (),
                     set_job=tuple(state.order) if state.job_profile else ())
    return parts


def _turn(state: TableState, mine: tuple[int, ...]) -> dict[str, Any]:
    """The active player's turn: going on, spending Free Time, healing, playing cards, the Roll phase."""
    turn = state.turn
    if turn.seat not in mine:
        return {}
    if turn.awaiting:  # nothing goes on before the table's die for the job's number
        field = turn.awaiting[0]
        return {"job_roll": JobRoll(turn.seat, field, getattr(state.job(turn.seat), field))}
    phases = state.rules.phases
    window = state.window
    stop, may_end = passing.reachable(state, turn.seat)
    stopped = refusal(state, "advance", turn.seat, {"phase": turn.phase, "turn": turn.number})
    parts: dict[str, Any] = {
        "advance": None if stopped else Advance(turn.seat, turn.phase, turn.number, turn.phase == phases[-1]),
        "skip": Skip(turn.seat, turn.phase, turn.number, stop or passing.END) if stop or may_end else None,
        "budget": turn.seat if turn.phase == "freetime" else None,
        "heal": turn.seat if accepts(state, "heal", turn.seat, {}) else None,
        "withheld": (_withheld("advance", turn.seat, stopped),) if stopped else (),
    }
    if turn.phase == "heal" and parts["heal"] is None:  # the reminder speaks of healing: say why there is no button
        parts["withheld"] += (_withheld("heal", turn.seat, refusal(state, "heal", turn.seat, {})),)
    if turn.phase in ("call", "freetime") and not (window is not None and window.awaits_roll) \
            and state.raid is None and not any(demand.seat == turn.seat for demand in state.demands) \
            and (turn.phase == "call" or turn.free_time_left >= 1 or scrounging_trip(state, turn.seat) is not None):
        parts["play_card"] = PlayCard(turn.seat, calls_people=turn.phase == "call")
    parts["get_rid"] = _get_rid(state, turn.seat)
    return parts


def _get_rid(state: TableState, seat: int) -> GetRid | None:
    """The People the active player may roll to send away now (never the Glorious Leader, never a Cat)."""
    cards = tuple(card.uid for card in state.tents.get(seat, [])
                  if accepts(state, "get_rid", seat, {"card": card.uid, "to": "discard", "value": ANY_DIE}))
    if not cards:
        return None
    everyone = state.rules.has_jobs and len(cards) > 1
    return GetRid(seat, cards, everyone, tuple(s for s in state.order if s != seat))


def _feeds(state: TableState, mine: tuple[int, ...]) -> tuple[Feed, ...]:
    """Each pest's demand that this screen answers, with the cards that would satisfy it."""
    return tuple(
        Feed(demand.seat, demand.pest, tuple(
            card.uid for card in state.tents.get(demand.seat, [])
            if card.uid != demand.pest and accepts(state, "feed_pest", demand.seat, {"card": card.uid})))
        for demand in state.demands if demand.seat in mine)


def _window(state: TableState, mine: tuple[int, ...], display: bool) -> dict[str, Any]:
    """The card being announced: cancel it, let it pass, pull rank, watch TV, or roll for it."""
    window = state.window
    if window is None:
        return {}
    others = tuple(s for s in mine if s not in (window.seat, window.pulled_by))  # the order's giver waits for nobody
    undecided = tuple(s for s in others if s not in window.passed)
    pullers = tuple(s for s in mine if may_pull_rank(state, s))
    under_way = raid_under_way(state)
    raiders = () if under_way else tuple(s for s in pullers if outranked_by_nobody(state, s))
    why_not = RAID_UNDER_WAY if under_way else ONLY_HIGHEST_RAIDS
    return {
        "cancel_card": undecided,
        # The display lets a card pass only for a seat no phone holds: a phone's chance to cancel is its own.
        "pass_card": tuple(s for s in undecided if not state.seats[s].claimed) if display else undecided,
        "pull_rank": pullers,
        "pull_rank_raid": raiders,
        "withheld": tuple(Withheld("pull_rank_raid", s, why_not, "guevara.raid")
                          for s in pullers if s not in raiders)
                    + (() if display else _rank_not_pulled(state, others, pullers)),
        "watch_tv": tuple(s for s in mine if may_watch_tv(state, s)),
        "roll_for_card": window.seat if window.awaits_roll and window.seat in mine else None,
        "answers_awaited": any(s not in (window.seat, window.pulled_by) and s not in window.passed
                               for s in state.order),
    }


def _rank_not_pulled(state: TableState, others: tuple[int, ...], pullers: tuple[int, ...]) -> tuple[Withheld, ...]:
    """Why a player who holds rank over somebody may not pull it on this Free Time (or countermand its order)."""
    window = state.window
    if PHASE_OF_KIND[window.kind] != "freetime":
        return ()
    card = {"name": "", "type": "activity"}
    return tuple(_withheld("pull_rank", s, refusal(state, "pull_rank", s, {"window": window.uid, "card": card}))
                 for s in others if s not in pullers and any(state.outranks(s, other) for other in state.seats))


def _raid(state: TableState, mine: tuple[int, ...]) -> dict[str, Any]:
    """Calling a raid, rolling for it, and sharing out the loot."""
    parts: dict[str, Any] = {"raid_roll": tuple(s for s in raid_rollers(state) if s in mine)}
    if state.rules.has_ranks and raid_callable(state, any_rank=True):  # callable but for the rank, perhaps
        leader = state.turn.seat
        player = leader if leader in mine else (mine[0] if len(mine) == 1 else None)
        if player is not None and raid_callable(state):
            parts["call_raid"] = RaidCall(player, leader)
        elif leader in mine:  # the rank, not the moment, keeps this player from leading a raid
            parts["withheld"] = (Withheld("call_raid", leader, ONLY_HIGHEST_RAIDS, "guevara.raid"),)
    raid = state.raid
    if raid is None:
        return parts
    if raid.stage == "second" and raid.leader in mine:
        parts["name_second"] = Choice(raid.leader, tuple(s for s in state.order if s != raid.leader))
    picker = raid.picker
    if picker is not None and picker in mine:
        parts["take_loot"] = Loot(picker, any_card=picker == raid.leader)
        parts["end_loot"] = picker
    return parts


def _denouncement(state: TableState, mine: tuple[int, ...]) -> dict[str, Any]:
    """A Denounce! card under way, and a demoted player's swap of rank cards."""
    parts: dict[str, Any] = {}
    case = state.denunciation
    if case is not None:
        if case.stage == "roll" and case.target in mine:
            parts["denounce_roll"] = case.target
        if case.stage == "revenge" and case.target in mine:
            parts["revenge"] = Revenge(case.target, has_toady(state, case.target))
            parts["denounce_done"] = case.target
        if case.stage == "move" and case.by in mine:
            people = tuple(card.uid for card in movable_people(state))
            leaders = tuple(card.uid for card in leaders_elsewhere(state))
            if people or leaders:  # else only leaving it is left
                parts["denounce_move"] = DenounceMove(case.by, case.target, people, leaders,
                                                      tuple(s for s in state.order if s != case.target))
            parts["denounce_done"] = case.by
    swap = state.swap
    if swap is not None and swap.seat in mine:
        parts["choose_swap"] = Choice(swap.seat, tuple(s for s in state.order
                                                       if s != swap.seat and state.ranks.get(s) == swap.rank))
    return parts


def _another(state: TableState, seat: int) -> int:
    """Some seat other than `seat` (to ask whether a card played on another would be accepted)."""
    return next(other for other in state.order if other != seat)


def _whenever(state: TableState, mine: tuple[int, ...], display: bool) -> dict[str, Any]:
    """Whenever cards: Promotion, Demotion and Denounce! with ranks; New Job and You're Fired! with jobs."""
    if state.ranks:
        players = tuple(s for s in mine if s in state.ranks)
        if not players:
            return {}
        targets = tuple(state.order)
        demotable = tuple(s for s in targets if s in state.ranks and rank_step(state.ranks[s], -1) is not None)
        demoters = tuple(s for s in players if any(accepts(state, "demote", s, {"target": t}) for t in demotable))
        denouncers = tuple(s for s in players if accepts(state, "denounce", s, {"target": _another(state, s)}))
        stopped = {s: refusal(state, "promote", s, {}) for s in players}
        return {"promote": tuple(s for s, why in stopped.items() if why is None),
                "demote": Whenever(demoters, demotable) if demoters else None,
                "denounce": Whenever(denouncers, tuple(s for s in targets if display or s not in players))
                if denouncers else None,
                # Where the Promotion button would be, the reason there is none (no higher card free, a Sergeant).
                "withheld": tuple(_withheld("promote", s, why) for s, why in stopped.items()
                                  if why is not None and state.turn is not None)}
    if state.jobs and state.turn is not None and state.rules.has_jobs:
        waits = state.turn.seat if state.turn.awaiting else None  # a job's die to roll before the job changes
        holders = tuple(s for s in mine if s in state.jobs and s != waits)
        free = tuple(key for key in state.job_profile if key not in state.jobs.values())
        return {"change_job": JobChange(holders, free)} if holders else {}
    return {}

