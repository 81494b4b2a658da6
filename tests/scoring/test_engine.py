"""Scoring a game by replaying its hands: worked examples from the rule texts and from the
tables that play beyond the basics, each test named after its source."""

import pytest

from games.scoring import (
    PRESETS,
    BidError,
    Hand,
    HandError,
    Rules,
    RulesError,
    ScoringError,
    TrickError,
    score_game,
    validate_bids,
    validate_tricks,
)

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
STANDARD = Rules()


def play(rules, *hands, players=PLAYERS, **options):
    return score_game(
        rules,
        [Hand(tuple(b) if b is not None else None, tuple(t) if t else None) for b, t in hands],
        players,
        **options,
    )


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


# Ending the game: a shared top score, who leads (the faults) ----------------------------------


def test_amrozi_floor_with_the_top_score_shared_ends_the_game_in_a_draw():
    # Both sides bid 10 and are set: -100 each, at the -100 floor.
    result = play(Rules(losing_score=-100), ([5, 5, 5, 5], [3, 3, 3, 4]))
    assert [total.score for total in result.sides] == [-100, -100]
    assert result.finished is True
    assert (result.winner, result.winners, result.ended_by) == (None, (0, 1), "draw")
    assert result.ending == (
        "Ann + Cat and Ben + Dan fell to -100 or below: the top score is shared, so the game "
        "is a draw"
    )
    data = result.to_json()
    assert (data["winner"], data["winners"], data["ended_by"]) == (None, [0, 1], "draw")


def test_amrozi_floor_in_cutthroat_with_two_sharing_the_top_is_a_draw_between_them():
    rules = PRESETS["cutthroat3"].rules
    result = play(rules, ([5, 5, 7], [5, 5, 7]), ([5, 5, 17], [5, 5, 7]), players=("A", "B", "C"))
    assert [total.score for total in result.sides] == [100, 100, -100]
    result = play(rules, ([5, 5, 7], [5, 5, 7]), ([5, 5, 17], [5, 5, 7]), ([5, 5, 17],
                  [5, 5, 7]), players=("A", "B", "C"))  # fmt: skip
    assert result.sides[2].score == -270
    assert (result.winners, result.ended_by) == ((0, 1), "draw")


def test_the_top_score_shared_at_the_target_still_plays_on():
    result = play(Rules(target_score=100), ([3, 3, 3, 3], [3, 3, 4, 3]), ([3, 3, 3, 3],
                  [3, 4, 3, 3]))  # fmt: skip
    assert [total.score for total in result.sides] == [121, 121]
    assert (result.finished, result.winners, result.ended_by) == (False, (), None)


def test_hoyle_dealer_bids_first_and_the_player_on_the_dealers_left_leads():
    rules = PRESETS["hoyle"].rules
    result = play(rules, ([3, 3, 3, 3], [3, 3, 3, 4]), ([3, 3, 3, 3], None), first_dealer=2)
    scored = result.hands[0]
    assert (scored.dealer, scored.first_bidder, scored.leader) == (2, 2, 3)
    assert (result.pending.dealer, result.pending.first_bidder, result.pending.leader) == (3, 3, 0)
    assert result.to_json()["hands"][0]["leader"] == 3
    assert result.to_json()["pending"]["leader"] == 0
    standard = play(Rules(), ([3, 3, 3, 3], [3, 3, 3, 4]), first_dealer=2)
    assert (standard.hands[0].first_bidder, standard.hands[0].leader) == (3, 3)
    assert (standard.next_first_bidder, standard.next_leader) == (0, 0)


# Both partners nil ----------------------------------------------------------------------------


def test_both_nil_unit_wins_the_value_when_both_make_it():
    result = play(Rules(both_nil="unit"), (["nil", 4, "blind_nil", 5], [0, 6, 0, 7]))
    assert side(result).points == 200
    assert side(result).explanation == ("Ann + Cat both bid nil and both made it: +200",)


def test_both_nil_unit_loses_the_value_if_either_fails_and_its_tricks_count_for_nothing():
    result = play(Rules(both_nil="unit", both_nil_value=300), (["nil", 4, "nil", 5], [2, 6, 0, 5]))
    assert side(result).points == -300
    assert side(result).bags_taken == 0
    assert side(result).explanation == ("Ann + Cat both bid nil but took 2: -300",)


# Big bids -------------------------------------------------------------------------------------


def test_cookout_a_bid_of_10_made_scores_150_flat_with_bags():
    rules = PRESETS["cookout"].rules
    result = play(rules, ([5, 2, 5, 2], [6, 1, 5, 1]))
    assert side(result).points == 150 + 1
    assert side(result).explanation == (
        "Ann + Cat bid 10, took 11 (a big bid: 150 flat): +150",
        "1 bag: +1",
    )


def test_cookout_a_bid_of_10_set_loses_150():
    result = play(PRESETS["cookout"].rules, ([5, 2, 5, 2], [4, 2, 5, 2]))
    assert side(result).points == -150


