"""Standings of a club event: match points, the criteria in order, and each line's words."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events import Line, MatchPoints, Played, StandingsError, standings
from games.events.standings import result_words

TEAMS = ["Aces", "Books", "Clubs", "Deuces"]


def game(round, first, second, scores, bags=(0, 0), table=None):
    winners = (0, 1) if scores[0] == scores[1] else (0,) if scores[0] > scores[1] else (1,)
    return Played(round, ((first,), (second,)), scores, bags, winners, table)


def by_team(lines: list[Line]) -> dict[str, Line]:
    return {line.team: line for line in lines}


def test_a_result_is_told_from_neither_side_as_a_bracket_lists_it():
    assert result_words(game(3, "Aces", "Books", (120, 310), table=2)) == (
        "Round 3, table 2: Books beat Aces 310 to 120"
    )
    assert result_words(game(4, "Clubs", "Deuces", (200, 200))) == (
        "Round 4: Clubs drew with Deuces 200 to 200"
    )
    assert result_words(Played(5, (("Aces",),))) == "Round 5: a bye for Aces"
    fined = Played(5, (("Aces",), ("Books",)), (250, 90), (0, 0), (0,), 1, ("Books -50, slow",))
    assert (
        result_words(fined)
        == "Round 5, table 1: Aces beat Books 250 to 90; penalty: Books -50, slow"
    )


def test_match_points_rank_first_and_each_line_explains_itself():
    played = [
        game(1, "Aces", "Books", (310, 250), table=1),
        game(1, "Clubs", "Deuces", (300, 300), table=2),
        game(2, "Aces", "Clubs", (200, 350), table=1),
        game(2, "Books", "Deuces", (400, 120), table=2),
    ]
    lines = standings(TEAMS, played)
    assert [line.team for line in lines] == ["Clubs", "Books", "Aces", "Deuces"]
    clubs = lines[0]
    assert (clubs.match_points, clubs.wins, clubs.draws, clubs.losses) == (3, 1, 1, 0)
    assert clubs.games == (
        "Round 1, table 2: drew with Deuces 300 to 300 (+1)",
        "Round 2, table 1: beat Aces 350 to 200 (+2)",
    )
    # Books and Aces have 2 match points each; Books' points differ by +220, Aces' by -90.
    assert [line.rank for line in lines] == [1, 2, 3, 4]
    assert by_team(lines)["Books"].point_difference == 280 - 0 - 60


def test_a_bye_is_worth_what_the_event_says():
    played = [game(1, "Aces", "Books", (300, 100)), Played(1, (("Clubs",),))]
    lines = by_team(standings(TEAMS[:3], played, MatchPoints(win=6, draw=3, loss=1, bye=4)))
    assert lines["Clubs"].match_points == 4
    assert lines["Clubs"].games == ("Round 1: a bye (+4)",)
    assert lines["Books"].match_points == 1


def test_teams_level_on_every_criterion_share_their_rank():
    played = [game(1, "Aces", "Books", (300, 200)), game(1, "Clubs", "Deuces", (300, 200))]
    lines = standings(TEAMS, played)
    assert [(line.team, line.rank, line.shared) for line in lines] == [
        ("Aces", 1, True),
        ("Clubs", 1, True),
        ("Books", 3, True),
        ("Deuces", 3, True),
    ]


def test_head_to_head_decides_only_among_the_teams_still_level():
    played = [
        game(1, "Aces", "Books", (200, 300)),  # Books beat Aces
        game(2, "Aces", "Clubs", (300, 100)),
        game(2, "Books", "Deuces", (100, 300)),
    ]
    lines = standings(TEAMS, played, criteria=("match_points", "head_to_head", "points_for"))
    # Aces, Books and Deuces have 2 match points. Among them Books beat Aces and Deuces beat
    # Books: Books and Deuces 2 each, Aces 0; then points for: Books 400, Deuces 300.
    assert [line.team for line in lines] == ["Books", "Deuces", "Aces", "Clubs"]


def test_fewest_bags_and_buchholz():
    played = [
        game(1, "Aces", "Books", (300, 200), bags=(7, 2)),
        game(1, "Clubs", "Deuces", (300, 200), bags=(3, 1)),
        game(2, "Aces", "Clubs", (300, 250), bags=(1, 0)),
        game(2, "Books", "Deuces", (300, 200), bags=(0, 0)),
    ]
    lines = standings(TEAMS, played, criteria=("match_points", "fewest_bags"))
    assert [line.team for line in lines] == ["Aces", "Books", "Clubs", "Deuces"]
    bags = standings(TEAMS, played, criteria=("fewest_bags",))
    assert [line.team for line in bags] == ["Deuces", "Books", "Clubs", "Aces"]  # 1, 2, 3, 8
    # Books met Aces (4) and Deuces (0); Clubs met Deuces (0) and Aces (4): level on Buchholz.
    assert by_team(lines)["Books"].buchholz == by_team(lines)["Clubs"].buchholz == 4


@pytest.mark.parametrize(
    ("played", "criteria", "problem"),
    [
        ([game(1, "Aces", "Jokers", (1, 0))], ("match_points",), "'Jokers' is not a team"),
        ([game(1, "Aces", "Aces", (1, 0))], ("match_points",), "both sides"),
        ([], ("luck",), "unknown criterion 'luck'"),
    ],
)
def test_results_that_cannot_be_ranked_are_refused_in_one_line(played, criteria, problem):
    with pytest.raises(StandingsError, match=problem):
        standings(TEAMS, played, criteria=criteria)


def test_a_progressive_table_counts_each_players_own_side():
    players = ["Ann", "Ben", "Cat", "Dan"]
    table = Played(1, (("Ann", "Cat"), ("Ben", "Dan")), (320, 270), (2, 5), (0,), table=1)
    lines = by_team(standings(players, [table], criteria=("points_for",)))
    assert (lines["Cat"].points_for, lines["Cat"].wins, lines["Cat"].bags) == (320, 1, 2)
    assert lines["Dan"].games == (
        "Round 1, table 1: with Ben, lost to Ann and Cat 270 to 320 (+0)",
    )
    assert lines["Ann"].buchholz == 0


@st.composite
def results(draw):
    count = draw(st.integers(2, 7))
    teams = [f"T{n}" for n in range(count)]
    played = []
    for round_number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(teams))
        for first, second in zip(order[::2], order[1::2], strict=False):
            scores = (draw(st.integers(-300, 600)), draw(st.integers(-300, 600)))
            bags = (draw(st.integers(0, 20)), draw(st.integers(0, 20)))
            played.append(game(round_number, first, second, scores, bags))
        if count % 2:
            played.append(Played(round_number, ((order[-1],),)))
    return teams, played


FIGURES = {
    "match_points": lambda line: line.match_points,
    "wins": lambda line: line.wins,
    "point_difference": lambda line: line.point_difference,
    "points_for": lambda line: line.points_for,
    "fewest_bags": lambda line: -line.bags,
    "buchholz": lambda line: line.buchholz,
}


@settings(max_examples=200, deadline=None)
@given(results(), st.lists(st.sampled_from(sorted(FIGURES)), min_size=1, max_size=4, unique=True))
def test_standings_are_a_total_order_that_follows_the_criteria_exactly(given_results, criteria):
    teams, played = given_results
    lines = standings(teams, played, criteria=criteria)
    assert sorted(line.team for line in lines) == sorted(teams)
    keys = [tuple(FIGURES[name](line) for name in criteria) for line in lines]
    assert keys == sorted(keys, reverse=True)
    for before, after, key_before, key_after in zip(lines, lines[1:], keys, keys[1:], strict=False):
        # The same rank exactly when every criterion is level.
        assert (before.rank == after.rank) == (key_before == key_after)
    for position, line in enumerate(lines):
        assert line.rank == 1 + sum(1 for key in keys if key > keys[position])


def test_buchholz_counts_a_bye_as_a_virtual_opponent_and_an_opponents_bye_as_a_draw():
    # Round 1: Aces beat Books, Clubs sit out; round 2: Clubs beat Aces, Books sit out.
    played = [
        game(1, "Aces", "Books", (300, 100)),
        Played(1, (("Clubs",),)),
        game(2, "Clubs", "Aces", (300, 100)),
        Played(2, (("Books",),)),
    ]
    lines = by_team(standings(TEAMS[:3], played, criteria=("match_points", "buchholz")))
    assert [lines[team].match_points for team in TEAMS[:3]] == [2, 2, 4]
    # The opponents' byes count as draws (1) for them: Books 0 + 1, Clubs 1 + 2.
    assert lines["Aces"].buchholz == 1 + 3
    # Books' bye in round 2: a virtual opponent with Books' 0 before it, who lost the bye.
    assert lines["Books"].buchholz == 2 + 0
    # Clubs' bye in round 1: a virtual opponent with 0, who lost it and drew round 2 (1).
    assert lines["Clubs"].buchholz == 1 + 2


def test_buchholz_counts_a_withdrawn_opponents_missed_rounds_as_draws():
    # Round 1: Aces beat Deuces, Books beat Clubs; Deuces withdrew. Round 2: Aces beat Books,
    # Clubs have the bye, Deuces are not there.
    played = [
        game(1, "Aces", "Deuces", (300, 100)),
        game(1, "Books", "Clubs", (300, 100)),
        game(2, "Aces", "Books", (300, 100)),
        Played(2, (("Clubs",),)),
    ]
    lines = by_team(standings(TEAMS, played, rounds=[1, 2]))
    assert lines["Aces"].buchholz == 1 + 2  # Deuces: 0, and a draw for the round missed
    assert lines["Books"].buchholz == 1 + 4  # Clubs: 2 less their bye, and a draw for it
    assert lines["Clubs"].buchholz == 2 + 0
    # Deuces' own missed round: a virtual opponent who had Deuces' 0 and won it (2).
    assert lines["Deuces"].buchholz == 4 + 2
    # While round 2 is not complete, its byes and absences count for nothing yet.
    early = by_team(standings(TEAMS, played, rounds=[1]))
    assert (early["Aces"].buchholz, early["Clubs"].buchholz) == (0 + 2, 2)


def test_a_deduction_comes_off_one_entrants_own_points_alone():
    table = Played(
        1, (("Ann", "Cat"), ("Ben", "Dan")), (320, 270), (0, 0), (0,), 1, deducted=(("Ann", 50),)
    )
    lines = by_team(standings(["Ann", "Ben", "Cat", "Dan"], [table], criteria=("points_for",)))
    assert (lines["Ann"].points_for, lines["Cat"].points_for) == (270, 320)
    assert lines["Ben"].points_against == 320
    assert lines["Ann"].wins == 1
