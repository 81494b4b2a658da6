"""Rule settings: their words, their checks, and how they are written down."""

import pytest

from games.scoring import SETTINGS, SETTINGS_BY_NAME, Rules, RulesError
from games.scoring.card_games.base import CardSetting
from games.scoring.rules import Setting

GROUPS = {"Players and game end", "Bags", "Nil and blind nil", "Bidding", "Bonuses"}


def test_standard_defaults_follow_the_spec():
    assert Rules().to_dict() == {
        "players": 4, "partnerships": True, "target_score": 500, "losing_score": -200,
        "sets_to_lose": None, "sets_in_a_row_to_lose": None,
        "hand_limit": None, "tie_rule": None, "tie_block_hands": 3,
        "bag_limit": 10, "bag_penalty": 100, "bag_points": 1, "bag_back": None,
        "bag_back_points": 50, "overtricks": "bags", "bags_carry_over": True,
        "nil_value": 100, "blind_nil_value": 200, "zero_is_nil": True,
        "failed_nil_tricks": "bags", "nil_partner_exact": False, "both_nil": "separate",
        "both_nil_value": 200,
        "blind_nil_behind": None, "blind_nil": True, "min_team_bid": None,
        "min_total_bid": None, "ban_exact_total": False, "blind_bid_min": None,
        "blind_bid_behind": None, "first_hand_bids_itself": None, "variant": "classic",
        "first_bidder": "dealer_left", "set_scoring": "bid", "big_bid": "none",
        "big_bid_min": 10,
        "big_bid_made": 200, "big_bid_set": 200, "boston": "none",
        "boston_needs": "every_trick", "boston_bonus": 200,
    }  # fmt: skip


def test_every_setting_has_words_a_group_and_an_explanation_of_its_default():
    for setting in SETTINGS:
        assert setting.label
        assert setting.meaning
        assert setting.group in GROUPS
        assert setting.explain(setting.default)
        assert getattr(Rules(), setting.name) == setting.default


def test_setting_explains_a_chosen_value():
    explain = SETTINGS_BY_NAME["failed_nil_tricks"].explain
    assert explain("help_partner") == "A failed nil's tricks count toward the partner's bid"
    assert SETTINGS_BY_NAME["losing_score"].explain(None).startswith("No losing score")
    assert SETTINGS_BY_NAME["target_score"].explain(300) == (
        "The game ends when a side reaches 300 points"
    )


def test_sides_and_tricks_per_hand():
    assert Rules().sides == ((0, 2), (1, 3))
    assert Rules().side_of(3) == 1
    three = Rules(players=3, partnerships=False)
    assert three.tricks_per_hand == 17
    assert three.sides == ((0,), (1,), (2,))
    assert three.side_of(2) == 2


def test_from_dict_applies_a_preset_then_overrides():
    rules = Rules.from_dict({"preset": "hoyle", "nil_value": 50})
    assert rules.both_nil == "joint"
    assert rules.nil_value == 50
    assert Rules.from_dict({}) == Rules()


def test_differences_name_the_settings_that_differ():
    assert Rules(nil_value=50, boston="win").differences() == ["nil_value", "boston"]
    assert Rules().differences(Rules(bag_limit=None)) == ["bag_limit"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"bagz": 3}, "unknown setting 'bagz'"),
        ({"nil_valu": 3}, "unknown setting 'nil_valu'; did you mean 'nil_value'?"),
        ({"preset": "nope"}, "preset: unknown preset 'nope'; choose one of: standard,"),
        ({"preset": 3}, "preset: expected a preset name, got 3"),
        ({"target_score": True}, "target_score: expected a whole number, got true"),
        ({"target_score": 2.5}, "target_score: expected a whole number, got 2.5"),
        ({"losing_score": "x"}, 'losing_score: expected a whole number or null, got "x"'),
        ({"partnerships": 1}, "partnerships: expected true or false, got 1"),
        ({"variant": "x"}, 'variant: expected one of "classic", "suicide"'),
        ({"bag_limit": 0}, "bag_limit: must be at least 1, got 0"),
        ({"bag_penalty": -5}, "bag_penalty: must be at least 0, got -5"),
        ({"players": 5}, "players: must be at most 4, got 5"),
        ({"target_score": 10**30}, "target_score: must be at most 1000000"),
        ({"players": 3}, "partnerships: partnerships need 4 players"),
        ({"partnerships": False, "variant": "suicide"}, "variant: suicide needs partnerships"),
        (
            {"partnerships": False, "both_nil": "joint"},
            "both_nil: both partners bidding nil needs partnerships",
        ),
        ({"variant": "blind_nil_all", "blind_nil": False}, "blind_nil: everyone bids blind nil"),
        ({"variant": "blind_nil_all", "blind_nil_behind": 100}, "blind_nil_behind: everyone"),
        (
            {"target_score": 100, "losing_score": 100},
            "losing_score: must be below the winning score (100), got 100",
        ),
        ({"players": 2, "partnerships": False, "min_team_bid": 14}, "min_team_bid: can't be"),
        ([1, 2], "expected an object with a preset and settings"),
    ],
)
def test_bad_rules_are_explained(data, message):
    with pytest.raises(RulesError) as caught:
        Rules.from_dict(data)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_direct_construction_is_checked_too():
    with pytest.raises(RulesError, match=r"^nil_value: expected a whole number"):
        Rules(nil_value="100")