def test_cookout_a_bid_boston_is_worth_200_in_all():
    result = play(PRESETS["cookout"].rules, ([7, "nil", 6, "nil"], [7, 0, 6, 0]))
    assert side(result).points == 200
    assert "Boston: took every trick: +50" in side(result).explanation


def test_big_bid_bonus_adds_to_10_a_trick_and_the_penalty_to_a_set():
    rules = Rules(big_bid="bonus", big_bid_min=9, big_bid_made=50, big_bid_set=100)
    made = play(rules, ([5, 1, 4, 1], [5, 1, 5, 2]))
    assert side(made).points == 90 + 50 + 1
    assert side(made).explanation[1] == "a big bid (9 or more) made: +50"
    set_ = play(rules, ([5, 1, 4, 1], [4, 2, 4, 3]))
    assert side(set_).points == -90 - 100
    assert side(set_).explanation[1] == "a big bid (9 or more) set: -100"
    small = play(rules, ([4, 1, 4, 1], [4, 2, 4, 3]))
    assert side(small).points == 80


def test_club_ten_for_200_is_the_double_big_bid_and_the_old_key_still_reads():
    rules = Rules.from_dict({"ten_for_200": True})
    assert rules.big_bid == "double"
    assert Rules.from_dict({"ten_for_200": False, "big_bid": "flat"}).big_bid == "flat"
    result = play(rules, ([5, 1, 5, 1], [5, 1, 6, 1]))
    assert side(result).explanation[0] == "Ann + Cat bid 10, took 11 (10 for 200: 20 a trick): +200"


# Boston ---------------------------------------------------------------------------------------


def test_jokers_wild_a_bid_of_13_made_wins_the_game_at_once():
    result = play(PRESETS["jokers_wild"].rules, ([7, 1, 6, 1], [7, 0, 6, 0]))
    assert (result.finished, result.winner, result.ended_by) == (True, 0, "boston")
    assert result.ending == "Ann + Cat took every trick, and a Boston wins the game"


def test_jokers_wild_taking_every_trick_on_a_smaller_bid_is_no_boston():
    result = play(PRESETS["jokers_wild"].rules, ([6, 1, 5, 1], [7, 0, 6, 0]))
    assert result.finished is False
    # A bid of 11 scores the flat 200 of a big bid; its 2 bags score nothing at Joker's Wild.
    assert side(result).points == 200
    assert side(result).bags_taken == 2


def test_solitaire_bliss_boston_is_any_side_taking_every_trick():
    result = play(Rules(boston="bonus"), ([6, 1, 5, 1], [7, 0, 6, 0]))
    assert "Boston: took every trick: +200" in side(result).explanation


# Sets that lose the game ----------------------------------------------------------------------


def test_cookout_a_side_set_twice_loses_even_with_the_higher_score():
    rules = PRESETS["cookout"].rules
    hands = [
        ([4, 4, 4, 4], [6, 3, 3, 1]),  # Ann + Cat 81; Ben + Dan set: -80
        ([4, 4, 3, 4], [4, 4, 3, 2]),  # Ann + Cat 70; Ben + Dan set again
    ]
    result = play(rules, *hands)
    assert result.sides[0].score > result.sides[1].score
    assert [total.sets for total in result.sides] == [0, 2]
    assert (result.finished, result.winner, result.ended_by) == (True, 0, "sets")
    assert result.ending == "Ben + Dan were set 2 times, which loses the game"
    assert side(result, 1).explanation[-1] == "2nd set of the game: 2 sets lose it: 0"
    assert side(result, 1, 0).explanation[-1] == "1st set of the game (2 lose it): 0"


def test_cookout_the_side_that_is_not_set_out_wins_even_when_behind():
    rules = PRESETS["cookout"].rules
    hands = [([4, 4, 4, 4], [3, 6, 3, 1]), ([4, 2, 3, 2], [3, 5, 3, 2])]
    result = play(rules, *hands)
    assert result.sides[0].score < result.sides[1].score
    assert (result.winner, result.ended_by) == (1, "sets")


def test_contest_2017_set_two_hands_in_a_row_loses():
    rules = PRESETS["contest_2017"].rules
    set_hand = ([4, 4, 4, 4], [3, 5, 2, 3])  # Ann + Cat set
    made_hand = ([3, 3, 3, 3], [3, 3, 4, 3])
    result = play(rules, set_hand, made_hand, set_hand)
    assert result.finished is False
    assert side(result).sets == 2
    assert side(result).sets_in_a_row == 1
    result = play(rules, made_hand, set_hand, set_hand)
    assert (result.finished, result.winner, result.ended_by) == (True, 1, "sets_in_a_row")
    assert result.ending == "Ann + Cat were set 2 hands in a row, which loses the game"


def test_a_failed_nil_alone_is_not_a_set():
    result = play(Rules(sets_to_lose=1), (["nil", 3, 4, 3], [1, 4, 4, 4]))
    assert result.finished is False
    assert side(result).sets == 0


