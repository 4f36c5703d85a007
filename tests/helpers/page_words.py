"""What a German or Russian page must not show: a raw key (`free_time`, `categories`) or an English word of the
interface. Shared by the glossary test that drives a game's states in de and ru and scans each page."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from companion import cards as catalog
from companion import rulebook

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"
# A word stands alone: letters inside a join code or key ("7BY3KQ") are not the English word "by".
LATIN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z'’]+(?![A-Za-z0-9])")
# The keys the code uses for facts, types, ranks and phases: shown as they are, they are untranslated.
KEYS = frozenset(
    {
        "type",
        "categories",
        "category",
        "cost",
        "invited",
        "loot",
        "slack",
        "pest",
        "private",
        "corporal",
        "sergeant",
        "activity",
        "thing",
        "person",
        "cat",
        "draw",
        "roll",
        "call",
        "freetime",
        "discard",
        "heal",
        "income",
        "free_time",
        "slack_die",
        "slack_modifier",
        "denounce_modifier",
        "get_rid",
        "other",
        "raid",
        "denounce",
        "guevara",
        "geek",
        "goth",
        "glossary",
        "none",
        "null",
        "true",
        "false",
        "undefined",
    }
)
# Words that stay as they are in every language: the games' and the app's names, units, and abbreviations.
EVERYWHERE = frozenset(
    {
        "chez",
        "guevara",
        "geek",
        "goth",
        "companion",
        "json",
        "qr",
        "tv",
        "ok",
        "http",
        "https",
        "lan",
        "url",
        "slack",
        "id",
        "pdf",
        "png",
        "svg",
        "html",
        "htmx",
        "wifi",
        "wi",
        "fi",
        "ana",
        "ben",
        "cleo",
        "dan",
        "eva",
    }
)


def visible_text(page: str) -> str:
    """The text a reader sees: text between tags, and the placeholder, title, aria-label and alt of elements."""
    page = re.sub(r"(?is)<(script|style|svg:style)\b.*?</\1>", " ", page)
    said = re.findall(r'(?i)\s(?:placeholder|title|aria-label|alt)="([^"]*)"', page)
    text = html.unescape(" ".join([re.sub(r"(?s)<[^>]*>", " ", page), *said]))
    return re.sub(r"\b(?:https?://|/t/|/decks/|/rules/)\S*", " ", text)  # addresses are not words


@cache
def _catalog_strings(lang: str) -> tuple[set[str], set[str]]:
    """Every word of the interface in English (the msgids) and every word its translations into `lang` use."""
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as file:
        messages = list(read_po(file, locale=lang))
    english, translated = set(), set()
    for message in messages:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        for text in ids:
            english |= {word.lower() for word in LATIN.findall(re.sub(r"%\(\w+\)\w", " ", text))}
        for text in strings:
            translated |= {word.lower() for word in LATIN.findall(re.sub(r"%\(\w+\)\w", " ", text or ""))}
    for section in rulebook.sections(lang):  # the rules reference in that language is written in it
        if section.game != "glossary":
            translated |= {word.lower() for word in LATIN.findall(f"{section.title} {section.body}")}
    return english, translated


@cache
def _printed_names() -> set[str]:
    """Words of every card and job name the editions print, in any language (a fallback shows another edition's)."""
    words: set[str] = set()
    for card in catalog.BY_KEY.values():
        for name in card.names.values():
            words |= {word.lower() for word in LATIN.findall(name or "")}
    for job in catalog.JOBS_BY_KEY.values():
        for name in job.names.values():
            words |= {word.lower() for word in LATIN.findall(name or "")}
    return words


def english_words(text: str, lang: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Words of the English interface in a German or Russian text (not the ones the translation uses itself)."""
    english, translated = _catalog_strings(lang)
    suspects = english - translated - _printed_names() - EVERYWHERE - {word.lower() for word in allowed}
    return sorted({word for word in LATIN.findall(text) if word.lower() in suspects})


def raw_keys(text: str) -> list[str]:
    """Keys the code uses, shown as they are: lower-case snake case, or a bare fact or type key."""
    return sorted(
        {
            word
            for word in re.findall(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+\b", text)
            if "_" in word or word in KEYS
        }
    )


COLUMNS = {"de": "not in de", "ru": "not in ru"}


def glossary() -> list[dict[str, str]]:
    """The glossary table of docs/terms.md, one dict per term."""
    text = (ROOT / "docs" / "terms.md").read_text(encoding="utf-8").split("## The glossary", 1)[1]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("|")
    ]
    header, rows = rows[0], rows[2:]
    return [dict(zip(header, row)) for row in rows]


@cache
def avoided(lang: str) -> list[tuple[str, re.Pattern]]:
    """(term, pattern) for every word the glossary says a screen in `lang` must not use."""
    found = []
    for entry in glossary():
        for word in (w.strip() for w in entry[COLUMNS[lang]].split(",")):
            if word and word != "—":
                tail = r"\w*" if word.endswith("*") else ""
                pattern = re.compile(r"(?i)(?<!\w)" + re.escape(word.rstrip("*")) + tail + r"(?!\w)")
                found.append((entry["term"], pattern))
    return found


def avoided_words(text: str, lang: str) -> list[tuple[str, str]]:
    """(term, word) for each word in `text` that the glossary says `lang` must not use for that term."""
    return sorted(
        {(term, found.group()) for term, pattern in avoided(lang) for found in pattern.finditer(text)}
    )
