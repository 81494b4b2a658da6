"""Elimination brackets: the standard seeding, byes to the top seeds, a double elimination's
fixed drops, walkovers and swaps, and the places the bracket gives, round by round."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events import Bracket, elimination, slot_order
from games.events.bracket import Recorded


def seeds(count):
    return [f"S{n}" for n in range(1, count + 1)]


def better(first, second):
    """The better seed wins (S1 beats S2 ...)."""
    return first if int(first[1:]) < int(second[1:]) else second


def worse(first, second):
    return second if better(first, second) == first else first


def rounds_of(count, lives, winner=better, withdrawn=()):
    """Play the bracket out: each round's (games, byes) as paired, and the bracket at the end."""
    played = []
    shown = []
    while (pairing := elimination(seeds(count), played, lives, withdrawn)) is not None:
        shown.append((list(pairing.games), list(pairing.byes)))
        played.append(
            [(first, second, winner(first, second)) for first, second in pairing.games]
            + [(bye, None, None) for bye in pairing.byes]
        )
        assert len(played) <= 3 * count, "a bracket must end"
    bracket = Bracket(seeds(count), lives)
    bracket.replay([[Recorded(*game) for game in games] for games in played], withdrawn)
    bracket.settle(withdrawn)
    return shown, bracket


def test_the_standard_bracket_keeps_the_two_best_seeds_apart_until_the_final():
    order = [seed + 1 for seed in slot_order(16)]
    assert [tuple(order[i : i + 2]) for i in range(0, 16, 2)] == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]
    assert 1 in order[:8]
    assert 2 in order[8:]
    for quarter in range(4):  # each quarter holds one of the four best
        assert len({1, 2, 3, 4} & set(order[4 * quarter : 4 * quarter + 4])) == 1
    with pytest.raises(ValueError, match="power of two"):
        slot_order(6)


def test_a_single_elimination_of_6_gives_seeds_1_and_2_the_byes():
    shown, bracket = rounds_of(6, 1)
    assert shown == [
        ([("S3", "S6"), ("S4", "S5")], ["S1", "S2"]),
        ([("S1", "S4"), ("S2", "S3")], []),
        ([("S1", "S2")], []),
    ]
    assert bracket.places(seeds(6)) == [
        (1, False, "S1"),
        (2, False, "S2"),
        (3, True, "S3"),
        (3, True, "S4"),
        (5, True, "S5"),
        (5, True, "S6"),
    ]


def test_a_single_elimination_of_6_keeps_its_bracket_when_the_lower_seeds_win():
    shown, bracket = rounds_of(6, 1, winner=worse)
    # 6 beat 3 and 5 beat 4: seed 1 meets the winner of 4 v 5, seed 2 the winner of 3 v 6.
    assert shown[1] == ([("S1", "S5"), ("S2", "S6")], [])
    assert shown[2] == ([("S5", "S6")], [])
    assert bracket.champion == "S6"


def test_a_single_elimination_of_8_round_by_round():
    shown, bracket = rounds_of(8, 1)
    assert shown == [
        ([("S1", "S8"), ("S2", "S7"), ("S3", "S6"), ("S4", "S5")], []),
        ([("S1", "S4"), ("S2", "S3")], []),
        ([("S1", "S2")], []),
    ]
    assert [place[:2] for place in bracket.places(seeds(8))] == [
        (1, False),
        (2, False),
        (3, True),
        (3, True),
        (5, True),
        (5, True),
        (5, True),
        (5, True),
    ]


def test_a_single_elimination_of_5_plays_4_v_5_first_and_the_byes_in_round_2():
    shown, bracket = rounds_of(5, 1)
    assert shown == [
        ([("S4", "S5")], ["S1", "S2", "S3"]),
        ([("S1", "S4"), ("S2", "S3")], []),
        ([("S1", "S2")], []),
    ]
    assert bracket.places(seeds(5))[-1] == (5, False, "S5")


