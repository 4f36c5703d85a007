"""Chez Guevara cards named in the English, German and Russian rulebooks, with only the facts they state."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

EN = "002_22fc518f8780fc11.txt"  # English rules 1.0 (primary)
DE = "000_4c3f2b0d50929ecd.txt"  # German edition (Pegasus)
RU = "003_aa2349d510ea7fe9.txt"  # Russian edition (Hobby World)
ALL = (EN, DE, RU)

LANGS = ("en", "de", "ru")
TYPES = ("person", "thing", "activity", "whenever", "cat")
DECK = "guevara"


@dataclass(frozen=True)
class Card:
    """One named card; None means no rulebook states it and the table enters it from the printed card."""

    key: str
    names: dict[str, str | None] = field(default_factory=dict, hash=False)
    type: str | None = None
    categories: tuple[str, ...] = ()
    invited: bool | None = None
    pest_categories: tuple[str, ...] | None = None
    cost: int | None = None
    slack: int | None = None
    slack_die: bool | None = None
    slack_modifier: int | None = None
    denounce_modifier: int | None = None
    income_bonus: int | None = None
    no_roll_away: bool = False
    notes_source: tuple[str, ...] = ()


def _names(en: str, de: str | None = None, ru: str | None = None) -> dict[str, str | None]:
    return {"en": en, "de": de, "ru": ru}


CARDS = (
    # People. Uninvited: Glorious Leader, Gordo, Party Girl (each takes one category, printed on the card).
    Card("glorious_leader", _names("Glorious Leader", "Ruhmreicher Anführer", "Славный Вождь"), "person",
         invited=False, no_roll_away=True, notes_source=ALL),
    # EN example: Gordo takes Tequila (booze), then the Potato; RU says his next host sheds food or booze.
    # DE swaps the Tequila for Trockenfleisch (food). All three let Gordo eat the Goat.
    Card("gordo", _names("Gordo", "Gordo", "Гордо"), "person", invited=False, pest_categories=("food", "booze"),
         notes_source=ALL),
    Card("party_girl", _names("Party Girl", "Die Partymaus", "Красотка"), "person", invited=False,
         notes_source=ALL),
    # Type not stated for these: they sit in a tent and act on rolls or protect pets.
    Card("bomb_expert", _names("Bomb Expert", "Bombenexperte", "Взрывник"), notes_source=ALL),
    Card("the_toady", _names("The Toady", "Speichellecker", "Денщик"), notes_source=ALL),
    Card("nature_boy", _names("Nature Boy", "Naturbursche", "Зелёный"), notes_source=ALL),
    # Things
    Card("soap", _names("Soap", "Seife", "Мыло"), "thing", cost=1, notes_source=ALL),
    Card("the_art_of_war", _names("The Art of War", "Die Kunst des Krieges", "Искусство войны"), "thing",
         cost=3, notes_source=ALL),
    Card("sayings_of_chairman_mao", _names("Sayings of Chairman Mao", "Mao-Bibel", "Цитатник председателя Мао"),
         "thing", denounce_modifier=1, notes_source=ALL),
    Card("new_beret", _names("New Beret", "Neues Barrett", "Новый берет"), "thing", notes_source=ALL),
    # Food and booze are Things (DE introduction).
    Card("goat", _names("Goat", "Ziege", "Козёл"), "thing", ("pet", "food"), notes_source=ALL),
    Card("potato", _names("Potato", "Kartoffel", "Картошка"), "thing", ("food",), notes_source=ALL),
    Card("tequila", _names("Tequila", None, "Текила"), "thing", ("booze",), notes_source=ALL),
    # Only DE names it (its Gordo example); the English name is ours, not printed.
    Card("jerky", _names("Jerky", "Trockenfleisch"), "thing", ("food",), notes_source=(DE,)),
    # Things named where the books say Thing cards work across the Chez games.
    Card("ak_47", _names("AK-47", "AK-47"), "thing", notes_source=(EN, DE)),
    Card("grenade", _names("Grenade", "Handgranate"), "thing", notes_source=(EN, DE)),
    # Activities
    Card("social_justice_nookie", _names("Social Justice Nookie", None, "Секс с агентом капитализма"),
         "activity", ("nookie",), slack_die=True, slack_modifier=-1, notes_source=ALL),
    # EN and DE only say "a Sleep card"; RU names one «Сон». DE calls sleeping an Activity. The German name is the
    # one the German Chez Geek prints for its Sleep card (001), so that a German table sees one name for both.
    Card("sleep", _names("Sleep", "Schlafen", "Сон"), "activity", ("sleep",), notes_source=ALL),
    Card("dig_holes", _names("Dig Holes", "Löcher buddeln", "Рытьё ям"), "activity", slack=0, notes_source=ALL),
    Card("kp", _names("KP", "Küchendienst", "Наряд на кухню"), "activity", slack=0, notes_source=ALL),
    # Whenever cards
    Card("promotion", _names("Promotion", "Beförderung", "Повышение"), "whenever", notes_source=ALL),
    Card("demotion", _names("Demotion", "Degradierung", "Разжалование"), "whenever", notes_source=ALL),
    Card("denounce", _names("Denounce!", "Denunziert!", "Разоблачение"), "whenever", notes_source=ALL),
    # Type not stated: Lucky 7 adds Income this turn, Bomb Making Practice cancels a Sleep card,
    # Requisition takes a Thing away but is not a canceling card.
    Card("lucky_7", _names("Lucky 7", "Glückspilz", "Счастливая 7"), income_bonus=1, notes_source=ALL),
    Card("bomb_making_practice", _names("Bomb Making Practice", "Bombenbauübung", "Тренировка взрывников"),
         categories=("cancel",), notes_source=ALL),
    Card("requisition", _names("Requisition", "Konfiszierung", "Реквизиция"), notes_source=ALL),
)

BY_KEY = {card.key: card for card in CARDS}

_ARTICLE = re.compile(r"^(the|der|die|das) ")


def _norm(text: str) -> str:
    """A typed name reduced for matching: case, spacing, a trailing "!", a leading article and ё ignored."""
    text = " ".join(text.casefold().replace("ё", "е").split()).rstrip("!").rstrip()
    return _ARTICLE.sub("", text)


def name(card: Card, lang: str) -> str:
    """The card's name in lang as its rulebook prints it, else the English name."""
    return card.names.get(lang) or card.names["en"]


def find(text: str, lang: str = "en", cards: tuple[Card, ...] = CARDS) -> Card | None:
    """The card whose name in any language matches text, trying lang's names first."""
    wanted = _norm(text)
    if not wanted:
        return None
    for langs in ((lang,), LANGS):
        for card in cards:
            if any(card.names.get(code) and _norm(card.names[code]) == wanted for code in langs):
                return card
    return None
