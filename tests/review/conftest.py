"""Fixtures for the review pages: games whose numbers are worked out by hand in the tests."""

import pytest

from tests.conftest import QUIET_HAND

# Ann bids nil and takes 2; Cat bids 5 and takes 4; Ben + Dan bid 8 and take 7.
# Standard: Ann's nil -100, Cat set -50, 2 bags from the failed nil +2 = -148; Ben + Dan -80.
# When failed nil tricks help the partner, Cat's 5 is made with 6: -100 + 50 + 1 = -49.
NIL_FAILS = {"bids": ["nil", 4, 5, 4], "tricks": [2, 4, 4, 3]}
# Ann bids blind nil and makes it; Cat bids 6 and takes 7; Ben + Dan bid 6 and take 6.
BLIND_NIL_MADE = {"bids": ["blind_nil", 3, 6, 3], "tricks": [0, 3, 7, 3]}
# Ann + Cat bid 12 and take 12 (+120); Ben + Dan bid 2 and take 1 (-20). Five of them win.
BIG_HAND = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}

# To 200 with no floor. Standard: Ann + Cat -148 then +70 a hand, Ben + Dan -80 then +60 a hand:
# after hand 6 they stand at 202 and 220, so Ben + Dan win. With failed nil tricks helping the
# partner Ann + Cat reach 231 after hand 5 and win there; hand 6 is never played.
FLIPPING_GAME = [NIL_FAILS, *[QUIET_HAND] * 5]


@pytest.fixture
def flipping_game(make_game):
    return make_game(FLIPPING_GAME, target_score=200, losing_score=None)


@pytest.fixture
def long_game(make_game):
    """`long_game(n)`: n quiet hands in a game that is far from over."""

    def make(count, **kwargs):
        return make_game([QUIET_HAND] * count, target_score=100_000, **kwargs)

    return make
