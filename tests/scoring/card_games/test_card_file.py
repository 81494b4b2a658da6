"""The card-game/1 file: read, checked and scored, every refusal one line naming where."""

import json

import pytest

from games.scoring import GameFileError
from games.scoring.card_games import (
    CardGameError,
    OhHellRules,
    parse_card_file,
    score_card_file,
)

OH_HELL = {
    "format": "card-game/1",
    "game": "oh_hell",
    "rules": {"max_cards": 3},
    "players": ["Ann", "Ben", "Cat"],
    "hands": [
        {"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1, 0]},
        {"cards": 2, "bids": [1, 1, 1], "tricks": [1, 1, 0]},
    ],
}


def game(**changes):
    return {**OH_HELL, **changes}


def refusal(data):
    with pytest.raises(CardGameError) as caught:
        score_card_file(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_the_issues_example_hand_scores_as_oh_hell():
    """The issue's hand: 5 cards, bids [2, 0, 1], tricks [2, 1, 2]."""
    data = game(
        rules={"schedule": "down", "max_cards": 5},
        hands=[{"cards": 5, "bids": [2, 0, 1], "tricks": [2, 1, 2]}],
    )
    assert score_card_file(data).to_json() == {
        "players": [
            {"name": "Ann", "score": 12},
            {"name": "Ben", "score": 0},
            {"name": "Cat", "score": 0},
        ],
        "hands": [{"number": 1, "points": [12, 0, 0], "totals": [12, 0, 0]}],
        "finished": False,
        "winners": [0],
    }


def test_output_shape_with_explanations():
    shown = score_card_file(OH_HELL).to_json(explain=True)
    assert shown["hands"][1] == {
        "number": 2,
        "points": [11, 11, 0],
        "totals": [23, 11, 10],
        "cards": 2,
        "dealer": 1,
        "explanation": [
            "Ann bid 1, took 1: exact, 10 + 1 = +11",
            "Ben bid 1, took 1: exact, 10 + 1 = +11",
            "Cat bid 1, took 0: missed by 1 (under), no score",
        ],
    }


def test_read_from_text_or_bytes_and_cards_may_be_left_to_the_schedule():
    data = game(hands=[{"bids": [2, 0, 0], "tricks": [2, 1, 0]}])
    assert score_card_file(json.dumps(data)).hands[0].cards == 3
    parsed = parse_card_file(json.dumps(OH_HELL).encode())
    assert parsed.players == ("Ann", "Ben", "Cat")
    assert isinstance(parsed.rules, OhHellRules)
    assert parsed.rules.max_cards == 3


def test_a_whole_wizard_game_of_six_players_is_finished():
    hands = [{"cards": n, "bids": [0] * 6, "tricks": [n, 0, 0, 0, 0, 0]} for n in range(1, 11)]
    data = {
        "format": "card-game/1",
        "game": "wizard",
        "players": ["A", "B", "C", "D", "E", "F"],
        "hands": hands,
    }
    shown = score_card_file(data).to_json()
    assert shown["finished"] is True
    assert shown["players"][0]["score"] == sum(-10 * n for n in range(1, 11))
    assert shown["players"][1]["score"] == 200
    assert shown["winners"] == [1, 2, 3, 4, 5]


def test_a_call_break_file_shows_one_decimal():
    data = {
        "format": "card-game/1",
        "game": "call_break",
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "hands": [{"cards": 13, "bids": [3, 4, 2, 1], "tricks": [5, 3, 2, 3]}],
    }
    shown = score_card_file(json.dumps(data))
    assert shown.to_json()["hands"][0]["points"] == [3.2, -4.0, 2.0, 1.2]
    assert json.dumps(shown.to_json()["players"][0]) == '{"name": "Ann", "score": 3.2}'


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "spades-game/1"}, 'format: expected "card-game/1", got "spades-game/1"'),
        (
            {"game": "hearts"},
            'game: expected one of "oh_hell", "wizard", "call_break", got "hearts"',
        ),
        ({"game": 1}, 'game: expected one of "oh_hell", "wizard", "call_break", got 1'),
        ({"rules": []}, "rules: expected an object, got a list"),
        (
            {"rules": {"preset": "spades"}},
            'rules.preset: unknown preset "spades" for Oh Hell; '
            "choose one of: oh_hell, oh_hell_every_trick, wizard",
        ),
        ({"rules": {"hoook": True}}, "rules.hoook: not a setting of Oh Hell; did you mean hook?"),
        ({"rules": {"bid_max": 8}}, "rules.bid_max: not a setting of Oh Hell"),
        ({"rules": {"hook": 1}}, "rules.hook: expected true or false, got 1"),
        (
            {"rules": {"max_cards": True}},
            "rules.max_cards: expected a whole number or null, got true",
        ),
        (
            {"rules": {"schedule": "sideways"}},
            'rules.schedule: expected one of "down_up", "up_down", "up", "down", got "sideways"',
        ),
        ({"players": ["Ann", "Ben"]}, "players: Oh Hell is played by 3 to 7 players, got 2"),
        ({"players": list("ABCDEFGH")}, "players: Oh Hell is played by 3 to 7 players, got 8"),
        ({"players": "Ann"}, 'players: expected a list of 3 to 7 names, got the text "Ann"'),
        ({"players": ["Ann", "ann", "Cat"]}, 'players: "ann" appears twice'),
        ({"players": ["Ann", 2, "Cat"]}, "players: name 2 must be text, got the number 2"),
        ({"hands": {}}, "hands: expected a list, got an object"),
        (
            {"hands": [[]]},
            'hand 1: expected an object with "cards", "bids" and "tricks", got a list',
        ),
        ({"hands": [{"cards": 3, "tricks": [2, 1, 0]}]}, "hand 1: bids missing; expected 3 bids"),
        (
            {"hands": [{"cards": 3, "bids": [2, 0], "tricks": [2, 1, 0]}]},
            "hand 1: expected 3 bids, one per player, got 2",
        ),
        (
            {"hands": [{"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1, 0, 0]}]},
            "hand 1: expected 3 trick counts, one per player, got 4",
        ),
        (
            {"hands": [{"cards": 3, "bids": [2, 0, True], "tricks": [2, 1, 0]}]},
            "hand 1: bids: entry 3 must be a whole number, got true",
        ),
        (
            {"hands": [{"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1.0, 0]}]},
            "hand 1: tricks: entry 2 must be a whole number, got the number 1.0",
        ),
        (
            {"hands": [{"cards": "3", "bids": [2, 0, 0], "tricks": [2, 1, 0]}]},
            'hand 1: cards must be a whole number, got the text "3"',
        ),
        (
            {"hands": [{"cards": 2, "bids": [2, 0, 0], "tricks": [2, 0, 0]}]},
            "hand 1: the schedule deals 3 cards in hand 1, not 2",
        ),
        (
            {"hands": [{"cards": 3, "bids": [4, 0, 0], "tricks": [2, 1, 0]}]},
            "hand 1: Ann bid 4; a bid here is 0 to 3",
        ),
        (
            {"hands": [{"cards": 3, "bids": [2, 0, 0], "tricks": [2, 0, 0]}]},
            "hand 1: tricks add up to 2, but 3 tricks were played",
        ),
        (
            {"hands": [{"cards": 3, "bids": [2, 1, 0], "tricks": [2, 1, 0]}]},
            "hand 1: the bids add up to the 3 cards dealt; under the hook the dealer, Ann, "
            "may not bid 2",
        ),
        (
            {"hands": [{"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1, 0], "note": "a\nb"}]},
            "hand 1: note: contains a line break, tab or control code",
        ),
        (
            {"rules": {"max_cards": 17}, "players": ["Ann", "Ben", "Cat", "Dan"]},
            "rules.max_cards: 4 players can be dealt at most 13 cards each from 52, not 17",
        ),
    ],
)
def test_every_refusal_is_one_line_naming_where(changes, message):
    assert refusal(game(**changes)) == message


def test_a_huge_number_is_shown_cut_short():
    data = game(hands=[{"cards": 3, "bids": [10**200, 0, 0], "tricks": [2, 1, 0]}])
    assert (
        refusal(data)
        == "hand 1: Ann bid 1000000000000000000000000000000000000...; a bid here is 0 to 3"
    )


def test_the_first_bad_hand_in_order_is_named():
    """Hand 2 breaks the hook, hand 3 is badly written: hand 2 is the one named."""
    hands = [
        {"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1, 0]},
        {"cards": 2, "bids": [1, 1, 0], "tricks": [1, 1, 0]},
        {"cards": 1},
    ]
    assert refusal(game(hands=hands)).startswith("hand 2: the bids add up to the 2 cards dealt")
    assert refusal(game(hands=[hands[0], hands[2]])) == "hand 2: bids missing; expected 3 bids"


def test_a_hand_past_the_schedule():
    hands = [{"cards": n, "bids": [0, 0, 0], "tricks": [n, 0, 0]} for n in (3, 2, 1, 2, 3, 3)]
    assert refusal(game(hands=hands)) == (
        "hand 6: the game is over after hand 5 (the schedule deals 5 hands)"
    )
    assert score_card_file(game(hands=hands[:5])).finished


def test_wrong_players_for_wizard_and_call_break():
    wizard = {"format": "card-game/1", "game": "wizard", "players": list("ABCDEFG")}
    assert refusal(wizard) == "players: Wizard is played by 3 to 6 players, got 7"
    call_break = {"format": "card-game/1", "game": "call_break", "players": list("ABC")}
    assert refusal(call_break) == "players: Call Break is played by 4 players, got 3"


def test_bad_json_and_a_non_object():
    with pytest.raises(GameFileError, match=r"^not valid JSON: "):
        score_card_file("{oops")
    assert refusal("[1]") == "expected a JSON object for the game, got a list"
    assert refusal({"format": "card-game/1"}) == (
        'game: missing; expected "oh_hell", "wizard" or "call_break"'
    )
    assert refusal({"format": "card-game/1", "game": "wizard"}) == (
        "players: missing; expected a list of names in seat order"
    )


def test_unknown_keys_are_passed_over_and_notes_kept():
    data = game(
        extra={"anything": [1, 2]},
        hands=[{"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1, 0], "note": " rain ", "x": 1}],
    )
    assert parse_card_file(data).notes == ("rain",)
