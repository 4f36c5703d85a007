"""German and Russian pages show no raw key and no English word of the interface (#33): a Chez Guevara game and a
Chez Goth game driven through their main states in each language, every page a phone or the display shows scanned."""

import pytest

from tests.helpers.game_states import goth_states, guevara_states
from tests.helpers.page_words import english_words, raw_keys, visible_text


@pytest.mark.parametrize("lang", ["de", "ru"])
@pytest.mark.parametrize("states", [guevara_states, goth_states])
def test_no_raw_key_or_english_word_on_any_page(app, lang, states):
    found = []
    for name, url, client in states(app, lang):
        response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        text = visible_text(response.get_data(as_text=True))
        problems = raw_keys(text) + english_words(text, lang)
        if problems:
            found.append(f"{name} ({url}): {', '.join(problems)}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_letters_inside_a_join_code_are_no_english_word_but_a_word_alone_is(lang):
    assert english_words("7BY3KQ", lang) == []
    assert english_words("7 BY 3KQ", lang) == ["BY"]
