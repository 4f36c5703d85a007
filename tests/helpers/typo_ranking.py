"""One-edit typos of every catalog card's name, and how often the picker ranks the card first for them.

Seeds split in two halves as the generated games' do (tests/helpers/generated_games.py): even seeds were looked at
while choosing the ranking of companion/knowledge/card_match.py, odd ones are held out.

    python -m tests.helpers.typo_ranking [--seeds 1 3 5 7]
"""

from __future__ import annotations

import argparse
import random
import unicodedata
from dataclasses import dataclass, field

from companion.cards import cards_for
from companion.cards.card import LANGS
from companion.knowledge import card_match
from companion.knowledge.card_match import FORMS, Choice, ranked, takes
from companion.rules import GAMES

EDITS = ("swap", "drop", "double", "replace")
GAME_NAMES = ("guevara", "geek", "goth")


@dataclass
class TypoFigures:
    """Typos sent and how many ranked their own card first, per kind of edit."""

    sent: dict = field(default_factory=lambda: dict.fromkeys(EDITS, 0))
    first: dict = field(default_factory=lambda: dict.fromkeys(EDITS, 0))
    misses: list = field(default_factory=list)

    def share(self) -> float:
        """The share of typos whose own card came first."""
        return sum(self.first.values()) / max(1, sum(self.sent.values()))


def one_edit(name: str, rng: random.Random, how: str) -> str:
    """The name with one slip at a letter after the first: two letters swapped, one dropped, doubled or replaced by
    a neighbouring letter of its alphabet."""
    letters = list(unicodedata.normalize("NFC", name))
    places = [at for at in range(1, len(letters)) if letters[at].isalpha()]
    if not places:
        return name
    at = rng.choice(places)
    if how == "swap" and at + 1 < len(letters):
        letters[at], letters[at + 1] = letters[at + 1], letters[at]
    elif how == "drop":
        del letters[at]
    elif how == "double":
        letters.insert(at, letters[at])
    else:
        letters[at] = chr(ord(letters[at]) + rng.choice((-1, 1))) if letters[at] not in "aаzя" else letters[at]
    return "".join(letters)


def a_form_for(card) -> str | None:
    """A card form that takes the card, as a fresh table's picker would offer it there."""
    choice = Choice("", "en", card.key, card.type, {"categories": list(card.categories)})
    return next((form for form in FORMS if takes(form, choice)), None)


def catalog_choices(decks: tuple[str, ...], lang: str) -> list[Choice]:
    """The cards of the decks under their names in lang, as a fresh server's picker lists them."""
    return [Choice(card.names[lang], lang, card.key, card.type,
                   {"type": card.type, "categories": list(card.categories)})
            for card in cards_for(decks) if card.names.get(lang)]


def measure(seed: int, figures: TypoFigures | None = None) -> TypoFigures:
    """Rank one typo of each kind of every card name (in each edition's language, each game) under seed."""
    figures = figures or TypoFigures()
    rng = random.Random(seed)
    for game in GAME_NAMES:
        decks = GAMES[game].decks
        for lang in LANGS:
            choices = catalog_choices(decks, lang)
            for card in cards_for(decks):
                name, form = card.names.get(lang), a_form_for(card)
                if not name or form is None or len(card_match.fold(name)) < 4:
                    continue
                for how in EDITS:
                    typed = one_edit(name, rng, how)
                    if card_match.fold(typed) == card_match.fold(name):
                        continue
                    found = ranked(typed, choices, form, (lang,), 8)
                    figures.sent[how] += 1
                    if found and found[0][0].card == card.key:
                        figures.first[how] += 1
                    else:
                        figures.misses.append((typed, name, [choice.name for choice, _score in found[:3]]))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 3, 5, 7, 9, 11, 13, 15])
    parser.add_argument("--misses", action="store_true", help="print the typos whose card did not come first")
    options = parser.parse_args()
    figures = TypoFigures()
    for seed in options.seeds:
        measure(seed, figures)
    halves = {"held-out (odd)" if seed % 2 else "tuning (even)" for seed in options.seeds}
    print(f"seeds {options.seeds} ({', '.join(sorted(halves))}): {sum(figures.first.values())} of "
          f"{sum(figures.sent.values())} one-edit typos rank their card first ({figures.share():.1%})")
    for how in EDITS:
        print(f"  {how}: {figures.first[how]} of {figures.sent[how]}")
    if options.misses:
        for miss in figures.misses:
            print("  ", miss)


if __name__ == "__main__":
    main()
