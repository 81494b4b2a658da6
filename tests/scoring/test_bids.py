"""Every kind of bad bid or trick count gets its own message, in players' words."""

import pytest

from games.scoring import (
    PRESETS,
    BidError,
    Hand,
    HandError,
    Rules,
    TrickError,
    bid_options,
    score_game,
    validate_bids,
    validate_tricks,
)

NAMES = ("Ann", "Ben", "Cat", "Dan")


def bid_problem(rules, bids, scores=None):
    with pytest.raises(BidError) as caught:
        validate_bids(rules, bids, scores, players=NAMES)
    return caught.value


def bid_error(rules, bids, scores=None):
    return str(bid_problem(rules, bids, scores))


def trick_problem(rules, bids, tricks):
    with pytest.raises(TrickError) as caught:
        validate_tricks(rules, bids, tricks, players=NAMES)
    return caught.value


def test_validate_bids_normalises_zero_to_nil():
    assert validate_bids(Rules(), [0, 3, "blind_nil", 4]) == ("nil", 3, "blind_nil", 4)


def test_wrong_number_of_bids():
    assert str(bid_problem(Rules(), [1, 2, 3])) == "expected 4 bids, one per player, got 3"


def test_bids_that_are_not_a_list():
    assert "bids must be a list" in str(bid_problem(Rules(), "3,3,3,3"))


def test_unknown_bid():
    error = bid_problem(Rules(), [1, "pass", 3, 3])
    assert str(error) == 'Ben\'s bid must be a number, "nil" or "blind_nil", not "pass"'
    assert error.seat == 1


def test_boolean_bid_is_not_a_number():
    assert "not true" in str(bid_problem(Rules(), [True, 3, 3, 3]))


def test_fractional_bid():
    assert str(bid_problem(Rules(), [3.5, 3, 3, 3])) == "Ann's bid must be a whole number, not 3.5"


def test_bid_out_of_range():
    error = bid_problem(Rules(), [3, 14, 3, 3])
    assert str(error) == "Ben's bid of 14 is more than the 13 tricks in a hand"
    assert str(bid_problem(Rules(), [3, -1, 3, 3])) == "Ben's bid can't be negative (got -1)"


def test_seat_wording_without_names():
    with pytest.raises(BidError, match=r"^Seat 2's bid of 14"):
        validate_bids(Rules(), [3, 14, 3, 3])


def test_blind_nil_at_a_table_without_it():
    error = bid_problem(PRESETS["cutthroat"].rules, ["blind_nil", 3, 3, 3])
    assert str(error) == "Ann bid blind nil, but this table doesn't play blind nil"


def test_blind_nil_not_yet_allowed():
    rules = PRESETS["tournament"].rules
    error = bid_problem(rules, ["blind_nil", 4, 4, 4], scores=(200, 250))
    assert "blind nil is only allowed when your side trails by 100 or more" in str(error)
    assert validate_bids(rules, ["blind_nil", 4, 4, 4], scores=(100, 200))[0] == "blind_nil"


def test_blind_nil_behind_in_a_game_uses_the_scores_before_the_hand():
    rules = Rules(blind_nil_behind=100)
    hands = [Hand((6, 1, 7, 1), (3, 5, 3, 2)), Hand(("blind_nil", 3, 4, 3), (0, 4, 5, 4))]
    result = score_game(rules, hands)
    assert result.hands[1].sides[0].explanation[0] == "Seat 1's blind nil made: +200"
    with pytest.raises(HandError, match=r"^hand 1: Seat 1 can't bid blind nil now"):
        score_game(rules, hands[1:])


def test_team_bid_under_the_minimum():
    error = bid_problem(PRESETS["tournament"].rules, [1, 4, 2, 4])
    assert str(error) == "Ann + Cat bid 3 together, but this table's minimum is 4"


def test_a_nil_bidders_partner_under_the_minimum_is_told_so():
    error = bid_problem(PRESETS["tournament"].rules, ["nil", 4, 2, 4])
    assert str(error) == "Ann bid nil, so Cat must bid this table's minimum of 4 alone, but bid 2"
    assert error.seat == 2


def test_team_minimum_does_not_apply_when_both_partners_bid_nil():
    assert validate_bids(PRESETS["tournament"].rules, ["nil", 4, "nil", 4])


def test_suicide_needs_one_nil_and_one_number_on_each_side():
    error = bid_problem(PRESETS["suicide"].rules, [3, "nil", 3, 4])
    assert str(error) == "in suicide one partner on each side must bid nil and the other a number"
    assert validate_bids(PRESETS["suicide"].rules, ["nil", 4, 5, "blind_nil"])


