"""The shared shape: numbers in tenths, settings' checks, the replay's invariants for every game."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring.card_games import GAMES, HandInput, forbidden_bid, points_text, replay
from games.scoring.card_games.base import kind_of, points_value, to_tenths

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")


@pytest.mark.parametrize(
    ("value", "tenths"),
    [(0.1, 1), (0, 0), (0.0, 0), (1, 10), (Decimal("0.3"), 3), (0.15, None), (True, None),
     ("0.1", None), (float("nan"), None), (float("inf"), None), (None, None)],
)  # fmt: skip
def test_to_tenths(value, tenths):
    assert to_tenths(value) == tenths


def test_points_are_shown_whole_or_with_one_decimal():
    assert points_value(12, 1) == 12
    assert points_value(32, 10) == 3.2
    assert repr(points_value(-50, 10)) == "-5.0"
    assert points_value(1, 10) + points_value(2, 10) != 0.3  # why the sums are in tenths
    assert points_text(32, 10) == "+3.2"
    assert points_text(-20, 1) == "-20"
    assert points_text(0, 10) == "0.0"
    assert points_text(5, 1, sign=False) == "5"


def test_the_hooks_forbidden_bid():
    assert forbidden_bid(5, 3) == 2
    assert forbidden_bid(5, 6) is None
    assert forbidden_bid(1, 0) == 1


def test_kind_of_names_json_values():
    assert [kind_of(v) for v in (None, True, 2, "x", [], {})] == [
        "null", "true", "the number 2", 'the text "x"', "a list", "an object",
    ]  # fmt: skip


@st.composite
def any_game(draw):
    game = draw(st.sampled_from(list(GAMES.values())))
    preset = draw(st.sampled_from(list(game.presets)))
    rules = game.rules({"preset": preset})
    players = draw(st.integers(game.min_players, game.max_players))
    sizes = rules.hand_sizes(players)
    hands = []
    for number, cards in enumerate(sizes[: draw(st.integers(0, min(len(sizes), 6)))], start=1):
        cuts = sorted(
            draw(st.lists(st.integers(0, cards), min_size=players - 1, max_size=players - 1))
        )
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True)]
        low, high = rules.bid_range(cards)
        bids = draw(st.lists(st.integers(low, high), min_size=players, max_size=players))
        dealer = (number - 1) % players
        if rules.hook_applies(number, len(sizes)) and sum(bids) == cards:
            bids[dealer] += 1 if bids[dealer] < high else -1
        hands.append(HandInput(cards, tuple(bids), tuple(tricks)))
    return rules, NAMES[:players], hands


@settings(max_examples=80, deadline=None)
@given(any_game())
def test_every_game_replays_to_running_totals_and_top_winners(game):
    rules, names, hands = game
    result = replay(rules, names, hands)
    running = [0] * len(names)
    for number, hand in enumerate(result.hands, start=1):
        running = [total + points for total, points in zip(running, hand.points, strict=True)]
        assert list(hand.totals) == running
        assert hand.number == number
        assert hand.dealer == (number - 1) % len(names)
        assert [line.split(" ")[0] for line in hand.words] == list(names)
    assert [standing.score for standing in result.standings] == running
    assert set(result.winners) == {
        seat for seat, total in enumerate(running) if total == max(running)
    }
    assert replay(rules, names, hands) == result
    shown = result.to_json()
    assert [player["score"] for player in shown["players"]] == [
        points_value(total, rules.scale) for total in running
    ]
