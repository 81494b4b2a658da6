"""Checks that a hand's bids and tricks could happen at this table, in words players use."""

from __future__ import annotations

from .entry import is_nil, side_total_allowed
from .errors import BidError, TrickError
from .rules import BLIND_NIL, NIL, Rules, describe
from .table import Table, table_for

_WORDS = {NIL: "nil", BLIND_NIL: "blind nil"}


def _bid_problem(table: Table, seat: int, bid) -> str | None:
    name = table.names[seat]
    if type(bid) is int:
        if bid < 0:
            return f"{name}'s bid can't be negative (got {bid})"
        if bid > table.tricks:
            return f"{name}'s bid of {bid} is more than the {table.tricks} tricks in a hand"
        return None
    if is_nil(bid):
        return None
    if isinstance(bid, float) and not isinstance(bid, bool):
        return f"{name}'s bid must be a whole number, not {describe(bid)}"
    return f'{name}\'s bid must be a number, "nil" or "blind_nil", not {describe(bid)}'


def check_bids(table: Table, bids, scores, strict: bool) -> tuple:
    """Normalised bids (0 becomes nil where that is the rule); raises BidError."""
    if not isinstance(bids, (list, tuple)):
        raise BidError(f"bids must be a list with one bid per player, not {describe(bids)}")
    if len(bids) != table.seats:
        raise BidError(f"expected {table.seats} bids, one per player, got {len(bids)}")
    most = table.tricks
    for seat, bid in enumerate(bids):
        if type(bid) is not int or not 0 <= bid <= most:
            problem = _bid_problem(table, seat, bid)
            if problem:
                raise BidError(problem, seat)
    if table.zero_is_nil and 0 in bids:
        bids = tuple(NIL if bid == 0 and type(bid) is int else bid for bid in bids)
    else:
        bids = tuple(bids)
    if strict and table.bidding_limits:
        _check_bidding(table, bids, scores)
    return bids


def _check_bidding(table: Table, bids: tuple, scores) -> None:
    rules = table.rules
    variant = rules.variant
    if variant != "classic":
        _check_variant(table, bids, variant)
    if BLIND_NIL in bids:
        if not rules.blind_nil:
            seat = bids.index(BLIND_NIL)
            raise BidError(
                f"{table.names[seat]} bid blind nil, but this table doesn't play blind nil", seat
            )
        if rules.blind_nil_behind is not None:
            _check_blind_nil_behind(table, bids, scores)
    minimum = rules.min_team_bid
    if minimum is not None:
        for index, side in enumerate(table.sides):
            numbers = [bids[seat] for seat in side if type(bids[seat]) is int]
            if numbers and sum(numbers) < minimum:
                together = " together" if len(side) > 1 else ""
                raise BidError(
                    f"{table.side_names[index]} bid {sum(numbers)}{together}, "
                    f"but this table's minimum is {minimum}",
                    side[0] if len(side) == 1 else None,
                )


def _check_variant(table: Table, bids: tuple, variant: str) -> None:
    if variant == "suicide":
        for side in table.sides:
            nils = sum(1 for seat in side if is_nil(bids[seat]))
            if nils != 1:
                raise BidError(
                    "in suicide one partner on each side must bid nil and the other a number"
                )
    elif variant == "blind_nil_all":
        for seat, bid in enumerate(bids):
            if bid != BLIND_NIL:
                raise BidError(
                    f"everyone bids blind nil in this game, but {table.names[seat]} bid "
                    f"{_WORDS.get(bid, bid)}",
                    seat,
                )
    else:  # mirrors and whiz: nil or a number
        for seat, bid in enumerate(bids):
            if bid == BLIND_NIL:
                raise BidError(
                    f"in {variant} there is no blind nil: {table.names[seat]} must bid nil "
                    "or a number",
                    seat,
                )
        if variant == "mirrors":
            total = sum(bid for bid in bids if type(bid) is int)
            if total != table.tricks:
                raise BidError(
                    f"in mirrors the bids must add up to {table.tricks}, but they add up to {total}"
                )


def _check_blind_nil_behind(table: Table, bids: tuple, scores) -> None:
    behind = table.rules.blind_nil_behind
    count = len(table.sides)
    scores = tuple(scores) if scores is not None else (0,) * count
    if len(scores) != count:
        raise BidError(f"expected {count} scores, one per side, got {len(scores)}")
    for seat, bid in enumerate(bids):
        if bid != BLIND_NIL:
            continue
        side = table.side_of[seat]
        leader = max(score for index, score in enumerate(scores) if index != side)
        if leader - scores[side] < behind:
            raise BidError(
                f"{table.names[seat]} can't bid blind nil now: blind nil is only allowed when "
                f"your side trails by {behind} or more",
                seat,
            )


def check_tricks(table: Table, bids: tuple, tricks) -> tuple:
    """The tricks as given (blanks kept); raises TrickError."""
    if not isinstance(tricks, (list, tuple)):
        raise TrickError(
            f"tricks must be a list with one number per player, not {describe(tricks)}"
        )
    if len(tricks) != table.seats:
        raise TrickError(f"expected {table.seats} trick counts, one per player, got {len(tricks)}")
    total = 0
    names = table.names
    for seat, taken in enumerate(tricks):
        if type(taken) is int and 0 <= taken <= table.tricks:
            total += taken
            continue
        name = names[seat]
        if taken is None:
            _check_blank(table, bids, tricks, seat)
        elif type(taken) is not int:
            raise TrickError(f"{name}'s tricks must be a whole number, not {describe(taken)}", seat)
        elif taken < 0:
            raise TrickError(f"{name}'s tricks can't be negative (got {taken})", seat)
        else:
            raise TrickError(
                f"{name} can't take {taken} tricks: a hand has only {table.tricks}", seat
            )
    if total != table.tricks:
        raise TrickError(f"tricks add up to {total}, but a hand has {table.tricks} tricks")
    return tuple(tricks)


def _check_blank(table: Table, bids: tuple, tricks, seat: int) -> None:
    name = table.names[seat]
    partner = table.partner[seat]
    if partner is None:
        raise TrickError(f"{name}'s tricks are missing", seat)
    if side_total_allowed(bids, table.sides[table.side_of[seat]]):
        if tricks[partner] is None:
            raise TrickError(
                f"{table.side_names[table.side_of[seat]]} both have blank tricks: enter the "
                "side's total on one of them",
                seat,
            )
        return
    if is_nil(bids[seat]):
        raise TrickError(
            f"{name} bid {_WORDS[bids[seat]]}, so {name}'s tricks must be entered separately",
            seat,
        )
    raise TrickError(
        f"{table.names[partner]} bid {_WORDS[bids[partner]]}, so {name}'s tricks must be "
        "entered separately",
        seat,
    )


def validate_bids(rules: Rules, bids, scores=None, *, players=None) -> tuple:
    """Check one hand's bids under every rule of the table; `scores` are the sides' scores
    before the hand (for blind nil when behind), the start of a game when None."""
    return check_bids(table_for(rules, players), bids, scores, strict=True)


def validate_tricks(rules: Rules, bids, tricks, *, players=None) -> tuple:
    """Check one hand's tricks against its bids (which are checked for shape first)."""
    table = table_for(rules, players)
    return check_tricks(table, check_bids(table, bids, None, strict=False), tricks)
