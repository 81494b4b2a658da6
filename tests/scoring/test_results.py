"""The values a replay returns: what a page reads from them."""

import pytest

from games.scoring import Hand, Rules, score_game


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
    assert result.pending is not None
    assert result.pending.number == 2
