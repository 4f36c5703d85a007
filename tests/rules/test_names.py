"""Names people really type: emoji sequences pass; control, bidirectional and lone invisible characters do not."""

import pytest

from companion.input.actions import BadInput, parse_name

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # joined by zero-width joiners
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # black flag + tags


@pytest.mark.parametrize("name", [
    f"Anna {FAMILY}", "\U0001f44d\U0001f3fd Bob", f"{SCOTLAND} Ian", "\u2764\ufe0f Mia",
    "\U0001f469\u200d\U0001f4bb", "\u0646\u0627\u0645\u200c\u0647\u0627", "J\u00f6rg", "\u041e\u043b\u044f",
])
def test_emoji_sequences_and_scripts_that_join_letters_are_names(name):
    assert parse_name(name) == name


@pytest.mark.parametrize("name", [
    "Ali\u202eevil", "a\u2066b\u2069", "a\u200eb", "bell\x07", "tab\x00", "\u200dAna", "Ana\u200d",
    "Ana \u200d", "a\u200d\u200db", "a\U000e0041b", "\U0001f3f4\U000e0067\U000e0062", "x\ue000",
])
def test_control_bidirectional_and_stray_invisible_characters_are_refused(name):
    with pytest.raises(BadInput) as refused:
        parse_name(name)
    assert refused.value.message == "A name cannot contain control characters."
