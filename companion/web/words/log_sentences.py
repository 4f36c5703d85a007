"""The event log told as sentences in the reader's language: one teller per event type (TELLERS), the log's
entries, and what undo and redo would take back (one tap named in a line or two)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from ...rules import CALL_SUCCEEDS, N_, REMATCHES, TableState, step_of
from ..i18n import gettext as _
from ..i18n import ngettext
from .narrate import (
    budget_change,
    category_names,
    job_change_card,
    job_label,
    phase_name,
    play_text,
    purpose_label,
    rank_name,
    roll_note,
    terms_in_sentence,
)
from .told import (
    canceled_text,
    card_label,
    denounce_move_text,
    effects_text,
    line_owner,
    name_at_win,
    named_card,
    rid_outcome,
    seat_name,
    tent_of,
)

JOB_DIE_SETTINGS = {True: N_("the table now rolls its own die for a job's two-value Income or Free Time"),
                    False: N_("the server now rolls the die for a job's two-value Income or Free Time")}

RANK_CHANGES = {"promotion": N_("is promoted to %(rank)s"), "demotion": N_("is demoted to %(rank)s"),
                "denounce": N_("is demoted for being denounced and is now %(rank)s"),
                "swap": N_("swaps rank cards and is now %(rank)s")}

OFF_RULEBOOK_RANK = N_("the rulebook gives both players of a two-player game a Private")


@dataclass
class Entry:
    """One line of the table's story."""

    seq: int
    time: str
    who: str
    what: str
    undone: bool = False
    won: bool = False


