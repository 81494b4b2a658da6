"""`manage.py event FILE`: the standings and next round as JSON, or one line and exit 2."""

import io
import json
import subprocess
import sys

from django.core.management import call_command

from tests.events.test_eventfile import event, table


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
    path.write_text('{"format": "spades-event/1", "teams": []}')
    run = subprocess.run(
        [sys.executable, "manage.py", "event", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr.strip() == "teams: expected 2 to 400 entries, got 0"
