"""What the table flow asks the rules: bids, their keys and labels, trick entries and names."""

import pytest

from games.scoring import (
    BLIND_NIL,
    NIL,
    PRESETS,
    BidError,
    Hand,
    Rules,
    TrickError,
    bid_key,
    bid_label,
    bid_options,
    bidding_order,
    duplicate_name,
    is_nil,
    limits,
    needs_bids,
    parse_bid_key,
    player_name_problem,
    score_game,
    trick_inputs,
    validate_bids,
    validate_tricks,
)
from games.scoring.entry import TrickInput, game_name_problem, name_length


@pytest.mark.parametrize(
    ("bid", "nil"),
    [(NIL, True), (BLIND_NIL, True), (0, False), (7, False), ("blind_7", False), (None, False)],
)
def test_is_nil_is_true_only_for_nil_and_blind_nil(bid, nil):
    assert is_nil(bid) is nil


@pytest.mark.parametrize(
    ("bid", "label", "key"),
    [(NIL, "Nil", "nil"), (BLIND_NIL, "Blind nil", "blind_nil"), (7, "7", "7"), (0, "0", "0"),
     ("blind_7", "Blind 7", "blind_7")],
)  # fmt: skip
def test_each_bid_has_a_label_and_a_key_that_parses_back(bid, label, key):
    assert bid_label(bid) == label
    assert bid_key(bid) == key
    assert parse_bid_key(key) == bid


def test_a_blank_team_bid_reads_as_a_dash():
    assert bid_label(None) == "—"


@pytest.mark.parametrize(
    "key", ["", "pass", "-1", "07", "7 ", "+7", "blind_", "blind_x", "blind_nil7", "100", "Nil"]
)
def test_parse_bid_key_refuses_anything_that_is_not_a_key(key):
    with pytest.raises(ValueError, match="not a bid key"):
        parse_bid_key(key)


@pytest.mark.parametrize("bid", [None, -1, "pass", 3.0])
def test_bid_key_refuses_what_is_not_a_bid(bid):
    with pytest.raises(ValueError, match="not a bid"):
        bid_key(bid)


def test_every_offered_bid_has_a_key_that_parses_back():
    for preset in PRESETS.values():
        for bid in bid_options(preset.rules):
            assert parse_bid_key(bid_key(bid)) == bid


def test_bidding_order_goes_round_the_table_from_the_first_bidder():
    assert bidding_order(Rules(), 2) == [2, 3, 0, 1]
    assert bidding_order(PRESETS["cutthroat3"].rules, 1) == [1, 2, 0]


def test_trick_inputs_ask_a_side_total_unless_someone_on_it_bid_nil():
    inputs = trick_inputs(Rules(), (NIL, 4, 3, 4))
    assert inputs == [
        TrickInput("tricks_0", (0,)),
        TrickInput("tricks_2", (2,)),
        TrickInput("side_1", (1, 3)),
    ]


def test_trick_inputs_ask_every_seat_without_partners():
    inputs = trick_inputs(PRESETS["cutthroat"].rules, (3, 3, 3, 3))
    assert [item.name for item in inputs] == ["tricks_0", "tricks_1", "tricks_2", "tricks_3"]