def test_a_double_elimination_of_8_drops_its_losers_to_fixed_places():
    shown, bracket = rounds_of(8, 2)
    assert shown == [
        ([("S1", "S8"), ("S2", "S7"), ("S3", "S6"), ("S4", "S5")], []),
        # The winners' round 2, and round 1's losers in pairs (bracket order).
        ([("S1", "S4"), ("S2", "S3"), ("S5", "S8"), ("S6", "S7")], []),
        # Round 2's losers drop in reverse order: the top game's loser (S4) meets the bottom
        # survivor (S6), the bottom game's loser (S3) the top survivor (S5).
        ([("S1", "S2"), ("S3", "S5"), ("S4", "S6")], []),
        ([("S3", "S4")], []),
        ([("S2", "S3")], []),  # the winners' final's loser meets the losers' survivor
        ([("S1", "S2")], []),  # the final: unbeaten S1 wins it, no reset
    ]
    assert bracket.places(seeds(8)) == [
        (1, False, "S1"),
        (2, False, "S2"),
        (3, False, "S3"),
        (4, False, "S4"),
        (5, True, "S5"),
        (5, True, "S6"),
        (7, True, "S7"),
        (7, True, "S8"),
    ]


def test_a_double_elimination_of_6_gives_the_byes_in_both_brackets():
    shown, _ = rounds_of(6, 2)
    assert shown == [
        ([("S3", "S6"), ("S4", "S5")], ["S1", "S2"]),
        # Round 1's losers have nobody to meet (seeds 1 and 2 lost no game): byes.
        ([("S1", "S4"), ("S2", "S3")], ["S5", "S6"]),
        ([("S1", "S2"), ("S3", "S5"), ("S4", "S6")], []),
        ([("S3", "S4")], []),
        ([("S2", "S3")], []),
        ([("S1", "S2")], []),
    ]


def test_a_double_elimination_of_5_round_by_round():
    shown, bracket = rounds_of(5, 2)
    assert shown == [
        ([("S4", "S5")], ["S1", "S2", "S3"]),
        ([("S1", "S4"), ("S2", "S3")], ["S5"]),
        ([("S1", "S2"), ("S3", "S5")], ["S4"]),
        ([("S3", "S4")], []),
        ([("S2", "S3")], []),
        ([("S1", "S2")], []),
    ]
    assert [team for _, _, team in bracket.places(seeds(5))] == seeds(5)


def test_the_final_is_played_again_when_the_losers_champion_wins_it():
    def lower_wins_final(first, second):
        # The losers' champion S2 beats S1 in the final (round 6) and the reset (round 7).
        return (
            "S2" if {first, second} == {"S1", "S2"} and counted[0] >= 5 else better(first, second)
        )

    counted = [0]
    played = []
    while (pairing := elimination(seeds(8), played, 2)) is not None:
        played.append([(a, b, lower_wins_final(a, b)) for a, b in pairing.games])
        counted[0] = len(played)
    assert list(played[-2:]) == [[("S1", "S2", "S2")], [("S1", "S2", "S2")]]
    bracket = Bracket(seeds(8), 2)
    bracket.replay([[Recorded(*game) for game in games] for games in played])
    assert bracket.champion == "S2"
    assert bracket.places(seeds(8))[:2] == [(1, False, "S2"), (2, False, "S1")]


def test_a_withdrawn_semi_finalist_gives_the_final_by_walkover_and_the_event_its_winner():
    played = [[("S1", "S4", "S1"), ("S2", "S3", "S2")]]
    assert elimination(seeds(4), played, 1, withdrawn={"S1"}) is None
    bracket = Bracket(seeds(4), 1)
    bracket.replay([[Recorded(*game) for game in games] for games in played], {"S1"})
    bracket.settle({"S1"})
    assert bracket.champion == "S2"
    assert bracket.places(seeds(4)) == [
        (1, False, "S2"),
        (2, False, "S1"),  # out at the final, by walkover
        (3, True, "S3"),
        (3, True, "S4"),
    ]


def test_a_withdrawn_quarter_finalist_gives_its_next_opponent_a_walkover_as_a_bye():
    one = [("S1", "S8", "S1"), ("S2", "S7", "S2"), ("S3", "S6", "S3"), ("S4", "S5", "S4")]
    two = elimination(seeds(8), [one], 1, withdrawn={"S4"})
    assert two.games == (("S2", "S3"),)
    assert two.byes == ("S1",)  # S1 advances by walkover
    final = elimination(seeds(8), [one, [("S2", "S3", "S3")]], 1, withdrawn={"S4"})
    assert final.games == (("S1", "S3"),)


