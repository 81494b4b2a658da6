"""CSV safe in spreadsheets: every CSV the app writes (a game's hands, a club night's
standings) writes a cell that starts like a formula with a single quote in front, as OWASP's
"CSV Injection" page recommends, and numbers as numbers. Read back with Python's csv module."""

import csv
import io

import pytest
from django.urls import reverse

from games import display
from games.club import services as club
from tests.club.test_club_night import new_event, play_out
from tests.conftest import QUIET_HAND

# Names the players' rule accepts that a spreadsheet would run as formulas.
FORMULAS = [
    '=HYPERLINK("http://example.com/x","Aces")',
    "+cmd|' /C calc'!A0",
    "-1+1",
    "@SUM(1+1)",
]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        *((formula, "'" + formula) for formula in FORMULAS),
        ("=1+1", "'=1+1"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("Aces", "Aces"),
        ("Ann = Bob", "Ann = Bob"),
        ("", ""),
        ("-40", "-40"),  # text that is a plain number stays one
        ("+12.5", "+12.5"),
        ("-", "'-"),
        (-40, -40),
        (7, 7),
        (None, None),
    ],
)
def test_a_cell_that_starts_like_a_formula_gets_a_quote_and_numbers_stay_numbers(value, written):
    assert display.csv_cell(value) == written


def rows(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(response.content.decode())))


@pytest.mark.django_db
def test_the_standings_csv_writes_formula_names_as_text(client, owner):
    event = new_event(owner)  # eight teams, then four named like formulas
    for number, name in enumerate(FORMULAS):
        club.add_team(owner, event.pk, name, [f"=P{number}", f"@Q{number}"])
    round_ = club.start_round(owner, event.pk)
    for seating in round_.seatings.select_related("game"):
        play_out(seating.game, owner)  # the first team of each table wins: some differences < 0
    client.force_login(owner)

    header, *lines = rows(client.get(reverse("club:standings_csv", args=[event.pk])))

    names = [line[1] for line in lines]
    for formula in FORMULAS:
        assert "'" + formula in names
    assert not [name for name in names if name.startswith(display.FORMULA_STARTS)]
    for line in lines:
        figures = dict(zip(header, line, strict=True))
        for column in ("Match points", "Wins", "Points for", "Point difference", "Bags"):
            int(figures[column])  # a number, not text with a quote in front
        assert not figures["Games"].startswith(display.FORMULA_STARTS)
    differences = [int(dict(zip(header, line, strict=True))["Point difference"]) for line in lines]
    assert min(differences) < 0 < max(differences)


@pytest.mark.django_db
def test_the_games_csv_writes_formula_names_as_text(owner_client, make_game):
    game = make_game([QUIET_HAND], players=["=1+1", "@Ben", "-Cat", "+Dan"])

    header, *lines = rows(owner_client.get(reverse("export_csv", args=[game.pk])))

    assert header[:4] == ["hand", "dealer", "side", "players"]
    assert [line[1] for line in lines] == ["'=1+1", "'=1+1"]  # the dealer
    assert lines[0][3] == "'=1+1 + -Cat"
    assert lines[1][3] == "'@Ben + +Dan"
    for line in lines:
        assert [int(cell) for cell in line[5:10]]  # contract to bags: numbers
        assert not any(cell.startswith(display.FORMULA_STARTS) for cell in line)
