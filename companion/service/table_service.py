"""The one place an action becomes events: authorize, know its cards, decide, append, learn, publish."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from sqlite_utils import Database

from ..input.actions import Action, BadInput
from ..knowledge import card_steps
from ..live.hub import Hub
from ..rules import BY_DISPLAY, DISPLAY, N_, RuleViolation, TableState, decide, initial_state
from ..storage import store
from ..storage.state_cache import StateCache
from .chance import with_chance
from .join_codes import new_join_code

# --- who may act: phones for their own seat, the display for anyone ----------------------------------------

DISPLAY_ONLY = {"set_order", "set_dealer", "free_seat", "name_seat", "set_profile", "deal_ranks", "start_game",
                "rematch", "set_job_profile", "deal_jobs", "set_job_die"}
ANYONE = {"undo", "redo"}


class Forbidden(Exception):
    """The actor may not do this (403); nothing is written."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def authorize(actor: str, action: Action) -> None:
    """Phones act for their own seat; the display acts for anyone; undo and redo are open to all."""
    if actor == DISPLAY or action.type in ANYONE:
        return
    if action.type in DISPLAY_ONLY:
        raise Forbidden(N_("Only the table display can do that."))
    if actor != f"seat:{action.seat}":
        raise Forbidden(N_("A phone can only act for its own seat."))


def with_tapper(kind: str, args: dict, actor: str) -> dict:
    """The arguments plus who tapped, where the rules ask it: the display letting a card pass for a seat."""
    return {**args, BY_DISPLAY: True} if kind == "pass_card" and actor == DISPLAY else args


AnswerFirst = Callable[[Callable[[], None], Callable[[], None]], None]


class UnknownTable(Exception):
    """No table behind the token (404, saying nothing more)."""


class NotSeated(Exception):
    """The keys carried are not the table's display's and hold no seat there (403)."""


@dataclass
class Outcome:
    """What an action did: the events it appended (none for a repeated action id) and the new state."""

    events: list[dict]
    state: TableState
    repeated: bool = False


@dataclass
class Tapped:
    """A tap at a table found by its token: the table, who tapped, and what the action did."""

    table: store.TableRow
    actor: str
    outcome: Outcome


