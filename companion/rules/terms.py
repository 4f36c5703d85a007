"""The words of each game per language: phase, resource, card type and roll names, one table for the screens,
the log and the rules reference alike (tests/rulebook/test_terms.py checks that the rules reference uses them).

The Chez Guevara words are its editions': 002_22fc518f8780fc11.txt (English), 000_4c3f2b0d50929ecd.txt (German),
003_aa2349d510ea7fe9.txt (Russian). Chez Geek and Chez Goth share theirs: the German ones are printed in
001_33843aac75e5d22e.txt and 004_86e669cd97eaea5c.txt ("Personen anrufen", not Chez Guevara's "Personen rufen");
no Russian edition is among the sources, so their Russian words are ours (see docs/terms.md): a job pays "доход",
not a soldier's "жалование", People are phoned ("звонки"), not summoned ("призыв"), and a Person is a guest
("гость"), not a comrade ("товарищ").
A word is stored as a label ("Доход"); `in_sentence` gives it as it reads inside a sentence. The rolls' names
("roll.call") are phrases and stored as they read in a sentence.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

LANGUAGES = ("en", "de", "ru")
RESOURCES = ("income", "free_time", "slack")
CARD_TYPES = ("person", "cat", "activity", "thing")


def _words(en: str, de: str, ru: str) -> Mapping[str, str]:
    """One word in every language."""
    return MappingProxyType({"en": en, "de": de, "ru": ru})


_SHARED = {
    "draw": _words("Draw", "Ziehen", "Набор"),
    "roll": _words("Roll", "Würfeln", "Броски"),
    "freetime": _words("Free Time", "Freizeit", "Передышка"),
    "discard": _words("Discard", "Ablegen", "Сброс"),
    "free_time": _words("Free Time", "Freizeit", "Передышка"),
    "slack": _words("Slack", "Slack", "Развал"),
    "cat": _words("Cat", "Katze", "Кот"),
    "activity": _words("Activity", "Aktivität", "Дело"),
    "thing": _words("Thing", "Ding", "Вещь"),
}

# One table per family of games: the game's record names its family (`Game.terms`).
TERMS: Mapping[str, Mapping[str, Mapping[str, str]]] = MappingProxyType({
    "guevara": MappingProxyType({
        **_SHARED,
        "call": _words("Call People", "Personen rufen", "Призыв"),
        "heal": _words("Heal", "Heilen", "Лечение"),
        "income": _words("Income", "Einkommen", "Жалование"),
        "person": _words("Person", "Person", "Товарищ"),
        "roll.call": _words("call a person", "Person rufen", "призыв товарища"),
        "roll.get_rid": _words("get rid of a person", "Person loswerden", "избавиться от товарища"),
    }),
    "jobs": MappingProxyType({
        **_SHARED,
        "call": _words("Call People", "Personen anrufen", "Звонки"),
        "income": _words("Income", "Einkommen", "Доход"),
        "person": _words("Person", "Person", "Гость"),
        "roll.call": _words("call a person", "Person anrufen", "звонок гостю"),
        "roll.get_rid": _words("get rid of a person", "Person loswerden", "избавиться от гостя"),
    }),
})


def word(family: str, key: str, lang: str) -> str:
    """A game word as a label ("Звонки") in lang (English for a language the table lacks)."""
    words = TERMS[family][key]
    return words.get(lang) or words["en"]


def in_sentence(family: str, key: str, lang: str) -> str:
    """The name as it reads inside a sentence: Russian writes these words in lower case, English and German not."""
    text = word(family, key, lang)
    return text[:1].lower() + text[1:] if lang == "ru" else text
