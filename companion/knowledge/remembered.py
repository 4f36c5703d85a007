"""What the server remembers across tables: rank and job profiles, and the cards played (in deck knowledge)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sqlite_utils import Database

from .. import cards
from ..input.actions import Action, BadInput
from ..rules import game, job_deck
from ..storage import deck_knowledge, store
from . import completion, printed_range
from .learning import Lesson, UnknownCanceler, checked, missing_text

PROFILE_KEY = "guevara.rank_profile"


def job_profile_key(deck_name: str) -> str:
    """Where the server keeps the job cards a table copied from one deck ("geek" or "goth")."""
    return f"{deck_name}.job_profile"


def rank_profile(db: Database) -> dict | None:
    """The rank cards a table entered last, if any."""
    return store.remembered(db, PROFILE_KEY)


def job_profile(db: Database, deck_name: str) -> list[dict]:
    """The job cards of one deck as a table entered them last (none yet: an empty list)."""
    return (store.remembered(db, job_profile_key(deck_name)) or {}).get("jobs", [])


def setup_cards(db: Database, rules) -> dict | dict[str, list[dict]] | None:
    """What a new table's setup form starts from: the rank cards entered last, or each of the game's decks' job
    cards."""
    if rules.has_jobs:
        return {deck: job_profile(db, deck) for deck in rules.decks}
    return rank_profile(db)


def remember(db: Database, events: list[dict]) -> None:
    """Keep what the table copied from its cards in these events, for the next game and the next table."""
    for event in events:
        if event["type"] == "profile_set":
            store.remember(db, PROFILE_KEY, event["args"])
        if event["type"] == "job_profile_set":
            decks: dict[str, list[dict]] = {}
            for job in event["args"]["jobs"]:
                decks.setdefault(job_deck(job["goth"]), []).append(job)
            for deck_name, jobs in decks.items():
                store.remember(db, job_profile_key(deck_name), {"jobs": jobs})
        if event["type"] == "job_numbers_set":  # a blank job card's numbers, copied when it came out
            _remember_job_numbers(db, event["args"])


def _remember_job_numbers(db: Database, entered: dict) -> None:
    """The numbers of one job entered in play, kept with the deck that remembers the job."""
    for deck_name in (job_deck(False), job_deck(True)):
        jobs = job_profile(db, deck_name)
        if any(job["key"] == entered["job"] for job in jobs):
            numbers = {field: entered[field] for field in ("income", "free_time", "goal")}
            changed = [{**job, **numbers} if job["key"] == entered["job"] else job for job in jobs]
            store.remember(db, job_profile_key(deck_name), {"jobs": changed})


@dataclass
class Prepared:
    """An action with its cards completed; what to learn once it is recorded; and a question for the player that
    waits until the rules have accepted the action (so a refusal says the real reason first)."""

    action: Action
    lessons: list[Lesson] = field(default_factory=list)
    pending: BadInput | None = None


LEARNED = ("play_card", "pull_rank", "take_loot", "call_raid")  # watch_tv: a TV card's 1 Slack is a one-off


def with_card_facts(action: Action, lang: str, game_key: str, readings: deck_knowledge.ActionReadings) -> Prepared:
    """Cards named in an action, completed from the game's catalog and from what the table knows of the deck (the
    shared deck with the table's own word over it, as `readings` read it once); a printed number out of the game's
    range is refused."""
    decks, carried = game(game_key).decks, game(game_key).categories_of
    args, deck_cards = dict(action.args), cards.cards_for(decks)
    choice = args.pop("printed", None)
    prepared = Prepared(replace(action, args=args))

    def fill(spec: dict, finish) -> dict:
        printed_range.check(spec["name"], spec, decks, rules_judge_loot=True)
        shared, own = readings.said_of(spec["name"])
        entry = deck_knowledge.laid_over(shared, own)
        conflicts = checked(spec, entry, choice, lang, decks) if action.type in LEARNED else []
        if conflicts and choice == "known":
            spec = {**spec, **{fact: was for fact, was, _typed in conflicts}}
        try:
            card = finish(spec, entry.facts if entry else None)
        except BadInput as problem:
            if "missing" in problem.params:
                problem.params["missing"] = missing_text(problem.params["missing"], lang)
            if "raid" not in {*spec.get("categories", ()), *(entry.facts.get("categories", ()) if entry else ())}:
                raise
            prepared.pending = prepared.pending or problem  # the rules first say whether a raid may be called
            card = {**(entry.facts if entry else {}), **spec}
        if action.type in LEARNED:
            prepared.lessons.append(Lesson(card, shared, own, choice if conflicts else None, conflicts))
        return card

    if action.type == "play_card":
        args["cards"] = [fill(spec, lambda s, k: completion.complete(s, k, lang, cards=deck_cards, carried=carried))
                         for spec in args["cards"]]
    elif action.type == "set_job_profile":
        args["jobs"] = [completion.with_job_facts(job) for job in args["jobs"]]
    elif action.type == "call_raid" or (action.type == "pull_rank" and _is_raid(
            args["card"], readings.lookup(args["card"]["name"]), decks, lang)):
        args["card"] = fill({**args["card"], "categories": ["raid"]},
                            lambda s, k: completion.complete_raid(s, k, lang))
    elif action.type == "pull_rank":  # the form shows the name and the Slack: it never asks for categories
        args["card"] = fill(args["card"], lambda s, k: completion.complete(s, k, lang, cards=deck_cards,
                                                                        asks_categories=False))
    elif action.type == "watch_tv":
        args["card"] = fill(args["card"], lambda s, k: completion.complete(s, k, lang, cards=deck_cards,
                                                                        carried=carried))
    elif action.type == "cancel_card":  # the rules judge the canceling card by its kind and what it cancels
        _with_canceler(prepared, args, lang, decks, readings)
    elif action.type == "take_loot" and args["card"] is not None:  # a known card keeps its type; the rules judge it
        args["card"] = fill(args["card"], lambda s, k: completion.complete(s, k, lang, free=True, cards=deck_cards,
                                                                        default_type="thing"))
    return prepared


def _is_raid(spec: dict, entry: deck_knowledge.Known | None, decks: tuple[str, ...], lang: str) -> bool:
    """Whether the card handed over is a Raid card: ticked so, or known so (the catalog, this table, the deck)."""
    if "raid" in (spec.get("categories") or ()):
        return True
    known = completion.merged({"name": spec["name"]}, entry.facts if entry else None, lang, cards.cards_for(decks))
    return "raid" in (known.get("categories") or ())


def _with_canceler(prepared: Prepared, args: dict, lang: str, decks: tuple[str, ...],
                   readings: deck_knowledge.ActionReadings) -> None:
    """The canceling card's kind into the action (`with_type`, `with_categories`, `with_cancels`) for the rules; a
    card nobody knows takes the player's answer (`cancels`: "any" or a category), learned once the cancel is
    recorded, else is asked about once the rules have accepted the cancel."""
    answer = args.pop("cancels", None)
    shared, own = readings.said_of(args["with"])
    entry = deck_knowledge.laid_over(shared, own)
    known = completion.merged({"name": args["with"]}, entry.facts if entry else None, lang, cards.cards_for(decks))
    if "key" not in known and not known.get("type") and not known.get("categories"):
        if answer is None:
            prepared.pending = UnknownCanceler(args["with"])
            return
        known = {"name": args["with"], "categories": ["cancel"], "cancels": [] if answer == "any" else [answer]}
        prepared.lessons.append(Lesson(known, shared, own))
    args["with_type"] = known.get("type")
    args["with_categories"] = list(known.get("categories") or ())
    args["with_cancels"] = list(known.get("cancels") or ())
