"""What the room board tells the room: the round's byes and how many of its tables are done,
where each team sits (by name, to be found at a glance), each table's result as it stands
(playing, time called, done and confirmed or not, corrected by the director), and at the end
the winner and every place. Nothing on it is to be opened or tapped: the desk's standings
explain their lines, the board's don't."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from games import scoring, services
from games.access import Access
from games.club import board, reads
from games.club import services as club
from games.club.models import EventRound, Seating
from tests.club.test_club_night import TEAMS, new_event, play_out

pytestmark = pytest.mark.django_db


def board_page(client, event) -> str:
    response = client.get(reverse("club:board", args=[event.board_token]))
    assert response.status_code == 200
    return response.content.decode()


def live(client, event) -> str:
    response = client.get(reverse("club:board_live", args=[event.board_token]))
    assert response.status_code == 200
    return response.content.decode()


def section(html: str, title_id: str) -> str:
    """A list of the board, from its title to the end of its table."""
    start = html.index(f'id="{title_id}"')
    return html[start : html.index("</table>", start)]


def state_of(html: str, game) -> str:
    start = html.index(f'<tr id="board-game-{game.pk}"')
    row = html[start : html.index("</tr>", start)]
    return row.split('<td class="state">')[1].split("</td>")[0]


def test_the_round_says_its_byes_and_how_many_tables_are_done(client, owner):
    event = new_event(owner)
    club.add_team(owner, event.pk, "Queens", ["Quin", "Quy"])  # 9 teams: a bye
    round_ = club.start_round(owner, event.pk)
    [bye] = round_.byes
    bye_name = event.teams.get(position=bye).name
    html = live(client, event)
    assert f"0 of 4 tables done · a bye: {bye_name}" in html
    seatings = list(round_.seatings.select_related("game"))
    for seating in seatings[:3]:
        play_out(seating.game, owner)
    assert f"3 of 4 tables done · a bye: {bye_name}" in live(client, event)
    assert f'<td>{bye_name}</td><td class="figures">bye</td>' in live(client, event)


def test_after_pairing_each_team_is_shown_its_table_sorted_by_name(client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    tables = {
        event.teams.get(position=position).name: seating.number
        for seating in round_.seatings.all()
        for position in seating.teams
    }
    html = section(live(client, event), "board-seats")
    assert "Where teams sit" in html
    rows = [
        f'<tr><td>{name}</td><td class="figures">{tables[name]}</td></tr>'
        for name in sorted(tables, key=str.casefold)
    ]
    assert [html.index(row) for row in rows] == sorted(html.index(row) for row in rows)
    assert len(rows) == len(TEAMS)


def test_the_seats_are_sorted_by_name_whatever_the_case(owner):
    event = new_event(owner)
    club.add_team(owner, event.pk, "ace high", ["Abe", "Ada"])
    club.add_team(owner, event.pk, "Zebras", ["Zed", "Zoe"])
    round_ = club.start_round(owner, event.pk)
    seats = board.room(event, round_).seats
    names = [name for name, _ in seats]
    assert names == sorted(names, key=str.casefold)
    assert names.index("ace high") < names.index("Aces") < names.index("Books")
    assert board.room(event, None) == board.Room(seats=[], byes=[], tables=0, done=0)


def test_each_line_says_where_its_result_stands(client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    one, two, three, four = round_.seatings.select_related("game")
    play_out(one.game, owner)
    play_out(two.game, owner)
    club.confirm_result(Access(user=owner), two.game_id, "Dan")  # two.game: Clubs v Deuces
    with services.locked_game(Access(user=owner), three.game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    club.start_clock(owner, event.pk)
    EventRound.objects.filter(pk=round_.pk).update(
        clock_ends_at=timezone.now() - timedelta(seconds=1)
    )
    html = live(client, event)  # the board's look at the event calls the time
    assert state_of(html, one.game) == "Done, not confirmed"
    assert state_of(html, two.game) == "Done, confirmed by Dan"
    assert state_of(html, three.game) == "Time called"
    assert state_of(html, four.game) == "Playing"  # no hand yet: nothing to call
    assert '<p class="board-clock">Time called</p>' in html

    # The director corrects a confirmed result: the line drawn before (kept at its game's
    # version and the event's) is drawn again.
    event.refresh_from_db()

    def drawn() -> list[str]:
        return board.lines(event, round_, seq=board.drawn_at(), push=False, desk=False)

    assert "Done, confirmed by Dan" in drawn()[1]
    Seating.objects.filter(pk=two.pk).update(corrected_at=timezone.now())
    lines = drawn()
    assert '<td class="state">Corrected by the director</td>' in lines[1]
    assert '<td class="state">Done, not confirmed</td>' in lines[0]


def test_a_line_of_a_table_still_playing_says_it_was_corrected(owner):
    event = new_event(owner)
    seating = club.start_round(owner, event.pk).seatings.select_related("game").get(number=1)
    assert reads.table_state(seating, seating.game) == "Playing"
    seating.corrected_at = timezone.now()
    assert reads.table_state(seating, seating.game) == "Playing, corrected by the director"
    seating.game.time_called = 3
    assert reads.table_state(seating, seating.game) == "Time called, corrected by the director"


def two_teams(owner):
    event = club.create_event(
        owner,
        name="Final night",
        rules=scoring.get_preset("tournament_10").rules,
        preset="tournament_10",
        pairing="swiss",
        rounds=1,
        round_minutes=None,
        points={"win": 2, "draw": 1, "loss": 0, "bye": 2},
        ranking=["match_points", "point_difference"],
    )
    for name, first, second in TEAMS[:2]:
        club.add_team(owner, event.pk, name, [first, second])
    return event


def test_at_the_end_the_winner_is_named_big_and_the_places_take_the_tables_room(client, owner):
    event = two_teams(owner)
    seating = club.start_round(owner, event.pk).seatings.select_related("game").get()
    play_out(seating.game, owner)  # Aces win
    html = live(client, event)
    assert '<h2 id="board-round">The event is over</h2>' in html
    assert '<p class="board-winner">Winner: Aces</p>' in html
    places = section(html, "board-places")
    assert places.index("<tr><td>1</td><td>Aces</td></tr>") < places.index(
        "<tr><td>2</td><td>Books</td></tr>"
    )
    # No tables, seats nor clock of the round played: the places stand in their room.
    for gone in ('id="board-tables"', 'id="board-seats"', "board-clock"):
        assert gone not in html
    assert 'id="board-standings"' in html


def line(team: int, name: str, rank: int, shared: bool = False) -> dict:
    return {"team": team, "name": name, "rank": rank, "shared": shared, "games": []}


def test_the_places_are_the_summarys_where_it_tells_them(owner):
    event = two_teams(owner)
    # An elimination's places differ from its standings: the final's loser is second.
    state = {
        "finished": True,
        "winner": None,
        "standings": [line(0, "Aces", 1), line(1, "Books", 2), line(2, "Clubs", 3)],
        "places": [
            {"place": 1, "shared": True, "team": 2},
            {"place": 1, "shared": True, "team": 0},
            {"place": 3, "shared": False, "team": 1},
        ],
    }
    assert board.final(event, state) == {
        "winners": ["Clubs", "Aces"],
        "places": [
            {"place": 1, "shared": True, "name": "Clubs"},
            {"place": 1, "shared": True, "name": "Aces"},
            {"place": 3, "shared": False, "name": "Books"},
        ],
    }
    # A summary without them (cached before the events package told them): the standings'.
    del state["places"]
    state["winner"] = 1
    assert board.final(event, state) == {
        "winners": ["Books"],
        "places": [
            {"place": 1, "shared": False, "name": "Aces"},
            {"place": 2, "shared": False, "name": "Books"},
            {"place": 3, "shared": False, "name": "Clubs"},
        ],
    }


def test_a_shared_first_place_is_named_whole(client, owner, monkeypatch):
    event = two_teams(owner)
    seating = club.start_round(owner, event.pk).seatings.select_related("game").get()
    play_out(seating.game, owner)
    shared = {
        **reads.summary(event),
        "winner": None,
        "places": [
            {"place": 1, "shared": True, "team": 0},
            {"place": 1, "shared": True, "team": 1},
        ],
    }
    monkeypatch.setattr(reads, "summary", lambda *args: shared)
    cache.clear()
    html = live(client, event)
    assert '<p class="board-winner">First place shared: Aces and Books</p>' in html
    assert "<tr><td>1=</td><td>Books</td></tr>" in section(html, "board-places")


def test_nothing_on_the_board_opens_the_desks_standings_explain_each_line(client, owner):
    event = new_event(owner)
    seating = club.start_round(owner, event.pk).seatings.select_related("game").get(number=1)
    play_out(seating.game, owner)
    assert "<details" not in board_page(client, event)
    assert "<details" not in live(client, event)
    # The desk's standings (the board's, drawn for the desk) keep each line's explanation.
    event.refresh_from_db()
    standings = board.context(event, desk=True)["standings"]
    assert "<summary>How</summary>" in standings
    assert "<summary>How</summary>" not in board.context(event)["standings"]


def test_the_board_says_its_code_only_opens_here_on_a_loopback_address(client, owner, settings):
    settings.PUBLIC_URL = ""
    event = new_event(owner)
    url = reverse("club:board", args=[event.board_token])
    here = client.get(url, HTTP_HOST="127.0.0.1:8000")
    assertContains(here, "This code only opens on this computer (127.0.0.1)")
    assertContains(here, "make run HOST=0.0.0.0")
    assertNotContains(client.get(url), "only opens on this computer")
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    assertNotContains(client.get(url, HTTP_HOST="127.0.0.1:8000"), "only opens on this computer")
