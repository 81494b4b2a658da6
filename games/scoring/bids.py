"""Checks that a hand's bids and tricks could happen at this table, in words players use."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .entry import (
    Bids,
    Tricks,
    bid_label,
    bid_tricks,
    blind_count,
    is_nil,
    side_total_allowed,
    trails_by,
)
from .errors import BidError, TrickError
from .rules import BLIND_NIL, NIL, Rules, describe
from .seating import Seating, seating_for

_WORDS = {NIL: "nil", BLIND_NIL: "blind nil"}
_BLIND = re.compile(r"blind_(-?[0-9]+)")


def _words(bid: object) -> str:
    return (_WORDS.get(bid) if isinstance(bid, str) else None) or bid_label(bid).lower()


def _bid_problem(seating: Seating, seat: int, bid: object, bids: Sequence[object]) -> str | None:
    name = seating.names[seat]
    most = seating.tricks_per_hand
    if type(bid) is int:
        if bid < 0:
            return f"{name}'s bid can't be negative (got {bid})"
        if bid > most:
            return f"{name}'s bid of {bid} is more than the {most} tricks in a hand"
        return None
    if is_nil(bid):
        return None
    if bid is None:
        return _blank_bid_problem(seating, seat, bids)
    count = blind_count(bid)
    if count is None and isinstance(bid, str) and (match := _BLIND.fullmatch(bid)):
        count = int(match.group(1)) if str(int(match.group(1))) == match.group(1) else None
    if count is not None:
        if count > most:
            return f"{name}'s blind bid of {count} is more than the {most} tricks in a hand"
        if count < 1:
            return f"{name}'s blind bid must be at least 1 (got {count})"
        return None
    if isinstance(bid, float) and not isinstance(bid, bool):
        return f"{name}'s bid must be a whole number, not {describe(bid)}"
    if seating.rules.blind_bid_min is not None:
        kinds = 'a number, "nil", "blind_nil" or a blind bid like "blind_7"'
    else:
        kinds = 'a number, "nil" or "blind_nil"'
    return f"{name}'s bid must be {kinds}, not {describe(bid)}"


def _blank_bid_problem(seating: Seating, seat: int, bids: Sequence[object]) -> str | None:
    """A blank bid is a side's total written on the other partner, where neither bid nil."""
    name = seating.names[seat]
    partner = seating.partner[seat]
    if partner is None:
        return f"{name}'s bid is missing"
    other = bids[partner]
    if other is None:
        return (
            f"{seating.side_names[seating.side_of[seat]]} both have blank bids: enter the side's "
            "bid on one of them"
        )
    if is_nil(other):
        return (
            f"{seating.names[partner]} bid {_words(other)}, so {name} needs a bid of their own: "
            "a side's bid goes on one partner only when neither bids nil"
        )
    return None


def check_bids(seating: Seating, bids: object, scores: Sequence[int] | None, strict: bool) -> Bids:
    """Normalised bids (0 becomes nil where that is the rule); raises BidError."""
    if not isinstance(bids, (list, tuple)):
        raise BidError(f"bids must be a list with one bid per player, not {describe(bids)}")
    if len(bids) != seating.seats:
        raise BidError(f"expected {seating.seats} bids, one per player, got {len(bids)}")
    for seat, bid in enumerate(bids):
        problem = _bid_problem(seating, seat, bid, bids)
        if problem:
            raise BidError(problem, seat)
    if seating.rules.zero_is_nil and 0 in bids:
        bids = tuple(NIL if bid == 0 and type(bid) is int else bid for bid in bids)
        for seat, bid in enumerate(bids):
            if bid is None:
                problem = _blank_bid_problem(seating, seat, bids)
                if problem:
                    raise BidError(problem, seat)
    else:
        bids = tuple(bids)
    if strict:
        _check_bidding(seating, bids, scores)
    return bids


