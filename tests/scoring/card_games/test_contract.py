"""The exact-bid family Oh Hell and Wizard share: every setting, with the sources' examples."""

import pytest

from games.scoring.card_games import ContractScoring, OhHellRules, contract


def test_oh_hell_preset_scores_ten_plus_the_bid_on_an_exact_bid_and_nothing_otherwise():
    """pagat.com's Oh Hell!: 10 plus the bid for a bid made exactly, no score otherwise."""
    rules = ContractScoring(**contract.PRESETS["oh_hell"].values)
    assert rules.score(3, 3) == (13, "bid 3, took 3: exact, 10 + 3 = +13")
    assert rules.score(0, 0)[0] == 10
    assert rules.score(3, 4) == (0, "bid 3, took 4: missed by 1 (over), no score")
    assert rules.score(3, 1)[0] == 0


def test_every_trick_preset_scores_a_point_a_trick_and_ten_for_exact():
    """CardSharp Oh Hell: one point for each trick made and a bonus of 10 for the exact amount."""
    rules = ContractScoring(**contract.PRESETS["oh_hell_every_trick"].values)
    assert rules.score(2, 2)[0] == 12
    assert rules.score(2, 4) == (4, "bid 2, took 4: missed by 2 (over), 4 tricks +4")
    assert rules.score(3, 0)[0] == 0


def test_wizard_preset_scores_twenty_plus_ten_a_trick_and_loses_ten_a_trick_off():
    """Wizard's rules: 20 points plus 10 for each trick taken on an exact bid; 10 points lost
    for each trick over or under."""
    rules = ContractScoring(**contract.PRESETS["wizard"].values)
    assert rules.score(2, 2) == (40, "bid 2, took 2: exact, 20 + 2 at 10 = +40")
    assert rules.score(0, 0)[0] == 20
    assert rules.score(1, 3) == (-20, "bid 1, took 3: missed by 2 (over), 2 off at 10 -20")
    assert rules.score(3, 0)[0] == -30


def test_a_missed_bid_losing_the_bid_as_wikipedias_exact_scoring_with_penalty():
    """Wikipedia's “exact scoring with penalty”: missing a 3 bid scores -3; a zero bid 0."""
    rules = ContractScoring(miss_penalty=contract.BID, miss_value=1)
    assert rules.score(3, 2)[0] == -3
    assert rules.score(3, 5)[0] == -3
    assert rules.score(0, 1)[0] == 0
    assert rules.score(3, 3)[0] == 13


def test_ten_times_exact_scores_forty_for_a_four_bid_or_loses_forty():
    """Wikipedia's “10 times exact” with penalty: a bid of 4 made is worth 40, missed -40; the
    variant's zero bid made is worth 5."""
    rules = ContractScoring(
        exact_bonus=0, trick_value=10, miss_penalty=contract.BID, miss_value=10, zero_bid_value=5
    )
    assert rules.score(4, 4)[0] == 40
    assert rules.score(4, 3)[0] == -40
    assert rules.score(0, 0) == (5, "bid 0, took 0: a zero bid made, +5")


def test_squared_bids_as_pagats_variation_ten_plus_the_bid_squared_or_the_miss_squared():
    """pagat.com's variation: gain 10 + bid² if successful, lose (bid - tricks)² if not."""
    rules = ContractScoring(squared=True, miss_penalty=contract.SQUARED_OFF, miss_value=1)
    assert rules.score(3, 3) == (19, "bid 3, took 3: exact, 10 + 3² = +19")
    assert rules.score(1, 4)[0] == -9
    assert rules.score(4, 2)[0] == -4


def test_a_flat_penalty_costs_the_same_however_far_off():
    rules = ContractScoring(miss_penalty=contract.FLAT, miss_value=10)
    assert rules.score(2, 3)[0] == -10
    assert rules.score(2, 7)[0] == -10
    assert rules.score(2, 3)[1] == "bid 2, took 3: missed by 1 (over), a miss -10"


