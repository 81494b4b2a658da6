"""`manage.py score`: JSON on success; one line and exit 2 on any bad input."""

import io
import json
import os

import pytest
from django.core.management import CommandError, call_command

from tests.foundation.processes import clean_env, manage

GAME = {
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "hands": [{"bids": [4, 3, 3, 3], "tricks": [5, 2, 4, 2]}],
}


def run_manage(*args, stdin=""):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    env.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-for-the-command-tests-0123456789")
    return manage(env, *args, input=stdin)


def test_score_prints_the_result(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    data = json.loads(out.getvalue())
    assert data["teams"][0]["score"] == 72
    assert data["hands"][0]["teams"][0]["explanation"] == [
        "Ann + Cat bid 7, took 9: +70",
        "2 bags: +2",
    ]


def test_score_reports_a_bad_hand_as_a_command_error(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**GAME, "hands": [{"bids": [4, 3, 3, 3], "tricks": [5, 2, 4]}]}))
    with pytest.raises(CommandError) as caught:
        call_command("score", str(path))
    assert str(caught.value) == "hand 1: expected 4 trick counts, one per player, got 3"
    assert caught.value.returncode == 2


def test_score_reports_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="No such file") as caught:
        call_command("score", str(tmp_path / "missing.json"))
    assert caught.value.returncode == 2


def test_score_from_standard_input_in_a_subprocess():
    done = run_manage("score", "-", stdin=json.dumps(GAME))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["teams"][1]["score"] == -60


@pytest.mark.parametrize(
    ("stdin", "line"),
    [
        ("{oops", "not valid JSON: Expecting property name enclosed in double quotes"),
        (
            json.dumps({**GAME, "hands": [{"bids": [4, 3, 3, 3], "tricks": [5, 2, 4, 1]}]}),
            "hand 1: tricks add up to 12, but a hand has 13 tricks",
        ),
    ],
)
def test_score_bad_input_exits_2_with_one_line_and_no_traceback(stdin, line):
    done = run_manage("score", "-", stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.strip().startswith(line)
    assert "Traceback" not in done.stderr


def test_score_missing_file_exits_2_in_a_subprocess(tmp_path):
    done = run_manage("score", str(tmp_path / "nope.json"))
    assert done.returncode == 2
    assert done.stderr.strip() == f"{tmp_path / 'nope.json'}: No such file or directory"


def test_score_and_rules_need_no_secret_key(tmp_path):
    """A player scoring a file is not deploying the site: no key, no traceback."""
    env = clean_env(tmp_path / "no-key")
    env["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    done = manage(env, "score", "-", input=json.dumps(GAME))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["teams"][0]["score"] == 72
    done = manage(env, "rules", "hoyle")
    assert done.returncode == 0, done.stderr
    assert "Hoyle" in done.stdout
    # Everything else still refuses to start without a key.
    done = manage(env, "check")
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in done.stderr


@pytest.mark.parametrize("padding", [0, 6_000_000])
def test_score_refuses_a_file_of_brackets_at_the_import_s_depth_not_python_s(tmp_path, padding):
    """Read whole or streamed (padded past 5 MB), the game file's bounds say how deep it may be."""
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"hands": ' + b"[" * 100_000 + b" " * padding + b"]" * 100_000 + b"}")
    with pytest.raises(CommandError) as caught:
        call_command("score", str(path))
    assert str(caught.value) == (
        "the file's brackets are nested more than 24 deep, deeper than a game file can be"
    )
    assert caught.value.returncode == 2
