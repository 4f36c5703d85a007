"""What generated games draw from: dice, seats, cards completed as the service completes them, decks and jobs.

Every choice goes through a `Draw`, so that Hypothesis can shrink it (`HypothesisDraw`) and the fuzz
benchmark's checks can make the same choices from a seeded `random.Random` (`RandomDraw`).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from companion.cards import cards_for
from companion.knowledge.completion import known_facts
from companion.rules import GAMES, RANKS
from tests.helpers.job_tables import GEEK_JOBS, GOTH_JOBS, entry

CARD_TYPES = ("person", "thing", "activity", "cat")
# Goth jobs beyond tests/helpers/job_tables.py's four, so that five can play Chez Goth (test numbers).
MORE_GOTH_JOBS = [
    {
        "key": "morgue_watch",
        "name": "Morgue Night Watch",
        "income": [2],
        "free_time": [2],
        "goal": 19,
        "goth": True,
        "bonus": {"book": 1},
    },
    {
        "key": "goth_temp",
        "name": "Night Temp",
        "income": [1, 3],
        "free_time": [1, 3],
        "goal": 17,
        "goth": True,
    },
]
# A job card the table never copied the numbers of: dealt or brought out by a New Job, its holder is asked for them.
BLANK_JOB = {"key": "unwritten", "name": "Unwritten Job", "income": None, "free_time": None, "goal": None}
JOBS = {
    "geek": GEEK_JOBS + [BLANK_JOB],
    "goth": GOTH_JOBS + MORE_GOTH_JOBS,
    "geekgoth": GEEK_JOBS + GOTH_JOBS + MORE_GOTH_JOBS,
}
COUNTS = (
    {"private": 4, "corporal": 2, "sergeant": 2},
    {"private": 3, "corporal": 3, "sergeant": 2},
    {"private": 5, "corporal": 2, "sergeant": 1},
)


class Draw:
    """A source of choices: a value from a sequence, a whole number in a range, a yes or no."""

    def pick(self, options: Sequence[Any]) -> Any:
        """One of `options` (not empty)."""
        raise NotImplementedError

    def number(self, low: int, high: int) -> int:
        """A whole number from `low` to `high`."""
        raise NotImplementedError

    def flag(self) -> bool:
        """Yes or no."""
        return self.pick((False, True))

    def die(self) -> int:
        """A die's face."""
        return self.number(1, 6)

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        """The items in a drawn order."""
        rest, result = list(items), []
        while rest:
            result.append(rest.pop(self.number(0, len(rest) - 1)))
        return result


class HypothesisDraw(Draw):
    """Choices drawn from Hypothesis's `data()`, so a failing game shrinks."""

    def __init__(self, data):
        self.data = data

    def pick(self, options):
        from hypothesis import strategies as st

        return self.data.draw(st.sampled_from(tuple(options)))

    def number(self, low, high):
        from hypothesis import strategies as st

        return self.data.draw(st.integers(low, high))


class RandomDraw(Draw):
    """Choices from a seeded generator: the same seed, the same choices."""

    def __init__(self, seed: int):
        self.random = random.Random(seed)

    def pick(self, options):
        options = tuple(options)
        return options[self.random.randrange(len(options))]

    def number(self, low, high):
        return self.random.randint(low, high)


def playable_catalog(game: str) -> list:
    """The catalog cards of a game that are played into tents (not Whenever, Income or canceling cards)."""
    return [
        card
        for card in cards_for(GAMES[game].decks)
        if card.type != "whenever" and card.income_bonus is None and "cancel" not in card.categories
    ]


def card_spec(game: str, draw: Draw, kind: str | None = None) -> dict[str, Any]:
    """A card as the service hands it to the rules: the catalog's facts, and what the table typed."""
    rules = GAMES[game]
    pool = [card for card in playable_catalog(game) if kind is None or card.type in (kind, None)]
    if kind is None or draw.number(0, 2) == 0 or not pool:  # a card of the deck the catalog does not name
        spec: dict[str, Any] = {
            "name": draw.pick(("Pedro", "Siesta", "Rum", "Goat Stew", "Mixtape", "Chess"))
        }
    else:
        card = draw.pick(pool)
        spec = {**known_facts(card), "name": card.names.get("en") or card.names.get("de") or card.key}
    spec.setdefault("type", kind or draw.pick(CARD_TYPES))
    if not spec.get("categories") and draw.flag():
        spec["categories"] = [draw.pick(rules.categories)]
    if spec["type"] == "activity" and "slack_die" not in spec and draw.number(0, 3) == 0:
        spec.update(slack_die=True, slack_modifier=draw.number(-1, 1))
    if spec.get("slack") is None and not spec.get("slack_die"):
        spec["slack"] = draw.pick((0, 1, 1, 2, 3, 5, -1))
    if spec["type"] == "thing" and spec.get("cost") is None:
        spec["cost"] = draw.number(0, 3)
    if spec["type"] == "person":
        if "pest" not in spec and draw.number(0, 2) == 0:
            spec["pest"] = [draw.pick(rules.pest_categories)]
        spec.setdefault("invited", (spec.get("slack") or 0) > 0)
    if spec["type"] == "thing" and rules.has_ranks and draw.number(0, 3) == 0:
        spec["denounce_modifier"] = draw.number(-1, 2)
    return spec


def special_card(game: str, draw: Draw) -> dict[str, Any]:
    """A card some rule names: the Glorious Leader, The Toady, loud Nookie, Sleep, black windows, a pest."""
    rules = GAMES[game]
    cards = [
        {"name": "Sleep", "type": "activity", "categories": ["sleep"], "slack": 2},
        {"name": "Wild Nookie", "type": "activity", "categories": ["nookie"], "slack": 5},
        {
            "name": "Gordo",
            "key": "gordo",
            "type": "person",
            "invited": False,
            "slack": 0,
            "pest": list(rules.pest_categories[:2]),
        },
    ]
    if rules.has_ranks:
        cards += [
            {
                "name": "Glorious Leader",
                "key": "glorious_leader",
                "type": "person",
                "invited": False,
                "slack": -1,
            },
            {"name": "The Toady", "key": "the_toady", "type": "person", "invited": True, "slack": 1},
        ]
    if rules.combining_rules:
        cards.append(
            {
                "name": "Paint Your Windows Black",
                "key": "paint_your_windows_black",
                "type": "activity",
                "slack": 0,
            }
        )
    return dict(draw.pick(cards))


def rank_profile(draw: Draw) -> dict[str, Any]:
    """`set_profile`'s arguments: a deck's rank counts and printed numbers (drawn test values)."""
    values = {
        rank: {
            "income": draw.number(0, 4),
            "free_time": draw.number(1, 3),
            "slack": draw.number(0, 3),
            "penalty": draw.pick((None, 0, 1, 2)),
            "perk": "",
        }
        for rank in RANKS
    }
    return {"counts": dict(draw.pick(COUNTS)), "values": values}


def job_profile(game: str) -> dict[str, Any]:
    """`set_job_profile`'s arguments: the game's jobs as the action parser hands them over."""
    return {"jobs": [entry(job) for job in JOBS[game]]}


def loot_card(draw: Draw) -> dict[str, Any] | None:
    """A card taken from the loot: a Thing, another card for the leader's hand, or none named."""
    return draw.pick(
        (
            {"name": "Cigar", "type": "thing", "slack": draw.number(0, 2), "categories": ["cigarettes"]},
            {"name": "Rum", "type": "thing", "slack": 1, "categories": ["booze"]},
            {"name": "Siesta", "type": "activity", "slack": 2},
            None,
        )
    )
