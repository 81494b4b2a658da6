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
from .rules import BLIND_NIL, NIL, Rules, describe
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
# its self-bid minimum (or None), the side's bags, sets and sets in a row before it, and the
# bag-back cycles each side completed in the hand (empty when none did).
Source = tuple[Seating, int, Bids, Tricks, int | None, tuple[int, int, int], tuple[int, ...]] | None


def _contract(
    seating: Seating,
    who: str,
    bid: str,
    contract: int,
    toward: int,
    blind: bool,
    terms: Terms,
    exact: bool = False,
) -> tuple[int, int, bool]:
    """Points and bags of a side's contract (a blind bid, a big bid and bags included); its
    terms go on `terms` unless that is None (a replay explains a hand only when asked).
    `exact`: the contract must be taken exactly (a nil bidder's partner, where the rules say
    so); over or under, it is set."""
    rules = seating.rules
    made = toward == contract if exact else toward >= contract
    rule = rules.big_bid if contract >= rules.big_bid_min else "none"
    per_trick = 10
    note = ""
    if rule == "double":
        per_trick = 20
        base = 20 * contract
        note = " (10 for 200: 20 a trick)"
    elif rule == "flat":
        base = rules.big_bid_made if made else rules.big_bid_set
        note = f" (a big bid: {base} flat)"
    else:
        base = 10 * contract
    off = abs(contract - toward)
    if made:
        points = base
    elif rules.set_scoring == "missed" and rule != "flat":
        points = -per_trick * off
    else:
        points = -base
    if terms is not None:
        if made:
            terms.append(Term(points, "{} bid {}, took {}{}", (who, bid, toward, note)))
        else:
            how = ""
            if exact and toward > contract:
                how = ", not exactly the bid beside a nil"
            if rules.set_scoring == "missed" and rule != "flat":
                how += f", {_plural(off, 'trick')} {'over' if toward > contract else 'short'}"
            terms.append(Term(points, "{} bid {}, took {}: set{}{}", (who, bid, toward, how, note)))
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
    if bags and rules.overtricks == "none":
        if terms is not None:
            words = "1 overtrick" if bags == 1 else "{} overtricks"
            terms.append(Term(0, words + ": no score and no bag (no overs)", (bags,)))
        bags = 0
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

    # Beside a nil, the partner may have to take exactly their bid with their own tricks;
    # missing it sets the partner and fails the nil as well.
    exact = rules.nil_partner_exact and bool(nil_seats) and bool(bidders)
    partner_missed = exact and ordinary != contract
    points = 0
    for seat, nil in nil_seats:
        value = rules.nil_value if nil == NIL else rules.blind_nil_value
        nil_tricks = tricks[seat]
        if nil_tricks == 0 and partner_missed:
            points -= value
            if terms is not None:
                terms.append(
                    Term(
                        -value,
                        "{}'s {} fails with the partner's bid, not taken exactly",
                        (names[seat], _NIL_WORDS[nil]),
                    )
                )
        elif nil_tricks == 0:
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
    toward = ordinary + failed if mode == "help_partner" and not exact else ordinary
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
        value, bags, made = _contract(seating, who, bid, contract, toward, blinds > 0, terms, exact)
        points += value
    elif mode == "help_partner" and failed:
        # Nobody on the side bid a number, so every trick it took is over its contract of 0.
        if rules.overtricks == "none":
            if terms is not None:
                terms.append(
                    Term(0, "{} from failed nil: no score and no bag (no overs)",
                         (_plural(failed, "trick"),))
                )  # fmt: skip
        else:
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
    elif mode == "bags_only" and failed:
        bags += failed
        if terms is not None:
            terms.append(
                Term(0, "{} from failed nil, counted but not scored", (_plural(failed, "bag"),))
            )
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
    lost = 10 * (minimum - took) if seating.rules.set_scoring == "missed" else 10 * minimum
    if terms is not None:
        terms.append(
            Term(
                -lost,
                "{} took {} in a hand that bids itself: under {}, so set",
                (side_name, took, minimum),
            )
        )
    return -lost, 0, minimum, took, took, False