def test_mirrors_bids_must_add_up_to_the_13_spades():
    error = bid_problem(PRESETS["mirrors"].rules, [3, 3, 3, 3])
    assert str(error) == (
        "in mirrors everyone bids the spades they hold, so the bids must add up to 13, "
        "but they add up to 12"
    )
    assert validate_bids(PRESETS["mirrors"].rules, [3, 3, "nil", 7])


def test_amrozi_mirrors_with_three_players_adds_up_to_13_spades_not_17_tricks():
    rules = Rules(players=3, partnerships=False, variant="mirrors", blind_nil=False)
    assert validate_bids(rules, [5, 4, 4]) == (5, 4, 4)
    with pytest.raises(BidError, match=r"must add up to 13, but they add up to 17$"):
        validate_bids(rules, [6, 6, 5])


def test_mirrors_with_two_players_holds_at_most_13_spades():
    rules = Rules(players=2, partnerships=False, variant="mirrors", blind_nil=False)
    assert validate_bids(rules, [7, 5]) == (7, 5)
    assert validate_bids(rules, [7, 6]) == (7, 6)
    with pytest.raises(BidError, match=r"can't add up to more than 13, but they add up to 14$"):
        validate_bids(rules, [7, 7])


def test_whiz_has_no_blind_nil():
    rules = Rules(variant="whiz")
    error = bid_problem(rules, ["blind_nil", 3, 3, 3])
    assert str(error) == "in whiz there is no blind nil: Ann must bid nil or a number"


def test_blind_nil_all_needs_everyone_blind_nil():
    error = bid_problem(PRESETS["blind_nil_all"].rules, ["blind_nil", "nil", "blind_nil", 2])
    assert str(error) == "everyone bids blind nil in this game, but Ben bid nil"


def test_wrong_number_of_tricks():
    error = trick_problem(Rules(), [3, 3, 3, 3], [3, 3, 7])
    assert str(error) == "expected 4 trick counts, one per player, got 3"


def test_tricks_that_do_not_add_up():
    error = trick_problem(Rules(), [3, 3, 3, 3], [3, 3, 3, 3])
    assert str(error) == "tricks add up to 12, but a hand has 13 tricks"


def test_negative_tricks():
    error = trick_problem(Rules(), [3, 3, 3, 3], [3, -1, 3, 8])
    assert str(error) == "Ben's tricks can't be negative (got -1)"
    assert error.seat == 1


def test_too_many_tricks_for_one_player():
    assert "Ann can't take 14 tricks" in str(trick_problem(Rules(), [3] * 4, [14, 0, 0, 0]))


def test_tricks_of_the_wrong_type():
    error = trick_problem(Rules(), [3] * 4, ["3", 3, 3, 4])
    assert str(error) == 'Ann\'s tricks must be a whole number, not "3"'
    assert "not true" in str(trick_problem(Rules(), [3] * 4, [True, 3, 5, 4]))


def test_null_tricks_beside_a_nil():
    error = trick_problem(Rules(), ["nil", 3, 3, 3], [None, 4, 5, 4])
    assert str(error) == "Ann bid nil, so Ann's tricks must be entered separately"
    error = trick_problem(Rules(), ["nil", 3, 3, 3], [0, 4, None, 9])
    assert str(error) == "Ann bid nil, so Cat's tricks must be entered separately"


def test_null_tricks_on_both_partners():
    error = trick_problem(Rules(), [3] * 4, [None, 4, None, 9])
    assert "Ann + Cat both have blank tricks" in str(error)


def test_null_tricks_without_a_partner():
    error = trick_problem(PRESETS["cutthroat"].rules, [3] * 4, [None, 4, 5, 4])
    assert str(error) == "Ann's tricks are missing"


def test_score_game_names_the_hand_seat_and_field():
    hands = [Hand((3, 3, 3, 3), (3, 3, 3, 4)), Hand((3, 14, 3, 3), (3, 3, 3, 4))]
    with pytest.raises(HandError) as caught:
        score_game(Rules(), hands, ("Ann", "Ben", "Cat", "Dan"))
    error = caught.value
    assert str(error) == "hand 2: Ben's bid of 14 is more than the 13 tricks in a hand"
    assert (error.number, error.seat, error.field) == (2, 1, "bids")


def test_missing_tricks_before_the_last_hand():
    hands = [Hand((3, 3, 3, 3)), Hand((3, 3, 3, 3), (3, 3, 3, 4))]
    with pytest.raises(HandError, match=r"^hand 1: tricks are missing") as caught:
        score_game(Rules(), hands)
    assert caught.value.field == "tricks"


