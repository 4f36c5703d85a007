"""Cards in tents: playing People, Cats, Activities and Things, cancel windows, pests, and getting rid of People.

Card specs arrive complete (the app looks up the catalog and asks the table for printed numbers); dice arrive
as values. A card counts toward its owner's Slack from the moment it lies in a tent.
"""

from __future__ import annotations

from .job_dice import require_job_rolled
from .placing import enter_tent, food_for, take_card, tent_card
from .raids import RAID_UNDER_WAY, may_lead_raid, new_raid, outranked_by_nobody, raid_under_way
from .state import PestDemand, Roll, TableState, TentCard, Window, find_card
from .violations import N_, RuleViolation

ONLY_HIGHEST_RAIDS = N_("Only the highest rank at the table may call a raid.")

CALL_SUCCEEDS, GET_RID_SUCCEEDS = 3, 4
PHASE_OF_KIND = {"call": "call", "person": "call", "cat": "call", "activity": "freetime", "variable": "freetime",
                 "scrounge": "freetime", "raid": "freetime"}
NOT_ROLLED_AWAY = {"glorious_leader"}
BY_DISPLAY = "by_display"  # a pass the table display tapped for a seat (added by the service, never by a client)


def kind_of(cards: list[dict]) -> str:
    """How a card is played: a call, an uninvited Person, a Cat, an Activity (fixed or rolled) or Scrounging."""
    first = cards[0]
    if first["type"] == "thing":
        return "scrounge"
    if first["type"] == "cat":
        return "cat"
    if first["type"] == "person":
        return "call" if first.get("invited") or (first.get("slack") or 0) > 0 else "person"
    return "variable" if first.get("slack_die") else "activity"


def named(card: TentCard, prefix: str = "") -> dict:
    """A card's name and catalog key as event fields, so the log can name a card that has since left the table."""
    return {f"{prefix}name": card.name, f"{prefix}key": card.key}


# --- deciding ------------------------------------------------------------------------------------

def _require_active(state: TableState, seat: int | None):
    turn = state.turn
    if turn is None:
        raise RuleViolation(N_("The game has not started yet."), section="guevara.setup")
    if state.winner is not None:
        raise RuleViolation(N_("The game is over."), section="guevara.win")
    if seat != turn.seat:
        raise RuleViolation(N_("It is not your turn."), section="guevara.turn")
    require_job_rolled(state)
    return turn


def settle_before_next(state: TableState, seat: int) -> list[dict]:
    """The window a player's next card, roll or step closes; a call or rolled Activity must be rolled first."""
    if state.raid is not None and state.turn is not None and seat == state.turn.seat:
        raise RuleViolation(N_("Finish the raid first."), section="guevara.raid")
    window = state.window
    if window is None or window.seat != seat:
        return []
    if window.awaits_roll:
        raise RuleViolation(N_("Roll for %(card)s first."), section="guevara.cancel", card=window.cards[0].name)
    return [{"type": "window_closed", "seat": seat, "args": {"window": window.uid}}]


def require_no_demands(state: TableState, seat: int) -> None:
    """A pest's demand must be met before the owner moves on."""
    for demand in state.demands:
        if demand.seat == seat:
            pest = find_card(state, demand.pest)
            raise RuleViolation(N_("First discard a card for %(card)s."), section="guevara.pests",
                                card=pest[1].name if pest else "?")


def pests_hungry_after_roll(state: TableState, seat: int) -> list[dict]:
    """After the Roll phase, each pest that was already in the tent wants another card of its kind."""
    events = []
    for card in state.tents.get(seat, []):
        if card.pest and card.arrived_turn < state.turn.number and food_for(state, seat, card):
            events.append({"type": "pest_hungry", "seat": seat,
                           "args": {"pest": card.uid, "categories": list(card.pest), **named(card, "pest_")}})
    return events