def _score(
    seating: Seating,
    index: int,
    bids: Bids,
    tricks: Tricks,
    self_bid: int | None,
    before: tuple[int, int, int],
    terms: Terms,
) -> tuple[int, int, int, int, int, int, bool | None, int, int, bool, str | None, int]:
    """One side of one hand given its bags, sets and sets in a row before it: its points, bags
    after it, bags taken, contract, tricks toward it, tricks, made, sets and sets in a row
    after it, whether a Boston won the game, the set rule that lost it (if one did), and the
    bag-back cycles it completed (paid to the other sides by `_bag_back`)."""
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
    back = rules.bag_back
    limit = rules.bag_limit if back is None else back
    cycles = 0
    if limit is not None and count >= limit:
        carry = rules.bags_carry_over
        while count >= limit:
            cycles += 1
            count = count - limit if carry else 0
        if back is not None:
            if terms is not None:
                gift = rules.bag_back_points * cycles
                if cycles == 1:
                    terms.append(
                        Term(0, "{} bags reached: bag back, {} to each other side", (limit, gift))
                    )
                else:
                    text = "{} bags reached {} times: bag back, {} to each other side"
                    terms.append(Term(0, text, (limit, cycles, gift)))
        else:
            penalty = rules.bag_penalty * cycles
            points -= penalty
            if terms is not None:
                text = "{} bags reached: penalty" if cycles == 1 else "{} bags reached {} times"
                terms.append(Term(-penalty, text, (limit, cycles)))
            cycles = 0
    lost = None
    if made is False:
        sets += 1
        running += 1
        lost = _count_set(terms, sets, running, rules.sets_to_lose, rules.sets_in_a_row_to_lose)
    else:
        running = 0
    return points, count, bags, contract, toward, took, made, sets, running, won, lost, cycles


def _bag_back(seating: Seating, index: int, cycles: Sequence[int], terms: Terms) -> int:
    """What a side gains from the other sides' bag-back cycles completed in the same hand."""
    value = seating.rules.bag_back_points
    gained = 0
    for giver, count in enumerate(cycles):
        if giver == index or not count:
            continue
        gained += value * count
        if terms is not None:
            name = seating.side_names[giver]
            text = "bag back from {}" if count == 1 else "bag back from {}, {} times"
            terms.append(Term(value * count, text, (name, count)))
    return gained


def side_terms(source: Source) -> tuple[Term, ...]:
    """The terms of one side of a scored hand, worked out again by the code that scored it."""
    if source is None:
        return ()
    seating, index, bids, tricks, self_bid, before, cycles = source
    terms: list[Term] = []
    _score(seating, index, bids, tricks, self_bid, before, terms)
    if cycles:
        _bag_back(seating, index, cycles, terms)
    return tuple(terms)


def _winners(scores: list[int], among: Sequence[int]) -> list[int]:
    best = max(scores[index] for index in among)
    return [index for index in among if scores[index] == best]


# How each way of ending reads in a tie's words ("shared the top score ...").
_AT = {
    "target": "at the winning score",
    "floor": "when a side fell to the losing score",
    "sets": "when a side was set out",
    "sets_in_a_row": "when a side was set out",
    "hand_limit": "at the hand limit",
    "time_called": "when the time was called",
}


@dataclass(slots=True)
class _Tie:
    """A top score shared at an end that the tie rule plays on from: why the game was ending,
    after which hand, who shared the top, and the hand a tie block ends with (if one is on)."""

    reason: str
    after: int
    level: tuple[int, ...]
    block_end: int | None = None


