"""What the server remembers across tables: rank and job profiles, and the printed facts of cards played."""

from __future__ import annotations

from dataclasses import replace

from sqlite_utils import Database

from . import cards, store
from .actions import Action
from .cards import complete
from .rules import game, job_deck

PROFILE_KEY = "guevara.rank_profile"


def job_profile_key(deck: str) -> str:
    """Where the server keeps the job cards a table copied from one deck ("geek" or "goth")."""
    return f"{deck}.job_profile"


def card_key(name: str) -> str:
    """Where the server keeps what it learned of a card."""
    return "card:" + " ".join(name.casefold().split())


def rank_profile(db: Database) -> dict | None:
    """The rank cards a table entered last, if any."""
    return store.remembered(db, PROFILE_KEY)


def job_profile(db: Database, deck: str) -> list[dict]:
    """The job cards of one deck as a table entered them last (none yet: an empty list)."""
    return (store.remembered(db, job_profile_key(deck)) or {}).get("jobs", [])


def remember(db: Database, events: list[dict]) -> None:
    """Keep what the table copied from its cards in these events, for the next game and the next table."""
    for event in events:
        if event["type"] == "profile_set":
            store.remember(db, PROFILE_KEY, event["args"])
        if event["type"] == "job_profile_set":
            decks: dict[str, list[dict]] = {}
            for job in event["args"]["jobs"]:
                decks.setdefault(job_deck(job["goth"]), []).append(job)
            for deck, jobs in decks.items():
                store.remember(db, job_profile_key(deck), {"jobs": jobs})
        for spec in _cards_of(event):
            store.remember(db, card_key(spec["name"]), complete.printed_facts(spec))


def _cards_of(event: dict) -> list[dict]:
    """The cards an event put on the table, whose printed numbers are worth remembering."""
    if event["type"] == "card_played":
        return event["args"]["cards"]
    if event["type"] in ("rank_pulled", "loot_taken") and event["args"]["card"] is not None:
        return [event["args"]["card"]]
    return []


def with_card_facts(db: Database, action: Action, lang: str, game_key: str) -> Action:
    """Cards named in an action, completed from the game's catalog and from what the server remembers."""
    args, deck_cards = action.args, cards.cards_for(game(game_key).decks)

    def known(spec: dict) -> dict | None:
        return store.remembered(db, card_key(spec["name"]))

    if action.type == "play_card":
        return replace(action, args={**args, "cards": [complete.complete(spec, known(spec), lang, cards=deck_cards)
                                                       for spec in args["cards"]]})
    if action.type == "set_job_profile":
        return replace(action, args={"jobs": [complete.with_job_facts(job) for job in args["jobs"]]})
    if action.type == "call_raid" or (action.type == "pull_rank" and "raid" in args["card"].get("categories", ())):
        return replace(action, args={**args, "card": complete.complete_raid(args["card"], known(args["card"]), lang)})
    if action.type in ("pull_rank", "watch_tv"):
        card = complete.complete(args["card"], known(args["card"]), lang, cards=deck_cards)
        return replace(action, args={**args, "card": card})
    if action.type == "take_loot" and args["card"] is not None:  # a known card keeps its type; the rules judge it
        card = args["card"]
        return replace(action, args={**args, "card": complete.complete(card, known(card), lang, free=True,
                                                                      cards=deck_cards, default_type="thing")})
    return action
