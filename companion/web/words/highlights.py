"""What the race view and the highlights say, in the reader's language."""

from __future__ import annotations

from ...rules import TableState, game_story, notable, step_of
from ..i18n import gettext as _
from ..i18n import ngettext
from . import log_sentences, narrate, told


def highlight(events: list[dict], state: TableState, by_seq: dict[int, dict]) -> dict | None:
    """The newest win, promotion, wound or successful cancel among the log's tail, told for the banner (`by_seq`:
    the events by number, the canceled cards' windows among them).

    `key` is what the page compares with the last banner it showed; `seats`: the players whose phones buzz.
    """
    found = notable.newest_notable(events, state, by_seq)
    if found is None:
        return None
    name = told.name_at_win if found.kind == "win" else told.seat_name
    names = ", ".join(name(state, seat) for seat in found.seats)
    if found.kind == "win":
        text = _("%(name)s has won!", name=names)
    elif found.kind == "promotion":
        text = _("%(name)s is promoted to %(rank)s", name=names, rank=narrate.rank_name(found.rank))
    elif found.kind == "wound":
        text = ngettext("%(num)d wound to %(name)s", "%(num)d wounds to %(name)s", found.count, name=names)
    elif found.seats:
        text = _("%(by)s cancels the card of %(name)s", by=told.seat_name(state, found.by), name=names)
    else:
        text = _("%(by)s cancels a card", by=told.seat_name(state, found.by))
    return {"key": found.key, "kind": found.kind, "seats": found.seats, "text": text}


def done_to(events: list[dict], state: TableState, seat: int, by_seq: dict[int, dict]) -> tuple[str, ...]:
    """What others' cards did to the seat's own cards since its last tap (a Nookie's neighbour's lost Sleep card),
    told as the log tells it, oldest first: none from before a rematch, nor of a step undone."""
    found = []
    for event in reversed(events):
        if event.get("actor") == f"seat:{seat}" or event["type"] in game_story.REMATCHES:
            break
        effects = event["args"].get("effects") or {}
        if step_of(event) in state.undone or event.get("seat") == seat or not effects:
            continue
        # a card that merely landed is the player's own card come into play, not something done to theirs
        touched = {card.get(key) for kind in ("left", "moved") for card in effects.get(kind, ())
                   if isinstance(card, dict) for key in ("seat", "from", "to")}
        if seat in touched:
            found.append(_("%(name)s: %(what)s", name=told.line_owner(event, state),
                           what=log_sentences.describe(event, state, by_seq)))
    return tuple(reversed(found))


def latest_roll(events: list[dict], state: TableState) -> dict | None:
    """The newest die the table saw in the log's tail: any `*_rolled` event with a value (a plain roll, a
    call's, an Activity's, a raid's, a denouncement's), else the state's last plain roll; none from before a
    rematch, and none from an earlier turn (beside the current player's name it would read as theirs, now)."""
    started = state.turn.started_at if state.turn is not None else 0
    for event in reversed(events):
        if step_of(event) in state.undone:
            continue
        if event["type"] in game_story.REMATCHES or step_of(event) < started:
            return None
        if event["type"].endswith("_rolled") and isinstance(event["args"].get("value"), int):
            return {"value": event["args"]["value"], "seat": event.get("seat"),
                    "what": log_sentences.describe(event, state, {})}
    roll = state.roll_this_turn
    if roll is None:
        return None
    return {"value": roll.value, "seat": roll.seat, "what": narrate.purpose_label(roll.purpose, state.rules)}
