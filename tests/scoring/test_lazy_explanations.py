"""A replay counts every hand but words only the ones asked for: the words worked out later
are the ones the same scoring gives during the replay, and the replay checks every hand as
validate_bids and validate_tricks do."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import (
    BidError,
    Hand,
    HandError,
    Rules,
    SideHand,
    TrickError,
    score_game,
    validate_bids,
    validate_tricks,
)

from .strategies import legal_game, rules

FAST = settings(max_examples=200, deadline=None)


@st.composite
def games(draw):
    table = draw(rules())
    hands = draw(legal_game(table, max_hands=12))
    return table, hands, draw(st.booleans()), draw(st.randoms(use_true_random=False))


def outcome(table, hands, strict, explain):
    try:
        return score_game(table, hands, strict=strict, explain=explain)
    except HandError as error:
        return (error.number, error.problem, error.seat, error.field)


@FAST
@given(games())
def test_an_explanation_asked_for_later_is_the_one_worked_out_during_the_replay(game):
    table, hands, strict, chance = game
    eager = outcome(table, hands, strict, explain=True)
    lazy = outcome(table, hands, strict, explain=False)
    if isinstance(eager, tuple):  # refused: the same hand, for the same reason
        assert lazy == eager
        return
    sides = [(hand, index) for hand in range(len(eager.hands)) for index in range(len(table.sides))]
    chance.shuffle(sides)  # asked for in any order, as pages ask
    for hand, index in sides:
        asked = lazy.hands[hand].sides[index]
        worked_out = eager.hands[hand].sides[index]
        assert asked.terms == worked_out.terms
        assert asked.explanation == worked_out.explanation
        assert sum(term.points for term in asked.terms) == asked.points
    assert lazy == eager
    assert lazy.to_json() == eager.to_json()


@FAST
@given(games())
def test_hands_given_as_lists_score_as_tuples_do(game):
    table, hands, strict, _ = game
    as_lists = [
        Hand(
            None if hand.bids is None else list(hand.bids),
            None if hand.tricks is None else list(hand.tricks),
        )
        for hand in hands
    ]
    assert outcome(table, as_lists, strict, explain=False) == outcome(
        table, hands, strict, explain=False
    )


@FAST
@given(games())
def test_a_copied_result_keeps_its_explanations(game):
    table, hands, _, _ = game
    result = score_game(table, hands, strict=False)
    copy = pickle.loads(pickle.dumps(result))
    assert copy == result
    assert [side.explanation for hand in copy.hands for side in hand.sides] == [
        side.explanation for hand in result.hands for side in hand.sides
    ]


OPENING = Hand((3, 3, 3, 3), (4, 3, 3, 3))
PLAYED = (4, 3, 3, 3)


@pytest.mark.parametrize(
    "bids",
    [
        (True, 3, 3, 3),  # equal to 1, but not a bid
        (3.0, 3, 3, 3),
        (3, 3, 3, 14),
        (3, 3, 3, -1),
        (3, 3, 3),
        (3, 3, 3, 3, 3),
        (0, 3, None, 3),  # a blank bid beside a nil
        "3333",
    ],
)
def test_the_replay_refuses_bids_as_validate_bids_does(bids):
    with pytest.raises(BidError) as checked:
        validate_bids(Rules(), bids)
    with pytest.raises(HandError) as replayed:
        score_game(Rules(), [OPENING, Hand(bids, PLAYED)])
    assert (replayed.value.number, replayed.value.problem, replayed.value.field) == (
        2,
        checked.value.problem,
        "bids",
    )
    assert replayed.value.seat == checked.value.seat


@pytest.mark.parametrize(
    "tricks",
    [
        (True, 4, 4, 4),
        (4.0, 3, 3, 3),
        (4, 3, 3, 2),
        (14, -1, 0, 0),
        (4, 3, 6),
        (4, 3, None, None),  # both partners blank
        [4, 3, 3, 2],
    ],
)
def test_the_replay_refuses_tricks_as_validate_tricks_does(tricks):
    with pytest.raises(TrickError) as checked:
        validate_tricks(Rules(), (3, 3, 3, 3), tricks)
    with pytest.raises(HandError) as replayed:
        score_game(Rules(), [OPENING, Hand((3, 3, 3, 3), tricks)])
    assert (replayed.value.number, replayed.value.problem, replayed.value.field) == (
        2,
        checked.value.problem,
        "tricks",
    )
    assert replayed.value.seat == checked.value.seat


def test_plain_number_bids_still_meet_the_tables_bidding_limits():
    with pytest.raises(HandError, match="at least 10"):
        score_game(Rules(min_total_bid=10), [Hand((2, 2, 2, 2), PLAYED)])
    with pytest.raises(HandError, match="exactly the 13 tricks"):
        score_game(Rules(ban_exact_total=True), [Hand((4, 3, 3, 3), PLAYED)])
    # Scored loosely (other rules' what-if), the same hand counts.
    loose = score_game(Rules(min_total_bid=10), [Hand((2, 2, 2, 2), PLAYED)], strict=False)
    assert [side.points for side in loose.hands[0].sides] == [43, 42]


def test_a_bid_of_0_is_nil_in_a_replay_where_that_is_the_rule():
    result = score_game(Rules(), [Hand((0, 3, 5, 3), PLAYED)], players=["Ann", "Ben", "Cat", "Dan"])
    assert result.hands[0].bids[0] == "nil"
    assert result.hands[0].sides[0].explanation[0] == "Ann's nil failed (took 4): -100"
    plain = score_game(Rules(zero_is_nil=False), [Hand((0, 3, 5, 3), PLAYED)])
    assert plain.hands[0].bids == (0, 3, 5, 3)
    assert plain.hands[0].sides[0].points == 52


def test_a_side_built_by_hand_equals_the_replayed_one_and_cannot_change():
    replayed = score_game(Rules(), [OPENING]).hands[0].sides[0]
    built = SideHand(61, 61, 1, 1, 6, 7, 7, True, replayed.terms)
    assert built == replayed
    assert hash(built) == hash(replayed)
    assert built.explanation == ("Seat 1 + Seat 3 bid 6, took 7: +60", "1 bag: +1")
    with pytest.raises(AttributeError):
        built.points = 0
    other = SideHand(61, 61, 1, 1, 6, 7, 7, True, replayed.terms[:1])
    assert other != replayed  # the words count in equality, as the figures do
