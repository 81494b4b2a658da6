"""A penalty of tricks: which seats give and take them, and the game scored again."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events import PenaltyError, TrickMove, move_tricks, penalized_hands
from games.scoring import Hand, Rules, score_game


def test_tricks_go_from_the_side_to_its_opponents():
    hand = Hand((4, 3, 3, 3), (5, 3, 3, 2))
    assert move_tricks(hand, 0, 3).tricks == (2, 6, 3, 2)
    assert move_tricks(hand, 1, 2).tricks == (7, 1, 3, 2)


def test_a_side_total_written_on_one_seat_moves_from_that_seat():
    hand = Hand((4, 3, 3, 3), (8, 5, None, None))
    assert move_tricks(hand, 0, 3).tricks == (5, 8, None, None)


def test_a_nil_bidders_tricks_come_after_the_partners_and_a_failed_nil_stays_failed():
    # Seat 1 bid nil and took 2 (failed); seat 3 bid 4 and took 3.
    hand = Hand(("nil", 3, 4, 3), (2, 4, 3, 4))
    assert move_tricks(hand, 0, 3).tricks == (2, 7, 0, 4)  # the partner's three first
    assert move_tricks(hand, 0, 4).tricks == (1, 8, 0, 4)  # then the nil's second trick
    with pytest.raises(PenaltyError, match="only 4 tricks in it that can move"):
        move_tricks(hand, 0, 5)  # the nil's first trick stays: its nil failed as played


def test_a_made_nil_gives_nothing_and_an_opponents_nil_is_never_set():
    # Seat 2 bid nil and took none: the tricks go to seat 4, who bid a number.
    hand = Hand((5, "nil", 3, 4), (5, 0, 4, 4))
    assert move_tricks(hand, 0, 2).tricks == (3, 0, 4, 6)
    both = Hand((7, "nil", 5, "blind_nil"), (7, 0, 6, 0))
    with pytest.raises(PenaltyError, match="both opponents bid nil"):
        move_tricks(both, 0, 1)


def test_more_tricks_than_the_side_took_is_refused():
    hand = Hand((4, 3, 3, 3), (5, 1, 6, 1))
    with pytest.raises(PenaltyError, match="took only 2 tricks in it, fewer than 3"):
        move_tricks(hand, 1, 3)


def test_a_hand_not_played_is_refused_naming_it():
    hands = [Hand((4, 3, 3, 3), (5, 3, 3, 2)), Hand((4, 3, 3, 3))]
    with pytest.raises(PenaltyError, match="hand 2 has not been played") as refused:
        penalized_hands(hands, [TrickMove(2, 0, 1)])
    assert refused.value.field == "hand"
    with pytest.raises(PenaltyError, match="hand 7 has not been played"):
        penalized_hands(hands, [TrickMove(7, 0, 1)])


def test_penalties_in_the_same_hand_count_what_the_ones_before_left():
    hands = [Hand((4, 3, 3, 3), (5, 3, 3, 2))]
    moved = penalized_hands(hands, [TrickMove(1, 0, 5), TrickMove(1, 0, 3)])
    assert moved[0].tricks == (0, 11, 0, 2)
    with pytest.raises(PenaltyError, match="hand 1: the side took only 3") as refused:
        penalized_hands(hands, [TrickMove(1, 0, 5), TrickMove(1, 0, 4)])
    assert refused.value.field == "tricks"


def test_the_game_scored_again_with_the_tricks_moved():
    # Aces bid 7 and took 8 (71); Books bid 6 and took 5 (-60). Three tricks move: Aces take
    # 5 and are set (-70); Books take 8 and make 6 with 2 bags (62).
    hands = [Hand((4, 3, 3, 3), (5, 3, 3, 2))]
    rules = Rules.from_dict({"preset": "standard", "hand_limit": 1})
    moved = score_game(rules, penalized_hands(hands, [TrickMove(1, 0, 3)]))
    assert [side.score for side in moved.sides] == [-70, 62]
    assert moved.winners == (1,)


bids = st.sampled_from([0, 1, 2, 3, 4, 5, "nil", "blind_nil"])


@settings(max_examples=300, deadline=None)
@given(
    st.tuples(bids, bids, bids, bids),
    st.lists(st.integers(0, 13), min_size=3, max_size=3),
    st.integers(0, 1),
    st.integers(1, 13),
)
def test_a_move_keeps_13_tricks_and_never_helps_a_nil_of_the_side_nor_hurts_the_others(
    bid, cuts, side, count
):
    low, middle, high = sorted(cuts)
    tricks = (low, middle - low, high - middle, 13 - high)
    hand = Hand(bid, tricks)
    try:
        moved = move_tricks(hand, side, count).tricks
    except PenaltyError:
        return
    assert sum(moved) == 13
    mine, theirs = ((0, 2), (1, 3)) if side == 0 else ((1, 3), (0, 2))
    assert sum(moved[s] for s in mine) == sum(tricks[s] for s in mine) - count
    for seat in mine:
        if bid[seat] in ("nil", "blind_nil") and tricks[seat] > 0:
            assert moved[seat] > 0  # a failed nil stays failed
    for seat in theirs:
        if bid[seat] in ("nil", "blind_nil") and tricks[seat] == 0:
            assert moved[seat] == 0  # a made nil of the other side stays made
