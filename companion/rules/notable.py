"""The newest event worth a highlight on the display: a win, a promotion, a wound or a successful cancel."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import engine
from .game_story import REMATCHES
from .state import TableState


@dataclass(frozen=True)
class Notable:
    """An event the display highlights for a moment: a win, a promotion, a wound or a successful cancel."""

    seq: int
    kind: str
    seats: tuple[int, ...]
    by: int | None = None
    rank: str | None = None
    count: int = 1

    @property
    def key(self) -> str:
        """What the page compares with the last highlight it showed."""
        return f"{self.kind}-{self.seq}"


def notable(event: dict, by_seq: dict[int, dict]) -> Notable | None:
    """Whether one event is worth a highlight, and for whom (`by_seq` finds the card a cancel hit)."""
    kind, args, seat = event["type"], event.get("args") or {}, event.get("seat")
    if kind == "rank_changed" and args.get("why") == "promotion":
        return Notable(event["seq"], "promotion", (seat,), rank=args.get("rank"))
    outcome = (args.get("outcome") or {}) if kind == "raid_rolled" else {}
    if outcome.get("promoted"):
        return Notable(event["seq"], "promotion", (outcome["winner"],), rank=outcome["promoted"])
    if kind == "wounds_adjusted" and args.get("delta", 0) > 0:
        return Notable(event["seq"], "wound", (seat,), count=args["delta"])
    if kind == "raid_rolled" and args.get("wound"):
        return Notable(event["seq"], "wound", (seat,), count=1)
    if kind == "card_canceled":
        played = by_seq.get(args.get("window"))
        victims = (played["seat"],) if played and played.get("seat") else ()
        return Notable(event["seq"], "cancel", victims, by=seat)
    return None


def newest_notable(events: Iterable[dict], state: TableState, by_seq: dict[int, dict]) -> Notable | None:
    """The newest highlight in force among `events` (a log's tail); the win outranks the event behind it."""
    found = None
    for event in events:
        if engine.step_of(event) in state.undone:
            continue
        if event["type"] in REMATCHES:  # a new game: nothing of the last one is news any more
            found = None
        candidate = notable(event, by_seq)
        if candidate is not None and (found is None or candidate.seq > found.seq):
            found = candidate
    if state.winner is not None and state.won_at is not None and (found is None or state.won_at >= found.seq):
        found = Notable(state.won_at, "win", (state.winner,))
    return found