def _check_bidding(seating: Seating, bids: Bids, scores: Sequence[int] | None) -> None:
    rules = seating.rules
    variant = rules.variant
    if variant != "classic":
        _check_variant(seating, bids, variant)
    if BLIND_NIL in bids:
        if not rules.blind_nil:
            seat = bids.index(BLIND_NIL)
            raise BidError(
                f"{seating.names[seat]} bid blind nil, but this table doesn't play blind nil", seat
            )
        if rules.blind_nil_behind is not None:
            _check_behind(seating, bids, scores, BLIND_NIL, rules.blind_nil_behind)
    _check_blind_bids(seating, bids, scores)
    if rules.both_nil == "forbidden":
        for side in seating.sides:
            if all(is_nil(bids[seat]) for seat in side):
                first, second = side
                raise BidError(
                    f"{seating.names[first]} and {seating.names[second]} both bid nil, but at this "
                    "table both partners may not bid nil in the same hand",
                    second,
                )
    if rules.min_team_bid is not None:
        _check_team_minimum(seating, bids, rules.min_team_bid)
    if rules.min_total_bid is not None or rules.ban_exact_total:
        total = sum(bid_tricks(bid) or 0 for bid in bids)
        if rules.min_total_bid is not None and total < rules.min_total_bid:
            raise BidError(
                f"the bids add up to {total}, but at this table they must add up to at least "
                f"{rules.min_total_bid}"
            )
        most = seating.tricks_per_hand
        if rules.ban_exact_total and total == most:
            raise BidError(
                f"the bids add up to exactly the {most} tricks in a hand, which this "
                "table doesn't allow"
            )


def _check_blind_bids(seating: Seating, bids: Bids, scores: Sequence[int] | None) -> None:
    rules = seating.rules
    lowest = rules.blind_bid_min
    for seat, bid in enumerate(bids):
        count = blind_count(bid)
        if count is None:
            continue
        name = seating.names[seat]
        if lowest is None:
            raise BidError(
                f"{name} bid blind {count}, but this table doesn't play blind number bids", seat
            )
        if count < lowest:
            raise BidError(
                f"{name}'s blind bid of {count} is under this table's smallest blind bid, {lowest}",
                seat,
            )
    if lowest is not None and rules.blind_bid_behind is not None:
        _check_behind(seating, bids, scores, None, rules.blind_bid_behind)


def _check_team_minimum(seating: Seating, bids: Bids, minimum: int) -> None:
    for index, side in enumerate(seating.sides):
        ordinary = [seat for seat in side if not is_nil(bids[seat])]
        total = sum(bid_tricks(bids[seat]) or 0 for seat in ordinary)
        if not ordinary or total >= minimum:
            continue
        if len(side) == 1:
            raise BidError(
                f"{seating.names[side[0]]} bid {total}, but this table's minimum is {minimum}",
                side[0],
            )
        if len(ordinary) == 1:
            seat = ordinary[0]
            if bids[seat] is not None:
                nil_seat = next(other for other in side if other != seat)
                raise BidError(
                    f"{seating.names[nil_seat]} bid {_words(bids[nil_seat])}, so "
                    f"{seating.names[seat]} must bid this table's minimum of {minimum} alone, "
                    f"but bid {total}",
                    seat,
                )
        together = "" if any(bids[seat] is None for seat in side) else " together"
        raise BidError(
            f"{seating.side_names[index]} bid {total}{together}, but this table's minimum is "
            f"{minimum}"
        )


def _check_variant(seating: Seating, bids: Bids, variant: str) -> None:
    if variant == "suicide":
        for side in seating.sides:
            nils = sum(1 for seat in side if is_nil(bids[seat]))
            if nils != 1:
                raise BidError(
                    "in suicide one partner on each side must bid nil and the other a number"
                )
    elif variant == "blind_nil_all":
        for seat, bid in enumerate(bids):
            if bid != BLIND_NIL:
                raise BidError(
                    f"everyone bids blind nil in this game, but {seating.names[seat]} bid "
                    f"{_words(bid) if bid is not None else 'nothing'}",
                    seat,
                )
    else:  # mirrors and whiz: nil or a number
        for seat, bid in enumerate(bids):
            if bid == BLIND_NIL:
                raise BidError(
                    f"in {variant} there is no blind nil: {seating.names[seat]} must bid nil "
                    "or a number",
                    seat,
                )
        if variant == "mirrors":
            _check_mirrors(seating, bids)


SPADES = 13


