"""Values in posted forms and JSON, checked strictly: numbers, text, choices, seats and names (a BadInput says why)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Mapping

from ..rules import N_

MAX_NAME = 24


class BadInput(ValueError):
    """Malformed input: answered with 400 and a translated reason; nothing is written."""

    def __init__(self, message: str, **params):
        super().__init__(message)
        self.message = message
        self.params = params


SEAT_NOT_A_NUMBER = N_("The seat must be a number.")  # marked once, not on every tap's seat


def parse_seat(value: Any) -> int:
    """A seat number from 1 to 5."""
    number = as_int(value, SEAT_NOT_A_NUMBER)
    if not 1 <= number <= 5:
        raise BadInput(N_("The seat must be between 1 and 5."))
    return number


def parse_name(value: Any) -> str:
    """A player's name: 1 to 24 printable characters, spaces trimmed."""
    if not isinstance(value, str):
        raise BadInput(N_("Please enter a name."))
    name = " ".join(value.split())
    if not name:
        raise BadInput(N_("Please enter a name."))
    if len(name) > MAX_NAME:
        raise BadInput(N_("A name has at most %(max)d characters."), max=MAX_NAME)
    if not printable(name):
        raise BadInput(N_("A name cannot contain control characters."))
    return name


JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiners: emoji sequences, and Persian and Indic writing
BLACK_FLAG, TAGS, CANCEL_TAG = "\U0001f3f4", range(0xE0020, 0xE007F), "\U000e007f"  # a region's flag: 🏴 + tags


def printable(text: str) -> bool:
    """No control, bidirectional-override or other invisible characters, except inside emoji sequences.

    A joiner must follow something visible; the tag characters of a region's flag must follow the black flag,
    each other, and end with the cancel tag. Everything else in Unicode's "other" categories (controls, format
    characters, lone surrogates, private and unassigned code points) is refused.
    """
    previous = " "
    for ch in text:
        if unicodedata.category(ch).startswith("C"):
            after_tag = ord(previous) in TAGS
            if ch in JOINERS:
                allowed = previous != " " and previous not in JOINERS
            elif ord(ch) in TAGS:
                allowed = previous == BLACK_FLAG or after_tag
            else:
                allowed = ch == CANCEL_TAG and after_tag
            if not allowed:
                return False
        elif ord(previous) in TAGS:
            return False  # a flag's tags end with the cancel tag
        previous = ch
    return ord(previous) not in TAGS and previous not in JOINERS


def as_int(value: Any, message: str) -> int:
    if isinstance(value, bool):
        raise BadInput(message)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
        return int(value)
    raise BadInput(message)


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")  # ASCII digits only: int() would also read "٣" or "３"


HIDDEN_CHARACTERS = N_("That text holds invisible control or text-direction characters. "
                       "Please type it again without them.")


def as_text(value: Any, message: str, **params) -> str:
    """Text as typed, with runs of spaces made one; blank is ""; anything but text is refused, never stringified.

    Every text that reaches the log comes through here (forms, JSON and deck files alike): a lone surrogate, a
    control character or a bidirectional override is refused, as `printable` says.
    """
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(message, **params)
    text = " ".join(value.split())
    if not printable(text):
        raise BadInput(HIDDEN_CHARACTERS)
    return text


def as_choice(value: Any, options: tuple[str, ...], default: str, message: str) -> str:
    """One of `options`, or `default` when left blank."""
    if value in (None, ""):
        return default
    if not isinstance(value, str) or value not in options:
        raise BadInput(message)
    return value


FLAG_VALUES = {None: None, "": None, False: None, "0": None, "off": None, "false": None,
               True: True, "1": True, "on": True, "true": True}


def as_flag(value: Any) -> bool | None:
    """A ticked box (True) or not (None); anything but a yes or no is refused."""
    if isinstance(value, (str, bool)) or value is None:
        if value in FLAG_VALUES:
            return FLAG_VALUES[value]
    elif isinstance(value, int) and value in (0, 1):
        return FLAG_VALUES[bool(value)]
    raise BadInput(N_("A box is ticked or not: send true or false."))


def object_or_fields(args: Mapping[str, Any], key: str, fields: Any) -> Any:
    """A JSON object sent under `key`, or else what the form's flat fields say (built only then)."""
    value = args.get(key)
    if value is None:
        return fields()
    if not isinstance(value, Mapping):
        raise BadInput(N_("The action's arguments must be an object."))
    return value
