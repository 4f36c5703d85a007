"""The action vocabulary: one parser for forms, the JSON API and the log (see docs/api.md)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..rules import ACTION_TYPES, GAMES, N_
from .arguments import ARG_PARSERS
from .values import BadInput, as_choice, as_flag, as_int, parse_name, parse_seat

__all__ = ["Action", "BadInput", "new_action_id", "parse_action", "parse_action_id", "parse_name", "parse_seat",
           "parse_table_options"]

ACTION_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


@dataclass(frozen=True)
class Action:
    """One tap: what, for which seat, with which arguments, under a client-made id."""

    type: str
    seat: int | None
    args: dict[str, Any] = field(default_factory=dict)
    action_id: str = ""


def new_action_id() -> str:
    """A fresh id for a form, so that a double tap posts the same id twice."""
    return secrets.token_urlsafe(12)


def parse_action(data: Mapping[str, Any]) -> Action:
    """Turn posted data (form or JSON) into an Action, or raise BadInput."""
    kind = data.get("type")
    if kind not in ACTION_TYPES or kind in ("create_table", "join"):
        raise BadInput(N_("Unknown action type."))
    action_id = parse_action_id(data.get("action_id"))
    args = data.get("args")
    if args is None:
        args = {}
    if not isinstance(args, Mapping):
        raise BadInput(N_("The action's arguments must be an object."))
    # Forms post flat fields; JSON nests them in args. Both meet here.
    merged = {**{k: v for k, v in data.items() if k not in ("type", "seat", "args", "action_id")}, **args}
    if hasattr(data, "getlist"):  # a form's checkboxes post one field per ticked box
        merged["categories"] = data.getlist("categories")
        merged["pest"] = data.getlist("pest")
        for row in (2, 3, 4):  # the scrounging trip's further Things, each with its own boxes
            merged[f"categories_{row}"] = data.getlist(f"categories_{row}")
    seat = parse_seat(data.get("seat")) if data.get("seat") not in (None, "") else None
    return Action(kind, seat, ARG_PARSERS[kind](merged, seat), action_id)


def parse_action_id(value: Any) -> str:
    """The client's id for one tap, or a fresh one when none was sent."""
    if value in (None, ""):
        return new_action_id()
    if not isinstance(value, str) or not ACTION_ID.match(value):
        raise BadInput(N_("The action id must be 8 to 64 letters, digits, '-' or '_'."))
    return value


def parse_table_options(data: Mapping[str, Any], languages: tuple[str, ...]) -> dict[str, Any]:
    """Game, seat count, language and whether it is the players' first game (a learning game) for a new table."""
    game = as_choice(data.get("game"), tuple(GAMES), "guevara", N_("That game is not available yet."))
    seats = as_int(data.get("seats", 4), N_("The number of seats must be a number."))
    if not 2 <= seats <= 5:
        raise BadInput(N_("A table has 2 to 5 seats."))
    language = as_choice(data.get("language"), languages, "en", N_("That language is not available."))
    learning = {"first_game": True} if as_flag(data.get("first_game")) else {}  # an ordinary table's log as before
    return {"game": game, "seats": seats, "language": language, **learning}


