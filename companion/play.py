"""The one place an action becomes events: load state, ask the rules, append, tell the table."""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from dataclasses import dataclass, replace

from sqlite_utils import Database

from . import cards, store
from .actions import Action
from .cards import complete as cardfacts
from .hub import Hub
from .rules import engine
from .rules.state import DISPLAY, TableState, initial_state, uses_jobs
from .rules.violations import N_, RuleViolation
from .state_cache import StateCache

DISPLAY_ONLY = {"set_order", "set_dealer", "free_seat", "name_seat", "set_profile", "deal_ranks", "start_game",
                "rematch", "set_job_profile", "deal_jobs"}
ANYONE = {"undo", "redo"}
PROFILE_KEY = "guevara.rank_profile"


def job_profile_key(deck: str) -> str:
    """Where the server keeps the job cards a table copied from one deck ("geek" or "goth")."""
    return f"{deck}.job_profile"


class Forbidden(Exception):
    """The actor may not do this (403); nothing is written."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class Outcome:
    """What an action did: the events it appended (none for a repeated action id) and the new state."""

    events: list[dict]
    state: TableState
    repeated: bool = False


class Play:
    """Per-app runtime: the state cache and the hub that tells live streams about new versions."""

    def __init__(self):
        self.cache = StateCache()
        self.hub = Hub()

    def state(self, db: Database, table: store.TableRow) -> TableState:
        """The table's current public state."""
        return self.cache.state(db, table.id)

    def delete(self, db: Database, table: store.TableRow) -> None:
        """Remove a table for good; its cached state goes, and its live streams end."""
        with self.cache.writer(table.id):
            store.delete_table(db, table.id)
            self.cache.forget(table.id)
        self.hub.forget(table.id)

    def apply(self, db: Database, table: store.TableRow, action: Action, actor: str,
              claim_key: str | None = None, lang: str = "en", notify: bool = True) -> Outcome:
        """Validate an action against the rules and append its events atomically (a repeated id is a no-op).

        With notify=False the caller tells the live streams itself (`self.hub.publish`), e.g. later.
        """
        if action.type != "join":
            authorize(actor, action)
        action = _with_card_facts(db, action, lang, table.game)
        with self.cache.writer(table.id):
            while True:
                current = self.cache.state(db, table.id)
                if already_done(db, table, action, actor):
                    return Outcome([], current, repeated=True)
                events = engine.decide(current, action.type, action.seat, with_chance(action, current))
                try:
                    stored = store.append(db, table.id, current.version, action.action_id, actor, events,
                                          _claim_change(action, claim_key), fingerprint(action, actor))
                except store.Conflict:
                    if not store.table_exists(db, table.id, table.token):  # deleted while this tap was on its way
                        raise Forbidden(N_("This table has been deleted.")) from None
                    continue
                break
        for event in stored:  # what the table copied from its cards serves the next game too
            if event["type"] == "profile_set":
                store.remember(db, PROFILE_KEY, event["args"])
            if event["type"] == "job_profile_set":
                for deck in ("geek", "goth"):
                    jobs = [job for job in event["args"]["jobs"] if job["goth"] == (deck == "goth")]
                    if jobs:
                        store.remember(db, job_profile_key(deck), {"jobs": jobs})
            for spec in _cards_of(event):
                cardfacts.remember(db, spec)
        new_state = self.cache.state(db, table.id)
        if notify:
            self.hub.publish(table.id, new_state.version)
        return Outcome(stored, new_state)

    def create_table(self, db: Database, options: dict) -> tuple[store.TableRow, str]:
        """Make a table with its token, display key and join code; returns the row and the display key."""
        display_key = secrets.token_urlsafe(24)
        events = engine.decide(initial_state(), "create_table", None, options)
        while True:
            token, code = secrets.token_urlsafe(16), new_join_code()
            try:
                with store.write_transaction(db):
                    table = store.insert_table(db, token, display_key, code, options["game"], options["language"])
                    store.append(db, table.id, 0, "create-" + token[:40], DISPLAY, events)
            except (store.Conflict, sqlite3.IntegrityError):  # a clash of random token or code: draw again
                continue
            return table, display_key


# --- an action id belongs to one action ------------------------------------------------------------------

class ReusedActionId(RuleViolation):
    """An action id already used for a different action (409): nothing is written, and the id is not reused."""

    def __init__(self):
        super().__init__(N_("That tap's id was already used for a different action, so nothing was changed. "
                            "Please try again."), section="")


