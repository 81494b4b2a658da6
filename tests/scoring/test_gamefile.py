"""Reading game files: every problem is one clear line, and unknown keys survive a round trip."""

import json

import pytest

from games.scoring import SETTINGS, GameFileError, parse_game_file, score_file

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
GAME = {
    "format": "spades-game/1",
    "name": "Friday at Cat's",
    "rules": {"preset": "standard", "failed_nil_tricks": "help_partner"},
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "first_dealer": 0,
    "hands": [
        {"bids": [3, "nil", 4, 2], "tricks": [4, 0, 5, 4], "notes": "close one"},
        {"bids": [2, 3, 4, 2]},
    ],
    "played_on": "2024-05-03",
}


DEEP = [1]
for _ in range(25):
    DEEP = [DEEP]


def with_changes(**changes):
    return {**GAME, **changes}


def error_for(data):
    with pytest.raises(GameFileError) as caught:
        parse_game_file(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_game_file_takes_names_by_the_same_rule_as_the_form():
    """Joined emoji are one character each in a file too: forty of them are a name."""
    names = ["👩🏽‍🦱Zoë", "👩🏽‍🦱" * 40, "Cat", "Dan"]
    assert parse_game_file(with_changes(players=names)).players == tuple(names)


def test_the_example_file_scores():
    result = score_file(GAME)
    assert result.sides[0].score == 72
    assert result.sides[1].score == 122
    assert result.pending.number == 2
    data = result.to_json()
    assert data["teams"][0]["players"] == ["Ann", "Cat"]
    assert data["hands"][0]["teams"][1]["explanation"][0] == "Ben's nil made: +100"


def test_text_and_bytes_are_accepted():
    text = json.dumps(GAME)
    assert parse_game_file(text) == parse_game_file(text.encode())


def test_round_trip_keeps_unknown_keys_and_minimal_rules():
    game = parse_game_file(GAME)
    assert game.extra == {"played_on": "2024-05-03"}
    assert game.hand_extras[0] == {"notes": "close one"}
    written = game.to_dict()
    assert next(iter(written)) == "format"
    assert written == GAME
    assert parse_game_file(json.dumps(written)) == game


def test_rules_without_a_preset_are_written_in_full():
    game = parse_game_file(with_changes(rules={"nil_value": 50}))
    assert game.to_dict()["rules"]["nil_value"] == 50
    assert len(game.to_dict()["rules"]) == len(SETTINGS)


def test_names_are_trimmed_and_defaults_apply():
    game = parse_game_file({"players": [" Ann ", "Ben", "Cat", "Dan"]})
    assert game.players[0] == "Ann"
    assert game.first_dealer == 0
    assert game.hands == ()
    assert game.name is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "not valid JSON: Expecting property name enclosed in double quotes"),
        (b"\xff\xfe", "the file is not UTF-8 text"),
        ("[1, 2]", "expected a JSON object for the game, got a list"),
        ("1" * 5000, "not valid JSON: a number too long"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
        (with_changes(format="spades-game/2"), 'format: expected "spades-game/1"'),
        (with_changes(name=3), "name: expected text, got 3"),
        (with_changes(rules=[]), "rules: expected an object, got a list"),
        (with_changes(rules={"bagz": 1}), "rules: unknown setting 'bagz'"),
        (with_changes(rules={"preset": "x"}), "rules.preset: unknown preset 'x'; choose one of"),
        (with_changes(rules={"target_score": True}),
         "rules.target_score: expected a whole number, got true"),
        (with_changes(players=["Ann", "Ben", "Cat"]), "players: expected 4 names, got 3"),
        (with_changes(players="Ann"), "players: expected a list of 4 names"),
        (with_changes(players=["Ann", "Ben", "Cat", 4]), "players: name 4 must be text, got 4"),
        (with_changes(players=["Ann", " ", "Cat", "Dan"]), "players: name 2 is empty"),
        (with_changes(players=["Ann", "B" * 41, "Cat", "Dan"]), "players: name 2 is longer"),
        (with_changes(players=["Ann", "ann", "Cat", "Dan"]), 'players: "ann" appears twice'),
        (with_changes(players=["Ann", "B\nx", "Cat", "Dan"]), "players: name 2 contains a line"),
        (with_changes(players=["Ann", "B\tx", "Cat", "Dan"]),
         "players: name 2 contains a tab or another control character"),
        (with_changes(players=["Ann", "\u202eBen", "Cat", "Dan"]),
         "players: name 2 contains an invisible formatting character"),
        (with_changes(players=["Ann", "👩🏽‍🦱" * 41, "Cat", "Dan"]),
         "players: name 2 is longer than 40 characters"),
        (with_changes(first_dealer=True), "first_dealer: expected a seat from 0 to 3, got true"),
        (with_changes(first_dealer=4), "first_dealer: expected a seat from 0 to 3, got 4"),
        (with_changes(hands={}), "hands: expected a list, got an object"),
        (with_changes(hands=[3]), 'hand 1: expected an object with "bids" and "tricks"'),
        (with_changes(hands=[{"tricks": [3, 3, 3, 4]}]), "hand 1: the bids are missing"),
        (with_changes(hands=[{"bids": "3333"}]), "hand 1: bids must be a list, got \"3333\""),
        (with_changes(hands=[{"bids": [3, 3, 3, 3], "tricks": 13}]),
         "hand 1: tricks must be a list, got 13"),
        (with_changes(hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]),
         "hand 1: tricks add up to 12, but a hand has 13 tricks"),
        (with_changes(hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]},
                             {"bids": [3, 3, False, 3], "tricks": [3, 3, 3, 4]}]),
         "hand 2: Cat's bid must be a number, \"nil\" or \"blind_nil\", not false"),
        (with_changes(hands=[{"bids": [3, 3, 3, 10**40], "tricks": [3, 3, 3, 4]}]),
         "hand 1: Dan's bid of 10000000000000000000000000000000000000000 is more than"),
        (with_changes(hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4.0]}]),
         "hand 1: Dan's tricks must be a whole number, not 4.0"),
        (with_changes(hands=[{"bids": ["nil", 3, 3, 3], "tricks": [None, 3, 6, 4]}]),
         "hand 1: Ann bid nil, so Ann's tricks must be entered separately"),
        (with_changes(extra={"a": DEEP}),
         "game: nested too deeply"),
        (with_changes(hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4], "x": float("nan")}]),
         "hand 1: not a JSON number"),
    ],
)  # fmt: skip
def test_bad_files_get_one_clear_line(data, message):
    assert error_for(data).startswith(message)


