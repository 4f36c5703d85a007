"""One record per game: what differs between Chez Guevara, Chez Geek, Chez Goth and Geek with Goth combined.

Code asks the record (`game(state.game).has_jobs`), never compares a game's key. The facts come from the
rulebooks in the shared seeds: 002_22fc518f8780fc11.txt (Chez Guevara, English), 001_33843aac75e5d22e.txt
(Chez Geek, German 4th edition) and 004_86e669cd97eaea5c.txt (Chez Goth, German, with its rules for combining
it with Chez Geek).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True)
class Game:
    """What one game's rules, forms and texts need to know about it."""

    key: str
    title: str  # the printed title: a proper name, never translated
    decks: tuple[str, ...]  # the card catalogs its cards and jobs come from
    phases: tuple[str, ...]
    roll_purposes: tuple[str, ...]
    categories: tuple[str, ...]  # what a card may count as (the card form's choices)
    pest_categories: tuple[str, ...]  # what an uninvited Person may make a player discard
    rulebook: str  # the rules reference's section prefix
    terms: str  # its family's words in `terms.TERMS`: phase and resource names per language
    has_ranks: bool  # rank cards, promotions, raids, denouncing, pulling rank
    has_jobs: bool  # a job card per player with its own Income, Free Time and Slack goal
    has_tv: bool  # TV cards may spoil another player's Free Time
    has_heartache: bool
    has_rooms: bool  # cards lie in rooms and Free Time goes shopping (not tents and scrounging)
    everyone_is_goth: bool  # every player counts as a Goth
    combining_rules: bool  # Chez Goth's rules for playing with Chez Geek: only a Goth job makes a Goth, twin jobs...
    min_players: int
    max_players: int
    # Where this rulebook explains a shared topic under another name.
    rulebook_topics: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def categories_of(self, card_type: str) -> tuple[str, ...]:
        """The categories a card of this type may carry in this game (the card form asks only for these)."""
        return tuple(key for key in self.categories if card_type in CATEGORY_TYPES.get(key, ()))

    def rulebook_topic(self, topic: str) -> str:
        """A shared topic's section id in this game's rulebook."""
        return f"{self.rulebook}.{self.rulebook_topics.get(topic, topic)}"


# 002: six phases, the last one heals a wound. 001 and 004: five phases, no Heal.
RANK_PHASES = ("draw", "roll", "call", "freetime", "discard", "heal")
JOB_PHASES = ("draw", "roll", "call", "freetime", "discard")
# 002: rolls call People, get rid of them, set an Activity's Slack, settle raids and denouncing.
RANK_ROLLS = ("call", "get_rid", "variable", "raid", "denounce", "card", "other")
# 001, 004: a job with two printed values rolls its Income and Free Time at the start of the turn.
JOB_ROLLS = ("call", "get_rid", "variable", "card", "other", "income", "free_time")

# Every category and pest category in one order, so that each game's form lists them alike.
CATEGORY_ORDER = ("food", "booze", "cigarettes", "weed", "mushrooms", "book", "clothing", "jewellery", "partner",
                  "pet", "sleep", "nookie", "tv", "web", "heartache", "raid", "cancel")
PEST_ORDER = ("food", "booze", "cigarettes", "weed", "partner", "clothing", "jewellery")


# Which card types carry each category: Things are eaten or drunk, Activities are slept or watched, a Partner is a
# Person (001: pests consume Food, Booze, Weed or a Partner); a canceling card is an Activity.
CATEGORY_TYPES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    **{key: ("thing",) for key in ("food", "booze", "cigarettes", "weed", "mushrooms", "book", "clothing", "jewellery",
                                   "pet")},
    **{key: ("activity",) for key in ("sleep", "nookie", "tv", "web", "heartache", "raid", "cancel")},
    "partner": ("person",),
})


def _in_order(order: tuple[str, ...], *names: str) -> tuple[str, ...]:
    """The named keys once each, in the given order."""
    return tuple(key for key in order if key in names)


# 002: Food, Booze, Cigarettes, Pets (the Goat is Pet and Food), Sleep, Nookie and Raids; Glorious Leader, Gordo
# and Party Girl take Food, Booze or Cigarettes. Every game has cards that cancel.
GUEVARA_CATEGORIES = _in_order(CATEGORY_ORDER, "food", "booze", "cigarettes", "pet", "sleep", "nookie", "raid",
                               "cancel")
