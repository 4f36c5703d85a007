"""Which card a typed or photographed name means: typo- and accent-tolerant matching (rapidfuzz) and the cards
each card form takes."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

# What each card form takes (002: loot after the leader is Things only, a Raid is an Activity card with Loot
# printed on it; 001/004: TV cards cancel Free Time; every game's canceling cards say so on the card).
FORMS = ("play", "call", "cancel", "pull_rank", "tv", "loot", "raid")
GOOD = 75.0  # the least score a typed name needs (of 100) to be offered
SHORTEST = 3  # the fewest letters a short name needs to stand for one card
TYPO = 85.0  # the least likeness of a text and a name's beginning (of 100) for one to be the other misspelt
AMBIGUOUS = 3.0  # two cards fitting within this many points of each other: the name stands for neither
NEAR = 98.0  # a whole name or word spelt with one slip scores NEAR - SLIP, with two NEAR - 2 * SLIP (of 100)
SLIP = 5.0
LOOSE = 10.0  # what a match of a few letters somewhere in a long name (WRatio's partial match) gives up
_ARTICLE = re.compile(r"^(the|der|die|das) ")
_NOT_LETTERS = re.compile(r"[^\w]+")


@dataclass(frozen=True)
class Choice:
    """One card name a picker may offer: in which language, which card it is, what it prints."""

    name: str
    lang: str
    card: str  # the card it names (a catalog key, else "name:" and its folded name): one chip per card
    type: str | None = None
    facts: dict = field(default_factory=dict, hash=False, compare=False)
    played: int = 0
    here: int = 0
    offered: bool = True  # False: a name matched (a photo, another edition) but not listed while browsing
    printed: bool = True  # False: a name a rulebook calls the card by, not printed on it (sent as a printed one)
    elsewhere: bool = False  # True: only another table of this server entered it (with its numbers), offered if typed


def fold(text: str) -> str:
    """A name reduced for matching: case, accents, ё, ß, punctuation and a leading article ignored."""
    text = unicodedata.normalize("NFKD", text.casefold().replace("ё", "е"))
    text = "".join(char for char in text if not unicodedata.combining(char)).replace("ß", "ss")
    return _ARTICLE.sub("", " ".join(_NOT_LETTERS.sub(" ", text).split()))


def takes(form: str, choice: Choice, typed: bool = True) -> bool:
    """Whether a card of this kind may be named in this form. A card no rulebook gives a type (Bomb Expert) is
    offered on one's own turn once its name is typed, never while browsing."""
    kind, categories = choice.type, choice.facts.get("categories") or ()
    untyped = kind is None and typed and "cancel" not in categories
    if form == "play":
        return kind in ("activity", "thing") or untyped
    if form == "call":
        return kind in ("person", "cat") or untyped
    if form == "cancel":
        return "cancel" in categories and kind not in ("person", "cat")
    if form == "pull_rank":
        return kind == "activity"
    if form == "tv":
        return "tv" in categories and kind in ("activity", None)
    if form == "loot":
        return kind == "thing"
    if form == "raid":
        return kind in ("activity", None) and ("raid" in categories or choice.facts.get("loot") is not None)
    return False


def typed_score(typed: str, name: str) -> float:
    """How well a typed (folded) beginning or whole name fits a (folded) card name, 0 to 100."""
    if not typed:
        return 100.0
    if name == typed:
        return 100.0
    starts = [0] + [match.end() for match in re.finditer(r" ", name)]
    if name.startswith(typed):
        return 99.0
    if any(name.startswith(typed, start) for start in starts):
        return 97.0
    near = spelt_near(typed, name)
    if len(typed) < 4:
        return near
    # A typo in the beginning typed so far: the typed text against each word's start of about its length.
    beginnings = max(
        fuzz.ratio(typed, name[start : start + size])
        for start in starts
        for size in (len(typed) - 1, len(typed), len(typed) + 1)
    )
    # Words in another order, or a few letters found anywhere in a long name (WRatio's partial match), count for
    # less than a near spelling of a whole name or word.
    return max(
        near, beginnings - 2, fuzz.token_sort_ratio(typed, name), fuzz.WRatio(typed, name) - LOOSE,
        fuzz.ratio(typed.replace(" ", ""), name.replace(" ", "")),
    )


def spelt_near(typed: str, name: str) -> float:
    """How near a (folded) typed text spells the whole (folded) name or one whole word of it: a slip or two of
    letters (swapped, dropped, added, replaced: "sope" for "soap") by edits, 0 where more than that."""
    words = name.split(" ")
    edits = min(OSA.distance(typed, whole) for whole in (name, *words) if whole)
    allowed = 0 if len(typed) < 3 else 1 if len(typed) < 4 else 2
    return 0.0 if edits > allowed else NEAR - SLIP * edits


