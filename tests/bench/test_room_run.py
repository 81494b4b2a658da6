"""`make room`, end to end and short: a small club night served by gunicorn on SQLite, loaded
by phones, its figures written. Collected only when named (it starts servers):
`.venv/bin/python -m pytest tests/bench/test_room_run.py`."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.bench


def test_a_short_room_run_writes_its_figures(tmp_path):
    report = tmp_path / "room.json"
    command = [sys.executable, "-m", "tests.tools.room", "--seconds", "6", "--tables", "3"]
    command += ["--followers", "8", "--step-every", "1", "--report", str(report)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(report.read_text())
    assert figures["steps"]["count"] > 0
    assert figures["steps"]["failed"] == 0
    assert figures["steps"]["statuses"] == {"200": figures["steps"]["count"]}
    assert figures["board_delay"]["pairs"] > 0
    assert figures["board_delay"]["stale"] == 0
    assert figures["board_beat_s"] == 0.5
    assert "recorded step:" in done.stdout


def test_a_short_hosted_run_pushes_the_boards_updates(tmp_path):
    report = tmp_path / "room.json"
    command = [sys.executable, "-m", "tests.tools.room", "--shape", "hosted", "--seconds", "8"]
    command += ["--events", "2", "--tables", "3", "--followers", "8", "--step-every", "1"]
    command += ["--report", str(report)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if "needs PostgreSQL and Redis" in done.stderr:
        pytest.skip(done.stderr.strip())
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(report.read_text())
    assert figures["board_updates"] == "push"
    assert figures["steps"]["failed"] == 0
    assert figures["pushed_updates"] > 0
    assert figures["board_delay"]["pairs"] > 0
    # Beside the stream a board polls seldom: at open, then only after a silence.
    assert figures["board_polls"]["count"] <= 2 * figures["board_followers"]
    assert "pushed:" in done.stdout
