"""`manage.py event FILE`: the standings and next round as JSON, or one line and exit 2."""

import io
import json
import subprocess
import sys

from django.core.management import call_command

from tests.events.test_eventfile import TEAMS, event, table


def test_the_command_prints_the_standings_and_the_next_round(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event([{"tables": [table(0, 1), table(2, 3)]}], rounds=2)))
    out = io.StringIO()
    call_command("event", str(path), stdout=out)
    summary = json.loads(out.getvalue())
    assert [line["team"] for line in summary["standings"][:2]] in ([0, 2], [2, 0])
    assert summary["next_round"]["tables"][0]["teams"] in ([0, 2], [2, 0])
    assert summary["finished"] is False


def test_a_bad_event_file_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "event.json"
    path.write_text('{"format": "spades-event/1", "teams": "Aces"}')
    run = subprocess.run(
        [sys.executable, "manage.py", "event", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr.strip() == 'teams: expected a list, got "Aces"'


def run(tmp_path, data):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    call_command("event", str(path), stdout=out)
    return json.loads(out.getvalue())


def test_the_command_counts_a_penalty_of_tricks_with_the_game_scored_again(tmp_path):
    data = event([{"tables": [table(0, 1, took=8)]}], teams=TEAMS[:2])
    data["penalties"] = [
        {"round": 1, "table": 1, "team": 0, "hand": 1, "tricks": 3, "reason": "renege"}
    ]
    lines = {line["team"]: line for line in run(tmp_path, data)["standings"]}
    assert (lines[0]["points_for"], lines[1]["points_for"]) == (-70, 62)
    assert lines[0]["games"][0].endswith("moved from Aces to Books (renege)")


def test_the_command_draws_a_random_bracket_from_the_files_seed(tmp_path):
    data = event(pairing="single_elimination", teams=TEAMS[:4], seeding="random", seed=42)
    first = run(tmp_path, data)["next_round"]
    assert first == run(tmp_path, data)["next_round"]
    assert first["tables"] == [{"table": 1, "teams": [3, 0]}, {"table": 2, "teams": [2, 1]}]


def test_a_random_seeding_without_its_seed_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event(pairing="single_elimination", seeding="random")))
    run_ = subprocess.run(
        [sys.executable, "manage.py", "event", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run_.returncode == 2
    assert run_.stderr.strip().startswith("event.seed: a random seeding needs the seed")


def test_the_command_moves_a_progressive_nights_players_and_ranks_them_by_their_totals(tmp_path):
    players = [{"name": name, "players": [name]} for name in "ABCDEFGH"]
    start = run(tmp_path, event([], pairing="progressive", teams=players))
    assert start["next_round"]["tables"] == [
        {"table": 1, "teams": [0, 1, 2, 3]},
        {"table": 2, "teams": [4, 5, 6, 7]},
    ]
    # Seats 1 and 3 win at both tables (a game as `table` plays it, at four players' table).
    one = {"tables": [table(0, 1) | {"teams": [0, 1, 2, 3]}, table(0, 1) | {"teams": [4, 5, 6, 7]}]}
    summary = run(tmp_path, event([one], pairing="progressive", teams=players))
    assert summary["next_round"]["tables"][0]["teams"] == [0, 5, 6, 3]
    assert [line["name"] for line in summary["standings"][:4]] == ["A", "C", "E", "G"]
    assert summary["standings"][0]["points_for"] == 71


def test_the_command_gives_a_most_wins_events_playoff_and_its_winner(tmp_path):
    data = event([{"tables": [table(0, 1), table(2, 3)]}], pairing="most_wins", rounds=1)
    data["teams"] = data["teams"][:4]
    data["event"]["playoff"] = 2
    before = run(tmp_path, data)
    assert before["next_round"] == {
        "tables": [{"table": 1, "teams": [0, 2]}],
        "byes": [],
        "stage": "playoff",
    }
    data["rounds"].append({"stage": "playoff", "tables": [table(2, 0)]})
    after = run(tmp_path, data)
    assert (after["finished"], after["winner"], after["next_round"]) == (True, 2, None)
    assert after["playoff"] == {
        "size": 2,
        "started": True,
        "seeds": [0, 2],
        "alive": [2],
        "games": ["Round 2, table 1: Clubs beat Aces 71 to -60"],
    }


def test_a_wide_event_file_is_refused_by_the_command_as_the_app_refuses_it(tmp_path):
    """Larger than a file read whole: streamed, and refused at its bound."""
    path = tmp_path / "wide.json"
    path.write_bytes(
        b'{"format": "spades-event/1", "teams": [], "x": [' + b"{}, " * 2_000_000 + b"{}]}"
    )
    run = subprocess.run(
        [sys.executable, "manage.py", "event", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "x: not a key of an event file, and too large to pass over (more than 1000 values)"
    )
