"""Cards landing in and leaving tents: a pest asks for its first card, loud Nookie wakes the neighbours."""

from __future__ import annotations

from .state import PestDemand, TableState, TentCard, find_card

NOISY_NOOKIE = 5


def tent_card(spec: dict, uid: int, turn_number: int) -> TentCard:
    """A played card as it lies in a tent."""
    pest = spec.get("pest")
    return TentCard(uid=uid, name=spec["name"], type=spec["type"], categories=tuple(spec.get("categories") or ()),
                    slack=spec.get("slack") or 0, markers=spec.get("markers") or 0, key=spec.get("key"),
                    pest=tuple(pest) if pest else None, denounce_modifier=spec.get("denounce_modifier") or 0,
                    loot=spec.get("loot") or 0,
                    arrived_turn=turn_number)


def food_for(state: TableState, seat: int, pest: TentCard) -> list[TentCard]:
    """The cards in the pest's tent it would take."""
    return [c for c in state.tents.get(seat, []) if c.uid != pest.uid and set(c.categories) & set(pest.pest)]


def enter_tent(state: TableState, seat: int, card: TentCard) -> None:
    """A card lands in a tent: a pest asks for its first card, loud Nookie wakes the neighbours."""
    card.arrived_turn = state.turn.number if state.turn else 0
    state.tents.setdefault(seat, []).append(card)
    if card.pest and food_for(state, seat, card):
        state.demands.append(PestDemand(seat=seat, pest=card.uid, categories=card.pest))
    if "nookie" in card.categories and card.worth >= NOISY_NOOKIE:
        for neighbour in {state.next_seat(seat), state.previous_seat(seat)} - {seat}:
            sleep = [c for c in state.tents.get(neighbour, []) if "sleep" in c.categories]
            if sleep:
                take_card(state, min(sleep, key=lambda c: (c.worth, c.uid)).uid)


def take_card(state: TableState, uid: int) -> tuple[int, TentCard] | None:
    """Lift a card out of whatever tent holds it (and drop the demands of a pest that leaves)."""
    found = find_card(state, uid)
    if found is not None:
        state.tents[found[0]].remove(found[1])
        state.demands = [d for d in state.demands if d.pest != uid]
    return found


def tent_changes(before: TableState, after: TableState) -> dict:
    """What an event did to the cards on the table, for the log: cards that left the tents (discarded or back to
    a hand), changed tents, or were played and never landed (a canceled, failed or worthless card)."""
    where_after = {card.uid: seat for seat, cards in after.tents.items() for card in cards}
    left, moved = [], []
    for seat, cards in before.tents.items():
        for card in cards:
            now = where_after.get(card.uid)
            if now is None:
                left.append({**_told(card), "seat": seat})
            elif now != seat:
                moved.append({**_told(card), "from": seat, "to": now})
    changes = {"left": left, "moved": moved, "dropped": _dropped(before, after, where_after),
               "landed": _landed(before, after, where_after)}
    return {key: value for key, value in changes.items() if value}


def _landed(before: TableState, after: TableState, where_after: dict[int, int]) -> list[dict]:
    """Cards of the card being played that have now landed in a tent: nobody canceled them."""
    window = before.window
    if window is None or after.window is not None and after.window.uid == window.uid:
        return []
    return [{**_told(card), "seat": where_after[card.uid]} for card in window.cards if card.uid in where_after]


def _dropped(before: TableState, after: TableState, where_after: dict[int, int]) -> list[dict]:
    """Cards of the card being played that neither landed in a tent nor are still being played."""
    window = before.window
    if window is None or (after.raid is not None and before.raid is None):
        return []  # nothing was being played, or the Raid card became a raid
    still = {card.uid for card in after.window.cards} if after.window is not None else set()
    return [_told(card) for card in window.cards if card.uid not in where_after and card.uid not in still]


def _told(card: TentCard) -> dict:
    """What the log needs to name a card."""
    return {"uid": card.uid, "name": card.name, "key": card.key, "type": card.type,
            "categories": list(card.categories)}
