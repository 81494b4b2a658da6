"""The spades-event/1 file: an 8-team Swiss event from its first round to its winner, the other
formats, penalties, and one line for each problem."""

import dataclasses
import io
import json
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events import EventFileError, parse_event_file, summarize

TEAMS = [
    {"name": name, "players": [f"{name} One", f"{name} Two"]}
    for name in ("Aces", "Books", "Clubs", "Deuces", "Eights", "Fours", "Jacks", "Kings")
]
# One hand of a 1-hand game: the first team (seats 1 and 3) bids 7 and takes `took` of 13.
RULES = {"preset": "standard", "hand_limit": 1}


def hand(took):
    first = [took - took // 2, None, took // 2, None]
    return {"bids": [4, 3, 3, 3], "tricks": [first[0], 13 - took, first[2], 0]}


def played(took):
    """A one-hand game: the first team bids 7 and takes `took`, the second bids 6 and takes the
    rest (8 taken: 71 against -60)."""
    return {"hands": [hand(took)]}


def event(played_rounds=(), pairing="swiss", teams=TEAMS, **settings):
    return {
        "format": "spades-event/1",
        "name": "Friday club night",
        "rules": RULES,
        "event": {"pairing": pairing, **settings},
        "teams": teams,
        "rounds": list(played_rounds),
    }


def table(first, second, took=8):
    return {"teams": [first, second], "game": played(took)}


def test_an_8_team_swiss_event_of_3_rounds_from_first_pairing_to_winner():
    start = summarize(parse_event_file(event()))
    assert start["finished"] is False
    assert start["next_round"] == {
        "tables": [
            {"table": 1, "teams": [0, 1]},
            {"table": 2, "teams": [2, 3]},
            {"table": 3, "teams": [4, 5]},
            {"table": 4, "teams": [6, 7]},
        ],
        "byes": [],
    }
    one = {"tables": [table(0, 1), table(2, 3), table(4, 5), table(6, 7)]}
    after_one = summarize(parse_event_file(event([one])))
    # Winners meet winners, no rematch: the first team of each table won.
    assert after_one["next_round"]["tables"][0]["teams"] == [0, 2]
    two = {"tables": [table(*t["teams"]) for t in after_one["next_round"]["tables"]]}
    after_two = summarize(parse_event_file(event([one, two])))
    three = {"tables": [table(*t["teams"]) for t in after_two["next_round"]["tables"]]}
    final = summarize(parse_event_file(event([one, two, three])))
    assert final["finished"] is True
    assert final["next_round"] is None
    assert final["winner"] == 0
    top = final["standings"][0]
    assert (top["team"], top["rank"], top["wins"], top["match_points"]) == (0, 1, 3, 6)
    # Every team met three different teams.
    met = [frozenset(t["teams"]) for r in (one, two, three) for t in r["tables"]]
    assert len(set(met)) == 12


def test_a_round_still_in_play_gives_no_next_round_and_its_games_dont_count_yet():
    unfinished = {"teams": [0, 1], "game": {"hands": [{"bids": [4, 3, 3, 3]}]}}
    summary = summarize(
        parse_event_file(event([{"tables": [unfinished, table(2, 3)]}], teams=TEAMS[:4]))
    )
    assert summary["next_round"] is None
    assert summary["finished"] is False
    lines = {line["team"]: line for line in summary["standings"]}
    assert lines[0]["wins"] + lines[0]["losses"] == 0
    assert lines[2]["wins"] == 1


def test_counted_figures_follow_the_file_definitions():
    summary = summarize(
        parse_event_file(event([{"tables": [table(0, 1, took=9)]}], teams=TEAMS[:2]))
    )
    first, second = sorted(summary["standings"], key=lambda line: line["team"])
    # Aces bid 7, took 9: 72 (2 bags); Books bid 6, took 4: -60.
    assert (first["points_for"], first["point_difference"], first["bags"]) == (72, 132, 2)
    assert (second["points_for"], second["point_difference"], second["bags"]) == (-60, -132, 0)
    assert first["games"] == ["Round 1, table 1: beat Books 72 to -60 (+2)"]


def test_a_bye_counts_only_its_match_points():
    teams = TEAMS[:3]
    summary = summarize(
        parse_event_file(event([{"tables": [table(0, 1)], "byes": [2]}], teams=teams))
    )
    bye = next(line for line in summary["standings"] if line["team"] == 2)
    assert (bye["byes"], bye["match_points"], bye["points_for"]) == (1, 2, 0)
    # The next bye goes to the lowest-ranked team that hasn't had one.
    assert summary["next_round"]["byes"] == [1]


def test_round_robin_plays_every_pair_and_then_ends():
    teams = TEAMS[:4]
    rounds = []
    for _ in range(3):
        summary = summarize(parse_event_file(event(rounds, pairing="round_robin", teams=teams)))
        rounds.append({"tables": [table(*t["teams"]) for t in summary["next_round"]["tables"]]})
    summary = summarize(parse_event_file(event(rounds, pairing="round_robin", teams=teams)))
    assert summary["finished"] is True
    assert sorted(line["wins"] + line["losses"] for line in summary["standings"]) == [3, 3, 3, 3]


def test_single_elimination_ends_with_one_winner():
    teams = TEAMS[:4]
    rounds = []
    while True:
        summary = summarize(
            parse_event_file(event(rounds, pairing="single_elimination", teams=teams))
        )
        if summary["finished"]:
            break
        rounds.append({"tables": [table(*t["teams"]) for t in summary["next_round"]["tables"]]})
    assert len(rounds) == 2
    assert summary["winner"] == 0


def test_a_forfeit_loses_the_game_even_unplayed_and_points_penalties_can_change_the_result():
    teams = TEAMS[:2]
    data = event([{"tables": [{"teams": [0, 1], "game": None}]}], teams=teams)
    data["penalties"] = [{"round": 1, "table": 1, "team": 0, "forfeit": True, "reason": "no show"}]
    lines = {line["team"]: line for line in summarize(parse_event_file(data))["standings"]}
    assert (lines[0]["losses"], lines[1]["wins"]) == (1, 1)
    data = event([{"tables": [table(0, 1, took=8)]}], teams=teams)  # Aces 71, Books -60
    data["penalties"] = [{"round": 1, "table": 1, "team": 0, "points": 140, "reason": "renege"}]
    lines = {line["team"]: line for line in summarize(parse_event_file(data))["standings"]}
    assert (lines[0]["points_for"], lines[0]["losses"], lines[1]["wins"]) == (-69, 1, 1)


def test_a_progressive_night_moves_its_players_and_counts_each_ones_side():
    players = [
        {"name": n, "players": [n]}
        for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    ]
    start = summarize(parse_event_file(event(pairing="progressive", teams=players)))
    assert start["next_round"]["tables"] == [
        {"table": 1, "teams": [0, 1, 2, 3]},
        {"table": 2, "teams": [4, 5, 6, 7]},
    ]
    round_one = {"tables": [
        {"teams": [0, 1, 2, 3], "game": played(8)},
        {"teams": [4, 5, 6, 7], "game": played(8)},
    ]}  # fmt: skip
    summary = summarize(parse_event_file(event([round_one], pairing="progressive", teams=players)))
    # Seat 1 stays; with two tables seat 3 and seat 2 swap tables and seat 4 stays.
    assert summary["next_round"]["tables"][0]["teams"] == [0, 5, 6, 3]
    cat = next(line for line in summary["standings"] if line["name"] == "Cat")
    assert (cat["wins"], cat["points_for"]) == (1, 71)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(format="spades-game/1"),
            'format: expected "spades-event/1", got "spades-game/1"',
        ),
        (
            lambda d: d["event"].update(pairing="ladder"),
            "event.pairing: expected one of round_robin",
        ),
        (lambda d: d["event"].update(ranking=["luck"]), "event.ranking: expected criteria from"),
        (
            lambda d: d.update(teams=TEAMS[:1], rounds=[{"tables": [], "byes": [0]}]),
            "teams: expected 2 entries or more, got 1",
        ),
        (lambda d: d.update(teams="Aces"), "teams: expected a list, got"),
        (
            lambda d: d["rounds"].append({"tables": [table(0, 9)]}),
            "round 1, table 1: teams: expected a whole number from 0 to 7, got 9",
        ),
        (
            lambda d: d["rounds"].append({"tables": [table(0, 1), table(1, 2)]}),
            "round 1, table 2: team 1 already plays in this round",
        ),
        (
            lambda d: d["rounds"].append(
                {
                    "tables": [
                        {
                            "teams": [0, 1],
                            "game": {"hands": [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 2]}]},
                        }
                    ]
                }
            ),
            "round 1, table 1: game: hand 1: ",
        ),
        (
            lambda d: d["rounds"].append(
                {
                    "tables": [
                        {"teams": [0, 1], "game": {"players": ["A", "B", "C", "D"], "hands": []}}
                    ]
                }
            ),
            "round 1, table 1: game: its players are not the table's",
        ),
        (
            lambda d: d.update(rules={"preset": "cutthroat"}),
            "rules: an event's tables play four players in partnerships",
        ),
    ],
)
def test_a_bad_file_is_one_line_naming_where(change, message):
    data = event()
    change(data)
    with pytest.raises(EventFileError) as refused:
        summarize(parse_event_file(json.dumps(data)))
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)


