"""The game's things named in the reader's language: phases, ranks, jobs, rolls and their purposes, card kinds and
categories, refusals, and the rules' section titles."""

from __future__ import annotations

from ... import cards as catalog
from ... import rulebook
from ...rules import GAMES, N_, RANK_NAMES, RANKS, Game, TableState, terms
from ..i18n import card_name, current_language
from ..i18n import gettext as _
from .told import card_label

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
        return card_name(known)
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
    return card_name(catalog.BY_KEY[JOB_CHANGE_CARDS[why]])


def refusal(error) -> str:
    """A rule violation or bad input in the reader's language (a rank it names is translated too)."""
    params = {key: rank_name(value) if key == "rank" else value for key, value in error.params.items()}
    return _(error.message, **params)


def rulebook_name(key: str) -> str:
    """Which rulebook a section belongs to, for the reader: a game's printed title, or the glossary."""
    return GAMES[key].title if key in GAMES else _("Glossary")


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
# A Person into the player's own tent or room, and a Thing added to a trip already under way.
OWN_TEXT = {"call": N_("calls %(card)s into their own tent"), "person": N_("sends %(card)s into their own tent")}
OWN_ROOM_TEXT = {"call": N_("calls %(card)s into their own room"),
                 "person": N_("sends %(card)s into their own room")}
JOINS_TEXT = {False: N_("adds %(card)s to the scrounging trip"), True: N_("adds %(card)s to the shopping trip")}


def play_text(kind: str, cards, target: str, rooms: bool = False, own: bool = False, joins: bool = False) -> str:
    """What a player is doing with the card(s) being played (`rooms` at a Chez Geek or Chez Goth table; `own` when
    the Person comes to the player's own tent; `joins` when the Things join a trip already being played)."""
    text = ROOM_TEXT.get(kind, KIND_TEXT[kind]) if rooms else KIND_TEXT[kind]
    if own and kind in OWN_TEXT:
        text = (OWN_ROOM_TEXT if rooms else OWN_TEXT)[kind]
    if joins:
        text = JOINS_TEXT[rooms]
    return _(text, card=", ".join(card_label(card) for card in cards), target=target)


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


# The rolls a step waits for: a die entered in the dice panel for one of them is that step's roll.
STEP_ROLLS = ("call", "variable", "raid", "denounce", "income", "free_time")


def step_rolls(game: Game) -> str:
    """The rolls of this game that a step waits for, in its words (a Russian Chez Guevara calls, Chez Geek phones)."""
    return ", ".join(purpose_label(key, game) for key in game.roll_purposes if key in STEP_ROLLS)


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
    "refusal": refusal, "rulebook_name": rulebook_name, "step_rolls": step_rolls,
}
