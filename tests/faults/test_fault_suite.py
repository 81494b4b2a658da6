"""The fault suite's own bookkeeping (`make faults`): what a phone was told was recorded is
checked against the game as the app exports it, so a lost step cannot go unnoticed."""

import pytest

from games.models import Hand
from tests.tools.database import current_url
from tests.tools.faults import run
from tests.tools.faults.phones import Load

pytestmark = [pytest.mark.serving, pytest.mark.django_db(transaction=True)]


def test_a_table_under_load_reports_what_was_recorded_and_a_lost_step(tmp_path):
    with run.serving(tmp_path, current_url()) as stack:
        tables, watchers = run.tables_and_watchers(stack, 1, 1)
        with Load(tables, watchers, 1.5):
            pass
        table = tables[0]
        assert len(table.recorded) >= 4
        assert table.refused == []
        assert table.lost() == []

        number, _ = table.recorded[-1]
        Hand.objects.filter(game_id=table.game, number=number).delete()

        assert table.lost() == [f"game {table.game} hand {number} {kind}"
                                for n, kind in table.recorded if n == number]  # fmt: skip


def test_the_suite_is_bounded_in_time():
    assert run.parse_args(["--seconds", "3600"]).seconds == 60
    assert run.parse_args(["--seconds", "0"]).seconds == 2
    assert run.parse_args([]).only is None
