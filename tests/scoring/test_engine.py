"""Worked examples from the rule texts, each test named after its source."""

import pytest

from games.scoring import PRESETS, Hand, HandError, Rules, score_game

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
STANDARD = Rules()


def play(rules, *hands, players=PLAYERS, **options):
    return score_game(rules, [Hand(tuple(b), tuple(t) if t else None) for b, t in hands],
                      players, **options)  # fmt: skip


def side(result, index=0, hand=-1):
    return result.hands[hand].sides[index]


# Seed 001 (the overview text) ------------------------------------------------------------


def test_seed001_bid_7_took_9_scores_72():
    result = play(STANDARD, ([4, 3, 3, 3], [5, 2, 4, 2]))
    assert side(result).points == 72
    assert side(result).explanation == ("Ann + Cat bid 7, took 9: +70", "2 bags: +2")
    assert result.sides[0].bags == 2


def test_seed001_bid_7_took_5_scores_minus_70():
    result = play(STANDARD, ([4, 3, 3, 3], [3, 4, 2, 4]))
    assert side(result).points == -70
    assert side(result).made is False
    assert side(result).bags_taken == 0


def test_seed001_partners_bids_add_up_to_the_contract_and_need_not_total_13():
    result = play(STANDARD, ([4, 3, 3, 4], [4, 3, 3, 3]))
    assert side(result, 0).contract == 7
    assert side(result, 1).contract == 7


def test_seed001_bag_count_resets_to_0_after_penalty_under_no_carry():
    rules = PRESETS["no_carry"].rules
    result = play(rules, ([1, 1, 1, 1], [6, 0, 5, 2]), ([1, 1, 1, 1], [6, 0, 5, 2]))
    # 9 bags, then 9 more: 18 reaches 10 once and the count starts again at 0.
    assert side(result, 0, 0).bags == 9
    assert side(result, 0, 1).points == 20 + 9 - 100
    assert result.sides[0].bags == 0


def test_seed001_and_seed004_both_over_500_the_higher_score_wins():
    rules = Rules(target_score=100)
    result = play(rules, ([3, 3, 3, 3], [3, 3, 3, 4]), ([3, 3, 3, 3], [3, 4, 3, 3]))
    assert [total.score for total in result.sides] == [120, 122]
    assert result.finished is True
    assert result.winner == 1
    assert result.ended_after == 2
    assert result.ended_by == "target"


def test_both_sides_over_the_target_with_the_same_score_play_on():
    rules = Rules(target_score=100)
    result = play(rules, ([3, 3, 3, 3], [3, 3, 4, 3]), ([3, 3, 3, 3], [3, 4, 3, 3]))
    assert [total.score for total in result.sides] == [121, 121]
    assert result.finished is False
    assert result.winner is None


# Seed 000 (Suicides Spades page) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "points"),
    [((3, 3, 3, 4), 60), ((4, 3, 3, 3), 61), ((2, 4, 3, 4), -60)],
)
def test_seed000_contract_6_scores_60_made_61_with_one_bag_minus_60_set(tricks, points):
    result = play(STANDARD, ([3, 3, 3, 3], tricks))
    assert side(result).points == points


def test_seed000_minus_200_floor_ends_the_game_and_the_other_side_wins():
    hand = ([6, 1, 7, 1], [0, 6, 1, 6])  # Ann + Cat bid 13, take 1: -130
    result = play(STANDARD, hand, hand)
    assert result.sides[0].score == -260
    assert result.finished is True
    assert result.winner == 1
    assert result.ended_by == "floor"


def test_seed000_nil_100_and_blind_nil_200():
    result = play(STANDARD, (["nil", "blind_nil", 6, 5], [0, 0, 7, 6]))
    assert side(result, 0).explanation[0] == "Ann's nil made: +100"
    assert side(result, 1).explanation[0] == "Ben's blind nil made: +200"
    assert side(result, 0).points == 100 + 60 + 1
    assert side(result, 1).points == 200 + 50 + 1


# Seed 002 (pagat) ---------------------------------------------------------------------------