def _replay(
    seating: Seating,
    hands: Sequence[Hand],
    first_dealer: int,
    strict: bool,
    explain: bool = False,
    time_called: int | None = None,
) -> GameResult:
    rules = seating.rules
    seat_count = seating.seats
    side_count = len(seating.sides)
    scores = [0] * side_count
    bag_counts = [0] * side_count
    bags_taken = [0] * side_count  # every bag taken in the game, never reduced by a penalty
    set_counts = [0] * side_count
    sets_running = [0] * side_count
    target = rules.target_score
    floor = rules.losing_score
    hand_limit = rules.hand_limit
    bids_itself = rules.first_hand_bids_itself
    bidder_offset = 1 if rules.first_bidder == "dealer_left" else 0
    side_range = range(side_count)
    blank_bids: Bids = (None,) * seat_count
    no_cycles = (0,) * side_count

    results: list[HandResult] = []
    pending = None
    finished = False
    winners: list[int] = []
    ended_after = None
    ended_by = None
    ending = None
    unscored = 0
    tie: _Tie | None = None
    eligible = list(side_range)  # the sides that can still win: not those set out
    last = len(hands) - 1
    for position, hand in enumerate(hands):
        number = position + 1
        if finished:
            if strict:
                raise HandError(number, _after_end(ended_after, ended_by, hand_limit))
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

        scored = []
        boston_winner = None
        lost_by_sets = []
        cycles = None  # each side's bag-back cycles, once one completes any
        for index in side_range:
            before = bag_counts[index], set_counts[index], sets_running[index]
            terms: Terms = [] if explain else None
            points, count, bags, contract, toward, took, made, sets, running, won, lost, back = (
                _score(seating, index, bids, tricks, self_bid, before, terms)
            )
            if won:
                boston_winner = index
            if lost:
                lost_by_sets.append((index, lost))
            bag_counts[index] = count
            bags_taken[index] += bags
            set_counts[index] = sets
            sets_running[index] = running
            if back:
                if cycles is None:
                    cycles = list(no_cycles)
                cycles[index] = back
            rest = (count, bags, contract, toward, took, made, sets, running)
            scored.append((points, rest, before, terms))
        paid = () if cycles is None else tuple(cycles)
        sides = []
        for index, (points, rest, before, terms) in enumerate(scored):
            if paid:
                points += _bag_back(seating, index, paid, terms)
            score = scores[index] = scores[index] + points
            source = (seating, index, bids, tricks, self_bid, before, paid)
            terms_done = None if terms is None else tuple(terms)
            sides.append(replayed_side((points, score, *rest), source, terms_done))
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
        if tie is not None and tie.block_end is not None:
            # Inside a tie block nothing ends the game; at its end the highest score wins.
            if number < tie.block_end:
                continue
            leaders = _winners(scores, eligible)
            if len(leaders) > 1:
                tie.block_end = number + rules.tie_block_hands
                continue
            winners, ended_by = leaders, "tie_block"
            ending = (
                f"{_names(names, tie.level)} shared the top score {_AT[tie.reason]} after hand "
                f"{tie.after}, so a block of {_plural(rules.tie_block_hands, 'hand')} was played: "
                f"{names[leaders[0]]} led at its end"
            )
        elif boston_winner is not None:
            winners, ended_by = [boston_winner], "boston"
            ending = f"{names[boston_winner]} took every trick, and a Boston wins the game"
        else:
            reason = None
            if lost_by_sets:
                # The sides still in: not those set out now or before (if every side still
                # in is set out at once, they all stay in).
                out = {index for index, _ in lost_by_sets}
                eligible = [index for index in eligible if index not in out] or eligible
                reason = lost_by_sets[0][1]
                ending = _sets_ending(seating, lost_by_sets, set_counts, sets_running)
            elif floor is not None and min(scores) <= floor:
                leaders = _winners(scores, eligible)
                if len(leaders) == 1 and scores[leaders[0]] >= target:
                    reason, ending = "target", f"{names[leaders[0]]} reached {target}"
                else:
                    fallen = [names[index] for index in side_range if scores[index] <= floor]
                    reason, ending = "floor", f"{' and '.join(fallen)} fell to {floor} or below"
            elif max(scores) >= target:
                leaders = _winners(scores, eligible)
                reason = "target"
                ending = f"{names[leaders[0]]} reached {target}"
            elif hand_limit is not None and number >= hand_limit:
                reason = "hand_limit"
            elif time_called is not None and number >= time_called:
                reason = "time_called"
            elif tie is not None:
                reason = tie.reason
            if reason is not None:
                leaders = _winners(scores, eligible)
                if len(leaders) == 1:
                    winners, ended_by = leaders, reason
                    if tie is not None and reason == tie.reason and reason in _PLAYED_ON:
                        ending = (
                            f"{_names(names, tie.level)} shared the top score {_AT[reason]} "
                            f"after hand {tie.after}; {names[leaders[0]]} led after hand {number}"
                        )
                    elif reason == "hand_limit":
                        ending = f"{names[leaders[0]]} led after hand {number}, the hand limit"
                    elif reason == "time_called":
                        ending = (
                            f"the time was called during hand {time_called}, and "
                            f"{names[leaders[0]]} led when it was played out"
                        )
                else:
                    if reason == "target":
                        # The hand limit or a time call settles a tie as they do, not as the
                        # winning score does (which today plays on without a tie kept).
                        if hand_limit is not None and number >= hand_limit:
                            reason = "hand_limit"
                        elif time_called is not None and number >= time_called:
                            reason = "time_called"
                    settled = _settle_tie(rules.tie_rule, reason, leaders, bags_taken)
                    if settled == "draw":
                        winners, ended_by = leaders, "draw"
                        if ending is None or reason not in ("floor", "sets", "sets_in_a_row"):
                            ending = f"{_names(names, leaders)} shared the top score {_AT[reason]}"
                        ending += ": the top score is shared, so the game is a draw"
                    elif settled == "fewer_bags":
                        fewest = min(bags_taken[index] for index in leaders)
                        best = [index for index in leaders if bags_taken[index] == fewest]
                        winners, ended_by = best, "fewer_bags"
                        counts = " to ".join(
                            str(bags_taken[index])
                            for index in sorted(leaders, key=lambda i: bags_taken[i])
                        )
                        ending = (
                            f"{_names(names, leaders)} shared the top score {_AT[reason]} after "
                            f"hand {number}; {names[best[0]]} took fewer bags in the game "
                            f"({counts}) and wins"
                        )
                    elif settled == "block":
                        tie = _Tie(reason, number, tuple(leaders), number + rules.tie_block_hands)
                        continue
                    elif settled == "play_on":
                        if tie is None or tie.reason != reason:
                            tie = _Tie(reason, number, tuple(leaders))
                        continue
                    else:  # today's reading of a shared top at the winning score: play on
                        continue
        if ended_by is not None:
            finished, ended_after = True, number

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
            bags_taken[index],
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
        ending=ending if finished else None,
        next_leader=(next_dealer + 1) % seat_count,
        time_called=time_called,
        tie=None if finished else _tie_words(seating, tie, len(results), rules.tie_block_hands),
    )


