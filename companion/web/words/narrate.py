"""The event log told as sentences, in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ... import cards as catalog
from ... import rulebook
from ...rules import CALL_SUCCEEDS, N_, RANKS, Game, TableState, step_of, terms
from ..i18n import current_language, ngettext
from ..i18n import gettext as _
from .told import (
    canceled_text,
    card_label,
    denounce_move_text,
    effects_text,
    line_owner,
    named_card,
    rid_outcome,
    seat_name,
    tent_of,
)

PURPOSES = {  # a call's and a get-rid roll's names differ per game: `terms` has them ("roll.call")
    "variable": N_("variable Slack"),
    "raid": N_("raid"),
    "denounce": N_("denounce"),
    "card": N_("a roll a card demands"),
    "other": N_("other"),
    "income": N_("the job's Income"),
    "free_time": N_("the job's Free Time"),
}


PURPOSE_SECTIONS = {"call": "people.invited", "get_rid": "people.get_rid", "variable": "variable_slack",
                    "raid": "raid.roll", "denounce": "denounce", "card": "phase.roll",
                    "other": "quick", "income": "variable_income", "free_time": "variable_income"}
CATEGORY_NAMES = {
    "food": N_("Food"), "booze": N_("Booze"), "cigarettes": N_("Cigarettes"), "pet": N_("Pet"),
    "sleep": N_("Sleep"), "nookie": N_("Nookie"), "raid": N_("Raid"), "cancel": N_("Cancels cards"),
    "weed": N_("Weed"), "mushrooms": N_("Mushrooms"), "book": N_("Book"), "clothing": N_("Clothing"),
    "jewellery": N_("Jewellery"), "partner": N_("Partner"), "tv": N_("TV"), "web": N_("Surfing the Web"),
    "heartache": N_("Heartache"),
}
KIND_TEXT = {
    "call": N_("calls %(card)s into the tent of %(target)s"),
    "person": N_("sends %(card)s into the tent of %(target)s"),
    "cat": N_("brings %(card)s home"),
    "activity": N_("plays the Activity %(card)s"),
    "variable": N_("plays the Activity %(card)s (Slack to be rolled)"),
    "scrounge": N_("goes scrounging: %(card)s"),
    "raid": N_("calls a raid: %(card)s"),
}
JOB_CHANGE_CARDS = {"new_job": "new_job", "fired": "youre_fired"}  # a job change's card in the catalog
JOB_DIE_SETTINGS = {True: N_("the table now rolls its own die for a job's two-value Income or Free Time"),
                    False: N_("the server now rolls the die for a job's two-value Income or Free Time")}
RANK_NAMES = {"private": N_("Private"), "corporal": N_("Corporal"), "sergeant": N_("Sergeant")}
RANK_CHANGES = {"promotion": N_("is promoted to %(rank)s"), "demotion": N_("is demoted to %(rank)s"),
                "denounce": N_("is demoted for being denounced and is now %(rank)s"),
                "swap": N_("swaps rank cards and is now %(rank)s")}
OFF_RULEBOOK_RANK = N_("the rulebook gives both players of a two-player game a Private")


def phase_name(phase: str, game: Game) -> str:
    """A phase of this game in the reader's language, as its rules reference names it."""
    return term(phase, game)


def term(key: str, game: Game) -> str:
    """A word of this game (a phase, "income", "free_time", "slack", a card type) as a label in the reader's
    language."""
    return terms.word(game.terms, key, current_language())


def terms_in_sentence(game: Game) -> dict[str, str]:
    """The game's resource names as they read inside a sentence, as parameters for one ("income_term"...)."""
    lang = current_language()
    return {f"{key}_term": terms.in_sentence(game.terms, key, lang) for key in ("income", "free_time")}


def rank_name(rank: str | None) -> str:
    """A rank in the reader's language ('—' for none)."""
    return _(RANK_NAMES[rank]) if rank in RANK_NAMES else "—"