def test_cutthroat_a_player_out_by_sets_leaves_the_best_of_the_others_winning():
    rules = Rules(players=3, partnerships=False, sets_to_lose=1, blind_nil=False)
    result = play(rules, ([5, 5, 8], [6, 5, 6]), players=("A", "B", "C"))
    # C is out; A (60 + 1) beats B (50).
    assert (result.winners, result.ended_by) == ((0,), "sets")
    assert result.ending == "C was set, which loses the game"


def test_every_side_set_out_at_once_leaves_the_best_score_winning():
    result = play(Rules(sets_to_lose=1), ([5, 4, 5, 4], [4, 3, 4, 2]))
    assert [total.score for total in result.sides] == [-100, -80]
    assert (result.winner, result.ended_by) == (1, "sets")


# Blind number bids ----------------------------------------------------------------------------


def test_jokers_wild_a_team_blind_6_made_scores_double():
    rules = Rules(blind_bid_min=6)
    result = play(rules, (["blind_6", 3, None, 3], [5, 3, 2, 3]))
    assert side(result).points == 120 + 1
    assert side(result).explanation == (
        "Ann + Cat bid blind 6, took 7: +60",
        "a blind bid doubles it: +60",
        "1 bag: +1",
    )


def test_jokers_wild_a_blind_bid_set_loses_double():
    result = play(Rules(blind_bid_min=6), (["blind_6", 3, 1, 3], [2, 5, 2, 4]))
    assert side(result).points == -140
    assert side(result).explanation[0] == "Ann + Cat bid 7 with a blind bid, took 4: set: -70"


def test_a_blind_big_bid_doubles_the_big_bid_too():
    result = play(PRESETS["jokers_wild"].rules, (["blind_6", 1, 4, 1], [6, 1, 4, 2]),
                  strict=False)  # fmt: skip
    assert side(result).points == 400


# A first hand that bids itself ----------------------------------------------------------------


def test_rta3_first_hand_bids_itself_scores_10_a_trick_without_bags():
    rules = PRESETS["first_hand_bids_itself"].rules
    result = play(rules, (None, [6, 4, 3, 0]), ([4, 4, 4, 4], [4, 4, 1, 4]))
    first = result.hands[0]
    assert first.bids_itself is True
    assert [s.points for s in first.sides] == [90, 40]
    assert first.sides[0].explanation == ("Ann + Cat took 9 in a hand that bids itself: +90",)
    assert side(result, 1).points == 80


def test_rta3_first_hand_under_the_minimum_is_set_for_the_minimum():
    result = play(PRESETS["first_hand_bids_itself"].rules, (None, [1, 6, 2, 4]))
    assert side(result, 0).points == -40
    assert side(result, 0).made is False
    # It is a set like any other: this table loses on the second.
    assert side(result, 0).explanation == (
        "Ann + Cat took 3 in a hand that bids itself: under 4, so set: -40",
        "1st set of the game (2 lose it): 0",
    )


def test_bids_given_in_a_hand_that_bids_itself_are_an_error():
    with pytest.raises(HandError) as caught:
        play(PRESETS["first_hand_bids_itself"].rules, ([4, 4, 4, 4], [4, 4, 1, 4]))
    assert str(caught.value) == (
        "hand 1: the first hand bids itself at this table, so it has no bids: leave them out"
    )
    assert caught.value.field == "bids"


def test_a_later_hand_without_bids_is_an_error():
    with pytest.raises(HandError, match=r"^hand 2: the bids are missing$"):
        play(PRESETS["first_hand_bids_itself"].rules, (None, [4, 4, 1, 4]), (None, [4, 4, 1, 4]))


def test_what_if_scores_a_first_hand_that_bid_itself_under_other_rules():
    result = play(Rules(), (None, [6, 4, 3, 0]), strict=False)
    assert [s.points for s in result.hands[0].sides] == [90, 40]


# Team bids ------------------------------------------------------------------------------------


def test_a_side_may_bid_as_a_team_on_one_partner():
    result = play(Rules(), ([7, None, None, 6], [9, 2, None, 2]))
    assert [s.points for s in result.hands[0].sides] == [72, -60]
    assert result.hands[0].sides[0].contract == 7


# The replay checks every hand as validate_bids and validate_tricks do -------------------------

OPENING = Hand((3, 3, 3, 3), (4, 3, 3, 3))
PLAYED = (4, 3, 3, 3)


@pytest.mark.parametrize(
    "bids",
    [
        (True, 3, 3, 3),  # equal to 1, but not a bid
        (3.0, 3, 3, 3),
        (3, 3, 3, 14),
        (3, 3, 3, -1),
        (3, 3, 3),
        (3, 3, 3, 3, 3),
        (0, 3, None, 3),  # a blank bid beside a nil
        "3333",
    ],
)
def test_the_replay_refuses_bids_as_validate_bids_does(bids):
    with pytest.raises(BidError) as checked:
        validate_bids(Rules(), bids)
    with pytest.raises(HandError) as replayed:
        score_game(Rules(), [OPENING, Hand(bids, PLAYED)])
    assert (replayed.value.number, replayed.value.problem, replayed.value.field) == (
        2,
        checked.value.problem,
        "bids",
    )
    assert replayed.value.seat == checked.value.seat


