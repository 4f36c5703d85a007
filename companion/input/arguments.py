"""Each action type's arguments, parsed from a form or JSON into what the rules take (see docs/api.md)."""

from __future__ import annotations

import hashlib
import re
from typing import Any, Mapping

from ..rules import ALL_CATEGORIES, ALL_PEST_CATEGORIES, ALL_PHASES, ALL_ROLL_PURPOSES, JOB_CHANGES, N_, RANKS, TV_SLACK
from .values import BadInput, as_choice, as_flag, as_int, as_text, object_or_fields, parse_name, parse_seat

MAX_DELTA = 30
MAX_NOTE = 60


def _require_seat(seat: int | None) -> None:
    if seat is None:
        raise BadInput(N_("This action needs a seat."))


CHANGE_NOT_A_NUMBER = N_("The change must be a whole number.")  # marked once, not on every tap's change


def _delta(args, seat):
    _require_seat(seat)
    delta = as_int(args.get("delta"), CHANGE_NOT_A_NUMBER)
    if delta == 0 or abs(delta) > MAX_DELTA:
        raise BadInput(N_("The change must be between -%(max)d and %(max)d, and not 0."), max=MAX_DELTA)
    return {"delta": delta}


def _roll(args, seat):
    purpose = as_choice(args.get("purpose"), ALL_ROLL_PURPOSES, "other", N_("Unknown purpose for the roll."))
    note = as_text(args.get("note"), N_("A roll's note has at most %(max)d characters."), max=MAX_NOTE)
    if len(note) > MAX_NOTE:
        raise BadInput(N_("A roll's note has at most %(max)d characters."), max=MAX_NOTE)
    parsed = {"purpose": purpose, "note": note}
    if args.get("value") not in (None, ""):
        value = as_int(args["value"], N_("A die shows 1 to 6."))
        if not 1 <= value <= 6:
            raise BadInput(N_("A die shows 1 to 6."))
        parsed.update(value=value, physical=True)
    return parsed


def _order(args, seat):
    raw = args.get("order")
    if isinstance(raw, str):
        raw = [part for part in re.split(r"[,\s]+", raw) if part]
    if not isinstance(raw, list) or not raw:
        raise BadInput(N_("The seat order must list the seats."))
    return {"order": [parse_seat(item) for item in raw]}


def _seat_only(args, seat):
    _require_seat(seat)
    return {}


def _named(args, seat):
    _require_seat(seat)
    return {"name": parse_name(args.get("name"))}


def _nothing(args, seat):
    return {}


RANK_NUMBERS = (N_("Rank values must be whole numbers."), N_("Rank values must be between %(low)d and %(high)d."))
CARD_NUMBERS = (N_("Card numbers must be whole numbers."), N_("Card numbers must be between %(low)d and %(high)d."))
# Only a bound on what a card field takes: what a card of each game can print is checked, with a message that names
# the number and the game, once the game is known (knowledge/printed_range.py).
ANY_CARD_NUMBER = 999


def _optional_number(value: Any, low: int, high: int, messages: tuple[str, str] = RANK_NUMBERS) -> int | None:
    """A whole number within bounds, or None when left blank."""
    if value in (None, ""):
        return None
    number = as_int(value, messages[0])
    if not low <= number <= high:
        raise BadInput(messages[1], low=low, high=high)
    return number


def _profile(args, seat):
    """Rank counts and values, from JSON (`counts`, `values`) or from the form's flat fields."""
    counts_in = object_or_fields(args, "counts", lambda: {rank: args.get(f"count_{rank}") for rank in RANKS})
    values_in = object_or_fields(args, "values", lambda: {
        rank: {field: args.get(f"{field}_{rank}") for field in ("income", "free_time", "slack", "penalty", "perk")}
        for rank in RANKS})
    counts, values = {}, {}
    for rank in RANKS:
        counts[rank] = _optional_number(counts_in.get(rank), 0, 8)
        if counts[rank] is None:
            raise BadInput(N_("Enter how many cards of each rank the deck has."))
        given = values_in.get(rank)
        if given is None:
            given = {}
        if not isinstance(given, Mapping):
            raise BadInput(N_("Rank values must be whole numbers."))
        perk = as_text(given.get("perk"), N_("A perk has at most %(max)d characters."), max=120)
        if len(perk) > 120:
            raise BadInput(N_("A perk has at most %(max)d characters."), max=120)
        values[rank] = {"income": _optional_number(given.get("income"), 0, 20),
                        "free_time": _optional_number(given.get("free_time"), 0, 20),
                        "slack": _optional_number(given.get("slack"), 0, 20),
                        "penalty": _optional_number(given.get("penalty"), 0, 6),
                        "perk": perk}
    return {"counts": counts, "values": values}