def test_seed002_failed_nil_tricks_count_as_bags_not_toward_the_partners_bid():
    result = play(STANDARD, (["nil", 3, 4, 3], [2, 4, 2, 5]))
    ours = side(result, 0)
    assert ours.tricks_toward == 2
    assert ours.made is False
    assert ours.points == -100 - 40 + 2
    assert ours.bags_taken == 2
    assert ours.explanation == (
        "Ann's nil failed (took 2): -100",
        "Cat bid 4, took 2: set: -40",
        "2 bags from failed nil: +2",
    )


def test_seed002_bags_beyond_10_carry_over_to_the_next_cycle():
    result = play(STANDARD, ([1, 1, 1, 1], [6, 0, 5, 2]), ([1, 1, 1, 1], [6, 0, 5, 2]))
    assert result.sides[0].bags == 8
    assert side(result, 0).explanation[-1] == "10 bags reached: penalty: -100"


def test_seed002_nil_partner_is_scored_separately_and_combined():
    result = play(STANDARD, (["nil", 3, 4, 3], [0, 4, 4, 5]))
    assert side(result, 0).points == 100 + 40


# Seed 003 (Hoyle) ---------------------------------------------------------------------------


def test_seed003_both_partners_nil_score_200_jointly_when_both_make_it():
    result = play(PRESETS["hoyle"].rules, (["nil", 4, "nil", 5], [0, 6, 0, 7]))
    assert side(result, 0).points == 200
    assert side(result, 0).explanation == ("Ann + Cat both bid nil and both made it: +200",)


def test_seed003_both_partners_nil_score_nothing_if_either_is_set():
    result = play(PRESETS["hoyle"].rules, (["nil", 4, "nil", 5], [1, 6, 0, 6]))
    assert side(result, 0).points == 0
    assert side(result, 0).bags_taken == 0
    assert result.sides[0].bags == 0


def test_hoyle_double_nil_beside_nil_scores_200_for_both_not_the_sum():
    # "the partnership receives 200 points if both make their contracts", double nils included.
    result = play(PRESETS["hoyle"].rules, (["blind_nil", 4, "nil", 5], [0, 6, 0, 7]))
    assert side(result, 0).points == 200
    assert side(result, 0).explanation == ("Ann + Cat both bid nil and both made it: +200",)


def test_seed003_hoyle_dealer_bids_first():
    result = play(PRESETS["hoyle"].rules, ([3, 3, 3, 3], [3, 3, 3, 4]), first_dealer=2)
    assert result.hands[0].dealer == 2
    assert result.hands[0].first_bidder == 2
    assert result.next_dealer == 3


def test_separate_both_nil_scores_each_nil_on_its_own():
    result = play(STANDARD, (["nil", 4, "nil", 5], [1, 6, 0, 6]))
    assert side(result, 0).points == -100 + 100 + 1


# Seed 004 (Solitaire Bliss) -----------------------------------------------------------------


def test_seed004_failed_nil_tricks_help_the_partner():
    result = play(PRESETS["partner_helps"].rules, (["nil", 3, 4, 3], [2, 4, 2, 5]))
    ours = side(result, 0)
    assert ours.tricks_toward == 4
    assert ours.made is True
    assert ours.points == -100 + 40


def test_seed004_helped_partner_overtricks_are_bags():
    result = play(PRESETS["partner_helps"].rules, (["nil", 3, 4, 3], [3, 3, 3, 4]))
    assert side(result, 0).points == -100 + 40 + 2
    assert side(result, 0).bags_taken == 2


def test_seed004_boston_bonus_for_taking_all_13_tricks():
    rules = Rules(boston="bonus")
    result = play(rules, ([6, 1, 6, 1], [7, 0, 6, 0]))
    assert side(result, 0).points == 120 + 1 + 200
    assert "Boston: took every trick: +200" in side(result, 0).explanation


def test_seed004_boston_can_win_the_game_at_once():
    result = play(Rules(boston="win"), ([6, 1, 6, 1], [7, 0, 6, 0]), ([3, 3, 3, 3], None),
                  strict=False)  # fmt: skip
    assert result.finished is True
    assert result.winner == 0
    assert result.ended_after == 1
    assert result.ended_by == "boston"
    assert result.unscored_hands == 1


# rules-sources.md: pagat and Dummies --------------------------------------------------------