@pytest.mark.parametrize(
    "tricks",
    [
        (True, 4, 4, 4),
        (4.0, 3, 3, 3),
        (4, 3, 3, 2),
        (14, -1, 0, 0),
        (4, 3, 6),
        (4, 3, None, None),  # both partners blank
        [4, 3, 3, 2],
    ],
)
def test_the_replay_refuses_tricks_as_validate_tricks_does(tricks):
    with pytest.raises(TrickError) as checked:
        validate_tricks(Rules(), (3, 3, 3, 3), tricks)
    with pytest.raises(HandError) as replayed:
        score_game(Rules(), [OPENING, Hand((3, 3, 3, 3), tricks)])
    assert (replayed.value.number, replayed.value.problem, replayed.value.field) == (
        2,
        checked.value.problem,
        "tricks",
    )
    assert replayed.value.seat == checked.value.seat


def test_plain_number_bids_still_meet_the_tables_bidding_limits():
    with pytest.raises(HandError, match="at least 10"):
        score_game(Rules(min_total_bid=10), [Hand((2, 2, 2, 2), PLAYED)])
    with pytest.raises(HandError, match="exactly the 13 tricks"):
        score_game(Rules(ban_exact_total=True), [Hand((4, 3, 3, 3), PLAYED)])
    # Scored loosely (other rules' what-if), the same hand counts.
    loose = score_game(Rules(min_total_bid=10), [Hand((2, 2, 2, 2), PLAYED)], strict=False)
    assert [side.points for side in loose.hands[0].sides] == [43, 42]


def test_a_bid_of_0_is_nil_in_a_replay_where_that_is_the_rule():
    result = score_game(Rules(), [Hand((0, 3, 5, 3), PLAYED)], players=["Ann", "Ben", "Cat", "Dan"])
    assert result.hands[0].bids[0] == "nil"
    assert result.hands[0].sides[0].explanation[0] == "Ann's nil failed (took 4): -100"
    plain = score_game(Rules(zero_is_nil=False), [Hand((0, 3, 5, 3), PLAYED)])
    assert plain.hands[0].bids == (0, 3, 5, 3)
    assert plain.hands[0].sides[0].points == 52


# Rules III: how tournament games end ---------------------------------------------------------
# Hands below: (bids, tricks) with seats Ann, Ben, Cat, Dan; Ann + Cat are side 0.
EVEN = ([3, 3, 3, 3], [3, 3, 4, 3])  # Ann + Cat +61 (1 bag), Ben + Dan +60
LEVEL = ([3, 3, 3, 3], [3, 3, 3, 4])  # Ann + Cat +60, Ben + Dan +61 (1 bag)
SAME = ([3, 3, 3, 3], [4, 3, 3, 3])  # Ann + Cat +61, Ben + Dan +60
AHEAD = ([4, 3, 4, 2], [4, 3, 4, 2])  # Ann + Cat +80, Ben + Dan +50
BEHIND = ([3, 4, 2, 4], [3, 4, 2, 4])  # Ann + Cat +50, Ben + Dan +80
BOTH_SET = ([4, 4, 4, 4], [3, 4, 3, 3])  # both bid 8; Ann + Cat took 6, Ben + Dan 7: -80 each


def scores(result):
    return [total.score for total in result.sides]


def test_hand_limit_ends_the_game_after_its_last_hand_and_the_higher_score_wins():
    result = play(Rules(hand_limit=2), AHEAD, EVEN)
    assert scores(result) == [141, 110]
    assert (result.finished, result.ended_after, result.ended_by) == (True, 2, "hand_limit")
    assert result.winner == 0
    assert result.ending == "Ann + Cat led after hand 2, the hand limit"


def test_hand_limit_game_still_ends_earlier_at_the_winning_score():
    result = play(Rules(hand_limit=8, target_score=100), AHEAD, AHEAD)
    assert (result.ended_after, result.ended_by, result.winner) == (2, "target", 0)


def test_a_hand_recorded_after_the_hand_limit_is_refused_in_one_line():
    with pytest.raises(
        HandError, match=r"^hand 3: the game already ended after hand 2, its hand limit$"
    ):
        play(Rules(hand_limit=2), AHEAD, EVEN, AHEAD)


def test_a_tie_at_the_hand_limit_plays_on_a_hand_at_a_time_by_default():
    rules = Rules(hand_limit=2)
    tied = play(rules, EVEN, LEVEL)
    assert scores(tied) == [121, 121]
    assert tied.finished is False
    assert tied.tie == (
        "Ann + Cat and Ben + Dan shared the top score at the hand limit after hand 2: play on, "
        "a hand at a time, until one side leads (hand 3 next)"
    )
    still = play(rules, EVEN, LEVEL, BOTH_SET)
    assert scores(still) == [41, 41]
    assert still.finished is False
    decided = play(rules, EVEN, LEVEL, BEHIND)
    assert (decided.ended_after, decided.ended_by, decided.winner) == (3, "hand_limit", 1)
    assert decided.ending == (
        "Ann + Cat and Ben + Dan shared the top score at the hand limit after hand 2; "
        "Ben + Dan led after hand 3"
    )