def test_tricks_always_and_a_penalty_add_up_in_words():
    rules = ContractScoring(tricks_count=contract.ALWAYS, miss_penalty=contract.PER_TRICK_OFF)
    assert rules.score(1, 3) == (1, "bid 1, took 3: missed by 2 (over), 3 tricks +3, 2 off -2 = +1")


def test_a_zero_bid_value_only_changes_a_zero_bid_made():
    rules = ContractScoring(zero_bid_value=5)
    assert rules.score(0, 0)[0] == 5
    assert rules.score(0, 1)[0] == 0
    assert rules.score(1, 1)[0] == 11


@pytest.mark.parametrize(
    ("hook", "on_last", "number", "applies"),
    [
        (True, True, 19, True),
        (True, False, 19, False),
        (True, False, 18, True),
        (False, True, 5, False),
    ],
)
def test_the_hook_and_its_lifting_on_the_last_hand(hook, on_last, number, applies):
    rules = OhHellRules(hook=hook, hook_on_last_hand=on_last)
    assert rules.hook_applies(number, 19) is applies


def test_every_setting_checks_its_values():
    by_name = {setting.name: setting for setting in contract.SETTINGS}
    assert by_name["exact_bonus"].check(10) is None
    assert by_name["exact_bonus"].check(True) == "expected a whole number, got true"
    assert by_name["exact_bonus"].check(-1) == "must be at least 0, got -1"
    assert by_name["trick_value"].check(1.5) == "expected a whole number, got 1.5"
    assert by_name["tricks_count"].check("sometimes").startswith('expected one of "exact"')
    assert by_name["miss_penalty"].check("squared_off") is None
    assert by_name["zero_bid_value"].check(None) is None
    assert by_name["squared"].check(1) == "expected true or false, got 1"
    assert by_name["hook"].check(False) is None
    defaults = OhHellRules()
    for setting in contract.SETTINGS:
        assert setting.label
        assert setting.meaning
        options = setting.options(getattr(defaults, setting.name))
        assert [is_default for _, is_default in options].count(True) == 1


def test_a_missed_bid_losing_what_it_would_have_made_as_psalaets_scorekeeper():
    """psalaets/ohhell: players that meet their bid exactly get bid + 10 points; players that
    miss lose bid + 10."""
    rules = ContractScoring(miss_penalty=contract.MADE_VALUE)
    assert rules.score(3, 3)[0] == 13
    assert rules.score(3, 1) == (
        -13,
        "bid 3, took 1: missed by 2 (under), what it would have made lost -13",
    )
    assert rules.score(0, 2)[0] == -10


def test_ten_times_exact_with_a_zero_bid_worth_five_either_way():
    """Wikipedia's “10 times exact” variant: a zero bid is +5 made, -5 if a trick is taken."""
    rules = ContractScoring(
        exact_bonus=0, trick_value=10, miss_penalty=contract.MADE_VALUE, zero_bid_value=5
    )
    assert rules.score(0, 0)[0] == 5
    assert rules.score(0, 1)[0] == -5
    assert rules.score(4, 4)[0] == 40
    assert rules.score(4, 2)[0] == -40


def test_five_plus_the_bid_and_a_point_a_trick_off_as_oh_hell_score_recorder():
    """Oh Hell Score Recorder's example: bid 3 won 3 scores +8; bid 2 won 4 scores -2."""
    rules = ContractScoring(exact_bonus=5, miss_penalty=contract.PER_TRICK_OFF, miss_value=1)
    assert rules.score(3, 3)[0] == 8
    assert rules.score(2, 4)[0] == -2


def test_tie_points_count_made_bids_only_when_ties_are_broken_on_them():
    shared = ContractScoring()
    assert shared.tie_points(3, 3) == 0
    broken = ContractScoring(tie_break=contract.MADE_BIDS)
    assert broken.tie_points(3, 3) == 3
    assert broken.tie_points(3, 2) == 0