def test_a_withdrawn_team_keeps_its_results_and_is_not_paired_again():
    teams = [dict(team) for team in TEAMS[:4]]
    teams[3]["withdrawn"] = True
    summary = summarize(
        parse_event_file(event([{"tables": [table(0, 1), table(2, 3)]}], teams=teams))
    )
    assert summary["next_round"]["tables"] == [{"table": 1, "teams": [0, 2]}]
    assert summary["next_round"]["byes"] == [1]
    deuces = next(line for line in summary["standings"] if line["team"] == 3)
    assert deuces["losses"] == 1


def test_a_penalty_of_tricks_scores_the_game_again_and_the_line_tells_it():
    teams = TEAMS[:2]
    data = event([{"tables": [table(0, 1, took=8)]}], teams=teams)  # Aces 71, Books -60
    data["penalties"] = [
        {"round": 1, "table": 1, "team": 0, "hand": 1, "tricks": 3, "reason": "renege"}
    ]
    summary = summarize(parse_event_file(data))
    lines = {line["team"]: line for line in summary["standings"]}
    # Aces keep 5 of their 8 and are set (-70); Books take 8 against their 6 (62, 2 bags).
    assert (lines[0]["points_for"], lines[0]["losses"]) == (-70, 1)
    assert (lines[1]["points_for"], lines[1]["wins"], lines[1]["bags"]) == (62, 1, 2)
    told = (
        "Round 1, table 1: lost to Books -70 to 62 (+0); "
        "penalty: 3 tricks of hand 1 moved from Aces to Books (renege)"
    )
    assert lines[0]["games"] == [told]
    assert lines[1]["games"][0].endswith(
        "penalty: 3 tricks of hand 1 moved from Aces to Books (renege)"
    )