GUEVARA_PESTS = _in_order(PEST_ORDER, "food", "booze", "cigarettes")
# 001: Things are mostly Book, Booze, Cigarettes, Food, Mushrooms and Weed; Person/Pet cards; Sleep, Nookie,
# TV and Surfing the Web; its uninvited People take Food, Booze, Weed or a Partner.
GEEK_CATEGORIES = _in_order(CATEGORY_ORDER, "food", "booze", "cigarettes", "weed", "mushrooms", "book", "partner",
                            "pet", "sleep", "nookie", "tv", "web", "cancel")
GEEK_PESTS = _in_order(PEST_ORDER, "food", "booze", "weed", "partner")
# 004: Things are mostly Cigarettes, Booze, Clothing, Jewellery, Book and Weed; Sleep, Nookie, TV and
# Heartache (Moping, Whining); the UK Import takes Clothing or Jewellery.
GOTH_CATEGORIES = _in_order(CATEGORY_ORDER, "booze", "cigarettes", "weed", "book", "clothing", "jewellery",
                            "sleep", "nookie", "tv", "heartache", "cancel")
GOTH_PESTS = _in_order(PEST_ORDER, "clothing", "jewellery")
# 004 explains pests together with the uninvited People.
GOTH_TOPICS = MappingProxyType({"pests": "people.uninvited"})

_JOB_GAME = dict(terms="jobs", phases=JOB_PHASES, roll_purposes=JOB_ROLLS, has_ranks=False, has_jobs=True,
                 has_tv=True, has_rooms=True, min_players=2, max_players=5)

GAMES: dict[str, Game] = {record.key: record for record in (
    # 002: up to five players; 000 and 003 deal two players a Private each.
    Game("guevara", "Chez Guevara", ("guevara",), RANK_PHASES, RANK_ROLLS, GUEVARA_CATEGORIES, GUEVARA_PESTS,
         rulebook="guevara", terms="guevara", has_ranks=True, has_jobs=False, has_tv=False, has_heartache=False,
         has_rooms=False, everyone_is_goth=False, combining_rules=False, min_players=2, max_players=5),
    # 001 speaks of two players; the seeds state no maximum for the job games, so the companion's five stand.
    Game("geek", "Chez Geek", ("geek",), categories=GEEK_CATEGORIES, pest_categories=GEEK_PESTS,
         rulebook="geek", has_heartache=False, everyone_is_goth=False, combining_rules=False, **_JOB_GAME),
    Game("goth", "Chez Goth", ("goth",), categories=GOTH_CATEGORIES, pest_categories=GOTH_PESTS,
         rulebook="goth", has_heartache=True, everyone_is_goth=True, combining_rules=False,
         rulebook_topics=GOTH_TOPICS, **_JOB_GAME),
    # 004's combining rules: both decks shuffled together, explained in Chez Goth's rulebook.
    Game("geekgoth", "Chez Geek + Chez Goth", ("geek", "goth"),
         categories=_in_order(CATEGORY_ORDER, *GEEK_CATEGORIES, *GOTH_CATEGORIES),
         pest_categories=_in_order(PEST_ORDER, *GEEK_PESTS, *GOTH_PESTS), rulebook="goth", has_heartache=True,
         everyone_is_goth=False, combining_rules=True, rulebook_topics=GOTH_TOPICS, **_JOB_GAME),
)}

# What any game may name: the action parser accepts these, the table's own game then decides.
ALL_PHASES = tuple(dict.fromkeys(key for record in GAMES.values() for key in record.phases))
ALL_ROLL_PURPOSES = tuple(dict.fromkeys(key for record in GAMES.values() for key in record.roll_purposes))
ALL_CATEGORIES = _in_order(CATEGORY_ORDER, *(key for record in GAMES.values() for key in record.categories))
ALL_PEST_CATEGORIES = _in_order(PEST_ORDER, *(key for record in GAMES.values() for key in record.pest_categories))


def game(key: str) -> Game:
    """The record of a game by its key (KeyError for a game the companion does not know)."""
    return GAMES[key]


def job_deck(goth: bool) -> str:
    """The deck a job card belongs to: Goth jobs are Chez Goth's, the others Chez Geek's (004, combining)."""
    return "goth" if goth else "geek"