def _rank(args, seat):
    _require_seat(seat)
    if args.get("rank") not in RANKS:
        raise BadInput(N_("Unknown rank."))
    return {"rank": args["rank"]}


def _advance(args, seat):
    _require_seat(seat)
    if args.get("phase") not in ALL_PHASES:
        raise BadInput(N_("Unknown phase."))
    to = args.get("to") or None
    if to is not None and to not in (*ALL_PHASES, "end"):
        raise BadInput(N_("Unknown phase."))
    return {"phase": args["phase"], "turn": as_int(args.get("turn"), N_("The turn must be a number.")),
            **({"to": to} if to else {})}


CARD_TYPES = ("person", "thing", "activity", "cat")
MAX_CARD_NAME = 40


def _uid(value: Any) -> int:
    number = as_int(value, N_("Unknown card."))
    if number < 1:
        raise BadInput(N_("Unknown card."))
    return number


def _card_only(args, seat):
    _require_seat(seat)
    return {"card": _uid(args.get("card"))}


def _die_value(args, seat):
    _require_seat(seat)
    if args.get("value") in (None, ""):
        return {}
    value = as_int(args["value"], N_("A die shows 1 to 6."))
    if not 1 <= value <= 6:
        raise BadInput(N_("A die shows 1 to 6."))
    return {"value": value}


def _destination(value: Any) -> str | int:
    """Where a Person sent away goes: the discard pile or a seat."""
    return "discard" if value in (None, "", "discard") else parse_seat(value)


def _get_rid(args, seat):
    return {**_card_only(args, seat), **_die_roll(args, seat), "to": _destination(args.get("to"))}


def _cancel(args, seat):
    _require_seat(seat)
    with_card = as_text(args.get("with"), N_("Name the card that cancels it."))
    if not with_card or len(with_card) > MAX_CARD_NAME:
        raise BadInput(N_("Name the card that cancels it."))
    cancels = args.get("cancels")
    if cancels in (None, ""):
        return {"window": _uid(args.get("window")), "with": with_card}
    if cancels != "any" and cancels not in ALL_CATEGORIES:
        raise BadInput(N_("Unknown card category."))
    return {"window": _uid(args.get("window")), "with": with_card, "cancels": cancels}


def _pull_rank(args, seat):
    _require_seat(seat)
    raw = object_or_fields(args, "card", lambda: {
        "name": args.get("name"), "slack": args.get("slack"), "slack_die": args.get("slack_die"),
        "slack_modifier": args.get("slack_modifier"), "loot": args.get("loot"),
        "categories": ["raid"] if as_flag(args.get("raid")) else None})
    return {"window": _uid(args.get("window")), "card": {**card_spec(raw), "type": "activity"}, **_printed(args)}


def _printed(args) -> dict[str, str]:
    """The player's answer when typed numbers differ from the known ones: the card's ("table") or the known."""
    value = args.get("printed")
    if value in (None, ""):
        return {}
    if value not in ("table", "known"):
        raise BadInput(N_("Say which numbers the card prints: the typed ones or the known ones."))
    return {"printed": value}


def _demote(args, seat):
    _require_seat(seat)
    return {"target": parse_seat(args.get("target")) if args.get("target") not in (None, "") else seat}


def _raid_card(args, seat):
    _require_seat(seat)
    raw = object_or_fields(args, "card", lambda: {"name": args.get("name"), "loot": args.get("loot")})
    spec = card_spec(raw)
    return {"card": {key: spec[key] for key in ("name", "loot") if key in spec}, **_printed(args)}


def _die_roll(args, seat):
    """A roll the server makes, or a physical die the player enters."""
    parsed = _die_value(args, seat)
    return {**parsed, "physical": "value" in parsed}