def _check_mirrors(seating: Seating, bids: Bids) -> None:
    """Mirrors bids are the spades each player holds: all 13 are dealt with 3 or 4 players,
    and two players drawing from the stock hold at most 13 between them."""
    total = sum(bid for bid in bids if type(bid) is int)
    if seating.seats >= 3 and total != SPADES:
        raise BidError(
            f"in mirrors everyone bids the spades they hold, so the bids must add up to "
            f"{SPADES}, but they add up to {total}"
        )
    if total > SPADES:
        raise BidError(
            f"in mirrors everyone bids the spades they hold, so the bids can't add up to more "
            f"than {SPADES}, but they add up to {total}"
        )


def _check_behind(
    seating: Seating, bids: Bids, scores: Sequence[int] | None, nil: str | None, behind: int
) -> None:
    """Blind nil (nil=BLIND_NIL) or a blind number bid (nil=None) only for a side far enough
    behind, by the sides' scores before the hand."""
    count = len(seating.sides)
    scores = tuple(scores) if scores is not None else (0,) * count
    if len(scores) != count:
        raise BidError(f"expected {count} scores, one per side, got {len(scores)}")
    for seat, bid in enumerate(bids):
        if (bid != BLIND_NIL) if nil else blind_count(bid) is None:
            continue
        if trails_by(seating.rules, seat, scores) < behind:
            what = "blind nil is" if nil else "blind bids are"
            raise BidError(
                f"{seating.names[seat]} can't bid {_words(bid)} now: {what} only allowed when "
                f"your side trails by {behind} or more",
                seat,
            )


def check_tricks(seating: Seating, bids: Bids, tricks: object) -> Tricks:
    """The tricks as given (blanks kept); raises TrickError."""
    if not isinstance(tricks, (list, tuple)):
        raise TrickError(
            f"tricks must be a list with one number per player, not {describe(tricks)}"
        )
    if len(tricks) != seating.seats:
        raise TrickError(
            f"expected {seating.seats} trick counts, one per player, got {len(tricks)}"
        )
    most = seating.tricks_per_hand
    total = 0
    names = seating.names
    for seat, taken in enumerate(tricks):
        if type(taken) is int and 0 <= taken <= most:
            total += taken
            continue
        name = names[seat]
        if taken is None:
            _check_blank(seating, bids, tricks, seat)
        elif type(taken) is not int:
            raise TrickError(f"{name}'s tricks must be a whole number, not {describe(taken)}", seat)
        elif taken < 0:
            raise TrickError(f"{name}'s tricks can't be negative (got {taken})", seat)
        else:
            raise TrickError(f"{name} can't take {taken} tricks: a hand has only {most}", seat)
    if total != most:
        raise TrickError(f"tricks add up to {total}, but a hand has {most} tricks")
    return tuple(tricks)


def _check_blank(seating: Seating, bids: Bids, tricks: Sequence[object], seat: int) -> None:
    name = seating.names[seat]
    partner = seating.partner[seat]
    if partner is None:
        raise TrickError(f"{name}'s tricks are missing", seat)
    if side_total_allowed(bids, seating.sides[seating.side_of[seat]]):
        if tricks[partner] is None:
            raise TrickError(
                f"{seating.side_names[seating.side_of[seat]]} both have blank tricks: enter the "
                "side's total on one of them",
                seat,
            )
        return
    if is_nil(bids[seat]):
        raise TrickError(
            f"{name} bid {_words(bids[seat])}, so {name}'s tricks must be entered separately",
            seat,
        )
    raise TrickError(
        f"{seating.names[partner]} bid {_words(bids[partner])}, so {name}'s tricks must be "
        "entered separately",
        seat,
    )


def validate_bids(
    rules: Rules,
    bids: object,
    scores: Sequence[int] | None = None,
    *,
    players: Sequence[str] | None = None,
) -> Bids:
    """Check one hand's bids under every rule of the table; `scores` are the sides' scores
    before the hand (for bids allowed only when behind), the start of a game when None."""
    return check_bids(seating_for(rules, players), bids, scores, strict=True)


def validate_tricks(
    rules: Rules, bids: object, tricks: object, *, players: Sequence[str] | None = None
) -> Tricks:
    """Check one hand's tricks against its bids (which are checked for shape first); bids of
    None are a hand that bids itself."""
    seating = seating_for(rules, players)
    if bids is None:
        bids = (None,) * seating.seats
        return check_tricks(seating, bids, tricks)
    return check_tricks(seating, check_bids(seating, bids, None, strict=False), tricks)
