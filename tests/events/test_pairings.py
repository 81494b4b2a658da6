"""Pairings of a club event's rounds: each format as the rule sheets describe it."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events import PairingError, king_of_the_hill, progressive_move, round_robin, swiss

TEAMS = [f"Team {letter}" for letter in "ABCDEFGH"]


@pytest.mark.parametrize("count", [2, 3, 4, 5, 8, 11])
def test_round_robin_meets_every_other_team_once_with_one_bye_each_when_odd(count):
    teams = TEAMS[:count] if count <= 8 else [f"T{n}" for n in range(count)]
    rounds = round_robin(teams)
    met = [frozenset(game) for pairing in rounds for game in pairing.games]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(pair) for pair in itertools.combinations(teams, 2)), key=sorted
    )
    for pairing in rounds:
        assert sorted(pairing.teams()) == sorted(teams)  # everyone plays or sits out, once
    byes = [pairing.bye for pairing in rounds if pairing.bye is not None]
    assert sorted(byes) == (sorted(teams) if count % 2 else [])


def test_swiss_pairs_by_standing_and_avoids_a_rematch():
    ranked = TEAMS[:4]
    first = swiss(ranked)
    assert first.games == (("Team A", "Team B"), ("Team C", "Team D"))
    met = {frozenset(game) for game in first.games}
    second = swiss(ranked, met)
    assert second.games == (("Team A", "Team C"), ("Team B", "Team D"))


def test_swiss_looks_further_down_when_the_obvious_pairing_leaves_a_rematch():
    # A-B met and C-D met: A-C then B-D is the only way without a rematch.
    ranked = ["A", "B", "C", "D"]
    met = {frozenset("AB"), frozenset("CD"), frozenset("AD")}
    assert swiss(ranked, met).games == (("A", "C"), ("B", "D"))


def test_swiss_accepts_a_rematch_only_when_none_can_be_avoided():
    ranked = ["A", "B", "C", "D"]
    met = {frozenset(pair) for pair in itertools.combinations(ranked, 2)}
    assert swiss(ranked, met).games == (("A", "B"), ("C", "D"))


def test_swiss_gives_the_bye_to_the_lowest_ranked_team_without_one():
    ranked = ["A", "B", "C", "D", "E"]
    assert swiss(ranked).bye == "E"
    assert swiss(ranked, had_bye={"E"}).bye == "D"
    assert swiss(ranked, had_bye=set(ranked)).bye == "E"


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 8), st.data())
def test_swiss_finds_a_round_without_rematches_whenever_one_exists(count, data):
    teams = [f"T{n}" for n in range(count)]
    pairs = [frozenset(pair) for pair in itertools.combinations(teams, 2)]
    met = set(data.draw(st.lists(st.sampled_from(pairs), unique=True)))
    pairing = swiss(teams, met)
    left = [team for team in teams if team != pairing.bye]

    def possible(rest):
        if not rest:
            return True
        return any(
            frozenset((rest[0], other)) not in met and possible([t for t in rest[1:] if t != other])
            for other in rest[1:]
        )

    rematches = [game for game in pairing.games if frozenset(game) in met]
    assert sorted(pairing.teams()) == sorted(teams)
    if possible(left):
        assert rematches == []


def test_king_of_the_hill_pairs_neighbours_in_the_standings():
    assert king_of_the_hill(["A", "B", "C", "D", "E"]).games == (("A", "B"), ("C", "D"))
    assert king_of_the_hill(["A", "B", "C", "D", "E"]).bye == "E"


def test_progressive_seat_1_stays_3_moves_down_2_up_one_and_4_up_two():
    tables = [
        ("A1", "A2", "A3", "A4"),
        ("B1", "B2", "B3", "B4"),
        ("C1", "C2", "C3", "C4"),
        ("D1", "D2", "D3", "D4"),
    ]
    moved = progressive_move(tables)
    # Table 2 keeps B1; A3 comes down from table 1; C2 up from table 3; D4 up from table 4.
    assert moved[1] == ("B1", "C2", "A3", "D4")
    # The moves wrap round the room: table 1's seat 2 comes up from table 2.
    assert moved[0] == ("A1", "B2", "D3", "C4")
    assert sorted(p for table in moved for p in table) == sorted(p for t in tables for p in t)


@pytest.mark.parametrize(
    ("call", "problem"),
    [
        (lambda: round_robin(["A"]), "an event needs at least two teams"),
        (lambda: swiss(["A", "A"]), "a team is entered twice"),
        (lambda: progressive_move([("A", "B", "C")]), "four players at every table"),
        (lambda: progressive_move([("A", "B", "C", "D"), ("A", "F", "G", "H")]), "seated twice"),
    ],
)
def test_impossible_pairings_are_refused_in_one_line(call, problem):
    with pytest.raises(PairingError, match=problem):
        call()