def _decide_play(state, seat, args):
    turn = _require_active(state, seat)
    cards = args["cards"]
    if any("raid" in (card.get("categories") or ()) for card in cards):
        if not may_lead_raid(state, seat):
            raise RuleViolation(ONLY_HIGHEST_RAIDS, section="guevara.raid")
        raise RuleViolation(N_("A Raid card is played with the raid form."), section="guevara.raid")
    kind = kind_of(cards)
    if turn.phase != PHASE_OF_KIND[kind]:
        section = "guevara.phase.call" if PHASE_OF_KIND[kind] == "call" else "guevara.phase.freetime"
        raise RuleViolation(N_("That card is played in another phase."), section=section)
    if kind != "scrounge" and len(cards) != 1:
        raise RuleViolation(N_("Play one card at a time, except Things on one scrounging trip."),
                            section="guevara.scrounging")
    if kind == "scrounge" and any(card["type"] != "thing" for card in cards):
        raise RuleViolation(N_("Only Things are bought while scrounging."), section="guevara.scrounging")
    require_no_demands(state, seat)
    trip = scrounging_trip(state, seat) if kind == "scrounge" else None
    closing = settle_before_next(state, seat) if trip is None else []
    target = args.get("target") or seat
    if target not in state.seats:
        raise RuleViolation(N_("There is no such seat at this table."), section="guevara.setup")
    if kind in ("cat", "activity", "variable", "scrounge") and target != seat:
        raise RuleViolation(N_("Only People can be sent to another tent."), section="guevara.people.uninvited")
    cost = sum(card.get("cost") or 0 for card in cards)
    if PHASE_OF_KIND[kind] == "freetime":
        if turn.free_time_left < 1 and trip is None:
            raise RuleViolation(N_("No Free Time is left this turn."), section="guevara.phase.freetime")
        if cost > turn.income_left:
            message = N_("That costs more than your job's Income left this turn.") if state.rules.has_jobs else \
                N_("That costs more than the Income left this turn.")
            raise RuleViolation(message, section="guevara.income")
    joins = {"joins": trip.uid} if trip is not None else {}
    return closing + [{"type": "card_played", "seat": seat,
                       "args": {"kind": kind, "cards": cards, "target": target, "cost": cost, **joins}}]


def scrounging_trip(state: TableState, seat: int) -> Window | None:
    """The seat's own scrounging still being played (nobody has canceled it yet): more Things join that one trip,
    for no more Free Time (002: however many Things, one Scrounging expedition)."""
    window = state.window
    if window is not None and window.seat == seat and window.kind == "scrounge" and window.pulled_by is None:
        return window
    return None


def _decide_card_roll(state, seat, args):
    _require_active(state, seat)
    window = state.window
    if window is None or window.seat != seat or not window.awaits_roll:
        raise RuleViolation(N_("There is no card waiting for a roll."), section="guevara.quick")
    kind = "call_rolled" if window.kind == "call" else "slack_rolled"
    told = {"slack": args["value"] + window.modifier} if kind == "slack_rolled" else {}
    return [{"type": kind, "seat": seat, "args": {"window": window.uid, "value": args["value"],
                                                  **named(window.cards[0]), **told}}]


def open_window(state: TableState, seat: int | None, window_uid: int) -> Window:
    """The cancel window `window_uid` if it is still open and not the seat's own card."""
    window = state.window
    if window is None or window.uid != window_uid:
        raise RuleViolation(N_("Too late: that card is already in play and can no longer be canceled."),
                            section="guevara.cancel")
    if seat == window.seat:
        raise RuleViolation(N_("You cannot cancel your own card."), section="guevara.cancel")
    return window


def _decide_cancel(state, seat, args):
    window = open_window(state, seat, args["window"])
    if seat in window.passed:  # a pass is the player's answer, whoever taps the cancel afterwards
        raise RuleViolation(N_("This player has already let the card pass."), section="guevara.cancel")
    if "tv" in args.get("with_categories", ()):  # a TV card only ever turns a Free Time into an evening of TV
        topic = state.rules.rulebook_topic("tv")
        if PHASE_OF_KIND[window.kind] != "freetime":
            raise RuleViolation(N_("A TV card cannot stop anyone calling People."), section=topic)
        raise RuleViolation(N_("A TV card is answered with “TV card: they watch TV instead”, not as a cancel."),
                            section=topic)
    if "with_categories" in args and "cancel" not in args["with_categories"]:  # its kind is known: not a canceler
        raise RuleViolation(N_("%(card)s is not a canceling card: it cannot cancel anything."),
                            section="guevara.cancel", card=args["with"])
    if not may_cancel(set(args.get("with_cancels", ())), window):
        raise RuleViolation(N_("%(card)s does not cancel this kind of card."), section="guevara.cancel",
                            card=args["with"])
    return [{"type": "card_canceled", "seat": seat, "args": {"window": args["window"], "with": args["with"],
                                                            "kind": window.kind, "owner": window.seat}}]