def test_a_penalty_of_tricks_that_ends_the_game_short_of_its_end_goes_to_the_higher_score():
    # A 2-hand game; the penalty moves tricks in hand 1, and the game still ends after hand 2.
    teams = TEAMS[:2]
    game = {"hands": [hand(8), hand(8)]}
    data = event([{"tables": [{"teams": [0, 1], "game": game}]}], teams=teams)
    data["rules"] = {"preset": "standard", "hand_limit": 2}
    data["penalties"] = [
        {"round": 1, "table": 1, "team": 0, "hand": 1, "tricks": 1, "reason": "renege"}
    ]
    lines = {line["team"]: line for line in summarize(parse_event_file(data))["standings"]}
    # Hand 1: Aces 7 of 7 (70), Books 6 of 6 (60); hand 2: 71 against -60.
    assert (lines[0]["points_for"], lines[1]["points_for"]) == (141, 0)
    assert lines[0]["wins"] == 1


def test_penalty_words_for_points_and_a_forfeit():
    teams = TEAMS[:2]
    data = event([{"tables": [table(0, 1, took=8)]}], teams=teams)
    data["penalties"] = [{"round": 1, "table": 1, "team": 1, "points": 25, "reason": "talking"}]
    lines = {line["team"]: line for line in summarize(parse_event_file(data))["standings"]}
    assert lines[1]["games"][0].endswith("; penalty: 25 points off Books (talking)")
    data["penalties"] = [{"round": 1, "table": 1, "team": 1, "forfeit": True, "reason": ""}]
    lines = {line["team"]: line for line in summarize(parse_event_file(data))["standings"]}
    assert lines[0]["games"][0].endswith("; penalty: Books forfeited the game")


@pytest.mark.parametrize(
    ("penalty", "unmade"),
    [
        ({"hand": 2, "tricks": 1}, "hand 2 has not been played at this table (1 hand has)"),
        ({"hand": 1, "tricks": 6}, "hand 1: the side took only 5 tricks in it, fewer than 6"),
    ],
)
def test_a_penalty_of_tricks_the_game_no_longer_allows_moves_nothing_and_says_why(penalty, unmade):
    # The desk checks a penalty when it is given; a hand corrected or undone at the table
    # afterwards can leave it nothing to move. The standings say so instead of failing.
    data = event([{"tables": [table(1, 0, took=8)]}], teams=TEAMS[:2])  # Books took 8, Aces 5
    data["penalties"] = [{"round": 1, "table": 1, "team": 0, "reason": "renege", **penalty}]
    lines = {line["team"]: line for line in summarize(parse_event_file(data))["standings"]}
    assert lines[0]["points_for"] == -60  # as played
    assert lines[0]["games"][0].endswith(f"(renege), not made: {unmade}")


