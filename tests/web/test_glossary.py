"""The catalogs speak the glossary's words (#33): no German or Russian interface string uses another word for a
game term than the one docs/terms.md gives it (the words the editions print)."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.helpers.page_words import avoided, glossary

ROOT = Path(__file__).resolve().parents[2]


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