def may_cancel(cancels: set[str], window: Window) -> bool:
    """Whether a card that cancels only `cancels` (none said: any) may cancel what the window holds: one of its
    cards is of a kind named (an Activity of no kind, as KP, is not a Sleep card)."""
    return not cancels or any(cancels & set(card.categories) for card in window.cards)


def _decide_pass(state, seat, args):
    """Let the card pass: once, by the seat's own phone, or by the display for a seat no phone holds
    (`by_display`, which the service adds for the display's taps; docs/api.md, "Who may pass for whom")."""
    window = open_window(state, seat, args["window"])
    if seat in window.passed:
        raise RuleViolation(N_("This player has already let the card pass."), section="guevara.cancel")
    by_display = bool(args.get(BY_DISPLAY))
    if by_display and state.seats[seat].claimed:
        raise RuleViolation(N_("This player has a phone at the table: only that phone lets the card pass."),
                            section="guevara.cancel")
    told = {BY_DISPLAY: True} if by_display else {}
    return [{"type": "window_passed", "seat": seat, "args": {"window": window.uid, **told}}]


def _own_card(state: TableState, seat: int, uid: int) -> TentCard:
    found = find_card(state, uid)
    if found is None or found[0] != seat:
        raise RuleViolation(N_("That card is not in your tent."), section="guevara.turn")
    return found[1]


def _decide_get_rid(state, seat, args):
    turn = _require_active(state, seat)
    if turn.phase != "roll":
        raise RuleViolation(N_("People are sent away in the Roll phase."), section="guevara.people.get_rid")
    card = _own_card(state, seat, args["card"])
    if card.type != "person" or card.key in NOT_ROLLED_AWAY:
        raise RuleViolation(N_("The Glorious Leader and Cats cannot be rolled away."),
                            section="guevara.people.get_rid")
    if card.uid in turn.rid_tried:
        raise RuleViolation(N_("Each Person gets one roll to be sent away a turn: try again next turn."),
                            section="guevara.people.get_rid")
    destination = args["to"]
    if destination != "discard" and destination not in state.seats:
        raise RuleViolation(N_("There is no such seat at this table."), section="guevara.setup")
    closing = settle_before_next(state, seat)
    return closing + [{"type": "rid_rolled", "seat": seat,
                       "args": {"card": card.uid, "to": destination, "value": args["value"], **named(card),
                                **({"physical": True} if args.get("physical") else {})}}]


def _decide_feed(state, seat, args):
    demand = next((d for d in state.demands if d.seat == seat), None)
    if demand is None:
        raise RuleViolation(N_("No pest is asking you for a card."), section="guevara.pests")
    card = _own_card(state, seat, args["card"])
    if not set(card.categories) & set(demand.categories):
        raise RuleViolation(N_("The pest wants a card of its own kind."), section="guevara.pests")
    pest = find_card(state, demand.pest)
    return [{"type": "pest_fed", "seat": seat, "args": {"card": card.uid, "pest": demand.pest, **named(card),
                                                       **(named(pest[1], "pest_") if pest else {})}}]


def _any_card(state: TableState, uid: int) -> tuple[int, TentCard]:
    found = find_card(state, uid)
    if found is None:
        raise RuleViolation(N_("That card is not in any tent."), section="guevara.turn")
    return found


def _decide_remove(state, seat, args):
    owner, card = _any_card(state, args["card"])
    return [{"type": "card_removed", "seat": seat, "args": {"card": args["card"], "from": owner, **named(card)}}]