def test_rules_are_frozen_and_hashable():
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.nil_value = 5
    assert hash(rules) == hash(Rules())


def test_counts_in_the_rule_texts_agree_with_their_number():
    points = SETTINGS_BY_NAME["bag_points"]
    assert points.explain(1) == "Each bag scores 1 point"
    assert points.explain(2) == "Each bag scores 2 points"
    assert (
        SETTINGS_BY_NAME["sets_to_lose"].explain(1) == "A side set 1 time in the game loses at once"
    )
    for setting in SETTINGS:
        if setting.kind in ("int", "optional_int"):
            for value in (1, 2):
                text = setting.explain(value)
                assert "(s)" not in text
                assert "{" not in text


def test_ten_for_200_that_contradicts_big_bid_is_refused():
    with pytest.raises(Exception, match=r"^ten_for_200: ten_for_200 is the old name for big_bid"):
        Rules.from_dict({"ten_for_200": True, "big_bid": "flat"})


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"variant": "mirrors", "blind_bid_min": 6}, "blind_bid_min: mirrors has no blind"),
        ({"variant": "mirrors", "ban_exact_total": True}, "ban_exact_total: in mirrors four"),
        ({"variant": "blind_nil_all", "both_nil": "forbidden"}, "both_nil: everyone bids blind"),
        ({"variant": "blind_nil_all", "min_total_bid": 4}, "min_total_bid: everyone bids"),
        ({"partnerships": False, "both_nil": "unit"}, "both_nil: both partners bidding nil"),
        ({"players": 2, "partnerships": False, "first_hand_bids_itself": 14},
         "first_hand_bids_itself: can't be more than the 13"),
        ({"big_bid": "flat", "big_bid_min": 14}, "big_bid_min: can't be more than the 13"),
    ],
)  # fmt: skip
def test_settings_that_contradict_each_other_name_the_setting(values, message):
    with pytest.raises(Exception, match="^" + message):
        Rules.from_dict(values)


@pytest.mark.parametrize("value", [True, 1, 3.0, "3", None, -1, 99, "standard", "no such", [1]])
@pytest.mark.parametrize("kind", ["int", "optional_int", "bool", "choice"])
def test_a_card_games_setting_refuses_a_value_in_the_words_a_spades_setting_uses(kind, value):
    choices = (("standard", "Standard"), ("other", "Other"))
    spades = Setting("s", kind, None, "S", "S", "Bags", choices=choices, minimum=0, maximum=13)
    cards = CardSetting("c", kind, "C", "C", choices=choices, minimum=0, maximum=13)
    assert cards.check(value) == spades.check(value)
    whole = type(value) is int and 0 <= value <= 13
    acceptable = {
        "int": whole,
        "optional_int": whole or value is None,
        "bool": type(value) is bool,
        "choice": value == "standard",
    }[kind]
    assert (spades.check(value) is None) == acceptable


@pytest.mark.parametrize(
    ("kind", "value", "words"),
    [
        ("int", True, "expected a whole number, got true"),
        ("int", 3.0, "expected a whole number, got 3.0"),
        ("optional_int", "3", 'expected a whole number or null, got "3"'),
        ("int", -1, "must be at least 0, got -1"),
        ("optional_int", 99, "must be at most 13, got 99"),
        ("bool", 1, "expected true or false, got 1"),
        ("choice", None, 'expected one of "standard", "other", got null'),
    ],
)
def test_a_settings_refusal_says_what_was_expected_and_what_came(kind, value, words):
    choices = (("standard", "Standard"), ("other", "Other"))
    card = CardSetting("c", kind, "C", "C", choices=choices, minimum=0, maximum=13)
    assert card.check(value) == words
