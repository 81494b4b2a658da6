"""Call Break: calls, overtricks in tenths, failures, deals; the sources' worked examples."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring.card_games import CallBreakRules, CardGameError, HandInput, call_break, replay

NAMES = ("Ann", "Ben", "Cat", "Dan")


def test_a_call_made_scores_the_call_and_a_tenth_a_trick_over():
    """Real Call Break's examples: call 4 win 4 scores 4; call 3 win 5 scores 3.2; call 5 win 3
    scores -5."""
    rules = CallBreakRules()
    assert rules.score(4, 4) == (40, "called 4, took 4: made, +4.0")
    assert rules.score(3, 5) == (32, "called 3, took 5: made, 3 + 2 over at 0.1 = +3.2")
    assert rules.score(5, 3) == (-50, "called 5, took 3: failed, the call lost, -5.0")


def test_callbreak_xyz_and_winzo_examples():
    """callbreak.xyz: declared + 0.1 for each extra hand; WinZO: declared 3, won 2 scores -3."""
    rules = CallBreakRules()
    assert rules.score(4, 5)[0] == 41
    assert rules.score(3, 2)[0] == -30


def test_no_overtricks_scores_only_the_call():
    """WinZO blog: call 3 and win 4, you still get only 3 points."""
    rules = call_break.GAME.rules({"overtrick_value": 0})
    assert rules.score(3, 4) == (30, "called 3, took 4: made (1 over, worth nothing), +3.0")


def test_a_failure_costing_only_the_shortfall():
    """A23's Call Break: a failed call scores Bid-Wins, read as the tricks short lost."""
    rules = call_break.GAME.rules({"preset": "call_break_shortfall"})
    assert rules.score(5, 3) == (-20, "called 5, took 3: failed by 2, -2.0")
    assert rules.bid_max == 13


def test_a_game_of_five_deals_is_scored_in_tenths():
    hands = [
        HandInput(13, (3, 3, 3, 3), (4, 3, 3, 3)),
        HandInput(13, (4, 2, 3, 2), (2, 5, 3, 3)),
        HandInput(13, (1, 1, 1, 1), (10, 1, 1, 1)),
        HandInput(13, (8, 1, 2, 1), (8, 1, 2, 2)),
        HandInput(13, (2, 2, 2, 2), (4, 3, 3, 3)),
    ]
    result = replay(CallBreakRules(), NAMES, hands)
    assert result.finished
    json = result.to_json()
    assert json["hands"][0]["points"] == [3.1, 3.0, 3.0, 3.0]
    assert json["hands"][1]["points"] == [-4.0, 2.3, 3.0, 2.1]
    assert [player["score"] for player in json["players"]] == [11.2, 9.4, 11.1, 9.3]
    assert json["winners"] == [0]
    assert result.standings[1].score == 94  # tenths, not binary floats


def test_refusals():
    rules = CallBreakRules()
    cases = [
        (HandInput(13, (0, 3, 3, 3), (4, 3, 3, 3)), "hand 1: Ann bid 0; a bid here is 1 to 8"),
        (HandInput(13, (9, 3, 3, 3), (4, 3, 3, 3)), "hand 1: Ann bid 9; a bid here is 1 to 8"),
        (
            HandInput(12, (3, 3, 3, 3), (3, 3, 3, 3)),
            "hand 1: the schedule deals 13 cards in hand 1, not 12",
        ),
        (
            HandInput(13, (3, 3, 3, 3), (3, 3, 3, 3)),
            "hand 1: tricks add up to 12, but 13 tricks were played",
        ),
    ]
    for hand, message in cases:
        with pytest.raises(CardGameError) as caught:
            replay(rules, NAMES, [hand])
        assert str(caught.value) == message


def test_three_deals_and_the_game_ends():
    rules = call_break.GAME.rules({"deals": 3})
    hand = HandInput(13, (1, 1, 1, 1), (10, 1, 1, 1))
    assert replay(rules, NAMES, [hand] * 3).finished
    with pytest.raises(CardGameError, match=r"^hand 4: the game is over after hand 3"):
        replay(rules, NAMES, [hand] * 4)


def test_settings_refuse_bad_values():
    game = call_break.GAME
    with pytest.raises(
        CardGameError, match=r"^rules\.overtrick_value: expected one of 0\.1, 0, got 0\.5$"
    ):
        game.rules({"overtrick_value": 0.5})
    with pytest.raises(CardGameError, match=r"^rules\.bid_min: the lowest call \(9\) is above"):
        game.rules({"bid_min": 9})
    with pytest.raises(CardGameError, match=r"^rules\.bid_max: must be at most 13, got 14$"):
        game.rules({"bid_max": 14})
    with pytest.raises(CardGameError, match=r"^rules\.failure: expected one of"):
        game.rules({"failure": "half"})
    with pytest.raises(CardGameError, match=r"^rules\.overtrick_value: expected one of"):
        game.rules({"overtrick_value": True})
    assert game.rules({"bid_min": 2, "bid_max": 12}).bid_range(13) == (2, 12)


@st.composite
def deals(draw):
    hands = []
    for _ in range(draw(st.integers(0, 5))):
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        bids = draw(st.lists(st.integers(1, 8), min_size=4, max_size=4))
        hands.append(HandInput(13, tuple(bids), tuple(tricks)))
    return hands


@settings(max_examples=80, deadline=None)
@given(deals(), st.sampled_from(["call", "shortfall"]), st.sampled_from([0, 0.1]))
def test_totals_are_whole_tenths_shown_with_one_decimal(hands, failure, overtrick):
    rules = CallBreakRules(failure=failure, overtrick_value=overtrick)
    result = replay(rules, NAMES, hands)
    shown = result.to_json()
    for player, standing in zip(shown["players"], result.standings, strict=True):
        assert isinstance(player["score"], float)
        assert round(player["score"] * 10) == standing.score
        assert len(repr(player["score"]).split(".")[1]) == 1
    running = [0, 0, 0, 0]
    for hand in result.hands:
        running = [a + b for a, b in zip(running, hand.points, strict=True)]
        assert list(hand.totals) == running
    assert replay(rules, NAMES, hands) == result