def _decide_move(state, seat, args):
    owner, card = _any_card(state, args["card"])
    if args["to"] not in state.seats or args["to"] == owner:
        raise RuleViolation(N_("Choose another tent."), section="guevara.turn")
    return [{"type": "card_moved", "seat": seat, "args": {"card": args["card"], "to": args["to"], "from": owner,
                                                         **named(card)}}]


def _decide_mark(state, seat, args):
    _owner, card = _any_card(state, args["card"])
    if card.markers + args["delta"] < -card.slack - 20:
        raise RuleViolation(N_("That is too many markers off."), section="guevara.turn")
    return [{"type": "card_marked", "seat": seat, "args": {"card": args["card"], "delta": args["delta"]}}]


def may_pull_rank(state: TableState, seat: int) -> bool:
    """Whether `seat` may pull rank on the Free Time use being announced now (or countermand the last order)."""
    window = state.window
    if window is None or seat == window.seat or PHASE_OF_KIND[window.kind] != "freetime":
        return False
    boss = window.pulled_by if window.pulled_by is not None else window.seat
    return seat != boss and state.outranks(seat, boss) and state.outranks(seat, window.seat)


def _decide_pull_rank(state, seat, args):
    window = open_window(state, seat, args["window"])
    if PHASE_OF_KIND[window.kind] != "freetime":
        raise RuleViolation(N_("Calling People is not Free Time: nobody can pull rank on it."),
                            section="guevara.pull_rank")
    hands_over_a_raid = "raid" in (args["card"].get("categories") or ())
    if hands_over_a_raid and not outranked_by_nobody(state, seat):
        raise RuleViolation(ONLY_HIGHEST_RAIDS, section="guevara.raid")
    if hands_over_a_raid and raid_under_way(state):
        raise RuleViolation(RAID_UNDER_WAY, section="guevara.raid")
    if not may_pull_rank(state, seat):
        if window.pulled_by is not None:
            raise RuleViolation(N_("Only a rank higher than the first order's can countermand it."),
                                section="guevara.pull_rank.countermand")
        raise RuleViolation(N_("Only a higher rank can pull rank on this player."), section="guevara.pull_rank")
    card = args["card"]
    if card["type"] != "activity":
        raise RuleViolation(N_("Pulling rank hands over an Activity card."), section="guevara.pull_rank")
    return [{"type": "rank_pulled", "seat": seat, "args": {"window": window.uid, "card": card}}]


DECIDERS = {
    "pull_rank": _decide_pull_rank,
    "play_card": _decide_play,
    "roll_for_card": _decide_card_roll,
    "cancel_card": _decide_cancel,
    "pass_card": _decide_pass,
    "get_rid": _decide_get_rid,
    "feed_pest": _decide_feed,
    "remove_card": _decide_remove,
    "move_card": _decide_move,
    "mark_card": _decide_mark,
}


# --- applying ----------------------------------------------------------------------------------------

def _settle(state: TableState) -> None:
    """Nobody canceled: an Activity or the scrounged Things go into the tent (a worthless Activity is discarded)."""
    window, state.window = state.window, None
    if window.kind == "raid":
        state.raid = new_raid(state, window.seat, window.cards[0])
    if window.kind in ("activity", "scrounge"):
        for card in window.cards:
            if window.kind == "scrounge" or card.worth > 0:
                enter_tent(state, window.target, card)


def _played(state, seat, args, seq):
    turn = state.turn
    cards = [tent_card(spec, seq * 100 + i, turn.number) for i, spec in enumerate(args["cards"])]
    kind = args["kind"]
    trip = state.window if state.window is not None and state.window.uid == args.get("joins") else None
    if trip is not None:  # more Things on the same trip: one window for them all, open again, no more Free Time
        state.window = Window(uid=seq, seat=seat, kind=kind, cards=trip.cards + cards, target=trip.target,
                              cost=trip.cost + args["cost"])
        turn.income_left -= args["cost"]
        turn.acted = True
        return
    state.window = Window(uid=seq, seat=seat, kind=kind, cards=cards, target=args["target"], cost=args["cost"],
                          modifier=args["cards"][0].get("slack_modifier") or 0)
    if kind in ("person", "cat"):
        enter_tent(state, args["target"], cards[0])
    if PHASE_OF_KIND[kind] == "freetime":
        turn.free_time_left -= 1
        turn.income_left -= args["cost"]
    turn.acted = True


