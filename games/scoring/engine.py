"""Scoring a game by replaying its hands: the only place points are worked out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .bids import check_bids, check_tricks
from .entry import Bids, Tricks, bid_tricks, blind_count, is_nil
from .errors import BidError, HandError, ScoringError, TrickError
from .results import (
    GameResult,
    HandResult,
    PendingHand,
    SideTotal,
    Term,
    replayed_side,
)
from .rules import BLIND_NIL, NIL, Rules
from .seating import Seating, seating_for


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as recorded: a bid per seat (None for a hand that bids itself), and the tricks
    per seat once it has been played."""

    bids: Bids | None
    tricks: Tricks | None = None


_NIL_WORDS = {NIL: "nil", BLIND_NIL: "blind nil"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


# What scoring one side of one hand gives: points before the bag penalty, bags, contract,
# tricks toward the contract, tricks taken and made (None with no contract).
SideScore = tuple[int, int, int, int, int, bool | None]
# Where a hand's terms go as it is scored: None while a replay only counts (the words are
# worked out when a page asks for them, by the same functions given a list).
Terms = list[Term] | None
# What a side's terms are worked out from: the seating, the side, the hand's bids and tricks,
# its self-bid minimum (or None) and the side's bags, sets and sets in a row before it.
Source = tuple[Seating, int, Bids, Tricks, int | None, tuple[int, int, int]] | None


def _contract(
    seating: Seating,
    who: str,
    bid: str,
    contract: int,
    toward: int,
    blind: bool,
    terms: Terms,
) -> tuple[int, int, bool]:
    """Points and bags of a side's contract (a blind bid, a big bid and bags included); its
    terms go on `terms` unless that is None (a replay explains a hand only when asked)."""
    rules = seating.rules
    made = toward >= contract
    rule = rules.big_bid if contract >= rules.big_bid_min else "none"
    note = ""
    if rule == "double":
        base = 20 * contract
        note = " (10 for 200: 20 a trick)"
    elif rule == "flat":
        base = rules.big_bid_made if made else rules.big_bid_set
        note = f" (a big bid: {base} flat)"
    else:
        base = 10 * contract
    points = base if made else -base
    if terms is not None:
        if made:
            terms.append(Term(points, "{} bid {}, took {}{}", (who, bid, toward, note)))
        else:
            terms.append(Term(points, "{} bid {}, took {}: set{}", (who, bid, toward, note)))
    if rule == "bonus":
        extra = rules.big_bid_made if made else -rules.big_bid_set
        if terms is not None:
            words = "a big bid ({} or more) made" if made else "a big bid ({} or more) set"
            terms.append(Term(extra, words, (rules.big_bid_min,)))
        points += extra
    if blind:
        if terms is not None:
            terms.append(Term(points, "a blind bid doubles it"))
        points += points
    bags = toward - contract if made else 0
    if bags:
        value = bags * rules.bag_points
        if terms is not None:
            terms.append(Term(value, "1 bag" if bags == 1 else "{} bags", (bags,)))
        points += value
    return points, bags, made


def _score_side(
    seating: Seating, index: int, bids: Bids, tricks: Tricks, terms: Terms
) -> SideScore:
    """Points before the bag penalty, bags, and the figures shown for one side of one hand."""
    seats = seating.sides[index]
    made: bool | None
    names = seating.names
    contract = 0
    ordinary = 0  # tricks taken by the side's number bidders
    failed = 0  # tricks taken by its nil bidders
    bidders = []
    blinds = 0
    nil_seats: list[tuple[int, str]] = []  # (seat, its nil or blind nil)
    for seat in seats:
        bid = bids[seat]
        taken = tricks[seat] or 0
        if is_nil(bid):
            nil_seats.append((seat, bid))
            failed += taken
            continue
        bidders.append(seat)
        ordinary += taken
        if type(bid) is int:
            contract += bid
        elif bid is not None:
            contract += blind_count(bid) or 0
            blinds += 1
    took = ordinary + failed

    rules = seating.rules
    if len(nil_seats) == 2 and rules.both_nil in ("joint", "unit"):
        return _both_nil(seating, index, took, terms)

    points = 0
    for seat, nil in nil_seats:
        value = rules.nil_value if nil == NIL else rules.blind_nil_value
        nil_tricks = tricks[seat]
        if nil_tricks == 0:
            points += value
            if terms is not None:
                terms.append(Term(value, "{}'s {} made", (names[seat], _NIL_WORDS[nil])))
        else:
            points -= value
            if terms is not None:
                terms.append(
                    Term(
                        -value,
                        "{}'s {} failed (took {})",
                        (names[seat], _NIL_WORDS[nil], nil_tricks),
                    )
                )

    mode = rules.failed_nil_tricks
    toward = ordinary + failed if mode == "help_partner" else ordinary
    bags = 0
    made = None
    if bidders:
        who = bid = ""
        if terms is not None:
            who = " + ".join(names[seat] for seat in bidders)
            if blinds and blinds == sum(1 for seat in bidders if bids[seat] is not None):
                bid = f"blind {contract}"
            elif blinds:
                bid = f"{contract} with a blind bid"
            else:
                bid = str(contract)
        value, bags, made = _contract(seating, who, bid, contract, toward, blinds > 0, terms)
        points += value
    elif mode == "help_partner" and failed:
        # Nobody on the side bid a number, so every trick it took is a bag.
        bags = failed
        value = failed * rules.bag_points
        points += value
        if terms is not None:
            terms.append(Term(value, "{} from failed nil", (_plural(failed, "bag"),)))
    if mode == "bags" and failed:
        bags += failed
        value = failed * rules.bag_points
        points += value
        if terms is not None:
            terms.append(Term(value, "{} from failed nil", (_plural(failed, "bag"),)))
    return points, bags, contract, toward, took, made


def _both_nil(seating: Seating, index: int, took: int, terms: Terms) -> SideScore:
    """Both partners nil, scored as one: the both-nil value if both make it; if either fails,
    nothing ("joint") or the value lost ("unit"). Their tricks count for nothing."""
    value = seating.rules.both_nil_value
    side_name = seating.side_names[index]
    if took == 0:
        if terms is not None:
            terms.append(Term(value, "{} both bid nil and both made it", (side_name,)))
        return value, 0, 0, 0, 0, None
    if seating.rules.both_nil == "joint":
        if terms is not None:
            terms.append(Term(0, "{} both bid nil but took {}: no score", (side_name, took)))
        return 0, 0, 0, 0, took, None
    if terms is not None:
        terms.append(Term(-value, "{} both bid nil but took {}", (side_name, took)))
    return -value, 0, 0, 0, took, None


def _score_self_bid(
    seating: Seating, index: int, tricks: Tricks, minimum: int, terms: Terms
) -> SideScore:
    """A hand that bids itself: the side's contract is what it took, but at least `minimum`."""
    took = sum(tricks[seat] or 0 for seat in seating.sides[index])
    side_name = seating.side_names[index]
    if took >= minimum:
        if terms is not None:
            terms.append(
                Term(10 * took, "{} took {} in a hand that bids itself", (side_name, took))
            )
        return 10 * took, 0, took, took, took, True
    if terms is not None:
        terms.append(
            Term(
                -10 * minimum,
                "{} took {} in a hand that bids itself: under {}, so set",
                (side_name, took, minimum),
            )
        )
    return -10 * minimum, 0, minimum, took, took, False


def _score(
    seating: Seating,
    index: int,
    bids: Bids,
    tricks: Tricks,
    self_bid: int | None,
    before: tuple[int, int, int],
    terms: Terms,
) -> tuple[int, int, int, int, int, int, bool | None, int, int, bool, str | None]:
    """One side of one hand given its bags, sets and sets in a row before it: its points, bags
    after it, bags taken, contract, tricks toward it, tricks, made, sets and sets in a row
    after it, whether a Boston won the game, and the set rule that lost it (if one did)."""
    rules = seating.rules
    won = False
    made: bool | None
    if self_bid is not None:  # no Boston in a hand nobody bid
        points, bags, contract, toward, took, made = _score_self_bid(
            seating, index, tricks, self_bid, terms
        )
    else:
        points, bags, contract, toward, took, made = _score_side(
            seating, index, bids, tricks, terms
        )
        boston = rules.boston
        if (
            boston != "none"
            and took == seating.tricks_per_hand
            and made
            and (rules.boston_needs != "bid" or contract == seating.tricks_per_hand)
        ):
            if boston == "bonus":
                bonus = rules.boston_bonus
                points += bonus
                if terms is not None:
                    terms.append(Term(bonus, "Boston: took every trick"))
            else:
                won = True
                if terms is not None:
                    terms.append(Term(0, "Boston: took every trick and wins the game"))
    count, sets, running = before
    count += bags
    limit = rules.bag_limit
    if limit is not None and count >= limit:
        times = 0
        carry = rules.bags_carry_over
        while count >= limit:
            times += 1
            count = count - limit if carry else 0
        penalty = rules.bag_penalty * times
        points -= penalty
        if terms is not None:
            text = "{} bags reached: penalty" if times == 1 else "{} bags reached {} times"
            terms.append(Term(-penalty, text, (limit, times)))
    lost = None
    if made is False:
        sets += 1
        running += 1
        lost = _count_set(terms, sets, running, rules.sets_to_lose, rules.sets_in_a_row_to_lose)
    else:
        running = 0
    return points, count, bags, contract, toward, took, made, sets, running, won, lost


def side_terms(source: Source) -> tuple[Term, ...]:
    """The terms of one side of a scored hand, worked out again by the code that scored it."""
    if source is None:
        return ()
    seating, index, bids, tricks, self_bid, before = source
    terms: list[Term] = []
    _score(seating, index, bids, tricks, self_bid, before, terms)
    return tuple(terms)


def _winners(scores: list[int], among: Sequence[int]) -> list[int]:
    best = max(scores[index] for index in among)
    return [index for index in among if scores[index] == best]


def _replay(
    seating: Seating,
    hands: Sequence[Hand],
    first_dealer: int,
    strict: bool,
    explain: bool = False,
) -> GameResult:
    rules = seating.rules
    seat_count = seating.seats
    side_count = len(seating.sides)
    scores = [0] * side_count
    bag_counts = [0] * side_count
    set_counts = [0] * side_count
    sets_running = [0] * side_count
    target = rules.target_score
    floor = rules.losing_score
    bids_itself = rules.first_hand_bids_itself
    bidder_offset = 1 if rules.first_bidder == "dealer_left" else 0
    side_range = range(side_count)
    blank_bids: Bids = (None,) * seat_count

    results: list[HandResult] = []
    pending = None
    finished = False
    winners: list[int] = []
    ended_after = None
    ended_by = None
    ending = None
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
        leader = (dealer + 1) % seat_count
        self_bid = None
        bids = hand.bids
        if position == 0 and (bids is None or bids_itself is not None):
            if bids is not None and strict:
                raise HandError(
                    number,
                    "the first hand bids itself at this table, so it has no bids: leave them out",
                    field="bids",
                )
            if bids is None and bids_itself is None and strict:
                raise HandError(number, "the bids are missing", field="bids")
            self_bid = bids_itself or 0
            bids = blank_bids
        elif bids is None:
            raise HandError(number, "the bids are missing", field="bids")
        else:
            try:
                bids = check_bids(seating, bids, scores, strict)
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
            if self_bid is not None:
                contracts = (self_bid,) * side_count
            else:
                contracts = tuple(
                    sum(bid_tricks(bids[seat]) or 0 for seat in side) for side in seating.sides
                )
            pending = PendingHand(
                number,
                dealer,
                first_bidder,
                bids,
                contracts,
                tuple(seat for seat, bid in enumerate(bids) if is_nil(bid)),
                leader,
                self_bid is not None,
            )
            break
        try:
            tricks = check_tricks(seating, bids, tricks)
        except TrickError as error:
            raise HandError(number, error.problem, error.seat, "tricks") from None

        sides = []
        boston_winner = None
        lost_by_sets = []
        for index in side_range:
            before = bag_counts[index], set_counts[index], sets_running[index]
            terms: Terms = [] if explain else None
            points, count, bags, contract, toward, took, made, sets, running, won, lost = _score(
                seating, index, bids, tricks, self_bid, before, terms
            )
            if won:
                boston_winner = index
            if lost:
                lost_by_sets.append((index, lost))
            bag_counts[index] = count
            set_counts[index] = sets
            sets_running[index] = running
            score = scores[index] + points
            scores[index] = score
            figures = (points, score, count, bags, contract, toward, took, made, sets, running)
            source = (seating, index, bids, tricks, self_bid, before)
            sides.append(replayed_side(figures, source, None if terms is None else tuple(terms)))
        result = HandResult(
            number,
            dealer,
            first_bidder,
            bids,
            tricks,
            tuple(sides),
            leader,
            self_bid is not None,
        )
        results.append(result)

        names = seating.side_names
        if boston_winner is not None:
            winners, ended_by = [boston_winner], "boston"
            ending = f"{names[boston_winner]} took every trick, and a Boston wins the game"
        elif lost_by_sets:
            losers = [index for index, _ in lost_by_sets]
            others = [index for index in side_range if index not in losers] or list(side_range)
            winners = _winners(scores, others)
            ended_by = lost_by_sets[0][1]
            ending = _sets_ending(seating, lost_by_sets, set_counts, sets_running)
        elif floor is not None and min(scores) <= floor:
            winners = _winners(scores, side_range)
            if len(winners) == 1 and scores[winners[0]] >= target:
                ended_by, ending = "target", f"{names[winners[0]]} reached {target}"
            else:
                fallen = [names[index] for index in side_range if scores[index] <= floor]
                ended_by, ending = "floor", f"{' and '.join(fallen)} fell to {floor} or below"
        elif max(scores) >= target:
            leaders = _winners(scores, side_range)
            if len(leaders) == 1:
                winners, ended_by = leaders, "target"
                ending = f"{names[leaders[0]]} reached {target}"
        if ended_by is not None:
            finished, ended_after = True, number
            if len(winners) > 1:
                ended_by = "draw"
                assert ending is not None, "every way a game ends says how"
                ending += ": the top score is shared, so the game is a draw"

    dealt = len(results) + (1 if pending else 0)
    next_dealer = (first_dealer + dealt) % seat_count
    totals = tuple(
        SideTotal(
            tuple(seating.names[seat] for seat in side),
            side,
            scores[index],
            bag_counts[index],
            seating.side_names[index],
            set_counts[index],
        )
        for index, side in enumerate(seating.sides)
    )
    return GameResult(
        rules=rules,
        players=seating.names,
        sides=totals,
        hands=tuple(results),
        pending=pending,
        finished=finished,
        winner=winners[0] if len(winners) == 1 else None,
        ended_after=ended_after,
        ended_by=ended_by,
        unscored_hands=unscored,
        next_dealer=next_dealer,
        next_first_bidder=(next_dealer + bidder_offset) % seat_count,
        winners=tuple(winners),
        ending=ending,
        next_leader=(next_dealer + 1) % seat_count,
    )


def _sets_ending(
    seating: Seating,
    lost_by_sets: list[tuple[int, str]],
    set_counts: list[int],
    sets_running: list[int],
) -> str:
    parts = []
    for index, why in lost_by_sets:
        were = "were" if len(seating.sides[index]) > 1 else "was"
        count = set_counts[index] if why == "sets" else sets_running[index]
        if count == 1:
            how = "set"
        elif why == "sets":
            how = f"set {count} times"
        else:
            how = f"set {count} hands in a row"
        parts.append(f"{seating.side_names[index]} {were} {how}")
    lose = "" if len(lost_by_sets) == len(seating.sides) else ", which loses the game"
    return " and ".join(parts) + lose


def _count_set(
    terms: Terms, total: int, running: int, to_lose: int | None, in_a_row: int | None
) -> str | None:
    """Note a set where sets can lose the game; which rule it broke, if it lost the game."""
    if to_lose is not None and total >= to_lose:
        if terms is not None:
            terms.append(Term(0, "{} set of the game: {} sets lose it", (ordinal(total), to_lose)))
        return "sets"
    if in_a_row is not None and running >= in_a_row:
        if terms is not None:
            terms.append(
                Term(0, "{} set in a row: {} in a row lose the game", (ordinal(running), in_a_row))
            )
        return "sets_in_a_row"
    if terms is None:
        return None
    if to_lose is not None:
        terms.append(Term(0, "{} set of the game ({} lose it)", (ordinal(total), to_lose)))
    if in_a_row is not None:
        terms.append(
            Term(0, "{} set in a row ({} in a row lose the game)", (ordinal(running), in_a_row))
        )
    return None


def score_game(
    rules: Rules,
    hands: Iterable[Hand],
    players: Sequence[str] | None = None,
    first_dealer: int = 0,
    strict: bool = True,
    *,
    explain: bool = False,
) -> GameResult:
    """Replay every hand in order under `rules` and return the state of the game.

    strict=False scores the same hands under rules they were not bid under: bidding limits
    are skipped, a first hand bids itself when it has no bids (or the rules say so), and hands
    after the end are counted in `unscored_hands` instead of raising.

    explain=True works out every side's terms during the replay; otherwise each side works out
    its own when first asked for, and the answer is the same.
    """
    seating = seating_for(rules, players)
    if type(first_dealer) is not int or not 0 <= first_dealer < seating.seats:
        raise ScoringError(f"the first dealer must be a seat from 0 to {seating.seats - 1}")
    hands = hands if isinstance(hands, (list, tuple)) else list(hands)
    return _replay(seating, hands, first_dealer, strict, explain)