def test_not_strict_skips_bidding_limits_but_not_structure():
    hands = [Hand((1, 4, 2, 4), (3, 3, 3, 4))]
    with pytest.raises(HandError, match="minimum is 4"):
        score_game(PRESETS["tournament"].rules, hands)
    result = score_game(PRESETS["tournament"].rules, hands, strict=False)
    assert result.hands[0].sides[0].points == 33
    with pytest.raises(HandError, match="tricks add up to 12"):
        score_game(Rules(), [Hand((1, 4, 2, 4), (3, 3, 3, 3))], strict=False)


def test_not_strict_leaves_hands_after_the_end_unscored():
    rules = Rules(target_score=100)
    hands = [Hand((5, 1, 5, 1), (5, 1, 5, 2)), Hand((3, 3, 3, 3), (3, 3, 3, 4))]
    result = score_game(rules, hands, strict=False)
    assert result.unscored_hands == 1
    assert len(result.hands) == 1


# Rules of the table beyond the basics ---------------------------------------------------------


def test_britannica_both_partners_may_not_bid_nil_where_forbidden():
    rules = Rules(both_nil="forbidden")
    assert bid_error(rules, ["nil", 4, "blind_nil", 4]) == (
        "Ann and Cat both bid nil, but at this table both partners may not bid nil in the same hand"
    )
    assert validate_bids(rules, ["nil", "nil", 4, 4])


def test_bids_may_not_total_the_tricks_where_banned():
    rules = Rules(ban_exact_total=True)
    assert bid_error(rules, [4, 3, 3, 3]) == (
        "the bids add up to exactly the 13 tricks in a hand, which this table doesn't allow"
    )
    assert validate_bids(rules, [4, 3, 3, 4])


def test_bids_must_reach_the_minimum_total():
    rules = Rules(min_total_bid=11)
    assert bid_error(rules, ["nil", 3, "blind_nil", 3]) == (
        "the bids add up to 6, but at this table they must add up to at least 11"
    )
    assert validate_bids(rules, [4, 3, 2, 2])


def test_a_blind_bid_under_the_minimum_has_its_own_error():
    assert bid_error(Rules(blind_bid_min=6), ["blind_5", 3, 3, 3]) == (
        "Ann's blind bid of 5 is under this table's smallest blind bid, 6"
    )


def test_a_blind_bid_where_the_table_has_none():
    assert bid_error(Rules(), ["blind_7", 3, 3, 3]) == (
        "Ann bid blind 7, but this table doesn't play blind number bids"
    )


def test_jokers_wild_blind_only_when_the_side_trails_by_100():
    rules = PRESETS["jokers_wild"].rules
    assert bid_error(rules, [3, "blind_6", 3, 4], scores=(50, 0)) == (
        "Ben can't bid blind 6 now: blind bids are only allowed when your side trails by 100 "
        "or more"
    )
    assert validate_bids(rules, [3, "blind_6", 3, 4], scores=(100, 0))
    assert "blind_6" not in bid_options(rules, 1, (50, 0))
    assert "blind_6" in bid_options(rules, 1, (100, 0))


def test_a_blind_bid_over_the_tricks_is_refused_by_its_size():
    assert bid_error(Rules(blind_bid_min=6), ["blind_14", 3, 3, 3]) == (
        "Ann's blind bid of 14 is more than the 13 tricks in a hand"
    )


def test_a_blank_bid_beside_a_nil_is_an_error():
    assert bid_error(Rules(), ["nil", 4, None, 4]) == (
        "Ann bid nil, so Cat needs a bid of their own: a side's bid goes on one partner only "
        "when neither bids nil"
    )
    assert bid_error(Rules(), [0, 4, None, 4]).startswith("Ann bid nil, so Cat needs a bid")


def test_a_side_with_two_blank_bids_is_an_error():
    assert bid_error(Rules(), [None, 4, None, 4]) == (
        "Ann + Cat both have blank bids: enter the side's bid on one of them"
    )


def test_a_blank_bid_without_a_partner_is_missing():
    assert bid_error(PRESETS["cutthroat"].rules, [None, 4, 4, 4]) == "Ann's bid is missing"


def test_team_minimum_applies_to_a_team_bid():
    assert bid_error(PRESETS["tournament"].rules, [3, None, None, 4]) == (
        "Ann + Cat bid 3, but this table's minimum is 4"
    )
