"""What the server knows of the cards, around one action, in order: before the rules decide, what each card is;
after the events are appended, what the table learned."""

from __future__ import annotations

from sqlite_utils import Database

from ..input.actions import Action
from ..rules import game
from ..storage import deck_knowledge
from . import remembered
from .budget_facts import with_budget_facts
from .learning import Lesson, learn
from .naming import with_resolved_names
from .remembered import Prepared

# The actions whose cards the steps before deciding name, complete and learn; the others name no card.
CARD_ACTIONS = frozenset({"play_card", "pull_rank", "watch_tv", "call_raid", "take_loot", "cancel_card", "budget_card",
                          "set_job_profile"})


def before_deciding(db: Database, action: Action, lang: str, game_key: str, table_id: int) -> Prepared:
    """0. Every card the action names under the name of the card it stands for (`naming`: a short name, a typo).
    1. A card that changes this turn's Income or Free Time filled in from the catalog (`budget_facts`).
    2. Every card the action names completed from the catalog and the deck, its printed numbers checked
    (`remembered.with_card_facts`).
    What the deck and the table say of each name is read once (`ActionReadings`), and learned from after."""
    readings = deck_knowledge.ActionReadings(db, game(game_key).decks, lang, table_id)
    action = with_resolved_names(db, action, lang, game(game_key).decks, table_id, readings)
    action = with_budget_facts(action, lang, game(game_key).decks)
    return remembered.with_card_facts(action, lang, game_key, readings)


def after_appending(db: Database, events: list[dict], lessons: list[Lesson], game_key: str, table_id: int,
                    lang: str | None) -> None:
    """3. Rank and job numbers the table copied from its cards kept for the next table (`remembered.remember`).
    4. The cards played known at this table at once, and offered to the shared deck (`learning.learn`; `lang` is
    None for an action that named no card, and so has no lessons)."""
    remembered.remember(db, events)
    if lessons:
        learn(db, lessons, game(game_key).decks, table_id, lang)