class TableService:
    """The application service of one app: actions become events here, with the state cache and the hub that
    tells live streams about new versions."""

    def __init__(self, database: str | None = None):
        self.cache = StateCache()
        self.hub = Hub(database)  # given the database, it hears of other server processes' writes too

    def state(self, db: Database, table: store.TableRow) -> TableState:
        """The table's current public state."""
        return self.cache.state(db, table.id)

    def delete(self, db: Database, table: store.TableRow) -> None:
        """Remove a table for good; its cached state goes, and its live streams end."""
        with self.cache.writer(table.id):
            store.delete_table(db, table.id)
            self.cache.forget(table.id)
        self.hub.forget(table.id)

    def tap(self, db: Database, token: str, action: Action, lang: Callable[[store.TableRow], str],
            answer_first: AnswerFirst | None = None, display_key: str = "",
            seat_keys: tuple[tuple[int, str], ...] = ()) -> Tapped:
        """One action at the table behind a token, by whoever carries the keys (the display's, or a key for each
        seat tried), read in one place: the table and who holds the keys (UnknownTable, NotSeated before anything is
        decided), then as `apply`; the reader's language (`lang` of the table) is asked only of an action that names
        cards."""
        self.hub.taps.started()
        version: list[int] = []
        table = None
        try:
            table = store.table_by_token(db, token)
            actor = None if table is None else store.key_holder(db, table, display_key, seat_keys)
            if table is None:
                raise UnknownTable()
            if actor is None:
                raise NotSeated()
            return Tapped(table, actor, self._applied(db, table, action, actor, None, lang, answer_first, version))
        finally:
            self._tell(None if table is None else table.id, version, answer_first)

    def apply(self, db: Database, table: store.TableRow, action: Action, actor: str, claim_key: str | None = None,
              lang: str = "en", answer_first: AnswerFirst | None = None) -> Outcome:
        """One action, on a straight line: who may, what its cards are, the rules' decision, the events appended
        atomically (a repeated id is a no-op), what the table learned, and the live streams told.

        `answer_first(made, sent)`, where given, runs `made` once the caller's answer is made and `sent` once it is
        out: until then the table's streams make no panels and do not hear of the new version, so the person who
        tapped is answered first. Without it the streams are told at once.
        """
        self.hub.taps.started()
        version: list[int] = []
        try:
            return self._applied(db, table, action, actor, claim_key, lambda _table: lang, answer_first, version)
        finally:
            self._tell(table.id, version, answer_first)

    def _applied(self, db: Database, table: store.TableRow, action: Action, actor: str, claim_key: str | None,
                 lang: Callable[[store.TableRow], str], answer_first: AnswerFirst | None, version: list[int]
                 ) -> Outcome:
        """The action's steps in order; the new version, once appended, goes into `version`. The card steps run only
        for an action that names cards: the others need nothing the server knows of the cards."""
        if action.type != "join":
            authorize(actor, action)
        reader = lang(table) if action.type in card_steps.CARD_ACTIONS else None
        prepared = None if reader is None else card_steps.before_deciding(db, action, reader, table.game, table.id)
        stored, current = self._decide_and_append(db, table, action if prepared is None else prepared.action, actor,
                                                  claim_key, None if prepared is None else prepared.pending,
                                                  hold=answer_first is not None)
        if stored is None:
            return Outcome([], current, repeated=True)
        card_steps.after_appending(db, stored, [] if prepared is None else prepared.lessons, table.game, table.id,
                                   reader)
        new_state = self.cache.appended(db, table.id, stored)
        version.append(new_state.version)
        if new_state.winner is not None and current.winner is None:
            store.remember(db, store.GAMES_WON, {"table": table.id})
        return Outcome(stored, new_state)

    def _tell(self, table_id: int | None, version: list[int], answer_first: AnswerFirst | None) -> None:
        """The tap is answered; its new version (if any) is published, at once or once the answer is out."""
        def tell() -> None:
            if version:
                self.hub.versions.publish(table_id, version[0])

        if answer_first is None:
            self.hub.taps.answered()
            tell()
        else:
            answer_first(self.hub.taps.answered, tell)

    def _decide_and_append(self, db: Database, table: store.TableRow, action: Action, actor: str,
                           claim_key: str | None, pending: BadInput | None = None, hold: bool = False
                           ) -> tuple[list[dict] | None, TableState]:
        """The events the rules decide, appended in one transaction (None for an action id already seen), and the
        state they were decided on. `pending` is raised once the rules accepted the action (numbers still missing).

        One action at a time decides at a table; a write from another process makes it decide again. With `hold`
        the hub's watcher leaves the new version for the caller to post.

        Whether the id was seen is asked only when the append or the rules refused: a repeat's events clash with
        its action id's key, and a repeat the table has moved past is refused by the rules. Asking first cost every
        tap a round trip to PostgreSQL.
        """
        claim, said = _claim_change(action, claim_key), fingerprint(action, actor)
        with self.cache.writer(table.id):
            refused = False
            while True:
                current = self.cache.state(db, table.id)
                if refused and already_done(db, table, action, actor):
                    return None, current
                try:
                    args = with_tapper(action.type, with_chance(action, current), actor)
                    events = decide(current, action.type, action.seat, args)
                except (RuleViolation, BadInput):
                    if not refused and already_done(db, table, action, actor):
                        return None, current
                    raise
                if pending is not None:
                    raise pending
                if hold:
                    self.hub.versions.hold(table.id, current.version + len(events))
                try:
                    stored = store.append(db, table.id, current.version, action.action_id, actor, events, claim,
                                          said)
                except BaseException as failed:
                    if hold:
                        self.hub.versions.hold(table.id, None)
                    if not isinstance(failed, store.Conflict):
                        raise
                    if not store.table_exists(db, table.id, table.token):  # deleted while this tap was on its way
                        raise Forbidden(N_("This table has been deleted.")) from None
                    refused = True
                    continue
                return stored, current

    def expire_unstarted(self, db: Database, idle_seconds: float) -> None:
        """Delete the tables that never started a game and have been idle this long; their streams end."""
        for table_id in store.expire_unstarted(db, idle_seconds):
            self.cache.forget(table_id)
            self.hub.forget(table_id)

    def create_table(self, db: Database, options: dict) -> tuple[store.TableRow, str]:
        """Make a table with its token, display key and join code; returns the row and the display key."""
        display_key = secrets.token_urlsafe(24)
        events = decide(initial_state(), "create_table", None, options)
        while True:
            token, code = secrets.token_urlsafe(16), new_join_code()
            try:
                with store.write_transaction(db):
                    table = store.insert_table(db, token, display_key, code, options["game"], options["language"])
                    store.append(db, table.id, 0, "create-" + token[:40], DISPLAY, events)
            except (store.Conflict, *store.integrity_errors()):  # a clash of random token or code: draw again
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


def _claim_change(action: Action, claim_key: str | None) -> tuple[int, str | None] | None:
    if action.type == "join":
        return (action.seat, claim_key)
    if action.type == "free_seat":
        return (action.seat, None)
    return None

