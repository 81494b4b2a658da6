"""What-if: the same recorded hands scored under other rules, side by side with the real game.

The other rules are a preset and single settings from the query string (`?preset=hoyle&
bag_limit=off`), so a comparison is a link that can be shared. The hands are rescored with
`strict=False`: they were bid under the game's own rules, so bidding limits are not checked, and
hands after the other rules' end of the game are counted rather than refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from games import scoring


@dataclass(frozen=True)
class SideCompare:
    name: str
    score: int
    other_score: int
    winner: bool
    other_winner: bool


@dataclass(frozen=True)
class SideHandCompare:
    name: str
    side: scoring.SideHand
    other: scoring.SideHand

    @property
    def differs(self) -> bool:
        return self.side.points != self.other.points


@dataclass(frozen=True)
class HandCompare:
    number: int
    sides: tuple[SideHandCompare, ...]


@dataclass(frozen=True)
class RuleChange:
    setting: scoring.Setting
    game_words: str
    other_words: str


@dataclass(frozen=True)
class Comparison:
    result: scoring.GameResult
    other: scoring.GameResult
    sides: tuple[SideCompare, ...]
    hands: tuple[HandCompare, ...]  # the hands whose points differ
    changes: tuple[RuleChange, ...]

    @property
    def same_rules(self) -> bool:
        return not self.changes

    @property
    def winner_changes(self) -> bool:
        return (self.result.finished, self.result.winner) != (
            self.other.finished,
            self.other.winner,
        )

    @property
    def ends_sooner(self) -> bool:
        return self.other.unscored_hands > 0

    @property
    def still_going(self) -> bool:
        """The real game is over, but under the other rules it would go on."""
        return self.result.finished and not self.other.finished

    @property
    def winner_name(self) -> str | None:
        return _winner(self.result)

    @property
    def other_winner_name(self) -> str | None:
        return _winner(self.other)


def _winner(result: scoring.GameResult) -> str | None:
    return result.sides[result.winner].name if result.winner is not None else None


def compare(result: scoring.GameResult, other: scoring.GameResult) -> Comparison:
    """The two scorings of the same hands: totals, winners, and each hand that differs."""
    sides = tuple(
        SideCompare(
            name=side.name,
            score=side.score,
            other_score=other_side.score,
            winner=result.winner == index,
            other_winner=other.winner == index,
        )
        for index, (side, other_side) in enumerate(zip(result.sides, other.sides, strict=True))
    )
    hands = []
    for hand, other_hand in zip(result.hands, other.hands, strict=False):
        pairs = tuple(
            SideHandCompare(total.name, side, other_side)
            for total, side, other_side in zip(
                result.sides, hand.sides, other_hand.sides, strict=True
            )
        )
        if any(pair.differs for pair in pairs):
            hands.append(HandCompare(hand.number, pairs))
    changes = tuple(
        RuleChange(
            scoring.SETTINGS_BY_NAME[name],
            scoring.SETTINGS_BY_NAME[name].explain(getattr(result.rules, name)),
            scoring.SETTINGS_BY_NAME[name].explain(getattr(other.rules, name)),
        )
        for name in other.rules.differences(result.rules)
    )
    return Comparison(result, other, sides, tuple(hands), changes)