# The ends a game plays on from, hand by hand, when the top score is shared there.
_PLAYED_ON = ("target", "floor", "sets", "sets_in_a_row", "hand_limit", "time_called")


def _settle_tie(rule: str | None, reason: str, level: list[int], bags_taken: list[int]) -> str:
    """What a shared top score at an end comes to: "draw", "fewer_bags" (decided by bags),
    "block", "play_on", or "wait" (today's reading at the winning score: play on, no tie kept)."""
    if rule is None:
        if reason in ("floor", "sets", "sets_in_a_row"):
            return "draw"
        return "wait" if reason == "target" else "play_on"
    if rule == "fewer_bags":
        fewest = min(bags_taken[index] for index in level)
        if sum(1 for index in level if bags_taken[index] == fewest) == 1:
            return "fewer_bags"
        return "play_on"
    return rule


def _names(names: Sequence[str], indexes: Iterable[int]) -> str:
    return " and ".join(names[index] for index in indexes)


def _tie_words(seating: Seating, tie: _Tie | None, played: int, block: int) -> str | None:
    """What a game going on after a shared top score is playing for, in words."""
    if tie is None:
        return None
    level = _names(seating.side_names, tie.level)
    where = f"{level} shared the top score {_AT[tie.reason]} after hand {tie.after}"
    if tie.block_end is not None:
        first = tie.block_end - block + 1
        hands = f"hand {first}" if first == tie.block_end else f"hands {first} to {tie.block_end}"
        return f"{where}: a tie block, {hands}, decided at its end"
    return f"{where}: play on, a hand at a time, until one side leads (hand {played + 1} next)"


def _after_end(ended_after: int | None, ended_by: str | None, hand_limit: int | None) -> str:
    if ended_by == "hand_limit" and ended_after == hand_limit:
        return f"the game already ended after hand {ended_after}, its hand limit"
    if ended_by == "time_called":
        return f"the game already ended after hand {ended_after}, after the time was called"
    return f"the game already ended after hand {ended_after}"


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
    time_called: int | None = None,
) -> GameResult:
    """Replay every hand in order under `rules` and return the state of the game.

    strict=False scores the same hands under rules they were not bid under: bidding limits
    are skipped, a first hand bids itself when it has no bids (or the rules say so), and hands
    after the end are counted in `unscored_hands` instead of raising.

    explain=True works out every side's terms during the replay; otherwise each side works out
    its own when first asked for, and the answer is the same.

    time_called: the hand during which the time was called; the game ends once it is played
    out (a shared top score is settled by the tie rule).
    """
    seating = seating_for(rules, players)
    if type(first_dealer) is not int or not 0 <= first_dealer < seating.seats:
        raise ScoringError(f"the first dealer must be a seat from 0 to {seating.seats - 1}")
    hands = hands if isinstance(hands, (list, tuple)) else list(hands)
    if time_called is not None:
        problem = time_called_problem(time_called, len(hands))
        if problem:
            raise ScoringError(f"time_called: {problem}")
    return _replay(seating, hands, first_dealer, strict, explain, time_called)


def time_called_problem(value: object, recorded: int) -> str | None:
    """Why `value` can't be the hand during which the time was called, with `recorded` hands
    recorded (the last may still be in play); None when it can."""
    if type(value) is not int:
        return f"expected a hand number, got {describe(value)}"
    if value < 1:
        return f"must be a hand number of at least 1, got {value}"
    if value > recorded:
        if recorded == 0:
            return f"hand {value} is not recorded: no hand is"
        return f"hand {value} is beyond the last recorded hand ({recorded})"
    return None