def ranked(
    typed: str,
    choices: list[Choice],
    form: str,
    langs: tuple[str, ...],
    most: int = 8,
    not_cards: tuple[str, ...] = (),
) -> list[tuple[Choice, float]]:
    """The best choices for what was typed, one per card: better fits first, the reader's language before the
    table's at a like fit, then the cards seen at this table and the most played; with nothing typed, the cards
    seen at this table and the most played first."""
    wanted = fold(typed)
    best: dict[str, tuple[Choice, float]] = {}
    for choice in choices:
        if (
            choice.card in not_cards
            or not takes(form, choice, typed=bool(wanted))
            or (not wanted and (not choice.offered or choice.elsewhere))
        ):
            continue
        score = typed_score(wanted, fold(choice.name))
        if score < GOOD:
            continue
        held = best.get(choice.card)
        if held is None or _order(choice, score, langs) < _order(*held, langs):
            best[choice.card] = (choice, score)
    shown = {}
    # A name of another edition matched: the chip shows the card's name in a listed language. A name a rulebook
    # calls a card by that no edition of the reader's prints (German "Schäferstündchen" for Social Justice Nookie):
    # the first printed name the table's choices hold for it.
    for choice in choices:
        if choice.offered and choice.card in best and not best[choice.card][0].offered:
            held = shown.get(choice.card)
            if held is None or not held.offered or _order(choice, 0, langs) < _order(held, 0, langs):
                shown[choice.card] = choice
        elif choice.printed and choice.card in best and not best[choice.card][0].printed:
            shown.setdefault(choice.card, choice)
    found = [
        (shown.get(card, choice), score, choice)
        for card, (choice, score) in best.items()
        if choice.offered or card in shown
    ]
    if wanted:
        found.sort(key=lambda each: _order(each[0], each[1], langs))
    else:  # nothing typed: the cards seen at this table first, whatever language their name is in
        found.sort(key=lambda each: (-each[2].here, -each[2].played, _order(each[0], each[1], langs)))
    return [(choice, score) for choice, score, _best in found[:most]]


def resolved(typed: str, choices: list[Choice], langs: tuple[str, ...]) -> Choice | None:
    """The one card a typed or read name stands for, by the picker's matching and whatever form it was typed in: a
    name in full (any edition's), else the only card whose name it begins or nearly spells (a short name, a typo)
    among those the picker shows for it.
    None when no card fits, or several do, or the text is longer than the names it fits (another card's name)."""
    wanted = fold(typed)
    if not wanted:
        return None
    exact = [choice for choice in choices if fold(choice.name) == wanted]
    if exact:
        return min(exact, key=lambda choice: _order(choice, 100.0, langs))
    if len(wanted) < SHORTEST:
        return None
    best: dict[str, tuple[Choice, float]] = {}
    for choice in choices:
        name = fold(choice.name)
        if len(wanted.replace(" ", "")) > len(name.replace(" ", "")) + 1:
            continue
        score = typed_score(wanted, name) if _from_start(wanted, name) else 0.0
        held = best.get(choice.card)
        if score >= GOOD and (held is None or _order(choice, score, langs) < _order(*held, langs)):
            best[choice.card] = (choice, score)
    if not best:
        return None
    top = max(score for _choice, score in best.values())
    near = [(choice, score) for choice, score in best.values() if score >= top - AMBIGUOUS]
    if len({fold(choice.name) for choice, _score in near}) > 1:
        return None
    return min(near, key=lambda each: _order(*each, langs))[0]


def _from_start(wanted: str, name: str) -> bool:
    """Whether a (folded) text fits a (folded) name from its first letter: its beginning, or either with a typo (a
    word further in is the picker's help to find a card, not the card the text names)."""
    if name.startswith(wanted):
        return True
    return len(wanted) >= 4 and max(fuzz.ratio(wanted, name[: len(wanted)]), fuzz.ratio(wanted, name)) >= TYPO


def _order(choice: Choice, score: float, langs: tuple[str, ...]) -> tuple:
    """Better fits first (the name typed in full before every other), the reader's language, this table's cards,
    the most played."""
    rank = langs.index(choice.lang) if choice.lang in langs else len(langs)
    return (score < 100, -round(score / 5), rank, -choice.here, -choice.played, choice.name.casefold())


def read_score(read: str, name: str) -> float:
    """How well a line read from a photo fits a card name (both folded), 0 to 100; spaces OCR lost or added
    do not count."""
    if not read or not name:
        return 0.0
    return max(
        fuzz.ratio(read, name),
        fuzz.ratio(read.replace(" ", ""), name.replace(" ", "")),
        fuzz.token_sort_ratio(read, name),
    )