@pytest.mark.parametrize("bids", [(3, 3, 3, 3), (NIL, 4, 3, 4), (BLIND_NIL, NIL, 3, 4)])
def test_trick_inputs_agree_with_the_engines_blank_trick_check(bids):
    """Entering exactly the asked entries (others blank) is accepted; one blank more is not."""
    rules = Rules()
    inputs = trick_inputs(rules, bids)
    tricks: list = [None] * 4
    for item in inputs:
        tricks[item.seats[0]] = 0
    tricks[inputs[-1].seats[0]] = 13
    assert validate_tricks(rules, bids, tricks)
    for item in inputs:
        missing = list(tricks)
        missing[item.seats[0]] = None
        missing[inputs[0].seats[0] if item is inputs[-1] else inputs[-1].seats[0]] = 13
        with pytest.raises(TrickError):
            validate_tricks(rules, bids, missing)


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Ann", None),
        ("  Ann  ", None),
        ("A" * limits.MAX_PLAYER_NAME, None),
        ("", "the name is empty"),
        ("   ", "the name is empty"),
        ("A" * (limits.MAX_PLAYER_NAME + 1), "the name is longer than 40 characters"),
        ("Ann\nBen", "the name contains a line break: a name is one line"),
        ("Ann\r\nBen", "the name contains a line break: a name is one line"),
        ("Ann\u2028Ben", "the name contains a line break: a name is one line"),
        ("Ann\x85Ben", "the name contains a line break: a name is one line"),
        ("Ann\tBen", "the name contains a tab or another control character"),
        ("Ann\x07", "the name contains a tab or another control character"),
        ("Ann\x7f", "the name contains a tab or another control character"),
        ("Ann\u00a0Ben", "the name contains an unusual space: use an ordinary space"),
        ("\u202eAnn", "the name contains an invisible formatting character"),
        ("An\u200bn", "the name contains an invisible formatting character"),
        ("Ann\u00ad", "the name contains an invisible formatting character"),
        ("\ufeffAnn", "the name contains an invisible formatting character"),
        ("Ann\ud800", "the name contains a broken character (half of a pair)"),
        (3, "the name must be text"),
    ],
)
def test_player_name_problem(name, problem):
    assert player_name_problem(name) == problem


@pytest.mark.parametrize(
    "name",
    [
        "👩🏽‍🦱Zoë",  # woman, medium skin tone, curly hair: one character of four code points
        "👨‍👩‍👧‍👦",  # a family: seven code points joined into one
        "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Ailsa",  # the flag of Scotland is spelled with tag characters
        "❤️ Ann",  # a heart with its emoji variation selector
        "Zoe\u0308",  # e and a combining diaeresis
        "\u0645\u200c\u06cc",  # Persian letters held apart by a zero-width non-joiner
        "\u0915\u094d\u200d\u0937",  # Devanagari: a joiner between two letters
        "Björn Ångström",
        "1️⃣ Bo",  # a keycap
    ],
)
def test_names_people_write_are_accepted(name):
    assert player_name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "characters"),
    [("👩🏽‍🦱Zoë", 4), ("👨‍👩‍👧‍👦", 1), ("Zoe\u0308", 3), ("🇫🇷🇩🇪", 2), ("Ann", 3)],
)
def test_a_name_is_as_long_as_the_characters_a_reader_sees(name, characters):
    assert name_length(name) == characters


def test_forty_joined_emoji_fit_and_forty_one_do_not():
    assert player_name_problem("👩🏽‍🦱" * 40) is None
    assert player_name_problem("👩🏽‍🦱" * 39 + "Zo") == "the name is longer than 40 characters"
    assert player_name_problem("👩🏽‍🦱" * 41) == "the name is longer than 40 characters"


def test_a_name_of_many_long_joined_emoji_is_bounded_by_code_points():
    """Forty families are forty characters but 280 code points: the stored name stays bounded."""
    family = "👨‍👩‍👧‍👦"
    assert name_length(family * 40) == 40
    assert player_name_problem(family * 40) == "the name has too many joined emoji: keep it shorter"
    assert len(family * 22) <= limits.MAX_PLAYER_NAME_CODE_POINTS
    assert player_name_problem(family * 22) is None


@pytest.mark.parametrize(
    "name",
    ["\u200dAnn", "Ann\u200d", "An \u200dn", "A\u200d\u200dnn", "\u200c", "\U000e0067Ann"],
)
def test_a_joiner_or_tag_that_joins_nothing_is_refused(name):
    assert player_name_problem(name) == "the name contains an invisible formatting character"


