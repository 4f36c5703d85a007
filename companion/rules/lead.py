"""What the moment calls for: the one or two offers a phone's action bar holds, the most pressing first."""

from __future__ import annotations

from .offers import Offers

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
    ("name_second",),
    ("take_loot",),
    ("feed_pest",),
    ("cancel_card", "pass_card"),
    ("get_rid", "advance"),
    ("heal", "advance"),
    ("advance", "skip"),
)


def lead(offered: Offers) -> tuple[str, ...]:
    """The names of the offers the moment calls for, as `MOMENTS` orders them; none when nothing waits."""
    for moment in MOMENTS:
        if getattr(offered, moment[0]):
            return tuple(name for name in moment if getattr(offered, name))
    return ()
