"""The values a replay returns: what a page reads from them, and their copies."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import Hand, Rules, SideHand, score_game

from .strategies import legal_game, rules

OPENING = Hand((3, 3, 3, 3), (4, 3, 3, 3))


@st.composite
def games(draw):
    table = draw(rules())
    return table, draw(legal_game(table, max_hands=12))


def test_a_result_finds_each_scored_hand_by_its_number():
    hands = [Hand((3, 3, 3, 3), (4, 3, 3, 3)), Hand((4, 3, 3, 3), (4, 3, 3, 3))]
    result = score_game(Rules(), hands)
    assert result.played == 2
    assert [result.hand(number).number for number in (1, 2)] == [1, 2]
    for number in (0, 3):
        with pytest.raises(IndexError):
            result.hand(number)


def test_a_hand_being_bid_is_not_among_the_played_ones():
    result = score_game(Rules(), [Hand((3, 3, 3, 3), (4, 3, 3, 3)), Hand((4, 3, 3, 3))])
    assert result.played == 1
    assert result.recorded == 2
    assert result.pending is not None
    assert result.pending.number == 2


def test_hands_after_the_end_are_recorded_though_a_lenient_replay_scores_none_of_them():
    win = Hand((6, 1, 6, 1), (6, 0, 6, 1))  # 120 for Ann + Cat: a game to 100 in one hand
    result = score_game(Rules.from_dict({"target_score": 100}), [win, win, win], strict=False)
    assert (result.played, result.unscored_hands, result.recorded) == (1, 2, 3)


@settings(max_examples=200, deadline=None)
@given(games())
def test_a_copied_result_keeps_its_explanations(game):
    table, hands = game
    result = score_game(table, hands, strict=False)
    copy = pickle.loads(pickle.dumps(result))
    assert copy == result
    assert [side.explanation for hand in copy.hands for side in hand.sides] == [
        side.explanation for hand in result.hands for side in hand.sides
    ]


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