def _at_337_with_7_bags():
    return [
        ([3, 1, 3, 1], [7, 0, 6, 0]),  # 60 + 7 bags
        ([7, 1, 6, 1], [7, 0, 6, 0]),  # 130
        ([7, 1, 6, 1], [7, 0, 6, 0]),  # 130
        ([1, 6, "nil", 6], [1, 6, 0, 6]),  # 10, and Cat's nil: +100
    ]


@pytest.mark.parametrize(
    ("took", "score", "bags"),
    [(7, 389, 9), (8, 290, 0), (9, 291, 1)],
)
def test_pagat_337_with_7_bags_bids_5(took, score, bags):
    hands = _at_337_with_7_bags()
    before = play(Rules(nil_value=0, target_score=1000), *hands)
    assert (before.sides[0].score, before.sides[0].bags) == (337, 7)
    result = play(Rules(nil_value=0, target_score=1000), *hands,
                  ([3, 4, 2, 4], [took, 13 - took, 0, 0]))  # fmt: skip
    assert (result.sides[0].score, result.sides[0].bags) == (score, bags)


def test_pagat_337_with_7_bags_bids_5_takes_8_gives_290_and_0_bags():
    hands = [*_at_337_with_7_bags(), ([3, 4, 2, 4], [8, 5, 0, 0])]
    result = play(Rules(nil_value=0, target_score=1000), *hands)
    assert (result.sides[0].score, result.sides[0].bags) == (290, 0)


def test_dummies_bid_8_took_9_scores_81():
    result = play(STANDARD, ([4, 2, 4, 2], [5, 2, 4, 2]))
    assert side(result).points == 81


def test_dummies_bid_10_set_scores_minus_100():
    result = play(STANDARD, ([5, 1, 5, 1], [4, 2, 5, 2]))
    assert side(result).points == -100


def test_dummies_nil_worth_50_under_bicycle():
    result = play(PRESETS["bicycle"].rules, (["nil", 3, 4, 3], [0, 4, 5, 4]))
    assert side(result).explanation[0] == "Ann's nil made: +50"


# The other settings ------------------------------------------------------------------------


def test_failed_nil_tricks_ignored_count_for_nothing():
    result = play(Rules(failed_nil_tricks="ignored"), (["nil", 3, 4, 3], [2, 4, 4, 3]))
    assert side(result, 0).points == -100 + 40
    assert side(result, 0).bags_taken == 0


def test_help_partner_when_every_player_bid_nil_makes_every_trick_a_bag():
    result = play(PRESETS["partner_helps"].rules, (["nil", 4, "nil", 5], [2, 5, 1, 5]))
    assert side(result, 0).points == -200 + 3
    assert side(result, 0).bags_taken == 3
    assert side(result, 0).made is None


def test_zero_is_not_nil_makes_a_zero_bid_ordinary_with_every_trick_a_bag():
    rules = Rules(zero_is_nil=False, partnerships=False)
    result = play(rules, ([0, 4, 4, 4], [2, 4, 4, 3]))
    assert result.hands[0].bids[0] == 0
    assert side(result, 0).made is True
    assert side(result, 0).points == 2
    assert side(result, 0).bags_taken == 2


def test_zero_is_nil_turns_a_zero_bid_into_nil():
    result = play(STANDARD, ([0, 4, 4, 4], [0, 4, 5, 4]))
    assert result.hands[0].bids[0] == "nil"
    assert side(result, 0).explanation[0] == "Ann's nil made: +100"


def test_big_bid_double_scores_a_contract_of_ten_or_more_20_a_trick():
    rules = Rules(big_bid="double")
    assert Rules.from_dict({"ten_for_200": True}) == rules
    made = play(rules, ([5, 1, 5, 1], [5, 1, 6, 1]))
    assert side(made).points == 200 + 1
    set_ = play(rules, ([5, 1, 5, 1], [4, 2, 5, 2]))
    assert side(set_).points == -200
    nine = play(rules, ([5, 1, 4, 1], [5, 1, 5, 2]))
    assert side(nine).points == 91


def test_bag_points_zero_still_counts_bags():
    result = play(Rules(bag_points=0), ([3, 3, 3, 3], [5, 2, 3, 3]))
    assert side(result).points == 60
    assert side(result).bags_taken == 2
    assert side(result).explanation[-1] == "2 bags: 0"