# Spades Tournament 2017 Official Contest Rules: "If a hand is in progress at "stop" time, it will
# be played out"; the team ahead wins, and a tie plays "a one hand overtime".


def test_contest_2017_the_hand_in_play_when_time_is_called_is_played_out_then_the_leader_wins():
    result = play(STANDARD, AHEAD, EVEN, EVEN, time_called=3)
    assert (result.finished, result.ended_after, result.ended_by) == (True, 3, "time_called")
    assert result.winner == 0
    assert result.time_called == 3
    assert result.ending == (
        "the time was called during hand 3, and Ann + Cat led when it was played out"
    )
    assert result.to_json()["ended_by"] == "time_called"


def test_contest_2017_time_called_during_a_hand_still_in_play_ends_the_game_once_it_is_scored():
    in_play = play(STANDARD, AHEAD, (EVEN[0], None), time_called=2)
    assert in_play.finished is False
    assert in_play.pending.number == 2
    played_out = play(STANDARD, AHEAD, EVEN, time_called=2)
    assert (played_out.ended_after, played_out.ended_by) == (2, "time_called")


def test_contest_2017_a_tie_when_time_is_called_plays_one_overtime_hand():
    rules = Rules(tie_rule="play_on")
    tied = play(rules, EVEN, LEVEL, time_called=2)
    assert tied.finished is False
    assert "when the time was called after hand 2" in tied.tie
    result = play(rules, EVEN, LEVEL, AHEAD, time_called=2)
    assert (result.ended_after, result.ended_by, result.winner) == (3, "time_called", 0)
    assert result.ending == (
        "Ann + Cat and Ben + Dan shared the top score when the time was called after hand 2; "
        "Ann + Cat led after hand 3"
    )


def test_a_time_call_ends_a_game_whose_top_is_not_shared_even_below_the_winning_score():
    result = play(STANDARD, BEHIND, time_called=1)
    assert scores(result) == [50, 80]
    assert (result.ended_by, result.winner) == ("time_called", 1)


def test_time_called_must_name_a_recorded_hand():
    with pytest.raises(
        ScoringError, match=r"^time_called: must be a hand number of at least 1, got 0$"
    ):
        play(STANDARD, AHEAD, time_called=0)
    with pytest.raises(
        ScoringError, match=r"^time_called: hand 3 is beyond the last recorded hand \(2\)$"
    ):
        play(STANDARD, AHEAD, EVEN, time_called=3)


def test_a_hand_after_the_time_call_is_refused():
    with pytest.raises(
        HandError, match=r"^hand 3: the game already ended after hand 2, after the time"
    ):
        play(STANDARD, AHEAD, EVEN, EVEN, time_called=2)


# Ties (tie_rule) -------------------------------------------------------------------------------


def test_tie_rule_draw_ends_a_tie_at_the_hand_limit_as_a_draw():
    result = play(Rules(hand_limit=2, tie_rule="draw"), EVEN, LEVEL)
    assert (result.finished, result.ended_by, result.winners, result.winner) == (
        True, "draw", (0, 1), None,
    )  # fmt: skip
    assert result.ending == (
        "Ann + Cat and Ben + Dan shared the top score at the hand limit: the top score is "
        "shared, so the game is a draw"
    )


def test_tie_rule_fewer_bags_gives_the_tie_to_the_side_that_took_fewer_bags():
    # Bags score 0 here (as Clarksville's sheet plays them), so a level score can hide them.
    rules = Rules(hand_limit=2, tie_rule="fewer_bags", bag_points=0)
    result = play(
        rules,
        ([2, 4, 2, 3], [3, 4, 3, 3]),  # Ann + Cat bid 4, took 6 (2 bags): 40; Ben + Dan 70
        ([4, 2, 3, 2], [4, 3, 4, 2]),  # Ann + Cat bid 7, took 8 (1 bag): 70; Ben + Dan bid 4,
    )  # took 5 (1 bag): 40
    assert scores(result) == [110, 110]
    assert [total.bags_taken for total in result.sides] == [3, 1]
    assert (result.finished, result.ended_by, result.winner) == (True, "fewer_bags", 1)
    assert result.ending == (
        "Ann + Cat and Ben + Dan shared the top score at the hand limit after hand 2; "
        "Ben + Dan took fewer bags in the game (1 to 3) and wins"
    )
    assert result.to_json()["teams"][0]["bags_taken"] == 3