def test_a_double_elimination_walkover_in_the_losers_bracket():
    one = [("S1", "S4", "S1"), ("S2", "S3", "S2")]
    # S4 lost round 1 and withdrew: its losers' game goes to S3 by walkover.
    two = elimination(seeds(4), [one], 2, withdrawn={"S4"})
    assert two.games == (("S1", "S2"),)
    assert two.byes == ("S3",)


def test_a_round_the_director_re_paired_moves_the_swapped_teams_in_the_bracket():
    # Round 1 was to be S1 v S4 and S2 v S3; the director swapped S4 and S3 before play.
    one = [("S1", "S3", "S1"), ("S2", "S4", "S4")]
    final = elimination(seeds(4), [one], 1)
    assert final.games == (("S1", "S4"),)
    # A bye swapped with a playing team: 6 teams, S1 (bye) and S3 (3 v 6) changed places.
    one = [("S1", "S6", "S6"), ("S4", "S5", "S4")]
    two = elimination(seeds(6), [one], 1)
    assert two.games == (("S2", "S6"), ("S3", "S4"))


def test_a_drawn_game_is_played_again():
    one = [("S1", "S4", None), ("S2", "S3", "S2")]
    again = elimination(seeds(4), [one], 1)
    assert again.games == (("S1", "S4"),)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 17),
    st.sampled_from([1, 2]),
    st.randoms(use_true_random=False),
    st.data(),
)
def test_every_bracket_ends_with_one_champion_and_places_every_team(count, lives, chance, data):
    withdrawn: set[str] = set()
    played = []
    losses: dict[str, int] = {}
    while (pairing := elimination(seeds(count), played, lives, withdrawn)) is not None:
        assert len(played) <= 3 * count
        teams = [team for game in pairing.games for team in game]
        assert len(teams) == len(set(teams))
        assert not withdrawn.intersection(teams)
        assert all(losses.get(team, 0) < lives for team in teams + list(pairing.byes))
        games = []
        for first, second in pairing.games:
            winner = first if chance.random() < 0.5 else second
            loser = second if winner == first else first
            losses[loser] = losses.get(loser, 0) + 1
            games.append((first, second, winner))
        played.append(games + [(bye, None, None) for bye in pairing.byes])
        if data.draw(st.integers(0, 9)) == 0:  # now and then a team withdraws
            withdrawn.add(data.draw(st.sampled_from(seeds(count))))
    bracket = Bracket(seeds(count), lives)
    bracket.replay([[Recorded(*game) for game in games] for games in played], withdrawn)
    bracket.settle(withdrawn)
    places = bracket.places(seeds(count))
    assert sorted(team for _, _, team in places) == sorted(seeds(count))
    assert [place for place, _, _ in places] == sorted(place for place, _, _ in places)
    champion = bracket.champion
    if champion is not None:
        assert places[0] == (1, False, champion)
        if champion in withdrawn:  # it withdrew after winning the last game
            assert champion in [winner for _, second, winner in played[-1] if second]
    if not withdrawn:
        assert champion is not None
        assert losses.get(champion, 0) < lives
        assert sum(1 for games in played for game in games if game[1]) in (
            (count - 1,) if lives == 1 else (2 * count - 2, 2 * count - 1)
        )


def test_a_team_that_withdraws_after_its_last_game_leaves_the_games_it_played_standing():
    # Five teams, two lives: S3 withdraws before round 2, S4 after the final (which S1 won).
    played = [
        [("S4", "S5", "S5"), ("S1", None, None), ("S2", None, None), ("S3", None, None)],
        [("S1", "S5", "S1"), ("S2", None, None), ("S4", None, None)],
        [("S1", "S2", "S1"), ("S5", None, None)],
        [("S4", "S5", "S4")],
        [("S2", "S4", "S4")],
        [("S1", "S4", "S1")],
    ]
    assert elimination(seeds(5), played, 2, {"S3", "S4"}) is None
    bracket = Bracket(seeds(5), 2)
    bracket.replay([[Recorded(*game) for game in games] for games in played], {"S3", "S4"})
    bracket.settle({"S3", "S4"})
    assert bracket.champion == "S1"