@pytest.mark.parametrize(
    ("penalty", "message"),
    [
        ({"tricks": 2}, "penalty 1: hand: expected a whole number from 1 to"),
        ({"hand": 1}, "penalty 1: hand: only a penalty of tricks names a hand"),
        ({"hand": 1, "tricks": 1, "points": 10}, "penalty 1: a penalty of tricks stands alone"),
        ({}, "penalty 1: give the points it costs, the tricks it moves, or a forfeit"),
    ],
)
def test_a_bad_penalty_of_tricks_is_one_line_naming_where(penalty, message):
    data = event([{"tables": [table(1, 0, took=8)]}], teams=TEAMS[:2])  # Books took 8, Aces 5
    data["penalties"] = [{"round": 1, "table": 1, "team": 0, "reason": "renege", **penalty}]
    with pytest.raises(EventFileError) as refused:
        parse_event_file(data)
    assert str(refused.value).startswith(message)


def test_an_elimination_seeded_at_random_draws_its_bracket_from_the_files_seed():
    teams = TEAMS[:4]
    data = event(pairing="single_elimination", teams=teams, seeding="random", seed=42)
    first = summarize(parse_event_file(data))["next_round"]
    assert summarize(parse_event_file(json.dumps(data)))["next_round"] == first
    # Seed 42 puts Deuces first and Aces last: seed 1 meets seed 4.
    assert first["tables"][0]["teams"] == [3, 0]
    by_standings = summarize(parse_event_file(event(pairing="single_elimination", teams=teams)))
    assert by_standings["next_round"]["tables"][0]["teams"] == [0, 3]
    # The bracket stays the seed's as it goes on: round 2 meets the winners.
    rounds = [{"tables": [table(*t["teams"]) for t in first["tables"]]}]
    data = event(rounds, pairing="single_elimination", teams=teams, seeding="random", seed=42)
    final = summarize(parse_event_file(data))["next_round"]["tables"]
    assert final == [
        {"table": 1, "teams": [first["tables"][0]["teams"][0], first["tables"][1]["teams"][0]]}
    ]


def test_the_entry_settings_and_waiting_players_are_read_and_checked():
    data = event(entries_until=2)
    data["solos"] = ["Ann", "Bob"]
    parsed = parse_event_file(data)
    assert (parsed.entries_until, parsed.seeding, parsed.seed) == (2, "standings", None)
    assert parsed.solos == ("Ann", "Bob")
    for change, message in [
        (lambda d: d["event"].update(entries_until=0), "event.entries_until: expected a whole"),
        (lambda d: d["event"].update(seeding="luck"), "event.seeding: expected one of standings"),
        (lambda d: d["event"].update(seeding="random"), "event.seed: a random seeding needs"),
        (lambda d: d.update(solos=["Ann", "ann"]), "solos: a player waits twice"),
        (lambda d: d.update(solos=[""]), "solo 0: is empty"),
    ]:
        bad = event()
        change(bad)
        with pytest.raises(EventFileError) as refused:
            parse_event_file(bad)
        assert str(refused.value).startswith(message)


PLAYERS = [
    {"name": n, "players": [n]}
    for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kay", "Lee")
]


def progressive(rounds=(), players=PLAYERS[:8], **settings):
    return event(list(rounds), pairing="progressive", teams=players, **settings)


def test_a_progressive_night_ranks_each_player_by_their_own_total_and_ties_share_a_rank():
    # Table 1: Ann and Cat (seats 1 and 3) win 71 to -60; table 2: Fay and Hal win 62 to -70.
    one = {"tables": [
        {"teams": [0, 1, 2, 3], "game": played(8)},
        {"teams": [4, 5, 6, 7], "game": played(5)},
    ]}  # fmt: skip
    summary = summarize(parse_event_file(progressive([one])))
    lines = {line["name"]: line for line in summary["standings"]}
    # The format's own ranking: a player's total, then wins, then point difference.
    assert [line["name"] for line in summary["standings"][:4]] == ["Ann", "Cat", "Fay", "Hal"]
    assert (lines["Ann"]["rank"], lines["Ann"]["shared"], lines["Ann"]["points_for"]) == (
        1,
        True,
        71,
    )
    assert (lines["Fay"]["rank"], lines["Fay"]["points_for"]) == (3, 62)
    assert lines["Hal"]["games"] == ["Round 1, table 2: with Fay, beat Eve and Gus 62 to -70 (+2)"]
    assert (lines["Eve"]["rank"], lines["Eve"]["points_for"]) == (7, -70)