def _loot(args, seat):
    """A Thing taken from the loot (name and Slack), or, for the leader, any other card into the hand."""
    _require_seat(seat)
    raw = args.get("card")
    if raw is None and not as_flag(args.get("hand")):
        raw = {"name": args.get("name"), "slack": args.get("slack"), "categories": args.get("categories")}
    if raw is None:
        return {"card": None}
    if not isinstance(raw, Mapping):
        raise BadInput(N_("Name the card (at most %(max)d characters)."), max=MAX_CARD_NAME)
    return {"card": card_spec(raw), **_printed(args)}


def _with_seat(args, seat):
    _require_seat(seat)
    return {"with": parse_seat(args.get("with"))}


def _target(args, seat):
    _require_seat(seat)
    return {"target": parse_seat(args.get("target"))}


def _denounce_roll(args, seat):
    extra = _optional_number(args.get("extra"), -6, 6, CARD_NUMBERS) or 0
    return {**_die_roll(args, seat), "extra": extra}


def _revenge(args, seat):
    _require_seat(seat)
    if args.get("with") not in ("card", "toady"):
        raise BadInput(N_("Sweet revenge takes a Denounce! card or The Toady."))
    return {"with": args["with"]}


def _pass(args, seat):
    _require_seat(seat)
    return {"window": _uid(args.get("window"))}


def _move(args, seat):
    return {**_card_only(args, seat), "to": parse_seat(args.get("to"))}


def _mark(args, seat):
    return {**_card_only(args, seat), **_delta(args, seat)}


def card_spec(raw: Mapping[str, Any]) -> dict[str, Any]:
    """One card as the table describes it; blanks are left for the catalog to fill."""
    name = as_text(raw.get("name"), N_("Name the card (at most %(max)d characters)."), max=MAX_CARD_NAME)
    if not name or len(name) > MAX_CARD_NAME:
        raise BadInput(N_("Name the card (at most %(max)d characters)."), max=MAX_CARD_NAME)
    kind = raw.get("type")
    if kind not in (None, "") and kind not in CARD_TYPES:
        raise BadInput(N_("Unknown card type."))
    categories = _categories(raw.get("categories"), ALL_CATEGORIES)
    pest = _categories(raw.get("pest"), ALL_PEST_CATEGORIES)
    spec = {"name": name, "type": kind or None, "categories": categories or None, "pest": pest or None,
            "slack": _optional_number(raw.get("slack"), -ANY_CARD_NUMBER, ANY_CARD_NUMBER, CARD_NUMBERS),
            "cost": _optional_number(raw.get("cost"), -ANY_CARD_NUMBER, ANY_CARD_NUMBER, CARD_NUMBERS),
            "slack_die": as_flag(raw.get("slack_die")),
            "slack_modifier": _optional_number(raw.get("slack_modifier"), -ANY_CARD_NUMBER, ANY_CARD_NUMBER,
                                               CARD_NUMBERS),
            "loot": _optional_number(raw.get("loot"), -ANY_CARD_NUMBER, ANY_CARD_NUMBER, CARD_NUMBERS),
            # its numbers taken from another table's entry (the picker's chip): not a second table's own word
            "copied": as_flag(raw.get("copied"))}
    return {key: value for key, value in spec.items() if value is not None}


def _categories(value: Any, known: frozenset[str]) -> list[str]:
    """Card categories: a list of known names (a form's single box may post just one); blank is none."""
    if value in (None, ""):
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or any(not isinstance(c, str) or c not in known for c in value):
        raise BadInput(N_("Unknown card category."))
    return value


def _play_card(args, seat):
    """A card to play, from JSON (`cards`: a list) or from the form's rows (`name`, `name_2`, ...)."""
    _require_seat(seat)
    raw = args.get("cards")
    if raw is None:
        raw = [{"name": args.get("name"), "type": args.get("card_type"), "categories": args.get("categories"),
                "pest": args.get("pest"),
                "slack": args.get("slack"), "cost": args.get("cost"), "slack_die": args.get("slack_die"),
                "slack_modifier": args.get("slack_modifier"), "copied": args.get("copied")}]
        for row in (2, 3, 4):
            if str(args.get(f"name_{row}") or "").strip():
                raw.append({"name": args.get(f"name_{row}"), "type": "thing", "slack": args.get(f"slack_{row}"),
                            "cost": args.get(f"cost_{row}"), "categories": args.get(f"categories_{row}")})
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8 or not all(isinstance(c, Mapping) for c in raw):
        raise BadInput(N_("Name the card (at most %(max)d characters)."), max=MAX_CARD_NAME)
    target = args.get("target")
    return {"cards": [card_spec(card) for card in raw],
            "target": parse_seat(target) if target not in (None, "") else seat, **_printed(args)}