def test_game_name_may_be_empty_but_not_too_long_or_two_lines():
    assert game_name_problem("") is None
    assert game_name_problem("x" * limits.MAX_GAME_NAME) is None
    assert game_name_problem("x" * (limits.MAX_GAME_NAME + 1)) == (
        "the name is longer than 200 characters"
    )
    assert "line break" in game_name_problem("a\nb")


def test_duplicate_name_finds_the_first_repeat_ignoring_case():
    assert duplicate_name(["Ann", "Ben", "ann", "Ben"]) == 2
    assert duplicate_name(["Ann", "Ben"]) is None
    assert duplicate_name(["Straße", "STRASSE"]) == 1


def test_limits_agree_with_each_other():
    assert limits.MAX_IMPORT_BYTES >= limits.MAX_GAME_FILE_BYTES
    # A whole account's backup imports: every game and hand it may hold, at their largest.
    assert limits.MAX_IMPORT_BYTES >= (
        limits.MAX_ACCOUNT_GAMES * limits.MAX_GAME_HEADER_BYTES
        + limits.MAX_ACCOUNT_HANDS * limits.MAX_HAND_BYTES
    )
    assert limits.MAX_IMPORT_GAMES >= limits.MAX_ACCOUNT_GAMES
    assert limits.MAX_GAME_FILE_BYTES >= limits.MAX_HANDS * limits.MAX_HAND_BYTES
    assert max(preset.rules.players for preset in PRESETS.values()) == limits.MAX_SEATS


# The bids a pad offers ------------------------------------------------------------------------


def test_bid_options_offer_nil_blind_nil_and_1_to_13_by_default():
    assert bid_options(Rules()) == (NIL, BLIND_NIL, *range(1, 14))


def test_bid_options_offer_0_when_0_is_an_ordinary_bid():
    assert bid_options(Rules(zero_is_nil=False)) == (NIL, BLIND_NIL, *range(0, 14))


def test_bid_options_go_to_17_with_three_players():
    assert bid_options(PRESETS["cutthroat3"].rules)[-1] == 17


@pytest.mark.parametrize("preset", ["whiz", "mirrors", "cutthroat"])
def test_bid_options_leave_out_blind_nil_where_the_table_has_none(preset):
    assert BLIND_NIL not in bid_options(PRESETS[preset].rules)


def test_bid_options_are_only_blind_nil_when_everyone_bids_it():
    assert bid_options(PRESETS["blind_nil_all"].rules) == (BLIND_NIL,)


def left_out(rules):
    return [bid for bid in (NIL, BLIND_NIL, 1) if bid not in bid_options(rules)]


@pytest.mark.parametrize("preset", [name for name, p in PRESETS.items() if left_out(p.rules)])
def test_a_bid_left_out_of_the_options_is_refused(preset):
    """What the pad leaves out, the rules refuse: the two never disagree."""
    rules = PRESETS[preset].rules
    others = next((bid for bid in bid_options(rules) if type(bid) is int), BLIND_NIL)
    for bid in left_out(rules):
        with pytest.raises(BidError, match="blind nil"):
            validate_bids(rules, [bid, *[others] * (rules.players - 1)])


def test_team_bid_options_are_the_totals_a_side_may_bid():
    options = bid_options(PRESETS["tournament"].rules, team=True)
    assert options == tuple(range(4, 14))
    assert bid_options(PRESETS["cutthroat"].rules, team=True) == ()
    assert bid_options(Rules(blind_bid_min=6), team=True)[-1] == "blind_13"


def test_a_hand_that_bids_itself_has_no_bid_step_and_asks_side_totals():
    rules = PRESETS["first_hand_bids_itself"].rules
    assert needs_bids(rules, 1) is False
    assert needs_bids(rules, 2) is True
    assert needs_bids(Rules(), 1) is True
    assert [item.name for item in trick_inputs(rules, None)] == ["side_0", "side_1"]
    result = score_game(rules, [Hand(None)])
    assert result.pending.bids_itself is True
    assert result.pending.contracts == (4, 4)
    assert result.to_json()["pending"]["bids"] is None
