"""The rules reference for Chez Guevara, Chez Geek and Chez Goth in English, German and Russian."""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from importlib import resources

LANGUAGES = ("en", "de", "ru")
GAMES = ("guevara", "geek", "goth", "glossary")
SOURCE_PREFIX = "Source:"
KEYWORDS_PREFIX = "Keywords:"  # words players ask with that the text does not use; searched, never shown


@dataclass(frozen=True)
class Section:
    """One titled section of the rules reference in one language."""

    id: str
    game: str
    lang: str
    title: str
    body: str
    sources: tuple[str, ...] = field(default=(), compare=False)
    keywords: str = field(default="", compare=False)


def _data_file(game: str, lang: str) -> str:
    """Return the text of one data file, read from the installed package."""
    return resources.files(__name__).joinpath("data", f"{game}.{lang}.md").read_text(encoding="utf-8")


def _parse(text: str, game: str, lang: str) -> list[Section]:
    """Split a data file into sections at its `## id | Title` lines."""
    parsed: list[Section] = []
    heading: tuple[str, str] | None = None
    lines: list[str] = []

    def close() -> None:
        if heading is None:
            return
        sources = tuple(s.strip() for line in lines if line.startswith(SOURCE_PREFIX)
                        for s in line[len(SOURCE_PREFIX):].split(",") if s.strip())
        keywords = " ".join(line[len(KEYWORDS_PREFIX):].strip() for line in lines if line.startswith(KEYWORDS_PREFIX))
        body = "\n".join(line for line in lines if not line.startswith((SOURCE_PREFIX, KEYWORDS_PREFIX))).strip()
        parsed.append(Section(heading[0], game, lang, heading[1], body, sources, keywords))

    for line in text.splitlines():
        if line.startswith("## "):
            close()
            section_id, _, title = line[3:].partition("|")
            heading, lines = (section_id.strip(), title.strip()), []
        elif heading is not None:
            lines.append(line.rstrip())
    close()
    return parsed


@functools.cache
def _by_language() -> dict[str, dict[str, Section]]:
    """Parse every data file once; English sources are shared with the translations."""
    result: dict[str, dict[str, Section]] = {}
    for lang in LANGUAGES:
        ordered: dict[str, Section] = {}
        for game in GAMES:
            for sec in _parse(_data_file(game, lang), game, lang):
                if sec.id in ordered:
                    raise ValueError(f"duplicate rulebook section {sec.id!r} in {game}.{lang}.md")
                if sec.id.split(".")[0] != game:
                    raise ValueError(f"section {sec.id!r} does not belong in {game}.{lang}.md")
                ordered[sec.id] = sec
        result[lang] = ordered
    english = result["en"]
    for lang in LANGUAGES[1:]:
        result[lang] = {sec_id: sec if sec.sources or sec_id not in english
                        else dataclasses.replace(sec, sources=english[sec_id].sources)
                        for sec_id, sec in result[lang].items()}
    return result


def _check_language(lang: str) -> None:
    """Raise ValueError for a language the reference does not have."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown rulebook language {lang!r}; expected one of {LANGUAGES}")


def sections(lang: str) -> list[Section]:
    """All sections in one language, in reading order."""
    _check_language(lang)
    return list(_by_language()[lang].values())


def section(lang: str, section_id: str) -> Section:
    """One section by id; KeyError if the reference has no such section."""
    _check_language(lang)
    return _by_language()[lang][section_id]


def section_ids() -> list[str]:
    """The section ids of the English reference, in reading order."""
    return list(_by_language()["en"])