def test_tie_rule_fewer_bags_still_level_plays_on():
    rules = Rules(hand_limit=2, tie_rule="fewer_bags", bag_points=0)
    result = play(
        rules,
        ([2, 4, 2, 3], [3, 4, 3, 3]),  # Ann + Cat 40 (2 bags); Ben + Dan 70
        ([4, 2, 3, 2], [4, 3, 3, 3]),  # Ann + Cat 70; Ben + Dan bid 4, took 6: 40 (2 bags)
    )
    assert scores(result) == [110, 110]
    assert result.finished is False
    assert "play on" in result.tie
    decided = play(rules, *[([2, 4, 2, 3], [3, 4, 3, 3]), ([4, 2, 3, 2], [4, 3, 3, 3])], AHEAD)
    assert (decided.ended_after, decided.ended_by, decided.winner) == (3, "hand_limit", 0)


def test_tie_rule_fewer_bags_counts_every_bag_taken_not_what_a_penalty_left():
    rules = Rules(hand_limit=2, tie_rule="fewer_bags", bag_points=0, bag_limit=3, bag_penalty=0)
    result = play(
        rules,
        ([2, 3, 2, 2], [4, 3, 4, 2]),  # Ann + Cat bid 4, took 8: 4 bags (1 left after 3)
        ([3, 3, 3, 2], [3, 4, 3, 3]),  # Ben + Dan bid 5, took 7: 2 bags
    )
    assert scores(result) == [100, 100]
    assert [total.bags for total in result.sides] == [1, 2]
    assert [total.bags_taken for total in result.sides] == [4, 2]
    assert (result.ended_by, result.winner) == ("fewer_bags", 1)


def test_tie_rule_block_is_decided_only_at_the_end_of_the_block():
    rules = Rules(hand_limit=2, tie_rule="block", tie_block_hands=2, target_score=200)
    tied = play(rules, EVEN, LEVEL)
    assert tied.tie == (
        "Ann + Cat and Ben + Dan shared the top score at the hand limit after hand 2: a tie "
        "block, hands 3 to 4, decided at its end"
    )
    # Ann + Cat pass the winning score inside the block: the block goes on.
    inside = play(rules, EVEN, LEVEL, AHEAD)
    assert scores(inside) == [201, 171]
    assert inside.finished is False
    result = play(rules, EVEN, LEVEL, AHEAD, BEHIND)
    assert scores(result) == [251, 251]
    assert result.finished is False  # level at the block's end: another block, hands 5 to 6
    assert "hands 5 to 6" in result.tie
    result = play(rules, EVEN, LEVEL, AHEAD, BEHIND, BEHIND, EVEN)
    assert (result.ended_after, result.ended_by, result.winner) == (6, "tie_block", 1)
    assert result.ending == (
        "Ann + Cat and Ben + Dan shared the top score at the hand limit after hand 2, so a block "
        "of 2 hands was played: Ben + Dan led at its end"
    )


def test_tie_rule_play_on_decides_a_tie_at_the_target_by_the_next_hand_even_below_it():
    rules = Rules(target_score=100, tie_rule="play_on")
    tied = play(rules, EVEN, ([3, 3, 3, 3], [3, 4, 3, 3]))
    assert scores(tied) == [121, 121]
    assert tied.finished is False
    both_set = ([4, 4, 4, 3], [4, 3, 3, 3])  # Ann + Cat bid 8 took 7: -80; Ben + Dan 7 took 6: -70
    result = play(rules, EVEN, ([3, 3, 3, 3], [3, 4, 3, 3]), both_set)
    assert scores(result) == [41, 51]
    assert (result.ended_by, result.winner) == ("target", 1)
    assert result.ending == (
        "Ann + Cat and Ben + Dan shared the top score at the winning score after hand 2; "
        "Ben + Dan led after hand 3"
    )
    # Today's reading (no tie rule) plays on until a side leads at or past the target.
    assert play(Rules(target_score=100), EVEN, ([3, 3, 3, 3], [3, 4, 3, 3]), both_set).finished is (
        False
    )


# What a set costs (set_scoring) ----------------------------------------------------------------


def test_kings_of_spades_league_a_set_loses_the_books_bid():
    result = play(STANDARD, ([3, 4, 2, 4], [2, 5, 2, 4]))
    assert side(result).points == -50
    assert side(result).explanation == ("Ann + Cat bid 5, took 4: set: -50",)


def test_set_scoring_missed_loses_10_for_each_trick_short():
    result = play(Rules(set_scoring="missed"), ([3, 4, 2, 4], [1, 5, 2, 5]))
    assert side(result).points == -20
    assert side(result).explanation == ("Ann + Cat bid 5, took 3: set, 2 tricks short: -20",)
    assert side(result).made is False
    assert result.sides[0].sets == 1


def test_set_scoring_missed_counts_20_a_trick_short_for_10_for_200_and_keeps_a_flat_big_bid():
    double = play(Rules(set_scoring="missed", big_bid="double"), ([5, 1, 5, 1], [4, 1, 4, 4]))
    assert side(double).points == -40
    assert side(double).explanation == (
        "Ann + Cat bid 10, took 8: set, 2 tricks short (10 for 200: 20 a trick): -40",
    )
    flat = play(Rules(set_scoring="missed", big_bid="flat"), ([5, 1, 5, 1], [4, 1, 4, 4]))
    assert side(flat).points == -200


