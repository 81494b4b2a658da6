"""A replay resumed from a checkpoint is the replay from the first hand, hand for hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import Checkpoint, Hand, Rules, ScoringError, score_game

from .strategies import legal_game, rules

FAST = settings(max_examples=300, deadline=None)
SAME = (
    "sides",
    "pending",
    "finished",
    "winner",
    "winners",
    "ended_after",
    "ended_by",
    "ending",
    "unscored_hands",
    "next_dealer",
    "next_first_bidder",
    "next_leader",
    "played",
)


@st.composite
def games(draw):
    table = draw(rules())
    hands = draw(legal_game(table, max_hands=12))
    first_dealer = draw(st.integers(0, table.players - 1))
    strict = draw(st.booleans())
    return table, hands, first_dealer, strict


def replay(table, hands, first_dealer, strict, since=None):
    names = [f"P{seat}" for seat in range(table.players)]
    return score_game(table, hands, names, first_dealer, strict, since=since)


@FAST
@given(games(), st.data())
def test_going_on_from_any_checkpoint_gives_the_whole_replay(game, data):
    table, hands, first_dealer, strict = game
    try:
        whole = replay(table, hands, first_dealer, strict)
    except ScoringError:
        return  # strict, and the random game breaks a rule that depends on the score
    cut = data.draw(st.integers(0, len(hands)))
    start = replay(table, hands[:cut], first_dealer, strict)
    checkpoint = start.checkpoint()
    if start.finished:
        assert checkpoint is None
        return
    assert checkpoint is not None
    rest = hands[checkpoint.hands :]
    resumed = replay(table, rest, first_dealer, strict, since=checkpoint)
    for name in SAME:
        assert getattr(resumed, name) == getattr(whole, name), name
    assert resumed.hands == whole.hands[checkpoint.hands :]
    assert resumed.hands_before == checkpoint.hands
    for number in range(checkpoint.hands + 1, whole.played + 1):
        assert resumed.hand(number) == whole.hands[number - 1]
        assert resumed.hand(number).sides[0].terms == whole.hands[number - 1].sides[0].terms
    assert resumed.checkpoint() == whole.checkpoint()
    # A checkpoint kept as JSON comes back the same.
    assert Checkpoint.from_json(checkpoint.to_json(), len(table.sides)) == checkpoint


def test_a_resumed_result_holds_only_the_hands_after_its_checkpoint():
    rules = Rules.from_dict({"preset": "standard"})
    hands = [Hand((3, 3, 3, 3), (4, 3, 3, 3)), Hand((4, 3, 3, 3), (4, 3, 3, 3))]
    first = score_game(rules, hands[:1])
    resumed = score_game(rules, hands[1:], since=first.checkpoint())
    assert resumed.hand(2).number == 2
    with pytest.raises(IndexError):
        resumed.hand(1)
    with pytest.raises(AssertionError):
        resumed.to_json()  # the file of a game needs every hand


def test_a_bids_only_step_keeps_the_checkpoint_it_started_from():
    rules = Rules.from_dict({"preset": "standard"})
    first = score_game(rules, [Hand((3, 3, 3, 3), (4, 3, 3, 3))])
    checkpoint = first.checkpoint()
    bid = score_game(rules, [Hand((4, 3, 3, 3))], since=checkpoint)
    assert bid.pending is not None
    assert bid.pending.number == 2
    assert bid.checkpoint() == checkpoint


def test_a_finished_game_has_no_checkpoint():
    rules = Rules.from_dict({"preset": "standard", "target_score": 50})
    result = score_game(rules, [Hand((6, 4, 3, 0), (6, 4, 3, 0))])
    assert result.finished
    assert result.checkpoint() is None


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"hands": 2},
        {"hands": -1, "scores": [0, 0], "bags": [0, 0], "sets": [0, 0], "running": [0, 0]},
        {"hands": 2, "scores": [0], "bags": [0, 0], "sets": [0, 0], "running": [0, 0]},
        {"hands": 2, "scores": [0, "9"], "bags": [0, 0], "sets": [0, 0], "running": [0, 0]},
        {"hands": True, "scores": [0, 0], "bags": [0, 0], "sets": [0, 0], "running": [0, 0]},
    ],
)
def test_a_damaged_checkpoint_is_not_one(data):
    assert Checkpoint.from_json(data, 2) is None


def test_a_checkpoint_for_other_sides_is_refused():
    rules = Rules.from_dict({"preset": "standard"})
    wrong = Checkpoint(1, (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0))
    with pytest.raises(ScoringError):
        score_game(rules, [], since=wrong)