def test_a_progressive_night_of_three_tables_moves_seat_by_seat_to_its_end():
    players = PLAYERS[:12]
    tables = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    rounds = []
    for _ in range(3):
        rounds.append({"tables": [{"teams": t, "game": played(8)} for t in tables]})
        summary = summarize(parse_event_file(progressive(rounds, players)))
        if len(rounds) < 3:
            nxt = [t["teams"] for t in summary["next_round"]["tables"]]
            assert [t[0] for t in nxt] == [t[0] for t in tables]  # seat 1 stays
            assert nxt[1] == [tables[1][0], tables[2][1], tables[0][2], tables[0][3]]
            tables = nxt
    # Three tables, three rounds (one a table, unless the event says otherwise): it is over.
    assert summary["next_round"] is None
    assert summary["finished"] is True
    ann = next(line for line in summary["standings"] if line["name"] == "Ann")
    assert (ann["wins"], ann["points_for"]) == (3, 213)  # seat 1 all night: 71 a game


def test_a_progressive_night_needs_its_players_in_fours_not_counting_withdrawn_ones():
    # Still taking entries: the file reads, and says what round 1 waits for.
    waiting = summarize(parse_event_file(progressive(players=PLAYERS[:7])))
    assert waiting["next_round"] is None
    assert waiting["finished"] is False
    assert waiting["waiting"] == (
        "A progressive night seats four players at every table: 7 playing so far, "
        "enter 1 more player or withdraw 3."
    )
    # Under way, it must have them in fours.
    one = {"tables": [{"teams": [0, 1, 2, 3], "game": played(8)}]}
    with pytest.raises(EventFileError, match="7 playing so far"):
        parse_event_file(progressive([one], players=PLAYERS[:7]))
    nine = [dict(player) for player in PLAYERS[:9]]
    nine[4]["withdrawn"] = True  # Eve withdrew before round 1: the other eight play
    summary = summarize(parse_event_file(progressive(players=nine)))
    assert summary["next_round"]["tables"] == [
        {"table": 1, "teams": [0, 1, 2, 3]},
        {"table": 2, "teams": [5, 6, 7, 8]},
    ]


def test_a_progressive_player_who_withdraws_mid_night_stops_the_moves_in_one_line():
    one = {"tables": [
        {"teams": [0, 1, 2, 3], "game": played(8)},
        {"teams": [4, 5, 6, 7], "game": played(8)},
    ]}  # fmt: skip
    # Table 2 left (the players stay in fours, as a file must have them): no move is possible.
    players = [dict(player, withdrawn=index >= 4) for index, player in enumerate(PLAYERS[:8])]
    with pytest.raises(EventFileError, match="without Eve, who withdrew"):
        summarize(parse_event_file(progressive([one], players)))


TEAMS_6 = TEAMS[:6]


def most_wins(played_rounds=(), **settings):
    return event(list(played_rounds), pairing="most_wins", teams=TEAMS_6, **settings)


