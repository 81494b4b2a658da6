"""Entry to a club event: who may still join, and the teams drawn from players who came alone."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events import draw_teams, entries_closed, team_name
from games.events.entry import MAX_TEAM_NAME


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=5), unique=True, max_size=30), st.integers(0, 10**9))
def test_every_solo_is_in_exactly_one_team_or_waits_alone(solos, seed):
    teams, waiting = draw_teams(solos, random.Random(seed))
    drawn = [player for team in teams for player in team]
    assert sorted(drawn + ([waiting] if waiting is not None else [])) == sorted(solos)
    assert len(drawn) == len(set(drawn))
    assert all(len(team) == 2 for team in teams)
    assert (waiting is not None) == (len(solos) % 2 == 1)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=5), unique=True, max_size=20), st.integers())
def test_the_same_seed_draws_the_same_teams(solos, seed):
    assert draw_teams(solos, random.Random(seed)) == draw_teams(solos, random.Random(seed))


def test_with_an_odd_count_the_last_to_enter_waits():
    solos = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    for seed in range(20):
        teams, waiting = draw_teams(solos, random.Random(seed))
        assert waiting == "Eve"
        assert len(teams) == 2


def test_the_draw_is_random_not_the_order_of_entry():
    solos = [f"P{n}" for n in range(8)]
    draws = {tuple(draw_teams(solos, random.Random(seed))[0]) for seed in range(30)}
    assert len(draws) > 1


def test_a_drawn_team_is_named_after_its_players_and_its_name_is_unique():
    assert team_name("Ann", "Bob", []) == "Ann & Bob"
    assert team_name("Ann", "Bob", ["ann & bob"]) == "Ann & Bob (2)"
    assert team_name("Ann", "Bob", ["Ann & Bob", "Ann & Bob (2)"]) == "Ann & Bob (3)"


def test_long_names_are_cut_to_fit_a_teams_name():
    name = team_name("A" * 40, "👩🏽‍🚀" * 40, [])
    assert len(name) <= MAX_TEAM_NAME
    assert name.startswith("A" * 10)
    assert " & " in name
    assert "\u200d…" not in name  # cut at a character's edge, not inside a joined emoji


@pytest.mark.parametrize(
    ("pairing", "until", "paired", "closed"),
    [
        ("swiss", None, 5, None),
        ("swiss", 3, 2, None),  # round 3 not paired yet: a team may still join it
        ("swiss", 3, 3, "Entries closed when round 3 was paired"),
        ("king_of_the_hill", 1, 0, None),
        ("king_of_the_hill", 1, 1, "Entries closed when round 1 was paired"),
        ("round_robin", None, 0, None),
        ("round_robin", None, 1, "A round robin takes no new teams once round 1 is paired"),
        ("single_elimination", 4, 1, "An elimination takes no new teams once round 1"),
        ("double_elimination", None, 2, "its bracket was drawn from the teams entered then"),
    ],
)
def test_entries_close_after_the_round_the_event_names(pairing, until, paired, closed):
    said = entries_closed(pairing, until, paired)
    if closed is None:
        assert said is None
    else:
        assert said is not None
        assert closed in said


@pytest.mark.parametrize(
    ("pairing", "paired", "playoff_started", "closed"),
    [
        ("progressive", 0, False, None),
        ("progressive", 1, False, "A progressive night takes no new players once round 1"),
        ("most_wins", 3, False, None),
        ("most_wins", 3, True, "A most-wins event takes no new teams once its playoff began"),
        ("swiss", 3, True, None),
    ],
)
def test_each_format_says_whether_it_takes_late_entries(pairing, paired, playoff_started, closed):
    said = entries_closed(pairing, None, paired, playoff_started)
    if closed is None:
        assert said is None
    else:
        assert said is not None
        assert said.startswith(closed)
