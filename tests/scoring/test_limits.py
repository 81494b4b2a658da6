"""An account's limits, counted in one place for a new game, a guest's move and a restore."""

import pytest

from games.scoring import limits

GAMES, HANDS = limits.MAX_ACCOUNT_GAMES, limits.MAX_ACCOUNT_HANDS


@pytest.mark.parametrize(
    ("have_games", "have_hands", "games", "hands", "passed"),
    [
        (0, 0, 1, 1, []),
        (GAMES - 1, 0, 1, 1, []),
        (GAMES - 1, 0, 2, 1, ["games"]),
        (0, HANDS - 5, 1, 5, []),
        (0, HANDS - 5, 1, 6, ["hands"]),
        (GAMES, HANDS, 1, 1, ["games", "hands"]),
        (GAMES, HANDS, 0, 0, []),
    ],
)
def test_an_account_passes_a_limit_only_by_going_over_it(
    have_games, have_hands, games, hands, passed
):
    assert limits.account_limits_passed(have_games, have_hands, games, hands) == passed
