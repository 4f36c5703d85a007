"""The catalogs speak the glossary's words (#33): no German or Russian interface string uses another word for a
game term than the one docs/terms.md gives it (the words the editions print)."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
COLUMNS = {"de": "not in de", "ru": "not in ru"}


def glossary() -> list[dict[str, str]]:
    """The glossary table of docs/terms.md, one dict per term."""
    text = (ROOT / "docs" / "terms.md").read_text(encoding="utf-8").split("## The glossary", 1)[1]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("|")
    ]
    header, rows = rows[0], [row for row in rows[2:]]
    return [dict(zip(header, row)) for row in rows]


def avoided(lang: str) -> list[tuple[str, re.Pattern]]:
    """(term, pattern) for every word the glossary says a screen in `lang` must not use."""
    found = []
    for entry in glossary():
        for word in (w.strip() for w in entry[COLUMNS[lang]].split(",")):
            if word and word != "—":
                tail = r"\w*" if word.endswith("*") else ""
                found.append(
                    (
                        entry["term"],
                        re.compile(r"(?i)(?<!\w)" + re.escape(word.rstrip("*")) + tail + r"(?!\w)"),
                    )
                )
    return found


def strings(lang: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) for every translated string of the catalog, plural forms each on its own."""
    with open(ROOT / "companion" / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as file:
        catalog = read_po(file, locale=lang)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        for text in message.string if isinstance(message.string, (list, tuple)) else (message.string,):
            pairs.append((msgid, text or ""))
    return pairs


def test_the_glossary_gives_every_term_a_word_in_each_language():
    entries = glossary()
    assert len(entries) >= 15
    for entry in entries:
        assert entry["de"] and entry["ru"] and entry["en"], entry


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_no_interface_string_uses_another_word_for_a_glossary_term(lang):
    patterns = avoided(lang)
    wrong = [
        f"{term}: {found.group()!r} in {msgstr!r} ({msgid!r})"
        for msgid, msgstr in strings(lang)
        for term, pattern in patterns
        if (found := pattern.search(msgstr))
    ]
    assert not wrong, "\n".join(wrong)