def _window_closed(state, seat, args, seq):
    if state.window is not None and state.window.uid == args["window"]:
        _settle(state)


def _seen_roll(state: TableState, seat: int, purpose: str, args: dict, seq: int) -> None:
    """A step's roll is the table's newest roll too, so the dice panel never shows an older one."""
    state.last_roll = Roll(seq=seq, seat=seat, purpose=purpose, note=args.get("name") or "", value=args["value"],
                           physical=bool(args.get("physical")))


def _call_rolled(state, seat, args, seq):
    _seen_roll(state, seat, "call", args, seq)
    window, state.window = state.window, None
    if args["value"] >= CALL_SUCCEEDS:
        enter_tent(state, window.target, window.cards[0])


def _slack_rolled(state, seat, args, seq):
    _seen_roll(state, seat, "variable", args, seq)
    window, state.window = state.window, None
    card = window.cards[0]
    card.slack = args["value"] + window.modifier
    if card.worth > 0:
        enter_tent(state, window.target, card)


def _canceled(state, seat, args, seq):
    window, state.window = state.window, None
    for card in window.cards:
        take_card(state, card.uid)
    if PHASE_OF_KIND[window.kind] == "freetime":
        state.turn.income_left += window.cost  # the Free Time is lost, the Income is not


def _passed(state, seat, args, seq):
    window = state.window
    if window is None or args.get("window", window.uid) != window.uid:  # an older log's pass by the order's giver
        return
    window.passed.append(seat)
    if args.get(BY_DISPLAY):
        window.passed_by_display.append(seat)
    if not window.awaits_roll and set(window.passed) >= set(state.seats) - {window.seat, window.pulled_by}:
        _settle(state)


def _rid_rolled(state, seat, args, seq):
    _seen_roll(state, seat, "get_rid", args, seq)
    if state.turn is not None:
        state.turn.rid_tried.append(args["card"])
    if args["value"] < GET_RID_SUCCEEDS:
        return
    found = take_card(state, args["card"])
    if found and args["to"] != "discard":
        enter_tent(state, args["to"], found[1])


def _hungry(state, seat, args, seq):
    state.demands.append(PestDemand(seat=seat, pest=args["pest"], categories=tuple(args["categories"])))


def _fed(state, seat, args, seq):
    take_card(state, args["card"])
    state.demands = [d for d in state.demands if not (d.seat == seat and d.pest == args["pest"])]


def _removed(state, seat, args, seq):
    take_card(state, args["card"])


def _moved(state, seat, args, seq):
    found = take_card(state, args["card"])
    if found:
        enter_tent(state, args["to"], found[1])


def _marked(state, seat, args, seq):
    found = find_card(state, args["card"])
    if found:
        found[1].markers += args["delta"]


def _pulled(state, seat, args, seq):
    """The puller's Slack comes first; the announced card goes (Things to the hand), the given Activity takes its
    place."""
    window = state.window
    state.seats[seat].slack += 1
    if window.pulled_by is None:
        state.turn.income_left += window.cost  # the announced card was never played
    card = tent_card(args["card"], seq * 100, state.turn.number)
    if "raid" in card.categories:  # the raid happens at once, led by the player who was ordered
        state.window, state.raid = None, new_raid(state, window.seat, card)
        return
    state.window = Window(uid=window.uid, seat=window.seat, kind="variable" if args["card"].get("slack_die") else
                          "activity", cards=[card], target=window.seat,
                          modifier=args["card"].get("slack_modifier") or 0, pulled_by=seat)


APPLIERS = {
    "rank_pulled": _pulled,
    "card_played": _played,
    "window_closed": _window_closed,
    "call_rolled": _call_rolled,
    "slack_rolled": _slack_rolled,
    "card_canceled": _canceled,
    "window_passed": _passed,
    "rid_rolled": _rid_rolled,
    "pest_hungry": _hungry,
    "pest_fed": _fed,
    "card_removed": _removed,
    "card_moved": _moved,
    "card_marked": _marked,
}
