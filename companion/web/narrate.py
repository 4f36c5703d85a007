"""The event log told as sentences, in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..i18n import gettext as _, ngettext
from ..rules.core import DISPLAY, TableState, undone_seqs
from ..rules.violations import N_

PURPOSES = {
    "call": N_("call a person"),
    "get_rid": N_("get rid of a person"),
    "variable": N_("variable Slack"),
    "raid": N_("raid"),
    "denounce": N_("denounce"),
    "other": N_("other"),
}


@dataclass
class Entry:
    """One line of the table's story."""

    seq: int
    time: str
    who: str
    what: str
    undone: bool = False


def seat_name(state: TableState, seat: int | None) -> str:
    """A seat's name, or 'Seat N' until somebody names it."""
    if seat is None or seat not in state.seats:
        return _("Table")
    return state.seats[seat].name or _("Seat %(number)d", number=seat)


def actor_name(state: TableState, actor: str) -> str:
    """Who acted: a player's name or the display."""
    if actor == DISPLAY:
        return _("Display")
    return seat_name(state, int(actor.split(":", 1)[1]))


def purpose_label(key: str) -> str:
    """A roll's purpose in the reader's language."""
    return _(PURPOSES.get(key, PURPOSES["other"]))


def describe(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    """What an event did, as a short sentence."""
    args, kind = event["args"], event["type"]
    name = seat_name(state, event.get("seat"))
    if kind == "table_created":
        return _("opened the table for %(count)d players", count=args["seats"])
    if kind == "seat_joined":
        return _("%(name)s joined with a phone", name=args["name"])
    if kind == "seat_freed":
        return _("freed the seat of %(name)s", name=name)
    if kind == "seat_named":
        return _("named seat %(number)d: %(name)s", number=event["seat"], name=args["name"])
    if kind == "order_set":
        return _("set the order: %(names)s", names=", ".join(seat_name(state, s) for s in args["order"]))
    if kind == "dealer_set":
        return _("made %(name)s the dealer", name=name)
    if kind == "slack_adjusted":
        return _("%(delta)+d Slack to %(name)s", delta=args["delta"], name=name)
    if kind == "wounds_adjusted":
        if args["delta"] > 0:
            return ngettext("%(num)d wound to %(name)s", "%(num)d wounds to %(name)s", args["delta"], name=name)
        return ngettext("%(num)d wound healed for %(name)s", "%(num)d wounds healed for %(name)s",
                        -args["delta"], name=name)
    if kind == "die_rolled":
        text = _("rolled %(value)d for %(purpose)s", value=args["value"], purpose=purpose_label(args["purpose"]))
        if args.get("physical"):
            text = _("rolled a physical die: %(value)d for %(purpose)s",
                     value=args["value"], purpose=purpose_label(args["purpose"]))
        return f"{text} — {args['note']}" if args.get("note") else text
    if kind in ("undone", "redone"):
        target = by_seq.get(args["target"])
        what = describe(target, state, by_seq) if target else "?"
        return _("undid: %(what)s", what=what) if kind == "undone" else _("redid: %(what)s", what=what)
    return kind


def story(events: list[dict], state: TableState, limit: int | None = None) -> list[Entry]:
    """The log newest first, each line marked when a later undo took it back."""
    by_seq = {event["seq"]: event for event in events}
    undone = undone_seqs(events)
    chosen = events[::-1][:limit] if limit else events[::-1]
    return [Entry(seq=e["seq"], time=datetime.fromtimestamp(e["at"]).strftime("%H:%M"),
                  who=actor_name(state, e["actor"]), what=describe(e, state, by_seq),
                  undone=e["seq"] in undone) for e in chosen]


def next_undo(state: TableState, by_seq: dict[int, dict]) -> str | None:
    """What the undo button would take back, as a sentence."""
    if not state.undoable:
        return None
    return describe(by_seq[state.undoable[-1]], state, by_seq)


def next_redo(state: TableState, by_seq: dict[int, dict]) -> str | None:
    """What the redo button would bring back, as a sentence."""
    if not state.redoable:
        return None
    return describe(by_seq[state.redoable[-1]], state, by_seq)
