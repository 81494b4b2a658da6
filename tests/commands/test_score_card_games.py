"""`manage.py score` on card-game/1 files: the issue's output, and exit 2 with one line."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from .test_score_command import GAME as SPADES_GAME
from .test_score_command import run_manage

OH_HELL = {
    "format": "card-game/1",
    "game": "oh_hell",
    "rules": {"schedule": "up", "max_cards": 2},
    "players": ["Ann", "Ben", "Cat", "Dan", "Eve"],
    "hands": [
        {"cards": 1, "bids": [0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]},
        {"cards": 2, "bids": [1, 0, 0, 0, 0], "tricks": [1, 1, 0, 0, 0]},
    ],
}
CALL_BREAK = {
    "format": "card-game/1",
    "game": "call_break",
    "rules": {"deals": 3},
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "hands": [
        {"cards": 13, "bids": [3, 4, 2, 1], "tricks": [5, 3, 2, 3]},
        {"cards": 13, "bids": [2, 2, 2, 2], "tricks": [3, 3, 3, 4]},
        {"cards": 13, "bids": [5, 1, 1, 1], "tricks": [4, 3, 3, 3]},
    ],
}


def scored(data, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    return json.loads(out.getvalue())


def test_an_oh_hell_file_of_five_players_prints_the_issues_output(tmp_path):
    assert scored(OH_HELL, tmp_path) == {
        "players": [
            {"name": "Ann", "score": 11},
            {"name": "Ben", "score": 10},
            {"name": "Cat", "score": 20},
            {"name": "Dan", "score": 20},
            {"name": "Eve", "score": 20},
        ],
        "hands": [
            {"number": 1, "points": [0, 10, 10, 10, 10], "totals": [0, 10, 10, 10, 10]},
            {"number": 2, "points": [11, 0, 10, 10, 10], "totals": [11, 10, 20, 20, 20]},
        ],
        "finished": True,
        "winners": [2, 3, 4],
    }


def test_explain_adds_each_hands_words():
    hand = run_manage("score", "--explain", "-", stdin=json.dumps(OH_HELL))
    assert hand.returncode == 0, hand.stderr
    first = json.loads(hand.stdout)["hands"][0]
    assert first["dealer"] == 0
    assert first["explanation"][0] == "Ann bid 0, took 1: missed by 1 (over), no score"


def test_a_call_break_file_in_a_subprocess_shows_tenths():
    done = run_manage("score", "-", stdin=json.dumps(CALL_BREAK))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["hands"][0]["points"] == [3.2, -4.0, 2.0, 1.2]
    assert [player["score"] for player in data["players"]] == [0.3, -0.7, 5.3, 4.6]
    assert '"score": 0.3' in done.stdout
    assert data["finished"] is True
    assert data["winners"] == [2]


def test_a_spades_file_is_scored_as_before(tmp_path):
    assert scored(SPADES_GAME, tmp_path)["teams"][0]["score"] == 72


def test_a_spades_file_of_five_players_is_refused_at_the_bounds_as_before(tmp_path):
    with pytest.raises(CommandError) as caught:
        scored({**SPADES_GAME, "players": ["A", "B", "C", "D", "E"]}, tmp_path)
    assert str(caught.value) == "players: more than 4 items, more than a game file holds there"


def test_a_card_game_of_eight_players_is_refused_at_the_bounds(tmp_path):
    with pytest.raises(CommandError) as caught:
        scored({**OH_HELL, "players": list("ABCDEFGH")}, tmp_path)
    assert str(caught.value) == "players: more than 7 items, more than a game file holds there"


def hand(**changes):
    first = {"cards": 1, "bids": [0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}
    return {**OH_HELL, "hands": [first, {**OH_HELL["hands"][1], **changes}]}


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (hand(bids=[3, 0, 0, 0, 0]), "hand 2: Ann bid 3; a bid here is 0 to 2"),
        (hand(tricks=[1, 0, 0, 0, 0]), "hand 2: tricks add up to 1, but 2 tricks were played"),
        (
            hand(bids=[1, 1, 0, 0, 0]),
            "hand 2: the bids add up to the 2 cards dealt; under the hook the dealer, Ben, "
            "may not bid 1",
        ),
        (hand(cards=3), "hand 2: the schedule deals 2 cards in hand 2, not 3"),
        (hand(bids=[1, 0, 0, 0]), "hand 2: expected 5 bids, one per player, got 4"),
        (
            hand(bids=[1, 0, 0, 0, 0.5]),
            "hand 2: bids: entry 5 must be a whole number, got the number 0.5",
        ),
        (
            hand(tricks=[1, 1, 0, 0, False]),
            "hand 2: tricks: entry 5 must be a whole number, got false",
        ),
        (
            {**OH_HELL, "hands": [*OH_HELL["hands"], OH_HELL["hands"][1]]},
            "hand 3: the game is over after hand 2 (the schedule deals 2 hands)",
        ),
        (
            {**OH_HELL, "game": "wizard", "rules": {}, "players": list("ABCDEFG")},
            "players: Wizard is played by 3 to 6 players, got 7",
        ),
        (
            {**CALL_BREAK, "players": ["A", "B", "C", "D", "E"]},
            "players: Call Break is played by 4 players, got 5",
        ),
        (
            {**CALL_BREAK, "rules": {"bid_maximum": 8}},
            "rules.bid_maximum: not a setting of Call Break; did you mean bid_max?",
        ),
        (
            {**CALL_BREAK, "rules": {"preset": "wizard"}},
            'rules.preset: unknown preset "wizard" for Call Break; choose one of: call_break, '
            "call_break_short, call_break_shortfall",
        ),
        (
            {**CALL_BREAK, "hands": [{"cards": 13, "bids": [9, 1, 1, 1], "tricks": [10, 1, 1, 1]}]},
            "hand 1: Ann bid 9; a bid here is 1 to 8",
        ),
        ({**OH_HELL, "players": ["Ann", "Ben", "Cat", "Dan", ""]}, "players: name 5 "),
    ],
)
def test_a_file_breaking_a_rule_exits_2_with_one_line(data, line):
    done = run_manage("score", "-", stdin=json.dumps(data))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.strip().startswith(line)
    assert "Traceback" not in done.stderr