def job_label(state: TableState, key: str | None) -> str:
    """A job's name: the catalog's in the reader's language, else as the table entered it."""
    if key is None:
        return "—"
    known = catalog.JOBS_BY_KEY.get(key)
    if known is not None:
        return catalog.name(known, current_language())
    job = state.job_profile.get(key)
    return job.name if job else key


def roll_note(state: TableState, purpose: str, note: str | None) -> str:
    """A roll's note; the job a two-value roll was made for (noted by the name the table's profile gave it) is
    named as the scoreboard names it, in the reader's language."""
    if purpose in ("income", "free_time"):
        key = next((key for key, job in state.job_profile.items() if job.name == note), None)
        return job_label(state, key) if key else note or ""
    return note or ""


def job_change_card(why: str) -> str:
    """The card that changes a job ("new_job" or "fired"), named as the catalog names it for the reader."""
    return catalog.name(catalog.BY_KEY[JOB_CHANGE_CARDS[why]], current_language())


def refusal(error) -> str:
    """A rule violation or bad input in the reader's language (a rank it names is translated too)."""
    params = {key: rank_name(value) if key == "rank" else value for key, value in error.params.items()}
    return _(error.message, **params)


def category_name(key: str) -> str:
    """A card category in the reader's language."""
    return _(CATEGORY_NAMES.get(key, key))


def type_name(key: str, game: Game) -> str:
    """A card type of this game in the reader's language (a Russian Chez Geek's Person is a guest)."""
    return term(key, game) if key in terms.CARD_TYPES else key


def category_names(keys) -> str:
    """Several categories, joined."""
    return ", ".join(category_name(key) for key in keys)


# Chez Geek and Chez Goth have rooms, not tents.
ROOM_TEXT = {
    "call": N_("calls %(card)s into the room of %(target)s"),
    "person": N_("sends %(card)s into the room of %(target)s"),
    "scrounge": N_("goes shopping: %(card)s"),
}


def play_text(kind: str, cards, target: str, rooms: bool = False) -> str:
    """What a player is doing with the card(s) being played (`rooms` at a Chez Geek or Chez Goth table)."""
    text = ROOM_TEXT.get(kind, KIND_TEXT[kind]) if rooms else KIND_TEXT[kind]
    return _(text, card=", ".join(card_label(card) for card in cards), target=target)


@dataclass
class Entry:
    """One line of the table's story."""

    seq: int
    time: str
    who: str
    what: str
    undone: bool = False


def budget_change(args: dict, game: Game) -> str:
    """What a card did to this turn's Income and Free Time, in this game's words."""
    words = terms_in_sentence(game)
    parts = [_("%(delta)+d %(income_term)s this turn", delta=args["income"], **words)] if args["income"] else []
    if args["free_time"]:
        parts.append(_("%(delta)+d %(free_time_term)s this turn", delta=args["free_time"], **words))
    return ", ".join(parts)


def purpose_label(key: str, game: Game) -> str:
    """A roll's purpose in the reader's language, in this game's words."""
    if f"roll.{key}" in terms.TERMS[game.terms]:
        return term(f"roll.{key}", game)
    return _(PURPOSES.get(key, PURPOSES["other"]))