def test_set_scoring_missed_in_a_hand_that_bids_itself():
    rules = Rules(set_scoring="missed", first_hand_bids_itself=4)
    result = play(rules, (None, [1, 5, 1, 6]))
    assert side(result).points == -20


# Bag back ---------------------------------------------------------------------------------------


def test_bag_back_pays_each_other_side_instead_of_a_penalty():
    rules = Rules(bag_back=5)
    result = play(rules, ([1, 3, 1, 3], [4, 3, 3, 3]))
    ann_cat, ben_dan = result.hands[0].sides
    assert (ann_cat.points, ann_cat.bags, ann_cat.bags_taken) == (25, 0, 5)
    assert ann_cat.explanation == (
        "Ann + Cat bid 2, took 7: +20",
        "5 bags: +5",
        "5 bags reached: bag back, 50 to each other side: 0",
    )
    assert ben_dan.points == 110
    assert ben_dan.explanation == ("Ben + Dan bid 6, took 6: +60", "bag back from Ann + Cat: +50")


def test_bag_back_in_cutthroat_pays_every_other_player_and_carries_over():
    rules = Rules(players=3, partnerships=False, bag_back=3, bag_back_points=30)
    result = play(rules, ([1, 8, 4], [5, 8, 4]), players=("Ann", "Ben", "Cat"))
    assert [total.score for total in result.sides] == [14, 110, 70]
    assert result.sides[0].bags == 1
    assert result.hands[0].sides[2].explanation == (
        "Cat bid 4, took 4: +40",
        "bag back from Ann: +30",
    )


# A failed nil's tricks as bags only (MSN Zone) and no overs (Man 2 Man Forum) -----------------


def test_msn_zone_failed_nil_beside_a_set_bid_of_2_loses_120_and_gives_one_bag():
    rules = Rules(failed_nil_tricks="bags_only")
    result = play(rules, (["nil", 4, 2, 4], [1, 5, 1, 6]))
    assert side(result).points == -120
    assert side(result).bags_taken == 1
    assert result.sides[0].bags == 1
    assert side(result).explanation == (
        "Ann's nil failed (took 1): -100",
        "Cat bid 2, took 1: set: -20",
        "1 bag from failed nil, counted but not scored: 0",
    )


def test_bags_only_failed_nil_bags_count_toward_the_penalty():
    rules = Rules(failed_nil_tricks="bags_only", bag_limit=3)
    result = play(rules, (["nil", 2, 1, 2], [3, 4, 2, 4]))
    assert side(result).explanation == (
        "Ann's nil failed (took 3): -100",
        "Cat bid 1, took 2: +10",
        "1 bag: +1",
        "3 bags from failed nil, counted but not scored: 0",
        "3 bags reached: penalty: -100",
    )


def test_man_2_man_forum_no_overs_score_nothing_and_count_no_bags():
    result = play(Rules(overtricks="none"), ([2, 3, 3, 3], [4, 3, 3, 3]))
    assert side(result).points == 50
    assert side(result).bags_taken == 0
    assert side(result).explanation == (
        "Ann + Cat bid 5, took 7: +50",
        "2 overtricks: no score and no bag (no overs): 0",
    )


def test_no_overs_leaves_a_failed_nils_tricks_to_the_failed_nil_rule():
    result = play(Rules(overtricks="none"), (["nil", 3, 3, 3], [1, 3, 4, 5]))
    assert side(result).points == -100 + 30 + 1
    assert side(result).bags_taken == 1


# A nil bidder's partner must bid exactly (nil_partner_exact) ---------------------------------


def test_nil_partner_exact_made_exactly_scores_as_usual():
    result = play(Rules(nil_partner_exact=True), (["nil", 4, 4, 4], [0, 4, 4, 5]))
    assert side(result).points == 140


def test_nil_partner_exact_over_sets_the_partner_and_fails_the_nil():
    result = play(Rules(nil_partner_exact=True), (["nil", 4, 4, 4], [0, 4, 5, 4]))
    assert side(result).points == -140
    assert side(result).bags_taken == 0
    assert side(result).made is False
    assert side(result).explanation == (
        "Ann's nil fails with the partner's bid, not taken exactly: -100",
        "Cat bid 4, took 5: set, not exactly the bid beside a nil: -40",
    )
    missed = play(
        Rules(nil_partner_exact=True, set_scoring="missed"), (["nil", 4, 4, 4], [0, 4, 5, 4])
    )
    assert side(missed).points == -110


def test_nil_partner_exact_a_failed_nils_tricks_never_help_the_partner():
    rules = Rules(nil_partner_exact=True, failed_nil_tricks="help_partner")
    result = play(rules, (["nil", 4, 4, 4], [1, 4, 3, 5]))
    assert side(result).points == -140


def test_nil_partner_exact_needs_partnerships():
    with pytest.raises(
        RulesError, match=r"^nil_partner_exact: a nil bidder.s partner needs partnerships$"
    ):
        Rules(partnerships=False, nil_partner_exact=True)


