"""Who sits where: the seats, sides and partners the checks and the scoring ask about."""

import pytest

from games.scoring import PRESETS, Rules, ScoringError
from games.scoring.seating import seating_for


def test_partners_sit_across_the_table_and_a_side_is_named_by_both():
    seating = seating_for(Rules(), ["Ann", "Ben", "Cat", "Dan"])
    assert seating.sides == ((0, 2), (1, 3))
    assert seating.partner == (2, 3, 0, 1)
    assert seating.side_of == (0, 1, 0, 1)
    assert seating.side_names == ("Ann + Cat", "Ben + Dan")
    assert seating.tricks_per_hand == 13


def test_everyone_alone_has_no_partner_and_three_share_17_tricks():
    seating = seating_for(PRESETS["cutthroat3"].rules, ["A", "B", "C"])
    assert seating.partner == (None, None, None)
    assert seating.side_names == ("A", "B", "C")
    assert seating.tricks_per_hand == 17


def test_players_left_out_are_named_by_seat():
    assert seating_for(Rules()).names == ("Seat 1", "Seat 2", "Seat 3", "Seat 4")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann", "Ben", "Cat"], "expected 4 players, got 3"),
        (["Ann", "Ben", "Cat", 4], "player names must be text"),
    ],
)
def test_players_that_do_not_fit_the_rules_are_refused(players, message):
    with pytest.raises(ScoringError, match=f"^{message}$"):
        seating_for(Rules(), players)


def test_rules_must_be_rules():
    with pytest.raises(ScoringError, match=r"^rules must be a Rules object$"):
        seating_for({"players": 4})
