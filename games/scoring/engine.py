"""Scoring a game by replaying its hands: the only place points are worked out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .bids import check_bids, check_tricks
from .errors import BidError, HandError, ScoringError, TrickError
from .results import GameResult, HandResult, PendingHand, SideHand, SideTotal, Term
from .rules import BLIND_NIL, NIL, Rules
from .table import Table, table_for

Bid = int | str


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as recorded: a bid per seat, and the tricks per seat once it has been played."""

    bids: tuple
    tricks: tuple | None = None


_NIL_WORDS = {NIL: "nil", BLIND_NIL: "blind nil"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _score_side(table: Table, index: int, bids: tuple, tricks: tuple):
    """Points before the bag penalty, bags, and the figures shown for one side of one hand."""
    seats = table.sides[index]
    if len(seats) == 2:
        first, second = seats
        if type(bids[first]) is int and type(bids[second]) is int:
            # The usual hand: two number bids and no nil to score.
            contract = bids[first] + bids[second]
            took = (tricks[first] or 0) + (tricks[second] or 0)
            return _contract_only(table, index, contract, took)
    names = table.names
    terms: list[Term] = []
    contract = 0
    ordinary = 0  # tricks taken by the side's number bidders
    failed = 0  # tricks taken by its failed nil bidders
    has_contract = False
    nil_seats = None
    for seat in seats:
        bid = bids[seat]
        taken = tricks[seat] or 0
        if type(bid) is int:
            has_contract = True
            contract += bid
            ordinary += taken
        elif nil_seats is None:
            nil_seats = [seat]
            failed += taken
        else:
            nil_seats.append(seat)
            failed += taken
    took = ordinary + failed

    if nil_seats and not has_contract and table.joint:
        if failed == 0:
            value = sum(table.nil_values[bids[seat]] for seat in seats)
            side_name = table.side_names[index]
            terms.append(Term(value, "{} both bid nil and both made it", (side_name,)))
            return value, 0, 0, 0, took, None, terms
        terms.append(
            Term(0, "{} both bid nil but took {}: no score", (table.side_names[index], took))
        )
        return 0, 0, 0, 0, took, None, terms

    points = 0
    if nil_seats:
        for seat in nil_seats:
            value = table.nil_values[bids[seat]]
            word = _NIL_WORDS[bids[seat]]
            taken = tricks[seat]
            if taken == 0:
                points += value
                terms.append(Term(value, "{}'s {} made", (names[seat], word)))
            else:
                points -= value
                terms.append(Term(-value, "{}'s {} failed (took {})", (names[seat], word, taken)))

    mode = table.mode
    toward = ordinary + failed if mode == "help_partner" else ordinary
    bags = 0
    made = None
    if has_contract:
        per_trick = 20 if table.double and contract >= 10 else 10
        if nil_seats:
            side_name = " + ".join(names[seat] for seat in seats if type(bids[seat]) is int)
        else:
            side_name = table.side_names[index]
        double = " (10 for 200: 20 a trick)" if per_trick == 20 else ""
        made = toward >= contract
        if made:
            value = per_trick * contract
            points += value
            terms.append(Term(value, "{} bid {}, took {}{}", (side_name, contract, toward, double)))
            bags = toward - contract
            if bags:
                value = bags * table.bag_points
                points += value
                terms.append(Term(value, "1 bag" if bags == 1 else "{} bags", (bags,)))
        else:
            value = -per_trick * contract
            points += value
            terms.append(
                Term(value, "{} bid {}, took {}: set{}", (side_name, contract, toward, double))
            )
    elif mode == "help_partner" and failed:
        # Nobody on the side bid a number, so every trick it took is a bag.
        bags = failed
        value = failed * table.bag_points
        points += value
        terms.append(Term(value, "{} from failed nil", (_plural(failed, "bag"),)))
    if mode == "bags" and failed:
        bags += failed
        value = failed * table.bag_points
        points += value
        terms.append(Term(value, "{} from failed nil", (_plural(failed, "bag"),)))
    return points, bags, contract, toward, took, made, terms


def _contract_only(table: Table, index: int, contract: int, took: int):
    per_trick = 20 if table.double and contract >= 10 else 10
    double = " (10 for 200: 20 a trick)" if per_trick == 20 else ""
    side_name = table.side_names[index]
    if took >= contract:
        points = per_trick * contract
        bags = took - contract
        if bags:
            value = bags * table.bag_points
            terms = [
                Term(points, "{} bid {}, took {}{}", (side_name, contract, took, double)),
                Term(value, "1 bag" if bags == 1 else "{} bags", (bags,)),
            ]
            return points + value, bags, contract, took, took, True, terms
        terms = [Term(points, "{} bid {}, took {}{}", (side_name, contract, took, double))]
        return points, 0, contract, took, took, True, terms
    points = -per_trick * contract
    terms = [Term(points, "{} bid {}, took {}: set{}", (side_name, contract, took, double))]
    return points, 0, contract, took, took, False, terms


def _replay(
    table: Table,
    hands: Sequence,
    first_dealer: int,
    strict: bool,
) -> GameResult:
    rules = table.rules
    seat_count = table.seats
    side_count = len(table.sides)
    tricks_per_hand = table.tricks
    scores = [0] * side_count
    bag_counts = [0] * side_count
    limit = rules.bag_limit
    penalty = rules.bag_penalty
    carry = rules.bags_carry_over
    target = rules.target_score
    floor = rules.losing_score
    boston = rules.boston
    boston_bonus = rules.boston_bonus
    bidder_offset = 1 if rules.first_bidder == "dealer_left" else 0
    side_range = range(side_count)

    results: list[HandResult] = []
    pending = None
    finished = False
    winner = None
    ended_after = None
    ended_by = None
    unscored = 0
    last = len(hands) - 1
    for position, hand in enumerate(hands):
        number = position + 1
        if finished:
            if strict:
                raise HandError(number, f"the game already ended after hand {ended_after}")
            unscored += 1
            continue
        dealer = (first_dealer + position) % seat_count
        first_bidder = (dealer + bidder_offset) % seat_count
        try:
            bids = check_bids(table, hand.bids, scores, strict)
        except BidError as error:
            raise HandError(number, error.problem, error.seat, "bids") from None
        tricks = hand.tricks
        if tricks is None:
            if position != last:
                raise HandError(
                    number,
                    "tricks are missing: only the last hand can still be in play",
                    field="tricks",
                )
            pending = PendingHand(
                number,
                dealer,
                first_bidder,
                bids,
                tuple(
                    sum(bids[seat] for seat in side if type(bids[seat]) is int)
                    for side in table.sides
                ),
                tuple(seat for seat, bid in enumerate(bids) if type(bid) is str),
            )
            break
        try:
            tricks = check_tricks(table, bids, tricks)
        except TrickError as error:
            raise HandError(number, error.problem, error.seat, "tricks") from None

        sides = []
        boston_winner = None
        for index in side_range:
            points, bags, contract, toward, took, made, terms = _score_side(
                table, index, bids, tricks
            )
            if took == tricks_per_hand and boston != "none" and made:
                if boston == "bonus":
                    points += boston_bonus
                    terms.append(Term(boston_bonus, "Boston: took every trick"))
                else:
                    boston_winner = index
                    terms.append(Term(0, "Boston: took every trick and wins the game"))
            count = bag_counts[index] + bags
            if limit is not None and count >= limit:
                times = 0
                while count >= limit:
                    times += 1
                    count = count - limit if carry else 0
                points -= penalty * times
                text = "{} bags reached: penalty" if times == 1 else "{} bags reached {} times"
                terms.append(Term(-penalty * times, text, (limit, times)))
            bag_counts[index] = count
            score = scores[index] + points
            scores[index] = score
            sides.append(
                SideHand(points, score, count, bags, contract, toward, took, made, tuple(terms))
            )
        results.append(HandResult(number, dealer, first_bidder, bids, tricks, tuple(sides)))

        if boston_winner is not None:
            finished, winner, ended_after, ended_by = True, boston_winner, number, "boston"
        elif max(scores) >= target or (floor is not None and min(scores) <= floor):
            best = max(scores)
            leaders = [index for index in side_range if scores[index] == best]
            if len(leaders) == 1:
                finished, winner, ended_after = True, leaders[0], number
                ended_by = "target" if best >= target else "floor"

    dealt = len(results) + (1 if pending else 0)
    next_dealer = (first_dealer + dealt) % seat_count
    totals = tuple(
        SideTotal(
            tuple(table.names[seat] for seat in side),
            side,
            scores[index],
            bag_counts[index],
            table.side_names[index],
        )
        for index, side in enumerate(table.sides)
    )
    return GameResult(
        rules=rules,
        players=table.names,
        sides=totals,
        hands=tuple(results),
        pending=pending,
        finished=finished,
        winner=winner,
        ended_after=ended_after,
        ended_by=ended_by,
        unscored_hands=unscored,
        next_dealer=next_dealer,
        next_first_bidder=(next_dealer + bidder_offset) % seat_count,
    )


def score_game(
    rules: Rules,
    hands: Iterable[Hand],
    players: Sequence[str] | None = None,
    first_dealer: int = 0,
    strict: bool = True,
) -> GameResult:
    """Replay every hand in order under `rules` and return the state of the game.

    strict=False scores the same hands under rules they were not bid under: bidding limits
    are skipped and hands after the end are counted in `unscored_hands` instead of raising.
    """
    table = table_for(rules, players)
    if type(first_dealer) is not int or not 0 <= first_dealer < table.seats:
        raise ScoringError(f"the first dealer must be a seat from 0 to {table.seats - 1}")
    hands = hands if isinstance(hands, (list, tuple)) else list(hands)
    return _replay(table, hands, first_dealer, strict)
