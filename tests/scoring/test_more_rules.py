"""Rules home tables and tournaments play beyond the basics, each worked example named after
the source it comes from, and each bad bid with its own one-line message."""

import pytest

from games.scoring import (
    PRESETS,
    BidError,
    Hand,
    HandError,
    Rules,
    bid_options,
    needs_bids,
    parse_game_file,
    score_file,
    score_game,
    trick_inputs,
    validate_bids,
)

PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def play(rules, *hands, players=PLAYERS, **options):
    return score_game(
        rules,
        [Hand(tuple(b) if b is not None else None, tuple(t) if t else None) for b, t in hands],
        players,
        **options,
    )


def side(result, index=0, hand=-1):
    return result.hands[hand].sides[index]


def bid_error(rules, bids, scores=None):
    with pytest.raises(BidError) as caught:
        validate_bids(rules, bids, scores, players=PLAYERS)
    return str(caught.value)


# The faults -----------------------------------------------------------------------------------


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


# Both partners nil ---------------------------------------------------------------------------


def test_both_nil_unit_wins_the_value_when_both_make_it():
    result = play(Rules(both_nil="unit"), (["nil", 4, "blind_nil", 5], [0, 6, 0, 7]))
    assert side(result).points == 200
    assert side(result).explanation == ("Ann + Cat both bid nil and both made it: +200",)


def test_both_nil_unit_loses_the_value_if_either_fails_and_its_tricks_count_for_nothing():
    result = play(Rules(both_nil="unit", both_nil_value=300), (["nil", 4, "nil", 5], [2, 6, 0, 5]))
    assert side(result).points == -300
    assert side(result).bags_taken == 0
    assert side(result).explanation == ("Ann + Cat both bid nil but took 2: -300",)


def test_britannica_both_partners_may_not_bid_nil_where_forbidden():
    rules = Rules(both_nil="forbidden")
    assert bid_error(rules, ["nil", 4, "blind_nil", 4]) == (
        "Ann and Cat both bid nil, but at this table both partners may not bid nil in the same hand"
    )
    assert validate_bids(rules, ["nil", "nil", 4, 4])


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


def test_ten_for_200_that_contradicts_big_bid_is_refused():
    with pytest.raises(Exception, match=r"^ten_for_200: ten_for_200 is the old name for big_bid"):
        Rules.from_dict({"ten_for_200": True, "big_bid": "flat"})


# Boston --------------------------------------------------------------------------------------


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


# Sets that lose the game --------------------------------------------------------------------


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


# Limits on the table's total bid ------------------------------------------------------------


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


# Blind number bids ---------------------------------------------------------------------------


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


def test_blind_bids_in_a_game_file_score_and_badly_written_ones_are_refused():
    game = {"rules": {"blind_bid_min": 6}, "players": list(PLAYERS),
            "hands": [{"bids": ["blind_7", 3, None, 3], "tricks": [7, 3, 0, 3]}]}  # fmt: skip
    assert score_file(game).sides[0].score == 140
    game["hands"][0]["bids"][0] = "blind_07"
    with pytest.raises(Exception, match=r'^hand 1: Ann\'s bid must be a number, "nil", '):
        score_file(game)


def test_a_blind_bid_over_the_tricks_is_refused_by_its_size():
    assert bid_error(Rules(blind_bid_min=6), ["blind_14", 3, 3, 3]) == (
        "Ann's blind bid of 14 is more than the 13 tricks in a hand"
    )


# A first hand that bids itself -----------------------------------------------------------------


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


def test_a_hand_that_bids_itself_has_no_bid_step_and_asks_side_totals():
    rules = PRESETS["first_hand_bids_itself"].rules
    assert needs_bids(rules, 1) is False
    assert needs_bids(rules, 2) is True
    assert needs_bids(Rules(), 1) is True
    assert [item.name for item in trick_inputs(rules, None)] == ["side_0", "side_1"]
    result = play(rules, (None, None))
    assert result.pending.bids_itself is True
    assert result.pending.contracts == (4, 4)
    assert result.to_json()["pending"]["bids"] is None


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


def test_what_if_scores_a_first_hand_that_bid_itself_under_other_rules():
    result = play(Rules(), (None, [6, 4, 3, 0]), strict=False)
    assert [s.points for s in result.hands[0].sides] == [90, 40]


# Team bids ----------------------------------------------------------------------------------


def test_a_side_may_bid_as_a_team_on_one_partner():
    result = play(Rules(), ([7, None, None, 6], [9, 2, None, 2]))
    assert [s.points for s in result.hands[0].sides] == [72, -60]
    assert result.hands[0].sides[0].contract == 7


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


def test_team_bid_options_are_the_totals_a_side_may_bid():
    options = bid_options(PRESETS["tournament"].rules, team=True)
    assert options == tuple(range(4, 14))
    assert bid_options(PRESETS["cutthroat"].rules, team=True) == ()
    assert bid_options(Rules(blind_bid_min=6), team=True)[-1] == "blind_13"


def test_team_minimum_applies_to_a_team_bid():
    assert bid_error(PRESETS["tournament"].rules, [3, None, None, 4]) == (
        "Ann + Cat bid 3, but this table's minimum is 4"
    )


# Settings that can't go together -------------------------------------------------------------


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


def test_every_new_preset_cites_its_source_and_says_where_it_departs():
    for name in ("cookout", "jokers_wild", "first_hand_bids_itself", "contest_2017"):
        preset = PRESETS[name]
        assert preset.source
        assert preset.departures