def test_a_most_wins_session_then_a_top_4_playoff_from_first_round_to_winner():
    data = most_wins(rounds=2, playoff=4)
    start = summarize(parse_event_file(data))
    assert start["next_round"]["stage"] == "session"
    # Before the playoff its seeds are the session's best four as they stand (all level: by name).
    assert start["playoff"] == {
        "size": 4,
        "started": False,
        "seeds": [0, 1, 2, 3],
        "alive": [0, 1, 2, 3],
        "games": [],
    }
    # Session round 1: 0, 2 and 4 win; round 2 (Swiss: winners meet winners, no rematch).
    data["rounds"].append({"tables": [table(0, 1), table(2, 3), table(4, 5)]})
    after_one = summarize(parse_event_file(data))
    two = [t["teams"] for t in after_one["next_round"]["tables"]]
    assert two[0] == [0, 2]
    data["rounds"].append({"tables": [table(*teams) for teams in two]})
    after_two = summarize(parse_event_file(data))
    ranked = [line["team"] for line in after_two["standings"]]
    assert ranked[0] == 0  # two wins, the only team with two
    assert after_two["next_round"]["stage"] == "playoff"
    seeds = after_two["playoff"]["seeds"]
    assert seeds == ranked[:4]
    # Single elimination seeded from the session: 1 v 4, 2 v 3.
    assert [t["teams"] for t in after_two["next_round"]["tables"]] == [
        [seeds[0], seeds[3]],
        [seeds[1], seeds[2]],
    ]
    # The playoff: the lower seeds win both semi-finals (the second team of each table wins).
    semis = {
        "stage": "playoff",
        "tables": [table(seeds[0], seeds[3], took=5), table(seeds[1], seeds[2], took=5)],
    }
    data["rounds"].append(semis)
    after_semis = summarize(parse_event_file(data))
    # The session's standings stay as the session left them: the playoff decides the winner.
    assert [line["team"] for line in after_semis["standings"]] == ranked
    assert after_semis["playoff"]["alive"] == [seeds[2], seeds[3]]
    # The playoff's own results are told beside the seeds, not in the session's lines.
    name = [team["name"] for team in data["teams"]]
    assert after_semis["playoff"]["games"] == [
        f"Round 3, table 1: {name[seeds[3]]} beat {name[seeds[0]]} 62 to -70",
        f"Round 3, table 2: {name[seeds[2]]} beat {name[seeds[1]]} 62 to -70",
    ]
    assert not any(
        "Round 3" in words for line in after_semis["standings"] for words in line["games"]
    )
    final = after_semis["next_round"]
    assert (final["stage"], [t["teams"] for t in final["tables"]]) == (
        "playoff",
        [[seeds[2], seeds[3]]],
    )
    data["rounds"].append({"stage": "playoff", "tables": [table(seeds[2], seeds[3])]})
    over = summarize(parse_event_file(data))
    assert (over["finished"], over["winner"], over["next_round"]) == (True, seeds[2], None)


def test_a_most_wins_playoff_may_begin_before_the_sessions_planned_rounds():
    data = most_wins(rounds=5, playoff=2)
    data["rounds"].append({"tables": [table(0, 1), table(2, 3), table(4, 5)]})
    assert summarize(parse_event_file(data))["next_round"]["stage"] == "session"
    # The director called the session after one round: its first playoff round says so.
    data["rounds"].append({"stage": "playoff", "tables": [table(0, 2)], "byes": []})
    summary = summarize(parse_event_file(data))
    assert summary["playoff"]["seeds"] == [0, 2]
    assert (summary["finished"], summary["winner"]) == (True, 0)


def test_a_most_wins_playoff_of_more_teams_than_are_playing_takes_them_all():
    data = event([], pairing="most_wins", teams=TEAMS[:3], rounds=1, playoff=8)
    data["rounds"].append({"tables": [table(0, 1)], "byes": [2]})
    summary = summarize(parse_event_file(data))
    assert sorted(summary["playoff"]["seeds"]) == [0, 1, 2]
    # Three seeds: the best has a bye, the other two play.
    assert summary["next_round"]["byes"] == [summary["playoff"]["seeds"][0]]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            event([{"tables": [table(0, 1)], "stage": "playoff"}]),
            "round 1: stage: only a most-wins event has a playoff",
        ),
        (
            most_wins([{"tables": [table(0, 1)], "stage": "final"}]),
            'round 1: stage: expected "session" or "playoff", got "final"',
        ),
        (
            most_wins([{"tables": [table(0, 1)], "stage": "playoff"}, {"tables": [table(2, 3)]}]),
            "round 2: stage: a session round can't follow the playoff",
        ),
        (event(playoff=4), "event.playoff: only a most-wins event has a playoff"),
        (most_wins(playoff=1), "event.playoff: expected a whole number from 2 to 200, got 1"),
    ],
)
def test_a_bad_stage_or_playoff_is_one_line(data, message):
    with pytest.raises(EventFileError) as refused:
        parse_event_file(json.dumps(data))
    assert str(refused.value) == message


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 8), st.integers(2, 9), st.randoms(use_true_random=False))
def test_a_most_wins_playoff_of_the_sessions_best_ends_with_one_of_them_winning(
    count, size, chance
):
    teams = TEAMS[:count]
    data = event([], pairing="most_wins", teams=teams, rounds=2, playoff=size)
    summary = summarize(parse_event_file(data))
    seeds = None
    while summary["next_round"] is not None:
        pairing = summary["next_round"]
        stage = pairing["stage"]
        if stage == "playoff" and seeds is None:  # the session is over: its best play off
            seeds = summary["playoff"]["seeds"]
            ranked = [line["team"] for line in summary["standings"]]
            assert seeds == ranked[: min(size, count)]
        tables = [table(*t["teams"], took=chance.choice([5, 8])) for t in pairing["tables"]]
        data["rounds"].append({"tables": tables, "byes": pairing["byes"], "stage": stage})
        assert len(data["rounds"]) <= 2 + 4, "a playoff of at most 8 ends in three rounds"
        summary = summarize(parse_event_file(data))
    assert summary["finished"] is True
    assert [item["stage"] for item in data["rounds"][:2]] == ["session", "session"]
    assert summary["winner"] in seeds
    assert summary["playoff"]["alive"] == [summary["winner"]]