def fingerprint(action: Action, actor: str) -> str:
    """What an action id stands for: who acted, what, for which seat, with which arguments (as parsed)."""
    what = json.dumps([actor, action.type, action.seat, action.args], sort_keys=True, default=str)
    return hashlib.sha256(what.encode()).hexdigest()


def already_done(db: Database, table: store.TableRow, action: Action, actor: str) -> bool:
    """True if this very action was done under its id (a repeat); raise ReusedActionId for a different one."""
    seen = store.seen_action(db, table.id, action.action_id)
    if seen is None:
        return False
    _seq, kept = seen
    if kept is not None and kept != fingerprint(action, actor):  # ids from before fingerprints count as repeats
        raise ReusedActionId()
    return True


def with_job_facts(job: dict) -> dict:
    """A job's per-category Slack bonus and forbidden cards as the rulebooks state them, unless the table said."""
    known = cards.JOBS_BY_KEY.get(job["key"])
    if known is None:
        return job
    return {**job, "bonus": job.get("bonus") or dict(known.bonus),
            "forbidden": job.get("forbidden") or list(known.forbidden)}


def _with_card_facts(db: Database, action: Action, lang: str, game: str) -> Action:
    """Cards named in an action, completed from the game's catalog and from what the server remembers."""
    args = action.args
    if action.type == "play_card":
        return replace(action, args={**args, "cards": [cardfacts.complete(db, spec, lang, game=game)
                                                       for spec in args["cards"]]})
    if action.type == "set_job_profile":
        return replace(action, args={"jobs": [with_job_facts(job) for job in args["jobs"]]})
    if action.type == "call_raid" or (action.type == "pull_rank" and "raid" in args["card"].get("categories", ())):
        return replace(action, args={**args, "card": cardfacts.complete_raid(db, args["card"], lang)})
    if action.type in ("pull_rank", "watch_tv"):
        return replace(action, args={**args, "card": cardfacts.complete(db, args["card"], lang, game=game)})
    if action.type == "take_loot" and args["card"] is not None:
        thing = {**args["card"], "type": "thing"}
        return replace(action, args={**args, "card": cardfacts.complete(db, thing, lang, free=True)})
    return action


def _cards_of(event: dict) -> list[dict]:
    """The cards an event put on the table, whose printed numbers are worth remembering."""
    if event["type"] == "card_played":
        return event["args"]["cards"]
    if event["type"] in ("rank_pulled", "loot_taken") and event["args"]["card"] is not None:
        return [event["args"]["card"]]
    return []


def roll_die() -> int:
    """A fair server-side die."""
    return secrets.randbelow(6) + 1


def with_chance(action: Action, state: TableState) -> dict:
    """The action's arguments plus whatever chance it needs: a die roll, or the shuffled rank cards."""
    args = dict(action.args)
    if action.type in ("roll_die", "roll_for_card", "get_rid", "raid_roll", "denounce_roll") and "value" not in args:
        args["value"] = roll_die()
    if action.type == "deal_ranks" and state.profile is not None:
        cards = [rank for rank, count in state.profile.counts.items() for _ in range(count)]
        secrets.SystemRandom().shuffle(cards)
        args["shuffled"] = cards
    if action.type == "deal_jobs":
        args["shuffled"] = list(state.job_profile)
        secrets.SystemRandom().shuffle(args["shuffled"])
    if action.type == "get_rid_all":
        args["values"] = [roll_die() for _ in state.tents.get(action.seat, [])]  # one roll per Person at most
    if action.type in ("start_game", "advance") and uses_jobs(state.game):
        args["dice"] = [roll_die(), roll_die()]  # a two-value Income and Free Time each roll at the turn's start
    return args


def authorize(actor: str, action: Action) -> None:
    """Phones act for their own seat; the display acts for anyone; undo and redo are open to all."""
    if actor == DISPLAY or action.type in ANYONE:
        return
    if action.type in DISPLAY_ONLY:
        raise Forbidden(N_("Only the table display can do that."))
    if actor != f"seat:{action.seat}":
        raise Forbidden(N_("A phone can only act for its own seat."))


def _claim_change(action: Action, claim_key: str | None) -> tuple[int, str | None] | None:
    if action.type == "join":
        return (action.seat, claim_key)
    if action.type == "free_seat":
        return (action.seat, None)
    return None


JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_join_code() -> str:
    """Six characters a person can read aloud and type without mixing up 0/O or 1/I."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(6))