def describe(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    """What an event did, told after the name of the player it belongs to (`line_owner`), plus what the rules did
    by themselves as a result."""
    if event["type"] in REMATCHES:  # every tent is cleared: an older log's list of each card is no news
        return _predicate(event, state, by_seq)
    return _predicate(event, state, by_seq) + effects_text(event, state)


def _predicate(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    """The event's own sentence, without the player's name (`line_owner` gives it); an unknown type, its key."""
    kind = event["type"]
    if kind in SAID:
        return _(SAID[kind])
    tell = TELLERS.get(kind)
    return tell(event, state, by_seq) if tell else kind


def _about(event: dict, state: TableState, text: str) -> str:
    """A sentence with the player it belongs to in front (an undo names whose change it takes back), else with
    whoever tapped it (the display dealing the ranks)."""
    seat = event.get("seat")
    owner = seat_name(state, seat) if seat in state.seats else line_owner(event, state)
    return f"{owner}: {text}" if owner else text


def _raid_rolled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    text = _("rolled %(value)d in the raid", value=args["value"])
    if args["round"] > 1:
        text = _("rolled %(value)d to break the tie", value=args["value"])
    if args["wound"]:
        text += " — " + _("a 6: wounded")
    outcome = args["outcome"] or {}
    if "tie" in outcome:
        text += " — " + _("a tie: %(names)s roll again", names=", ".join(seat_name(state, s) for s in outcome["tie"]))
    elif outcome.get("promoted"):
        text += " — " + _("%(name)s rolled highest and is promoted to %(rank)s",
                          name=seat_name(state, outcome["winner"]), rank=rank_name(outcome["promoted"]))
    elif "winner" in outcome:
        text += " — " + _("%(name)s rolled highest; no higher rank card is free",
                          name=seat_name(state, outcome["winner"]))
    return text


def _loot_taken(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    card = event["args"]["card"]
    if card is None:
        return _("takes a loot card into the hand")
    if card.get("type", "thing") != "thing":
        return _("takes %(card)s from the loot into the hand", card=card_label(card))
    return _("takes %(card)s from the loot", card=card_label(card))


def _denounce_rolled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    verdict = _("innocent") if args["innocent"] else _("guilty")
    return _("rolled %(value)d for the denouncement: %(total)d with modifiers, %(verdict)s",
             value=args["value"], total=args["total"], verdict=verdict)


def log_entries(events: list[dict], state: TableState, by_seq: dict[int, dict]) -> list[Entry]:
    """Events newest first, each line marked when an undo has taken it back (`by_seq` resolves undo targets) and
    naming the players as they were named then (a phone that took a seat later is not the one who tapped); the
    win, which no event records (reaching the goal wins at once), gets its own line after the event that did it."""
    entries = []
    then = state
    for e in reversed(events):
        if not _inside_passing(e, by_seq):
            time = datetime.fromtimestamp(e["at"]).strftime("%H:%M")
            if e["seq"] == state.won_at and state.winner is not None:
                entries.append(Entry(seq=e["seq"], time=time, who=name_at_win(state, state.winner),
                                     what=_("has reached the goal and won the game"), won=True))
            entries.append(Entry(seq=e["seq"], time=time, who=line_owner(e, then), what=describe(e, then, by_seq),
                                 undone=step_of(e) in state.undone))
        then = _before(e, then)
    return entries


def _before(event: dict, state: TableState) -> TableState:
    """The table's names before this event: the name a joining phone or a new name replaced (`was`)."""
    was = event["args"].get("was") if event["type"] in ("seat_joined", "seat_named") else None
    seat = event.get("seat")
    if was is None or seat not in state.seats:
        return state
    return replace(state, seats={**state.seats, seat: replace(state.seats[seat], name=was)})


def _named_as_then(step: int, state: TableState, by_seq: dict[int, dict]) -> TableState:
    """The table's names as they were when this tap was made (as far as `by_seq` holds the later events)."""
    renames = (event for event in by_seq.values() if event["seq"] > step and "was" in event["args"])
    for event in sorted(renames, key=lambda event: -event["seq"]):
        state = _before(event, state)
    return state


def _inside_passing(event: dict, by_seq: dict[int, dict]) -> bool:
    """A phase entered on the way of "Straight to …" or "End the turn": the passing's own line tells it."""
    first = by_seq.get(step_of(event))
    return event["type"] == "phase_entered" and first is not None and first["type"] == "phases_passed"


# Events a tap causes on the way to what it did: a label that names the tap names what comes after them.
ON_THE_WAY = frozenset({"window_closed", "pest_hungry"})


def tap_label(step: int, state: TableState, by_seq: dict[int, dict]) -> str:
    """One action named for an undo or redo button: what the tap did, and how many further changes it made."""
    events = sorted((event for event in by_seq.values() if step_of(event) == step), key=lambda event: event["seq"])
    if not events:
        return "?"
    main = next((event for event in events if event["type"] not in ON_THE_WAY), events[0])
    state = _named_as_then(step, state, by_seq)
    text = _about(main, state, _predicate(main, state, by_seq))
    more = len(events) - 1
    return text + " " + ngettext("(and %(num)d more change)", "(and %(num)d more changes)", more) if more else text


def next_undo(state: TableState, by_seq: dict[int, dict]) -> str | None:
    """What the undo button would take back, named in a line or two."""
    if not state.undoable:
        return None
    return tap_label(state.undoable[-1], state, by_seq)


def next_redo(state: TableState, by_seq: dict[int, dict]) -> str | None:
    """What the redo button would bring back, named in a line or two."""
    if not state.redoable:
        return None
    return tap_label(state.redoable[-1], state, by_seq)


# Each event type's sentence, without the player's name: one function per type (TELLERS), found by `_predicate`.


def _table_created(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("opened the table for %(count)d players", count=args["seats"])


def _seat_named(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("takes the name %(name)s", name=args["name"])


def _order_set(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("set the order: %(names)s", names=", ".join(seat_name(state, s) for s in args["order"]))


def _slack_adjusted(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("%(delta)+d Slack", delta=args["delta"])


def _wounds_adjusted(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if args["delta"] > 0:
        return ngettext("takes %(num)d wound", "takes %(num)d wounds", args["delta"])
    return ngettext("heals %(num)d wound", "heals %(num)d wounds", -args["delta"])


def _die_rolled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    text = _("rolled %(value)d for %(purpose)s", value=args["value"],
             purpose=purpose_label(args["purpose"], state.rules))
    if args.get("physical"):
        text = _("rolled a physical die: %(value)d for %(purpose)s",
                 value=args["value"], purpose=purpose_label(args["purpose"], state.rules))
    note = roll_note(state, args["purpose"], args.get("note"))
    return f"{text} — {note}" if note else text


def _rank_set(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    text = _("is now %(rank)s", rank=rank_name(args["rank"]))
    return text + " — " + _(OFF_RULEBOOK_RANK) if args.get("off_rulebook") else text


def _rank_changed(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if args.get("by") in state.seats:
        return _("is demoted to %(rank)s (Demotion card of %(name)s)", rank=rank_name(args["rank"]),
                 name=seat_name(state, args["by"]))
    return _(RANK_CHANGES.get(args["why"], RANK_CHANGES["swap"]), rank=rank_name(args["rank"]))


def _swap_pending(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if args.get("by") in state.seats:
        return _("is demoted by the Demotion card of %(name)s and must pick a %(rank)s to swap rank cards with",
                 name=seat_name(state, args["by"]), rank=rank_name(args["rank"]))
    return _("must pick a %(rank)s to swap rank cards with", rank=rank_name(args["rank"]))


def _ranks_dealt(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("dealt the ranks: %(ranks)s", ranks=", ".join(
        f"{seat_name(state, seat)} {rank_name(rank)}" for seat, rank in args["ranks"]))


def _turn_started(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if args.get("awaiting"):
        return _("begins turn %(number)d: the table rolls a die for %(what)s", number=args["number"],
                 what=", ".join(purpose_label(field, state.rules) for field in args["awaiting"]))
    return _("begins turn %(number)d: %(income_term)s %(income)d, %(free_time_term)s %(free)d",
             number=args["number"], income=args["income"], free=args["free_time"],
             **terms_in_sentence(state.rules))


def _job_die_rolled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    field = args["field"]
    rolled = {"purpose": field, "note": args["note"], "value": args["value"], "physical": args["physical"]}
    return (_die_rolled({**event, "type": "die_rolled", "args": rolled}, state, by_seq) + " — "
            + _("%(resource)s %(number)d this turn", resource=terms_in_sentence(state.rules)[f"{field}_term"],
                    number=args["number"]))


def _job_die_set(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    physical = args["physical"]
    return _(JOB_DIE_SETTINGS[physical])


def _budget_card_played(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("plays %(card)s: %(change)s", card=named_card(args), change=budget_change(args, state.rules))


def _phase_entered(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("moves on to %(phase)s", phase=phase_name(args["phase"], state.rules))


def _phases_passed(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    """The phase tapped in may have seen cards played: only the phases after it were passed with nothing done."""
    args = event["args"]
    skipped = ", ".join(phase_name(phase, state.rules) for phase in args["phases"][1:])
    if args["to"] == "end":
        return _("ends the turn, with nothing done in %(phases)s", phases=skipped) if skipped \
            else _("ends the turn")
    target = phase_name(args["to"], state.rules)
    return _("goes straight to %(phase)s, with nothing done in %(phases)s", phase=target, phases=skipped) \
        if skipped else _("moves on to %(phase)s", phase=target)


def _income_adjusted(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("%(delta)+d %(income_term)s this turn", delta=args["delta"], **terms_in_sentence(state.rules))


def _free_time_adjusted(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("%(delta)+d %(free_time_term)s this turn", delta=args["delta"], **terms_in_sentence(state.rules))


def _free_time_used(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if args["kind"] == "scrounge" and state.rules.has_rooms:
        return _("went shopping for %(cost)d Income", cost=args["cost"])
    if args["kind"] == "scrounge":
        return _("went scrounging for %(cost)d Income", cost=args["cost"])
    return _("used Free Time on an Activity costing %(cost)d", cost=args["cost"])


def _card_played(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    text = play_text(args["kind"], args["cards"], seat_name(state, args["target"]), state.rules.has_rooms,
                     own=args["target"] == event["seat"], joins="joins" in args)
    if args.get("handed_by"):
        return text + " — " + _("the Raid card comes from %(name)s", name=seat_name(state, args["handed_by"]))
    return text


def _rank_pulled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("pulled rank: %(card)s instead, and 1 Slack for pulling rank", card=card_label(args["card"]))


def _call_rolled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("rolled %(value)d to %(call)s: %(outcome)s", value=args["value"], call=purpose_label("call", state.rules),
             outcome=_("the Person comes") if args["value"] >= CALL_SUCCEEDS else _("nobody came"))


def _slack_rolled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if "slack" in args:
        return _("rolled %(value)d for %(card)s: %(slack)d Slack", value=args["value"],
                 card=named_card(args), slack=max(0, args["slack"]))
    return _("rolled %(value)d for the Activity's Slack", value=args["value"])


def _card_canceled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    return canceled_text(event, state)


def _rid_rolled(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("rolled %(value)d to send %(card)s away: %(outcome)s", value=args["value"],
             card=named_card(args, fallback=_("a Person")), outcome=rid_outcome(event, state))


def _pest_hungry(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    """Told of the pest's owner, who discards for it (the pest is not the line's subject)."""
    args = event["args"]
    return _("must discard a card for %(pest)s: %(kinds)s", pest=named_card(args, "pest_", _("a pest")),
             kinds=category_names(args.get("categories", ())))


def _pest_fed(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("discards %(card)s for %(pest)s", card=named_card(args, fallback=_("a card")),
             pest=named_card(args, "pest_", _("the pest")))


def _card_removed(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if "from" in args:
        return _("takes %(card)s out of %(tent)s", card=named_card(args), tent=tent_of(state, args["from"]))
    return _("took a card out of a room") if state.rules.has_rooms else _("took a card out of a tent")


def _card_moved(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if "from" in args:
        return _("moves %(card)s from %(from)s to %(to)s", card=named_card(args),
                 **{"from": tent_of(state, args["from"]), "to": tent_of(state, args["to"])})
    if state.rules.has_rooms:
        return _("moved a card into the room of %(name)s", name=seat_name(state, args["to"]))
    return _("moved a card into the tent of %(name)s", name=seat_name(state, args["to"]))


def _card_marked(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("%(delta)+d marker(s) on a card", delta=args["delta"])


def _job_set(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("holds the job %(job)s", job=job_label(state, args["job"]))


def _job_numbers_set(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("copies the numbers of %(job)s: Income %(income)s · Free Time %(free)s · Slack goal %(goal)d",
             job=job_label(state, args["job"]), income="/".join(map(str, args["income"])),
             free="/".join(map(str, args["free_time"])), goal=args["goal"])


def _jobs_dealt(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("dealt the jobs: %(jobs)s", jobs=", ".join(
        f"{seat_name(state, seat)} {job_label(state, job)}" for seat, job in args["jobs"]))


def _job_changed(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    text = _("plays %(card)s and is now %(job)s", card=job_change_card(args["why"]),
             job=job_label(state, args["job"]))
    if args.get("heartache_lost"):
        text += " — " + _("loses %(count)d Heartache", count=args["heartache_lost"])
    if args.get("job_slack"):
        text += " — " + _("+1 Slack on the job")
    if args.get("heartache_gained"):
        text += " — " + _("+1 Heartache for becoming a Goth")
    return text


def _heartache_changed(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    if args.get("why") == "empty_room":
        return _("has nobody in the room after Call People: -1 Heartache")
    return _("%(delta)+d Heartache", delta=args["delta"])


def _tv_watched(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    return _("plays %(card)s: the Free Time goes on TV, and 1 Slack for watching", card=card_label(args["card"]))


def _undone(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    args = event["args"]
    what = tap_label(args["target"], state, by_seq)
    return _("undid: %(what)s", what=what) if event["type"] == "undone" else _("redid: %(what)s", what=what)

SAID = {  # event types told by a sentence of their own alone
    "seat_joined": N_("joined with a phone"),
    "seat_freed": N_("the seat is free again"),
    "dealer_set": N_("deals"),
    "profile_set": N_("entered the rank cards of the deck"),
    "healed": N_("heals a wound"),
    "window_closed": N_("keeps the card in play: nobody canceled it"),
    "window_passed": N_("let it pass"),
    "game_reset": N_("started a rematch with the same seats"),
    "jobs_reset": N_("started a rematch with the same seats"),
    "job_profile_set": N_("entered the job cards of the deck"),
    "loot_ended": N_("finds no Thing left to take: the raid is over"),
    "denounce_ended": N_("ends the denouncement"),
}

TELLERS = {
    "table_created": _table_created,
    "seat_named": _seat_named,
    "order_set": _order_set,
    "slack_adjusted": _slack_adjusted,
    "wounds_adjusted": _wounds_adjusted,
    "die_rolled": _die_rolled,
    "rank_set": _rank_set,
    "rank_changed": _rank_changed,
    "swap_pending": _swap_pending,
    "ranks_dealt": _ranks_dealt,
    "turn_started": _turn_started,
    "job_die_rolled": _job_die_rolled,
    "job_die_set": _job_die_set,
    "budget_card_played": _budget_card_played,
    "phase_entered": _phase_entered,
    "phases_passed": _phases_passed,
    "income_adjusted": _income_adjusted,
    "free_time_adjusted": _free_time_adjusted,
    "free_time_used": _free_time_used,
    "card_played": _card_played,
    "rank_pulled": _rank_pulled,
    "call_rolled": _call_rolled,
    "slack_rolled": _slack_rolled,
    "card_canceled": _card_canceled,
    "rid_rolled": _rid_rolled,
    "pest_hungry": _pest_hungry,
    "pest_fed": _pest_fed,
    "card_removed": _card_removed,
    "card_moved": _card_moved,
    "card_marked": _card_marked,
    "job_set": _job_set,
    "job_numbers_set": _job_numbers_set,
    "jobs_dealt": _jobs_dealt,
    "job_changed": _job_changed,
    "heartache_changed": _heartache_changed,
    "tv_watched": _tv_watched,
    "undone": _undone,
    "redone": _undone,
    "raid_rolled": _raid_rolled,
    "loot_taken": _loot_taken,
    "loot_order_set": lambda event, state, by_seq: _(
        "shares the rest of the loot in this order: %(names)s",
        names=", ".join(seat_name(state, s) for s in event["args"]["order"])),
    "denounce_played": lambda event, state, by_seq: _("denounces %(target)s",
                                                    target=seat_name(state, event["args"]["target"])),
    "denounce_rolled": _denounce_rolled,
    "revenge_taken": lambda event, state, by_seq: _("takes sweet revenge and denounces %(target)s back",
                                                  target=seat_name(state, event["args"]["accuser"])),
    "denounce_moved": lambda event, state, by_seq: denounce_move_text(event, state),
}
