"""The event-file scenario of `make faults` (`tests/tools/faults/event_files.py`): its files are
the report's, and its judge fails what it should (a file not refused, slow, or a worker grown)."""

import dataclasses

import pytest

from games.events import EventFileError, parse_event_file, summarize
from tests.tools.faults import event_files


def test_the_wide_and_deep_files_are_the_report_s_and_are_refused_by_the_reader():
    wide = event_files.wide_file()
    assert 48_000_000 < len(wide) < 50_000_000
    with pytest.raises(EventFileError, match=r"^x: not a key of an event file"):
        parse_event_file(wide)
    del wide
    deep = event_files.deep_file()
    assert len(deep) > 5_000_000  # so the app reads it as a stream
    with pytest.raises(EventFileError, match="nested more than 29 deep"):
        parse_event_file(deep)


def test_the_big_event_is_5000_games_of_200_teams_without_a_rematch():
    event = parse_event_file(event_files.big_event())
    assert len(event.teams) == 200
    assert sum(len(round_.tables) for round_ in event.rounds) == 5_000
    met = [frozenset(t.entrants) for round_ in event.rounds for t in round_.tables]
    assert len(set(met)) == len(met)
    assert summarize(event)["standings"]


@dataclasses.dataclass
class Said:
    did: list = dataclasses.field(default_factory=list)
    unexpected: list = dataclasses.field(default_factory=list)

    def say(self, line: str) -> None:
        self.did.append(line)


@dataclasses.dataclass
class Answer:
    seconds: float


@dataclasses.dataclass
class FakePhone:
    status: int
    seconds: float
    answers: list = dataclasses.field(default_factory=list)

    def request(self, *args, **kwargs):
        self.answers.append(Answer(self.seconds))
        return self.status, {}, b""


class NoWorkers:
    def workers(self) -> list[int]:
        return []


@pytest.mark.parametrize(
    ("status", "seconds", "problem"),
    [
        (422, 0.1, None),
        (302, 0.1, "a guest, wide: not refused (302)"),
        (500, 0.1, "a guest, wide: answered 500"),
        (422, 3.0, "a guest, wide: refused after 3.0 s (threshold 2.0 s)"),
    ],
)
def test_the_judge_fails_a_file_not_refused_or_refused_slowly(status, seconds, problem):
    said = Said()
    phone = FakePhone(status, seconds)
    event_files.post_refused(NoWorkers(), said, "a guest", phone, "wide", b"{}")
    assert said.unexpected == ([problem] if problem else [])