@pytest.mark.parametrize(
    ("setting", "value", "problem"),
    [
        ("hand_limit", 0, "hand_limit: must be at least 1, got 0"),
        ("tie_block_hands", 0, "tie_block_hands: must be at least 1, got 0"),
        (
            "tie_rule",
            "coin",
            'tie_rule: expected one of null, "play_on", "draw", "fewer_bags", "block", got "coin"',
        ),
        ("bag_back", 0, "bag_back: must be at least 1, got 0"),
    ],
)
def test_rules_iii_settings_refuse_bad_values_in_one_line(setting, value, problem):
    with pytest.raises(RulesError) as refused:
        Rules(**{setting: value})
    assert str(refused.value) == problem


# The tournament presets -----------------------------------------------------------------------


def test_the_8_hand_tournament_game_ends_after_hand_8_and_ties_go_to_fewer_bags():
    rules = PRESETS["tournament_8"].rules
    assert (rules.hand_limit, rules.tie_rule) == (8, "fewer_bags")
    result = play(rules, *[EVEN] * 8)
    assert (result.ended_after, result.ended_by, result.winner) == (8, "hand_limit", 0)
    assert PRESETS["tournament_10"].rules.hand_limit == 10


def test_the_two_player_race_to_250_settles_a_tie_with_a_block_of_3_hands():
    rules = PRESETS["race_250"].rules
    assert (rules.players, rules.target_score, rules.losing_score) == (2, 250, -250)
    assert (rules.bag_limit, rules.bag_penalty, rules.tie_rule, rules.tie_block_hands) == (
        5, 50, "block", 3,
    )  # fmt: skip
    two = ("Ann", "Ben")
    # Both set twice, and so both out, at the same score: a block of 3 hands settles it.
    set_twice = [([7, 9], [6, 7]), ([9, 7], [8, 5])]  # -70 - 90 and -90 - 70
    tied = play(rules, *set_twice, players=two)
    assert scores(tied) == [-160, -160]
    assert tied.tie == (
        "Ann and Ben shared the top score when a side was set out after hand 2: a tie block, "
        "hands 3 to 5, decided at its end"
    )
    block = [([6, 6], [7, 6])] * 3  # Ann +61 (1 bag), Ben +60, three times
    assert play(rules, *set_twice, *block[:2], players=two).finished is False
    result = play(rules, *set_twice, *block, players=two)
    assert scores(result) == [23, 20]
    assert (result.ended_after, result.ended_by, result.winner) == (5, "tie_block", 0)


def test_a_side_set_out_before_a_tie_block_cannot_win_it():
    rules = Rules(
        players=4,
        partnerships=False,
        sets_in_a_row_to_lose=1,
        tie_rule="block",
        tie_block_hands=1,
        first_hand_bids_itself=2,
    )
    # Hand 1 bids itself (2 each): Ann and Cat, under 2, are set and out; Ben and Dan level.
    first = Hand(None, (0, 6, 1, 6))
    tied = score_game(rules, [first], PLAYERS)
    assert scores(tied) == [-20, 60, -20, 60]
    assert tied.tie == (
        "Ben and Dan shared the top score when a side was set out after hand 1: a tie block, "
        "hand 2, decided at its end"
    )
    # In the block Ben is set (nothing ends the game inside it) and Ann and Cat make their nils:
    # the two out pass Ben, who still leads Dan at the block's end and wins.
    result = score_game(rules, [first, Hand(("nil", 1, "nil", "nil"), (0, 0, 0, 13))], PLAYERS)
    assert scores(result) == [80, 50, 80, -127]
    assert (result.ended_after, result.ended_by, result.winner) == (2, "tie_block", 1)
    assert result.ending == (
        "Ben and Dan shared the top score when a side was set out after hand 1, so a block of "
        "1 hand was played: Ben led at its end"
    )


def test_a_tie_among_the_others_when_a_side_is_set_out_plays_on_without_it():
    rules = Rules(players=3, partnerships=False, sets_in_a_row_to_lose=1, tie_rule="play_on")
    three = ("Ann", "Ben", "Cat")
    out = ([6, 5, 5], [5, 6, 6])  # Ann bid 6, took 5: set, and out; Ben and Cat 51 each
    tied = play(rules, out, players=three)
    assert [total.score for total in tied.sides] == [-60, 51, 51]
    assert tied.tie.startswith("Ben and Cat shared the top score when a side was set out")
    # Ben and Cat both set in the next hand: still level between them, and Ann stays out.
    both_set = play(rules, out, ([5, 5, 5], [9, 4, 4]), players=three)
    assert [total.score for total in both_set.sides] == [-6, 1, 1]
    assert both_set.finished is False
    decided = play(rules, out, ([5, 5, 5], [4, 6, 7]), players=three)
    assert [total.score for total in decided.sides] == [-110, 102, 103]
    assert (decided.ended_by, decided.winner) == ("sets_in_a_row", 2)