def describe(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    """What an event did, told after the name of the player it belongs to (`line_owner`), plus what the rules did
    by themselves as a result."""
    return _predicate(event, state, by_seq) + effects_text(event, state)


def _predicate(event: dict, state: TableState, by_seq: dict[int, dict]) -> str:
    """The event's own sentence, without the player's name (`line_owner` gives it)."""
    args, kind = event["args"], event["type"]
    name = seat_name(state, event.get("seat"))
    if kind == "table_created":
        return _("opened the table for %(count)d players", count=args["seats"])
    if kind == "seat_joined":
        return _("joined with a phone")
    if kind == "seat_freed":
        return _("the seat is free again")
    if kind == "seat_named":
        return _("takes the name %(name)s", name=args["name"])
    if kind == "order_set":
        return _("set the order: %(names)s", names=", ".join(seat_name(state, s) for s in args["order"]))
    if kind == "dealer_set":
        return _("deals")
    if kind == "slack_adjusted":
        return _("%(delta)+d Slack", delta=args["delta"])
    if kind == "wounds_adjusted":
        if args["delta"] > 0:
            return ngettext("%(num)d wound", "%(num)d wounds", args["delta"])
        return ngettext("%(num)d wound healed", "%(num)d wounds healed", -args["delta"])
    if kind == "die_rolled":
        text = _("rolled %(value)d for %(purpose)s", value=args["value"],
                 purpose=purpose_label(args["purpose"], state.rules))
        if args.get("physical"):
            text = _("rolled a physical die: %(value)d for %(purpose)s",
                     value=args["value"], purpose=purpose_label(args["purpose"], state.rules))
        note = roll_note(state, args["purpose"], args.get("note"))
        return f"{text} — {note}" if note else text
    if kind == "profile_set":
        return _("entered the rank cards of the deck")
    if kind == "rank_set":
        text = _("is now %(rank)s", rank=rank_name(args["rank"]))
        return text + " — " + _(OFF_RULEBOOK_RANK) if args.get("off_rulebook") else text
    if kind == "rank_changed" and args.get("by") in state.seats:
        return _("is demoted to %(rank)s (Demotion card of %(name)s)", rank=rank_name(args["rank"]),
                 name=seat_name(state, args["by"]))
    if kind == "rank_changed":
        return _(RANK_CHANGES.get(args["why"], RANK_CHANGES["swap"]), rank=rank_name(args["rank"]))
    if kind == "swap_pending":
        return _("must pick a %(rank)s to swap rank cards with", rank=rank_name(args["rank"]))
    if kind == "ranks_dealt":
        return _("dealt the ranks: %(ranks)s", ranks=", ".join(
            f"{seat_name(state, seat)} {rank_name(rank)}" for seat, rank in args["ranks"]))
    if kind == "turn_started" and args.get("awaiting"):
        return _("turn %(number)d begins: the table rolls a die for %(what)s", number=args["number"],
                 what=", ".join(purpose_label(field, state.rules) for field in args["awaiting"]))
    if kind == "job_die_rolled":  # told like any roll, with the number it gives
        field = args["field"]
        rolled = {"purpose": field, "note": args["note"], "value": args["value"], "physical": args["physical"]}
        return (_predicate({**event, "type": "die_rolled", "args": rolled}, state, by_seq) + " — "
                + _("%(resource)s %(number)d this turn", resource=terms_in_sentence(state.rules)[f"{field}_term"],
                        number=args["number"]))
    if kind == "job_die_set":
        physical = args["physical"]
        return _(JOB_DIE_SETTINGS[physical])
    if kind == "budget_card_played":
        return _("plays %(card)s: %(change)s", card=named_card(args), change=budget_change(args, state.rules))
    if kind == "turn_started":
        return _("turn %(number)d begins: %(income_term)s %(income)d, %(free_time_term)s %(free)d",
                 number=args["number"], income=args["income"], free=args["free_time"],
                 **terms_in_sentence(state.rules))
    if kind == "phase_entered":
        return _("phase: %(phase)s", phase=phase_name(args["phase"], state.rules))
    if kind == "income_adjusted":
        return _("%(delta)+d %(income_term)s this turn", delta=args["delta"], **terms_in_sentence(state.rules))
    if kind == "free_time_adjusted":
        return _("%(delta)+d %(free_time_term)s this turn", delta=args["delta"], **terms_in_sentence(state.rules))
    if kind == "free_time_used":
        if args["kind"] == "scrounge" and state.rules.has_rooms:
            return _("went shopping for %(cost)d Income", cost=args["cost"])
        if args["kind"] == "scrounge":
            return _("went scrounging for %(cost)d Income", cost=args["cost"])
        return _("used Free Time on an Activity costing %(cost)d", cost=args["cost"])
    if kind == "healed":
        return _("heals a wound")
    if kind == "card_played":
        text = play_text(args["kind"], args["cards"], seat_name(state, args["target"]), state.rules.has_rooms)
        if args.get("handed_by"):
            return text + " — " + _("the Raid card comes from %(name)s", name=seat_name(state, args["handed_by"]))
        return text
    if kind in RAID_EVENTS:
        return RAID_EVENTS[kind](event, state, name)
    if kind in DENOUNCE_EVENTS:
        return DENOUNCE_EVENTS[kind](event, state, name)
    if kind == "rank_pulled":
        return _("pulled rank: %(card)s instead, and 1 Slack for pulling rank", card=card_label(args["card"]))
    if kind == "window_closed":
        return _("nobody canceled it")
    if kind == "call_rolled":
        return _("rolled %(value)d to call: %(outcome)s", value=args["value"],
                 outcome=_("the Person comes") if args["value"] >= CALL_SUCCEEDS else _("nobody came"))
    if kind == "slack_rolled":
        if "slack" in args:
            return _("rolled %(value)d for %(card)s: %(slack)d Slack", value=args["value"],
                     card=named_card(args), slack=max(0, args["slack"]))
        return _("rolled %(value)d for the Activity's Slack", value=args["value"])
    if kind == "card_canceled":
        return canceled_text(event, state)
    if kind == "window_passed":
        return _("let it pass")
    if kind == "rid_rolled":
        return _("rolled %(value)d to send %(card)s away: %(outcome)s", value=args["value"],
                 card=named_card(args, fallback=_("a Person")), outcome=rid_outcome(event, state))
    if kind == "pest_hungry":
        return _("%(pest)s in %(tent)s wants a card of its kind", pest=named_card(args, "pest_", _("a pest")),
                 tent=tent_of(state, event["seat"]))
    if kind == "pest_fed":
        return _("discards %(card)s for %(pest)s", card=named_card(args, fallback=_("a card")),
                 pest=named_card(args, "pest_", _("the pest")))
    if kind == "card_removed" and "from" in args:
        return _("takes %(card)s out of %(tent)s", card=named_card(args), tent=tent_of(state, args["from"]))
    if kind == "card_removed":
        return _("took a card out of a room") if state.rules.has_rooms else _("took a card out of a tent")
    if kind == "card_moved" and "from" in args:
        return _("moves %(card)s from %(from)s to %(to)s", card=named_card(args),
                 **{"from": tent_of(state, args["from"]), "to": tent_of(state, args["to"])})
    if kind == "card_moved" and state.rules.has_rooms:
        return _("moved a card into the room of %(name)s", name=seat_name(state, args["to"]))
    if kind == "card_moved":
        return _("moved a card into the tent of %(name)s", name=seat_name(state, args["to"]))
    if kind == "card_marked":
        return _("%(delta)+d marker(s) on a card", delta=args["delta"])
    if kind in ("game_reset", "jobs_reset"):
        return _("started a rematch with the same seats")
    if kind == "job_profile_set":
        return _("entered the job cards of the deck")
    if kind == "job_set":
        return _("holds the job %(job)s", job=job_label(state, args["job"]))
    if kind == "jobs_dealt":
        return _("dealt the jobs: %(jobs)s", jobs=", ".join(
            f"{seat_name(state, seat)} {job_label(state, job)}" for seat, job in args["jobs"]))
    if kind == "job_changed":
        text = _("plays %(card)s and is now %(job)s", card=job_change_card(args["why"]),
                 job=job_label(state, args["job"]))
        if args.get("heartache_lost"):
            text += " — " + _("loses %(count)d Heartache", count=args["heartache_lost"])
        if args.get("job_slack"):
            text += " — " + _("+1 Slack on the job")
        if args.get("heartache_gained"):
            text += " — " + _("+1 Heartache for becoming a Goth")
        return text
    if kind == "heartache_changed":
        if args.get("why") == "empty_room":
            return _("has nobody in the room after Call People: -1 Heartache")
        return _("%(delta)+d Heartache", delta=args["delta"])
    if kind == "tv_watched":
        return _("plays %(card)s: the Free Time goes on TV, and 1 Slack for watching", card=card_label(args["card"]))
    if kind in ("undone", "redone"):
        what = describe_action(args["target"], state, by_seq)
        return _("undid: %(what)s", what=what) if kind == "undone" else _("redid: %(what)s", what=what)
    return kind


def describe_action(step: int, state: TableState, by_seq: dict[int, dict]) -> str:
    """Everything one action did (named by its first event), each sentence after the player it belongs to."""
    events = sorted((event for event in by_seq.values() if step_of(event) == step), key=lambda event: event["seq"])
    return "; ".join(_about(event, state, describe(event, state, by_seq)) for event in events) or "?"


def _about(event: dict, state: TableState, text: str) -> str:
    """A sentence with the player it belongs to in front (an undo names whose change it takes back)."""
    seat = event.get("seat")
    return f"{seat_name(state, seat)}: {text}" if seat in state.seats else text


def _raid_rolled(event, state, name):
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


def _loot_taken(event, state, name):
    card = event["args"]["card"]
    if card is None:
        return _("takes a loot card into the hand")
    if card.get("type", "thing") != "thing":
        return _("takes %(card)s from the loot into the hand", card=card_label(card))
    return _("takes %(card)s from the loot", card=card_label(card))


RAID_EVENTS = {
    "raid_rolled": _raid_rolled,
    "loot_taken": _loot_taken,
    "loot_order_set": lambda event, state, name: _("loot order: %(names)s", names=", ".join(
        seat_name(state, s) for s in event["args"]["order"])),
    "loot_ended": lambda event, state, name: _("no Things left in the loot: the raid is over"),
}


def _denounce_rolled(event, state, name):
    args = event["args"]
    verdict = _("innocent") if args["innocent"] else _("guilty")
    return _("rolled %(value)d for the denouncement: %(total)d with modifiers, %(verdict)s",
             value=args["value"], total=args["total"], verdict=verdict)


DENOUNCE_EVENTS = {
    "denounce_played": lambda event, state, name: _("denounces %(target)s",
                                                    target=seat_name(state, event["args"]["target"])),
    "denounce_rolled": _denounce_rolled,
    "revenge_taken": lambda event, state, name: _("sweet revenge: denounces %(target)s back",
                                                  target=seat_name(state, event["args"]["accuser"])),
    "denounce_moved": lambda event, state, name: denounce_move_text(event, state),
    "denounce_ended": lambda event, state, name: _("the denouncement is over"),
}


def log_entries(events: list[dict], state: TableState, by_seq: dict[int, dict]) -> list[Entry]:
    """Events newest first, each line marked when an undo has taken it back (`by_seq` resolves undo targets)."""
    return [Entry(seq=e["seq"], time=datetime.fromtimestamp(e["at"]).strftime("%H:%M"),
                  who=line_owner(e, state), what=describe(e, state, by_seq),
                  undone=step_of(e) in state.undone) for e in reversed(events)]


def next_undo(state: TableState, by_seq: dict[int, dict]) -> str | None:
    """What the undo button would take back, as a sentence."""
    if not state.undoable:
        return None
    return describe_action(state.undoable[-1], state, by_seq)


def next_redo(state: TableState, by_seq: dict[int, dict]) -> str | None:
    """What the redo button would bring back, as a sentence."""
    if not state.redoable:
        return None
    return describe_action(state.redoable[-1], state, by_seq)


def rule_title(section_id: str) -> str:
    """A rules reference section's title in the reader's language (its id if the reference lacks it)."""
    try:
        return rulebook.section(current_language(), section_id).title
    except KeyError:
        return section_id


# Words that do not depend on a table, for every template: each takes a key and gives it in the reader's language.
FORMATTERS = {
    "phase_name": phase_name, "rank_name": rank_name, "ranks": RANKS, "purpose_label": purpose_label,
    "purpose_section": PURPOSE_SECTIONS, "card_label": card_label, "category_name": category_name,
    "category_names": category_names, "type_name": type_name, "rule_title": rule_title, "term": term,
    "terms_in_sentence": terms_in_sentence, "roll_note": roll_note, "job_change_card": job_change_card,
}
