"""A penalty of tricks: the side that broke a rule of play (a renege) gives tricks of one hand
to its opponents, and the game is scored again with the tricks where the penalty puts them.

Trick-taking games have long settled a revoke this way: the whist laws take three tricks from
the side that revoked and add them to the adversaries' (J. B. Elwell, "Bridge Axioms and
Laws"), and Spades rooms name the same kind of penalty for a renege among their choices
(Spades For Money, "What is Reneging in Spades?"). The director names how many tricks.

Which seat's tricks move, where a side has a nil bidder, is the one choice this module makes:
the tricks come from the partner who bid a number first, and a nil bidder gives only the tricks
a failed nil took beyond its first, so a penalty never turns a failed nil into a made one. They
go to the opponent who bid a number, never to a nil bidder who has not taken a trick: a penalty
never sets the other side's nil. Where a side wrote its tricks as one total on one seat, that
seat's total moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..scoring import Hand, is_nil


class PenaltyError(ValueError):
    """The penalty can't be applied to the game as recorded; the message says why in one line,
    and `field` which of the penalty's figures is wrong ("hand" or "tricks")."""

    def __init__(self, message: str, field: str = "tricks") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class TrickMove:
    """`tricks` tricks of hand `hand` (numbered from 1) go from `side` (0: seats 1 and 3,
    1: seats 2 and 4) to the other side."""

    hand: int
    side: int
    tricks: int


SIDE_SEATS = ((0, 2), (1, 3))


def _given(bids: Sequence[object] | None, tricks: Sequence[int | None], seat: int) -> int:
    """How many of `seat`'s tricks a penalty may take: all of a number bidder's, and of a
    nil bidder's all but the first (its nil failed with that trick and stays failed)."""
    taken = tricks[seat]
    if taken is None:
        return 0
    if bids is not None and is_nil(bids[seat]):
        return max(0, taken - 1)
    return taken


def movable(hand: Hand, side: int) -> int:
    """The tricks of `hand` a penalty may move away from `side`."""
    if hand.tricks is None:
        return 0
    return sum(_given(hand.bids, hand.tricks, seat) for seat in SIDE_SEATS[side])


def move_tricks(hand: Hand, side: int, count: int) -> Hand:
    """The hand with `count` of `side`'s tricks given to the other side (see the module's
    words for which seats give and take); PenaltyError when it can't be done."""
    if count < 1:
        raise PenaltyError("a penalty moves at least one trick")
    if hand.tricks is None:
        raise PenaltyError("its tricks are not recorded yet", "hand")
    tricks = list(hand.tricks)
    bids = hand.bids
    can = movable(hand, side)
    if count > can:
        took = sum(tricks[seat] or 0 for seat in SIDE_SEATS[side])
        if can == took:
            tricks_word = "trick" if took == 1 else "tricks"
            raise PenaltyError(f"the side took only {took} {tricks_word} in it, fewer than {count}")
        raise PenaltyError(
            f"the side has only {can} tricks in it that can move, fewer than {count} "
            "(a failed nil keeps its first trick)"
        )
    # Givers: the number bidder (or the seat holding the side's total) first, then a nil bidder.
    givers = sorted(
        SIDE_SEATS[side],
        key=lambda seat: bids is not None and is_nil(bids[seat]),
    )
    left = count
    for seat in givers:
        took = min(left, _given(bids, tricks, seat))
        current = tricks[seat]
        assert current is not None or took == 0
        if took:
            tricks[seat] = (current or 0) - took
            left -= took
    # The taker: a seat of the other side that holds a number and is not a nil still made.
    others = SIDE_SEATS[1 - side]

    def takes(seat: int) -> bool:
        if tricks[seat] is None:
            return False
        return bids is None or not is_nil(bids[seat]) or (tricks[seat] or 0) > 0

    takers = [seat for seat in others if takes(seat)]
    if not takers:
        raise PenaltyError(
            "both opponents bid nil and took no trick: moving tricks would set their nils "
            "(give a penalty of points instead)"
        )
    # A number bidder before a nil bidder whose nil has failed anyway.
    taker = min(takers, key=lambda seat: bids is not None and is_nil(bids[seat]))
    tricks[taker] = (tricks[taker] or 0) + count
    return Hand(bids, tuple(tricks))


def made_moves(
    hands: Sequence[Hand], moves: Sequence[TrickMove]
) -> tuple[tuple[Hand, ...], tuple[PenaltyError | None, ...]]:
    """The game's hands with every move made in turn, each against the tricks the ones before
    left, and for each move None, or why it could not be made and was left out. A penalty is
    checked when the director gives it; a hand corrected or undone at the table afterwards
    can leave it nothing to move, and the standings then say so rather than fail."""
    changed = list(hands)
    problems: list[PenaltyError | None] = []
    for move in moves:
        if not 1 <= move.hand <= len(changed) or changed[move.hand - 1].tricks is None:
            played = sum(1 for hand in changed if hand.tricks is not None)
            problems.append(
                PenaltyError(
                    f"hand {move.hand} has not been played at this table "
                    f"({played} {'hand has' if played == 1 else 'hands have'})",
                    "hand",
                )
            )
            continue
        try:
            changed[move.hand - 1] = move_tricks(changed[move.hand - 1], move.side, move.tricks)
        except PenaltyError as error:
            problems.append(PenaltyError(f"hand {move.hand}: {error}", error.field))
        else:
            problems.append(None)
    return tuple(changed), tuple(problems)


def penalized_hands(hands: Sequence[Hand], moves: Sequence[TrickMove]) -> tuple[Hand, ...]:
    """The game's hands with every move made in turn; PenaltyError naming the hand for the
    first one that can't be made (as the director's desk checks a new penalty)."""
    changed, problems = made_moves(hands, moves)
    for problem in problems:
        if problem is not None:
            raise problem
    return changed
