"""What the moment calls for: the one or two offers a phone's action bar holds, the most pressing first."""

from __future__ import annotations

from .offers import Offers
from .state import TableState

# Each group is a moment: the first group whose first offer is made leads, with those of its others also made.
# An answer the table waits for comes before the player's own turn; going on comes last.
MOMENTS: tuple[tuple[str, ...], ...] = (
    ("job_roll",),
    ("roll_for_card",),
    ("raid_roll",),
    ("denounce_roll",),
    ("choose_swap",),
    ("revenge",),
    ("denounce_move",),
    ("denounce_done",),  # a denouncer with nobody to move only leaves it (revenge leads before it)
    ("name_second",),
    ("take_loot",),
    ("feed_pest",),
    ("cancel_card", "pass_card"),
    ("get_rid", "advance"),
    ("heal", "advance"),
    ("play_card", "advance", "skip"),  # the card form first: a phase for playing cards says so in the bar
    ("advance", "skip"),
)


def lead(offered: Offers) -> tuple[str, ...]:
    """The names of the offers the moment calls for, as `MOMENTS` orders them; none when nothing waits. A card's
    roll waits for the others' answers as a card's next step does (a roll closes the window): it leads only after."""
    for moment in MOMENTS:
        if moment[0] == "roll_for_card" and offered.answers_awaited:
            continue
        if getattr(offered, moment[0]):
            return tuple(name for name in moment if getattr(offered, name))
    return ()


TURN_MOMENTS = frozenset({"job_roll", "get_rid", "heal", "play_card", "advance", "skip"})


def occasion(state: TableState, names: tuple[str, ...]) -> str:
    """A key for the moment `names` lead: the same across refreshes while it lasts, new when another comes
    ("turn-7" for the player's own turn, "pass_card-42" for an answer to window 42); empty when nothing waits."""
    if not names:
        return ""
    first, turn, window, raid = names[0], state.turn, state.window, state.raid
    number = turn.number if turn is not None else 0
    if first in TURN_MOMENTS:
        return f"turn-{number}"
    if window is not None and first in ("cancel_card", "pass_card", "roll_for_card"):
        return f"{first}-{window.uid}"
    if first == "raid_roll":
        return f"raid_roll-{number}-{raid.round if raid is not None else 0}"
    return f"{first}-{number}"