def _use_free_time(args, seat):
    _require_seat(seat)
    if args.get("kind") not in ("scrounge", "activity"):
        raise BadInput(N_("Free Time goes to scrounging or to an activity."))
    cost = as_int(0 if args.get("cost") in (None, "") else args.get("cost"), N_("The cost must be a whole number."))
    if not 0 <= cost <= 20:
        raise BadInput(N_("The cost must be between 0 and 20."))
    return {"kind": args["kind"], "cost": cost}


MAX_JOBS = 30
JOB_NUMBERS = (N_("Job values must be whole numbers."), N_("Job values must be between %(low)d and %(high)d."))
JOB_KEY = re.compile(r"^[a-z0-9_]{1,40}$")


def parse_job_numbers(value: Any) -> list[int] | None:
    """A printed Income or Free Time: one number, or two as "1/4" (rolled each turn); None when left blank."""
    if value in (None, "", []):
        return None
    parts = value if isinstance(value, list) else re.split(r"\s*/\s*", str(value).strip())
    if not 1 <= len(parts) <= 2:
        raise BadInput(N_("Write one number, or two as 1/4."))
    numbers = [_optional_number(part, 0, 20, JOB_NUMBERS) for part in parts]
    if None in numbers:
        raise BadInput(N_("Write one number, or two as 1/4."))
    if len(numbers) == 2 and numbers[0] > numbers[1]:
        numbers.reverse()
    return numbers



def _job_entry(raw: Mapping[str, Any]) -> dict[str, Any] | None:
    """One job of the profile, or None for a blank row."""
    name = as_text(raw.get("name"), N_("Name the card (at most %(max)d characters)."), max=MAX_CARD_NAME)
    if not name:
        return None
    if len(name) > MAX_CARD_NAME:
        raise BadInput(N_("Name the card (at most %(max)d characters)."), max=MAX_CARD_NAME)
    key = (as_text(raw.get("key"), N_("Unknown job."))
           or "custom_" + hashlib.sha1(name.casefold().encode()).hexdigest()[:10])
    if not JOB_KEY.match(key):
        raise BadInput(N_("Unknown job."))
    perk = as_text(raw.get("perk"), N_("A perk has at most %(max)d characters."), max=120)
    if len(perk) > 120:
        raise BadInput(N_("A perk has at most %(max)d characters."), max=120)
    bonus = {} if raw.get("bonus") is None else raw["bonus"]
    forbidden = [] if raw.get("forbidden") is None else raw["forbidden"]
    if not isinstance(bonus, Mapping) or any(c not in ALL_CATEGORIES for c in bonus):
        raise BadInput(N_("Unknown card category."))
    if not isinstance(forbidden, list) or any(not isinstance(c, str) or c not in ALL_CATEGORIES for c in forbidden):
        raise BadInput(N_("Unknown card category."))
    return {"key": key, "name": name, "income": parse_job_numbers(raw.get("income")),
            "free_time": parse_job_numbers(raw.get("free_time")),
            "goal": _optional_number(raw.get("goal"), 1, 60, JOB_NUMBERS),
            "hand": _optional_number(raw.get("hand"), 1, 12, JOB_NUMBERS) or 6,
            "perk": perk, "goth": bool(as_flag(raw.get("goth"))),
            "bonus": {c: _optional_number(n, 0, 10, JOB_NUMBERS) or 0 for c, n in bonus.items()},
            "forbidden": list(forbidden)}


def _job_profile(args, seat):
    """The job cards, from JSON (`jobs`: a list) or from the form's numbered rows (`name_0`, `income_0`, ...)."""
    raw = args.get("jobs")
    if raw is None:
        raw = [{field: args.get(f"{field}_{row}") for field in ("key", "name", "income", "free_time", "goal",
                                                                 "hand", "perk", "goth")}
               for row in range(MAX_JOBS) if f"name_{row}" in args]
    if not isinstance(raw, list) or len(raw) > MAX_JOBS or not all(isinstance(job, Mapping) for job in raw):
        raise BadInput(N_("Enter the jobs as a list."))
    jobs = [entry for entry in (_job_entry(job) for job in raw) if entry is not None]
    if not jobs:
        raise BadInput(N_("Enter the jobs as a list."))
    return {"jobs": jobs}


