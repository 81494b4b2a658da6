"""The score chart: each side's running score after every hand, as coordinates for an SVG.

A pure function of a `GameResult`; the template only draws what this module works out, so the
tests can check the drawing against the scores without parsing SVG.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from games import scoring

WIDTH = 320
HEIGHT = 180
LEFT = 38  # room for the score labels
RIGHT = 8
TOP = 8
BOTTOM = 22  # room for the hand numbers
MAX_X_LABELS = 8


@dataclass(frozen=True)
class Line:
    index: int
    name: str
    scores: tuple[int, ...]  # 0, then the score after each hand
    points: tuple[tuple[float, float], ...]
    path: str

    @property
    def last(self) -> tuple[float, float]:
        return self.points[-1]

    @property
    def final(self) -> int:
        return self.scores[-1]


@dataclass(frozen=True)
class Mark:
    """A level across the chart (the target, the losing score, zero) or a hand on the x axis."""

    value: int
    at: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[Line, ...]
    target: Mark
    floor: Mark | None
    zero: Mark
    hands: tuple[Mark, ...]
    rows: tuple[tuple[int, tuple[int, ...]], ...]  # hand number, every side's score after it
    summary: str
    low: int  # the scores at the bottom and top of the plot
    high: int

    @property
    def label_x(self) -> float:
        """Where the score labels end, just left of the axis."""
        return self.left - 4

    @property
    def hand_label_y(self) -> float:
        return self.bottom + 14

    def score_at(self, y: float) -> float:
        """The score a height stands for: the drawing read backwards, for the tests."""
        return self.high - (y - self.top) / (self.bottom - self.top) * (self.high - self.low)


def _x(hand: int, count: int, left: float, right: float) -> float:
    return round(left + (right - left) * hand / max(count, 1), 1)


def _y(score: float, low: int, high: int, top: float, bottom: float) -> float:
    return round(top + (high - score) / (high - low) * (bottom - top), 1)


def _path(points: Iterable[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{x:g},{y:g}" for x, y in points)


def _hand_marks(count: int, left: float, right: float) -> tuple[Mark, ...]:
    step = max(1, -(-count // MAX_X_LABELS))  # ceiling division
    numbers = list(range(step, count + 1, step))
    if numbers[-1] != count:
        numbers[-1] = count
    return tuple(Mark(n, _x(n, count, left, right), str(n)) for n in numbers)


def _summary(result: scoring.GameResult) -> str:
    count = len(result.hands)
    scores = ", ".join(f"{side.name} {side.score}" for side in result.sides)
    words = f"Running score over {count} hand{'s' if count != 1 else ''}: {scores}."
    rules = result.rules
    goal = f" The game is won at {rules.target_score}"
    if rules.losing_score is not None:
        goal += f" and lost at {rules.losing_score}"
    words += goal + "."
    if result.finished and result.winner is not None:
        winner = result.sides[result.winner]
        words += f" {winner.name} won."
    return words


def build(result: scoring.GameResult) -> Chart | None:
    """The chart of a game, or None before the first hand is scored."""
    hands = result.hands
    if not hands:
        return None
    rules = result.rules
    count = len(hands)
    left, right, top, bottom = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    series = [
        (index, side.name, (0, *(hand.sides[index].score for hand in hands)))
        for index, side in enumerate(result.sides)
    ]
    all_scores = [score for _, _, scores in series for score in scores]
    floor = rules.losing_score
    low = min(0, *all_scores, *([floor] if floor is not None else []))
    high = max(rules.target_score, *all_scores)
    if high == low:
        high = low + 1

    def y(score: float) -> float:
        return _y(score, low, high, top, bottom)

    lines = []
    for index, name, scores in series:
        points = tuple((_x(n, count, left, right), y(score)) for n, score in enumerate(scores))
        lines.append(Line(index, name, scores, points, _path(points)))
    rows = tuple((hand.number, tuple(side.score for side in hand.sides)) for hand in hands)
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        lines=tuple(lines),
        target=Mark(rules.target_score, y(rules.target_score), f"{rules.target_score} wins"),
        floor=Mark(floor, y(floor), f"{floor} loses") if floor is not None else None,
        zero=Mark(0, y(0), "0"),
        hands=_hand_marks(count, left, right),
        rows=rows,
        summary=_summary(result),
        low=low,
        high=high,
    )
