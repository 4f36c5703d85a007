"""The limits of the numbers a printed card of each deck can carry (limits only: a card's own numbers come from the
card, never from here).

Where each limit comes from:
- Slack: 002 (Chez Guevara, "Winning the Game") ends the game at 20 Slack, so no card is worth more, and no card
  takes away more than a whole game's worth (uninvited People bring 0 Slack or less, 002 "Call People"). Chez Geek
  and Chez Goth read the goal off each job (001 and 004, "Slackziel"); the highest a job in the catalogs prints is 20.
- Cost: some Things are free (002 "Scrounging": cost 0). A cost is paid from one turn's Income (002, 001); the
  companion takes a rank's or job's Income up to 20, so a dearer card could never be bought.
- Rolled Slack: a die plus a modifier; a result of 0 or less fails (002 "Activities"), so a modifier below -5 would
  make a card no roll can win, and one above the Slack limit minus 6 a card worth more than a game.
- Loot: a Raid card deals its loot from the Life deck (002 "Loot"), which has 104 cards (003, the component list).
  Chez Geek and Chez Goth have no Raids (001, 004), so none of their cards deals loot.
"""

from __future__ import annotations

from dataclasses import dataclass

SLACK_LIMIT = 20  # 002: 20 Slack wins; 001/004: the highest job goal in the catalogs (geek_cards, goth_cards)
LIFE_CARDS = 104  # 003: the Life deck of Chez Guevara
DIE = 6


@dataclass(frozen=True)
class Limits:
    """What a printed card of one deck can carry: (lowest, highest) per number; None where no card has it."""

    slack: tuple[int, int]
    cost: tuple[int, int]
    slack_modifier: tuple[int, int]
    loot: tuple[int, int] | None


def limits(has_raids: bool) -> Limits:
    """The limits of a game's printed cards; only a game with Raids has cards that deal loot."""
    return Limits(
        slack=(-SLACK_LIMIT, SLACK_LIMIT),
        cost=(0, 20),
        slack_modifier=(1 - DIE, SLACK_LIMIT - DIE),
        loot=(1, LIFE_CARDS) if has_raids else None,
    )