def test_hand_errors_carry_the_hand_seat_and_field():
    data = with_changes(hands=[{"bids": [3, 14, 3, 3], "tricks": [3, 3, 3, 4]}])
    with pytest.raises(GameFileError) as caught:
        parse_game_file(data)
    assert (caught.value.number, caught.value.seat, caught.value.field) == (1, 1, "bids")


def test_a_hand_after_the_game_ended_is_rejected():
    hand = {"bids": [6, 1, 7, 1], "tricks": [0, 6, 1, 6]}
    message = error_for(with_changes(hands=[hand, hand, hand]))
    assert message == "hand 3: the game already ended after hand 2"


NOTED = {
    "format": "spades-game/1",
    "note": "Played at Ben's",
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "hands": [
        {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "note": "misdeal, redealt"},
        {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]},
    ],
}


def test_notes_on_the_game_and_its_hands_are_read_and_written_back():
    game = parse_game_file(NOTED)
    assert game.note == "Played at Ben's"
    assert game.hand_notes == ("misdeal, redealt", "")
    assert game.hand_extras == ({}, {})
    written = game.to_dict()
    assert written["note"] == "Played at Ben's"
    assert written["hands"][0]["note"] == "misdeal, redealt"
    assert "note" not in written["hands"][1]
    again = parse_game_file(written)
    assert (again.note, again.hand_notes, again.hands) == (game.note, game.hand_notes, game.hands)


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ("a\tb", "hand 1: note: contains a line break, tab or control code"),
        ("x" * 101, "hand 1: note: is longer than 100 characters"),
        (7, "hand 1: note: must be text"),
    ],
)
def test_a_bad_hand_note_is_refused_with_its_hand(note, message):
    data = {**NOTED, "hands": [{**NOTED["hands"][0], "note": note}]}
    with pytest.raises(GameFileError) as caught:
        parse_game_file(data)
    assert str(caught.value) == message
    assert caught.value.number == 1


