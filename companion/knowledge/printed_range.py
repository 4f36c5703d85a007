"""Numbers in range: the one check of a card's printed Slack, cost, rolled-Slack modifier and loot against what a
card of its game can carry (cards/printed_limits.py), for table plays, deck files and the deck page."""

from __future__ import annotations

from ..cards.printed_limits import limits
from ..input.values import BadInput
from ..rules import GAMES, N_

MESSAGES = {
    "slack": N_("%(card)s: a card of %(game)s prints a Slack from %(low)d to %(high)d, not %(n)d."),
    "cost": N_("%(card)s: a card of %(game)s costs from %(low)d to %(high)d, not %(n)d."),
    "slack_modifier": N_(
        "%(card)s: a card of %(game)s adds from %(low)d to %(high)d to the die for its Slack, not %(n)d."
    ),
    "loot": N_("%(card)s: a Raid card of %(game)s deals from %(low)d to %(high)d loot cards, not %(n)d."),
}
NO_LOOT = N_("%(card)s: %(game)s has no Raid cards, so no card deals loot.")


def check(name: str, facts: dict, decks: tuple[str, ...], rules_judge_loot: bool = False) -> None:
    """Refuse (BadInput, nothing written) a printed number no card of these decks can carry.

    At a table (`rules_judge_loot`) a game without Raid cards leaves a raid to its rules, which refuse it first."""
    game = next((record for record in GAMES.values() if record.decks == decks), None) or next(
        record for record in GAMES.values() if record.decks == decks[:1]
    )
    title, bounds_of = game.title, limits(game.has_ranks)  # raids come with the ranks
    for fact, message in MESSAGES.items():
        value = facts.get(fact)
        if value is None:
            continue
        bounds = getattr(bounds_of, fact)
        if bounds is None and rules_judge_loot:
            continue
        if bounds is None:
            raise BadInput(NO_LOOT, card=name, game=title)
        low, high = bounds
        if not low <= value <= high:
            raise BadInput(message, card=name, game=title, low=low, high=high, n=value)
