"""Log sentences about cards moving: what a player did to a card, and what the rules did by themselves."""

from __future__ import annotations

from ... import cards as catalog
from ...rules import DISPLAY, GET_RID_SUCCEEDS, TableState
from ..i18n import card_name, current_language, ngettext
from ..i18n import gettext as _


def seat_name(state: TableState, seat: int | None) -> str:
    """A seat's name, or 'Seat N' until somebody names it."""
    if seat is None or seat not in state.seats:
        return _("Table")
    return state.seats[seat].name or _("Seat %(number)d", number=seat)


def name_at_win(state: TableState, seat: int) -> str:
    """A seat's name when the game was won (a phone that took the seat since plays it in the rematch only)."""
    return state.names_at_win.get(seat) or _("Seat %(number)d", number=seat)


def card_label(card) -> str:
    """A card's name in the reader's language when the catalog knows it, else as the table typed it."""
    known = catalog.BY_KEY.get(card.key if hasattr(card, "key") else card.get("key"))
    typed = card.name if hasattr(card, "name") else card["name"]
    return card_name(known) if known else typed


def typed_card(name: str) -> str:
    """A card the table only typed (a canceling card): the reader's language's name where the catalog knows it."""
    known = catalog.guevara_cards.find(name, current_language(), catalog.cards_for(catalog.CATALOGS))
    return card_name(known) if known else name


def named_card(args: dict, prefix: str = "", fallback: str = "") -> str:
    """The card an event names in its fields (`prefix` "pest_" for the pest), or `fallback` in an older log."""
    if not args.get(f"{prefix}name"):
        return fallback
    return card_label({"name": args[f"{prefix}name"], "key": args.get(f"{prefix}key")})


# Lines that name only their player even when the display tapped: the setup is the display's job anyway, and a
# turn begins by the rules ("Display, for Dan deals" read as if the display dealt for Dan).
PLAYER_ONLY = frozenset({"dealer_set", "rank_set", "job_set", "turn_started"})


def line_owner(event: dict, state: TableState) -> str:
    """Whom a log line is about: the player it belongs to, and the display too when it tapped for them.

    A phone only acts for its own seat, so a line about another seat that a phone caused is the rules' doing
    (the next player's turn and job roll, a demotion): it names only the player it belongs to.
    """
    seat, actor = event.get("seat"), event.get("actor")
    if seat is None or seat not in state.seats:
        return (_("Display") if actor == DISPLAY else seat_name(state, int(actor.split(":", 1)[1]))) if actor else ""
    if actor == DISPLAY and event["type"] not in PLAYER_ONLY:
        return _("%(tapper)s, for %(name)s", tapper=_("Display"), name=seat_name(state, seat))
    return seat_name(state, seat)


def tent_of(state: TableState, seat: int) -> str:
    """'the tent of X' (a room at a Chez Geek or Chez Goth table)."""
    if state.rules.has_rooms:
        return _("the room of %(name)s", name=seat_name(state, seat))
    return _("the tent of %(name)s", name=seat_name(state, seat))


def effects_text(event: dict, state: TableState) -> str:
    """What else the event did to cards on its own (a noisy Nookie's victim, a card discarded or sent back)."""
    args = event["args"]
    effects, main = args.get("effects") or {}, args.get("card") if isinstance(args.get("card"), int) else None
    told = []
    for card in effects.get("left", []):
        if card["uid"] == main:
            continue
        if "sleep" in card["categories"]:
            told.append(_("%(card)s is discarded from %(tent)s: the Nookie next door was too loud",
                          card=card_label(card), tent=tent_of(state, card["seat"])))
        else:
            told.append(_("%(card)s leaves %(tent)s", card=card_label(card), tent=tent_of(state, card["seat"])))
    for card in effects.get("moved", []):
        if card["uid"] != main:
            told.append(_("%(card)s moves from %(from)s to %(to)s", card=card_label(card),
                          **{"from": tent_of(state, card["from"]), "to": tent_of(state, card["to"])}))
    for seat in sorted({card["seat"] for card in effects.get("landed", [])}):
        landed = [card_label(card) for card in effects["landed"] if card["seat"] == seat]
        told.append(ngettext("%(cards)s goes into %(tent)s", "%(cards)s go into %(tent)s", len(landed),
                             cards=", ".join(landed), tent=tent_of(state, seat)))
    dropped = effects.get("dropped", [])
    things = [card_label(card) for card in dropped if card["type"] == "thing"]
    others = [card_label(card) for card in dropped if card["type"] != "thing"]
    if things:
        told.append(ngettext("%(cards)s goes back to the hand", "%(cards)s go back to the hand", len(things),
                             cards=", ".join(things)))
    if others:
        told.append(ngettext("%(cards)s goes to the discard pile", "%(cards)s go to the discard pile", len(others),
                             cards=", ".join(others)))
    if args.get("leftover"):
        told.append(ngettext("%(num)d loot card left over goes to the discard pile",
                             "%(num)d loot cards left over go to the discard pile", args["leftover"]))
    return "".join(" — " + text for text in told)


def rid_outcome(event: dict, state: TableState) -> str:
    """Where a Person sent away by a get-rid roll went: nowhere, the discard pile, or another tent."""
    args = event["args"]
    if args["value"] < GET_RID_SUCCEEDS:
        return _("it stays")
    if args["to"] == "discard":
        return _("gone to the discard pile")
    return _("off to %(tent)s", tent=tent_of(state, args["to"]))


def canceled_text(event: dict, state: TableState) -> str:
    """A card canceled: with what, and whose trip or card it was."""
    args = event["args"]
    owner = seat_name(state, args["owner"]) if args.get("owner") in state.seats else None
    card = typed_card(args["with"])
    if args.get("kind") == "scrounge" and owner:
        if state.rules.has_rooms:
            return _("canceled the shopping of %(name)s with %(card)s", name=owner, card=card)
        return _("canceled the scrounging of %(name)s with %(card)s", name=owner, card=card)
    if owner:
        return _("canceled the card of %(name)s with %(card)s", name=owner, card=card)
    return _("canceled the card with %(card)s", card=card)


def denounce_move_text(event: dict, state: TableState) -> str:
    """The Person the successful denouncer moved: which, from which tent, into which."""
    args = event["args"]
    if "from" not in args:
        return _("moved a card into the tent of %(name)s", name=seat_name(state, args["to"]))
    return _("moves %(card)s from %(from)s to %(to)s", card=named_card(args),
             **{"from": tent_of(state, args["from"]), "to": tent_of(state, args["to"])})