def test_the_largest_game_there_can_be_fits_the_game_file_limit():
    """Every name and note at its longest, in 4-byte characters: the byte budgets hold."""
    from games import bundles
    from games.scoring import limits

    wide = "\U0001f0a1"  # a playing card: 4 bytes in UTF-8
    players = [wide * (limits.MAX_PLAYER_NAME - 1) + str(n) for n in range(4)]
    hand = {"bids": ["blind_nil", "blind_nil", "blind_nil", 13], "tricks": [0, 0, 0, 13]}
    data = {
        "format": "spades-game/1",
        "name": wide * limits.MAX_GAME_NAME,
        "note": wide * limits.MAX_NOTE,
        "rules": {"target_score": 1_000_000, "losing_score": -1_000_000},  # written in full
        "players": players,
        "first_dealer": 3,
        "hands": [{**hand, "note": wide * limits.MAX_NOTE}] * 3,
        "id": "x" * 64,
        "created": "2026-05-01T20:15:00.123456+00:00",
        "finished": "2026-05-01T23:15:00.123456+00:00",
        "watch": False,
        "rematch_of": "y" * 64,
    }
    game = parse_game_file(data)
    one_hand = parse_game_file({**data, "hands": data["hands"][:1]})
    no_hands = parse_game_file({**data, "hands": []})
    written = "".join(bundles.stream_bundle([no_hands.to_dict()]))
    assert len(written.encode()) <= limits.MAX_GAME_HEADER_BYTES
    per_hand = len("".join(bundles.stream_bundle([one_hand.to_dict()])).encode()) - len(
        written.encode()
    )
    assert per_hand <= limits.MAX_HAND_BYTES
    assert len(game.hands) == 3


def test_blind_bids_in_a_game_file_score_and_badly_written_ones_are_refused():
    game = {"rules": {"blind_bid_min": 6}, "players": list(PLAYERS),
            "hands": [{"bids": ["blind_7", 3, None, 3], "tricks": [7, 3, 0, 3]}]}  # fmt: skip
    assert score_file(game).sides[0].score == 140
    game["hands"][0]["bids"][0] = "blind_07"
    with pytest.raises(Exception, match=r'^hand 1: Ann\'s bid must be a number, "nil", '):
        score_file(game)


def test_a_game_file_may_leave_out_the_bids_of_a_hand_that_bids_itself():
    hands = [{"tricks": [6, 4, 3, 0]}, {"bids": None, "tricks": [6, 4, 3, 0]}]
    data = {"rules": {"preset": "first_hand_bids_itself"}, "players": list(PLAYERS), "hands": hands}
    with pytest.raises(Exception, match=r"^hand 2: the bids are missing$"):
        score_file(data)
    data["hands"].pop()
    game = parse_game_file(data)
    assert game.hands[0].bids is None
    assert game.to_dict()["hands"][0]["bids"] is None
    assert score_file(game.to_dict()).sides[0].score == 90


# Rules III in the game file ----------------------------------------------------------------


def _timed(**extra):
    return {
        "format": "spades-game/1",
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "hands": [
            {"bids": [4, 3, 4, 2], "tricks": [4, 3, 4, 2]},
            {"bids": [3, 3, 3, 3], "tricks": [3, 3, 4, 3]},
        ],
        **extra,
    }


def test_time_called_is_read_scored_and_written_back():
    game = parse_game_file(_timed(time_called=2))
    assert game.time_called == 2
    result = game.score()
    assert (result.ended_by, result.winner) == ("time_called", 0)
    assert game.to_dict()["time_called"] == 2
    assert "time_called" not in parse_game_file(_timed()).to_dict()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"time_called": 0}, "time_called: must be a hand number of at least 1, got 0"),
        ({"time_called": 3}, "time_called: hand 3 is beyond the last recorded hand (2)"),
        ({"time_called": "2"}, 'time_called: expected a hand number, got "2"'),
        ({"rules": {"hand_limit": 0}}, "rules.hand_limit: must be at least 1, got 0"),
        ({"rules": {"tie_block_hands": 0}}, "rules.tie_block_hands: must be at least 1, got 0"),
        (
            {"rules": {"preset": "cutthroat", "nil_partner_exact": True}},
            "rules.nil_partner_exact: a nil bidder's partner needs partnerships",
        ),
        (
            {"rules": {"hand_limit": 1}},
            "hand 2: the game already ended after hand 1, its hand limit",
        ),
        (
            {"time_called": 1},
            "hand 2: the game already ended after hand 1, after the time was called",
        ),
    ],
)
def test_rules_iii_problems_are_one_line_each(extra, message):
    with pytest.raises(GameFileError) as refused:
        parse_game_file(_timed(**extra))
    assert str(refused.value) == message
    assert "\n" not in message