@pytest.mark.parametrize("teams", [[], TEAMS[:1]])
def test_an_event_still_taking_entries_reads_and_waits_for_two_teams(teams):
    summary = summarize(parse_event_file(event([], teams=teams)))
    assert summary == {
        "standings": [],
        "next_round": None,
        "finished": False,
        "winner": None,
        "waiting": "Enter at least two teams first.",
    }


def test_when_all_but_one_team_withdrew_nobody_is_left_to_pair():
    teams = [dict(team, withdrawn=index > 0) for index, team in enumerate(TEAMS)]
    one = {"tables": [table(0, 1), table(2, 3), table(4, 5), table(6, 7)]}
    summary = summarize(parse_event_file(event([one], teams=teams)))
    assert summary["next_round"] is None
    assert summary["finished"] is True


# The file's bounds, checked as the stream is read (`EVENT_BOUNDS`).


class Endless(io.RawIOBase):
    """A file of `head`, then `piece` `count` times, then `tail`, made as it is read (the
    test holds none of it), counting the bytes the reader took."""

    def __init__(self, head: bytes, piece: bytes, count: int, tail: bytes) -> None:
        batch = max(1, 65_536 // len(piece))
        runs = [piece * batch] * (count // batch) + [piece * (count % batch)]
        self.parts = iter([head, *runs, tail])
        self.left = b""
        self.taken = 0
        self.size = len(head) + len(piece) * count + len(tail)

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        size = 65_536 if size < 0 else size
        while len(self.left) < size:
            part = next(self.parts, None)
            if part is None:
                break
            self.left += part
        chunk, self.left = self.left[:size], self.left[size:]
        self.taken += len(chunk)
        return chunk


HEAD = b'{"format": "spades-event/1", "teams": [], '


@pytest.mark.parametrize(
    ("stream", "message"),
    [
        (
            # The wide file of the attack: 49 MB of empty objects under a key no event has.
            lambda: Endless(HEAD + b'"x": [', b"{}, ", 12_000_000, b"{}]}"),
            "x: not a key of an event file, and too large to pass over (more than 1000 values)",
        ),
        (
            lambda: Endless(
                b'{"format": "spades-event/1", "teams": [', b"{}, ", 12_000_000, b"{}]}"
            ),
            "teams: more than 200 items, more than an event file holds there",
        ),
        (
            lambda: Endless(HEAD + b'"rounds": ', b"[", 12_000_000, b""),
            "the file's brackets are nested more than 29 deep, deeper than an event file can be",
        ),
        (
            lambda: Endless(HEAD + b'"name": "', b"a", 48_000_000, b'"}'),
            "a text (or a run of spaces) in the file is longer than anything an event file "
            "holds (more than 262144 bytes)",
        ),
        (
            lambda: Endless(
                HEAD + b'"rounds": [{"tables": [', b'{"teams": [0, 1]}, ', 10**6, b"]}]}"
            ),
            "rounds[0].tables: more than 100 items, more than an event file holds there",
        ),
        (
            lambda: Endless(HEAD + b'"rules": {"x": [', b"1, ", 10**7, b"1]}}"),
            "rules.x: more than 1000 items, more than an event file holds there",
        ),
    ],
)
def test_a_file_too_wide_deep_or_long_is_refused_as_the_stream_reaches_its_bound(stream, message):
    source = stream()
    tracemalloc.start()
    try:
        with pytest.raises(EventFileError) as refused:
            parse_event_file(source)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(refused.value) == message
    # Refused within the first megabyte of a file of up to 49, having built next to nothing.
    assert source.taken < 1_000_000 < source.size
    assert peak < 5_000_000


def test_the_file_s_own_totals_of_games_and_hands_are_bounded(monkeypatch):
    from games.events import eventfile

    bounds = eventfile.EVENT_BOUNDS
    few = dataclasses.replace(bounds, totals={**bounds.totals, eventfile._HANDS: ("hands", 3)})
    monkeypatch.setattr(eventfile, "EVENT_BOUNDS", few)
    one = {"tables": [table(0, 1), table(2, 3), table(4, 5), table(6, 7)]}
    with pytest.raises(EventFileError) as refused:
        parse_event_file(json.dumps(event([one])))
    assert str(refused.value) == (
        "rounds[0].tables[3].game.hands: the file holds more than 3 hands, more than an event can"
    )


def test_a_key_the_format_does_not_name_is_passed_over_unbuilt():
    data = {**event(), "exported_by": {"app": "elsewhere", "notes": ["a", "b"]}}
    assert parse_event_file(json.dumps(data)).names == [team["name"] for team in TEAMS]


def test_a_file_read_whole_still_names_the_line_of_a_json_error():
    with pytest.raises(EventFileError) as refused:
        parse_event_file(b'{"format": "spades-event/1",\n "teams": [}')
    assert str(refused.value).startswith("not valid JSON: ")
    assert "(line 2, column" in str(refused.value)


def test_the_byte_limit_is_the_largest_event_there_can_be():
    from games.scoring import limits

    # 200 teams pair 100 tables a round; the games and hands an account keeps bound the rest.
    assert limits.MAX_EVENT_TABLES == 100
    assert limits.MAX_EVENT_GAMES == limits.MAX_ACCOUNT_GAMES
    assert 150_000_000 < limits.MAX_EVENT_BYTES < 250_000_000
    with pytest.raises(EventFileError, match="too large for an event file"):
        parse_event_file(b" " * (limits.MAX_EVENT_BYTES + 1))


def with_team(players=("Ann", "Ben"), name="Aces"):
    return event(teams=[{"name": name, "players": list(players)}, *TEAMS[1:]])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (with_team(players=("Ann", "B" * 41)), "teams[0].players[1]: the name is longer than 40"),
        (with_team(players=("Ann", "x" * 1_000_000)), "a text (or a run of spaces) in the file"),
        (with_team(players=("Ann", "x" * 2_000)), "teams[0].players[1]: a text of more than 1000"),
        (with_team(players=("A\x00n", "Ben")), "teams[0].players[0]: the name contains a tab or"),
        (with_team(players=("Ann", "Ben\u202e")), "teams[0].players[1]: the name contains an "),
        (with_team(players=("Ann", "Ben\nBen")), "teams[0].players[1]: the name contains a line"),
        (with_team(players=("Ann", "👩🏽‍🦱" * 25)), "teams[0].players[1]: the name has too many"),
        (with_team(name="A" * 81), "teams[0].name: the name is longer than 80 characters"),
        (with_team(name="Aces\x07"), "teams[0].name: the name contains a tab"),
        ({**event(), "name": "N" * 201}, "name: the name is longer than 200 characters"),
        ({**event(), "name": "Night\u2066"}, "name: the name contains an invisible formatting"),
        ({**event(), "solos": ["Zoë\x00"]}, "solo 0: contains a tab or another control"),
    ],
)
def test_every_name_of_the_file_follows_the_one_name_rule(data, message):
    with pytest.raises(EventFileError) as refused:
        parse_event_file(json.dumps(data))
    assert str(refused.value).startswith(message)