def _job_key(value: Any) -> str:
    if not isinstance(value, str) or not JOB_KEY.match(value):
        raise BadInput(N_("Unknown job."))
    return value


def _set_job(args, seat):
    _require_seat(seat)
    return {"job": _job_key(args.get("job"))}


def _job_numbers(args, seat):
    """The numbers printed on the job card the seat holds: Income and Free Time ("1/4" for two), the Slack goal."""
    _require_seat(seat)
    return {"income": parse_job_numbers(args.get("income")), "free_time": parse_job_numbers(args.get("free_time")),
            "goal": _optional_number(args.get("goal"), 1, 60, JOB_NUMBERS)}


def _change_job(args, seat):
    _require_seat(seat)
    why = args.get("why") or "new_job"
    if why not in JOB_CHANGES:
        raise BadInput(N_("A job changes by New Job or You're Fired."))
    return {"job": _job_key(args.get("job")), "why": why}


def _watch_tv(args, seat):
    _require_seat(seat)
    raw = object_or_fields(args, "card", lambda: {"name": args.get("name")})
    spec = card_spec({"name": raw.get("name")})
    # Played on someone, a TV card is worth 1 Slack to them whatever it prints.
    return {"window": _uid(args.get("window")),
            "card": {**spec, "type": "activity", "slack": TV_SLACK}}


def _job_roll(args, seat):
    """The job's die: for the Income or the Free Time (blank: whichever the turn waits for first)."""
    field = as_choice(args.get("field"), ("income", "free_time"), None, N_("Unknown purpose for the roll."))
    return {**_die_roll(args, seat), **({"field": field} if field else {})}


def _job_die_setting(args, seat):
    """Whether the table rolls its own die for a job's two-value Income or Free Time."""
    return {"physical": bool(as_flag(args.get("physical")))}


def _budget_card(args, seat):
    """A card that changes this turn's Income or Free Time, by name; blank numbers are left for the catalog."""
    _require_seat(seat)
    name = card_spec({"name": args.get("name")})["name"]
    changes = {field: _optional_number(args.get(field), -10, 10, CARD_NUMBERS) for field in ("income", "free_time")}
    return {"name": name, **{field: number for field, number in changes.items() if number is not None}}


def _get_rid_all(args, seat):
    _require_seat(seat)
    return {"to": _destination(args.get("to"))}


ARG_PARSERS = {
    "get_rid_all": _get_rid_all,
    "job_roll": _job_roll,
    "set_job_die": _job_die_setting,
    "budget_card": _budget_card,
    "set_job_profile": _job_profile,
    "set_job": _set_job,
    "set_job_numbers": _job_numbers,
    "deal_jobs": _nothing,
    "change_job": _change_job,
    "adjust_heartache": _delta,
    "watch_tv": _watch_tv,
    "adjust_slack": _delta,
    "adjust_wounds": _delta,
    "roll_die": _roll,
    "set_order": _order,
    "set_dealer": _seat_only,
    "free_seat": _seat_only,
    "name_seat": _named,
    "undo": _nothing,
    "redo": _nothing,
    "set_profile": _profile,
    "set_rank": _rank,
    "deal_ranks": _nothing,
    "start_game": _nothing,
    "advance": _advance,
    "adjust_income": _delta,
    "adjust_free_time": _delta,
    "use_free_time": _use_free_time,
    "heal": _seat_only,
    "play_card": _play_card,
    "roll_for_card": _die_value,
    "cancel_card": _cancel,
    "pass_card": _pass,
    "get_rid": _get_rid,
    "feed_pest": _card_only,
    "remove_card": _card_only,
    "move_card": _move,
    "mark_card": _mark,
    "rematch": _nothing,
    "pull_rank": _pull_rank,
    "promote": _seat_only,
    "demote": _demote,
    "choose_swap": _with_seat,
    "call_raid": _raid_card,
    "raid_roll": _die_roll,
    "take_loot": _loot,
    "name_second": _with_seat,
    "end_loot": _seat_only,
    "denounce": _target,
    "denounce_roll": _denounce_roll,
    "revenge": _revenge,
    "denounce_move": _move,
    "denounce_done": _seat_only,
}
