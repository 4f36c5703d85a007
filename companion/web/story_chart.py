"""The chart of a game's story: everyone's total over the game as SVG coordinates, the goals, and room for the
names at the lines' ends (text widths estimated from the widest usual bold sans). Presentation, so web-side."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..rules.game_story import Game

CHART_WIDTH, CHART_HEIGHT = 680, 340  # user units; the page scales the chart to fit a phone or a display
TICK_FONT, LABEL_FONT = 22, 24  # user units: the largest sizes the styles give the chart's text (a phone's)
# The widest a bold glyph of each kind is in the widest usual sans (DejaVu Sans Bold), in ems: names get room to spare.
NARROW_GLYPHS, WIDE_GLYPHS = frozenset("ijlrtfIJ.,:;'!|-_ "), frozenset("wmыюфжшщMWЦЪФМЫЮЖШЩ…")
NARROW_EM, DIGIT_EM, LOWER_EM, UPPER_EM, WIDE_EM = 0.5, 0.7, 0.82, 0.9, 1.33
FAR_EAST = 0x2E80  # CJK, emoji and the like from here on: counted as wide
LABEL_DX = 8  # user units between a line's end and its name
LABEL_GAP = LABEL_FONT + 2  # user units between two names at the lines' ends
GOAL_GAP = TICK_FONT + 2  # user units between two goals' labels
NAME_CHARS = 10  # a longer name is cut short, with an ellipsis, at its line's end


@dataclass
class Line:
    """One seat's total over the game as chart coordinates, and its name and total centred at the end."""

    seat: int
    points: list[tuple[float, float]]
    label: str
    label_y: float = 0.0

    @property
    def svg_points(self) -> str:
        """The points as an SVG polyline's `points` attribute."""
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)


@dataclass
class GoalLine:
    """A goal across the plot: its value, its height, who raced to it, and its label's baseline."""

    goal: int
    y: float
    seats: list[int]
    label_y: float = 0.0


@dataclass
class Chart:
    """Geometry of the totals chart in SVG user units: the plot box, the lines, the axes and the goals."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    low: int
    high: int
    lines: list[Line]
    y_ticks: list[tuple[int, float]]
    x_ticks: list[tuple[int, float]]
    goals: list[GoalLine]

    @property
    def label_x(self) -> int:
        """Where the names at the lines' ends begin."""
        return self.right + LABEL_DX

    def value_at(self, y: float) -> float:
        """The total a height in the plot stands for (the scale's inverse; tests read lines back with it)."""
        return self.low + (self.bottom - y) * (self.high - self.low) / (self.bottom - self.top)


def glyph_em(char: str) -> float:
    """The most a bold glyph of this kind is wide, in ems."""
    if char in NARROW_GLYPHS:
        return NARROW_EM
    if char in WIDE_GLYPHS or ord(char) >= FAR_EAST:
        return WIDE_EM
    if char.isdigit():
        return DIGIT_EM
    return UPPER_EM if char.isupper() else LOWER_EM


def text_room(text: str, font: int) -> int:
    """User units a bold text in a font this size needs at most."""
    return math.ceil(sum(glyph_em(char) for char in text) * font)


def short_name(name: str) -> str:
    """A name as it fits at a line's end."""
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1] + "…"


def chart(game: Game, name: Callable[[int], str] | None = None, width: int = CHART_WIDTH,
          height: int = CHART_HEIGHT) -> Chart:
    """Each seat's total after every change as a line, on one scale that holds 0, every goal and every total.

    The plot leaves the room the tick numbers and the names with their totals need, so nothing is cut off.
    """
    name = name or game.names().__getitem__
    labels = {seat: f"{short_name(name(seat))} {game.totals[seat]}" for seat in game.order}
    values = [total for point in game.points for total in point.totals.values()]
    goals = sorted({goal for goal in game.goals.values() if goal is not None})
    low, high = min([0, *values]), max([1, *goals, *values])
    step = 5 if high - low <= 40 else 10
    tick_values = range(-(-low // step) * step, high + 1, step)
    left = 8 + max(text_room(str(value), TICK_FONT) for value in tick_values)
    right = width - LABEL_DX - max(text_room(label, LABEL_FONT) for label in labels.values()) - 4
    top, bottom = round(1.2 * TICK_FONT), height - round(2.5 * TICK_FONT)

    def x_of(index: int) -> float:
        return round(left + (right - left) * index / max(len(game.points) - 1, 1), 1)

    def y_of(value: float) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    lines = [Line(seat, [(x_of(i), y_of(p.totals[seat])) for i, p in enumerate(game.points)], labels[seat])
             for seat in game.order]
    ends = [line.points[-1][1] for line in lines]
    for line, label_y in zip(lines, spread(ends, LABEL_GAP, top, bottom + 4)):
        line.label_y = label_y
    goal_lines = [GoalLine(goal, y_of(goal), [seat for seat in game.order if game.goals[seat] == goal])
                  for goal in goals]
    for goal_line, label_y in zip(goal_lines, spread([goal.y - 5 for goal in goal_lines], GOAL_GAP, TICK_FONT,
                                                     bottom)):
        goal_line.label_y = label_y
    x_ticks: list[tuple[int, float]] = []
    for index, point in enumerate(game.points):  # a turn's mark before its first change, room for its label
        if point.turn is not None and (index == 0 or point.turn != game.points[index - 1].turn):
            x = x_of(0) if index == 0 else round((x_of(index - 1) + x_of(index)) / 2, 1)
            if not x_ticks or x - x_ticks[-1][1] >= _tick_gap(x_ticks[-1][0], point.turn):
                x_ticks.append((point.turn, x))
            elif len(x_ticks) > 1 and x - x_ticks[-2][1] >= _tick_gap(x_ticks[-2][0], point.turn):
                x_ticks[-1] = (point.turn, x)  # the later turn's label, so the last turn is always marked
    return Chart(width, height, left, right, top, bottom, low, high, lines,
                 [(value, y_of(value)) for value in tick_values], x_ticks, goal_lines)


def _tick_gap(left: int, right: int) -> float:
    """User units two turn labels need between their centres: half of each, and a space."""
    return (text_room(str(left), TICK_FONT) + text_room(str(right), TICK_FONT)) / 2 + TICK_FONT / 2


def spread(heights: list[float], gap: float, top: float, bottom: float) -> list[float]:
    """Labels' heights (in the given order) pushed apart so that none overlaps another, none above `top`
    and, where they fit, none below `bottom`."""
    placed = list(heights)
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    previous = top - gap
    for index in order:
        placed[index] = previous = max(heights[index], previous + gap)
    following = bottom + gap  # then up from the bottom: only the labels that must move up do (the top one stays)
    for index in reversed(order):
        placed[index] = following = min(placed[index], following - gap)
    return placed