def test_no_bag_limit_never_penalises():
    result = play(Rules(bag_limit=None), *[([1, 1, 1, 1], [6, 0, 5, 2])] * 3)
    assert result.sides[0].bags == 27
    assert result.sides[0].score == 3 * 29


def test_bag_penalty_and_limit_can_apply_twice_in_one_hand():
    result = play(Rules(bag_limit=5, bag_penalty=50), ([1, 1, 1, 1], [6, 0, 5, 2]))
    assert side(result).points == 20 + 9 - 50
    assert result.sides[0].bags == 4
    result = play(Rules(bag_limit=4, bag_penalty=50), ([1, 1, 1, 1], [6, 0, 5, 2]))
    assert side(result).points == 20 + 9 - 100
    assert side(result).explanation[-1] == "4 bags reached 2 times: -100"
    assert result.sides[0].bags == 1


def test_no_losing_score_lets_a_side_fall_without_ending_the_game():
    hand = ([6, 1, 7, 1], [0, 6, 1, 6])
    result = play(Rules(losing_score=None), hand, hand, hand)
    assert result.sides[0].score == -390
    assert result.finished is False


def test_cutthroat_everyone_scores_alone_and_a_lone_nil_has_no_contract():
    result = play(PRESETS["cutthroat"].rules, (["nil", 4, 4, 5], [0, 4, 4, 5]))
    assert len(result.sides) == 4
    assert side(result, 0).points == 50
    assert side(result, 0).made is None
    assert side(result, 0).explanation == ("Ann's nil made: +50",)
    assert result.sides[1].name == "Ben"


def test_cutthroat3_has_17_tricks_a_hand():
    result = play(PRESETS["cutthroat3"].rules, ([6, 6, 5], [6, 6, 5]), players=("A", "B", "C"))
    assert [s.points for s in result.hands[0].sides] == [60, 60, 50]


def test_two_player_game_scores_each_player():
    result = play(PRESETS["two_player"].rules, ([6, 6], [7, 6]), players=("A", "B"))
    assert [s.points for s in result.hands[0].sides] == [61, 60]


def test_blank_tricks_on_one_partner_count_the_side_total():
    result = play(STANDARD, ([4, 3, 3, 3], [9, 2, None, 2]))
    assert side(result).points == 72
    assert result.hands[0].tricks == (9, 2, None, 2)


def test_a_hand_being_played_is_pending_and_not_scored():
    result = play(STANDARD, ([4, 3, 3, 3], [5, 2, 4, 2]), (["nil", 3, 4, 2], None))
    assert len(result.hands) == 1
    assert result.pending.number == 2
    assert result.pending.contracts == (4, 5)
    assert result.pending.nil_bidders == (0,)
    assert result.pending.dealer == 1
    assert result.next_dealer == 2
    assert result.to_json()["pending"]["bids"] == ["nil", 3, 4, 2]


def test_a_hand_after_the_game_ended_is_an_error():
    rules = Rules(target_score=100)
    with pytest.raises(HandError, match=r"^hand 2: the game already ended after hand 1$"):
        play(rules, ([5, 1, 5, 1], [5, 1, 5, 2]), ([3, 3, 3, 3], [3, 3, 3, 4]))


def test_needs_says_what_each_side_needs_to_win():
    result = play(STANDARD, ([4, 3, 3, 3], [5, 2, 4, 2]))
    assert result.needs(0) == 500 - 72
    assert result.needs(1) == 500 + 60


def test_result_json_has_the_documented_keys():
    data = play(STANDARD, ([4, 3, 3, 3], [5, 2, 4, 2]), players=PLAYERS).to_json()
    assert data["teams"][0] == {**data["teams"][0], "players": ["Ann", "Cat"], "score": 72,
                                "bags": 2}  # fmt: skip
    team = data["hands"][0]["teams"][0]
    assert {"points", "score", "bags", "explanation"} <= set(team)
    assert data["hands"][0]["number"] == 1
    assert data["finished"] is False
    assert data["winner"] is None


def test_default_players_are_named_by_seat():
    result = score_game(STANDARD, [Hand((3, 3, 3, 3), (3, 3, 3, 4))])
    assert result.sides[0].name == "Seat 1 + Seat 3"