def test_a_penalty_s_reason_follows_the_name_rule_too():
    one = {"tables": [table(0, 1), table(2, 3), table(4, 5), table(6, 7)]}
    data = event([one])
    data["penalties"] = [{"round": 1, "table": 1, "team": 0, "points": 10, "reason": "late\x00"}]
    with pytest.raises(EventFileError) as refused:
        parse_event_file(json.dumps(data))
    assert str(refused.value).startswith("penalties[0].reason: the name contains a tab")
    data["penalties"][0]["reason"] = "late 🕰️"
    assert parse_event_file(json.dumps(data)).penalties[0].reason == "late 🕰️"


def test_a_200_character_event_name_and_joined_emoji_names_are_read():
    data = with_team(players=("👩🏽‍🦱 Zoë", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Ben"))
    data["name"] = "N" * 200
    parsed = parse_event_file(json.dumps(data))
    assert parsed.name == "N" * 200
    assert parsed.teams[0].players == ("👩🏽‍🦱 Zoë", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Ben")


def test_a_player_in_two_teams_still_playing_is_refused_naming_where():
    data = {
        "format": "spades-event/1",
        "teams": [
            {"name": "Aces", "players": ["Ann", "Art"]},
            {"name": "Books", "players": ["Ben", "ann"]},
        ],
    }
    with pytest.raises(
        EventFileError, match=r"^teams\[1\]\.players\[1\]: ann already plays for teams\[0\]$"
    ):
        parse_event_file(data)
    data["teams"][0]["withdrawn"] = True  # a withdrawn team never meets anyone again
    assert [team.name for team in parse_event_file(data).teams] == ["Aces", "Books"]
