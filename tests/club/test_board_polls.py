"""The room board is polled twice a second by every phone following the event: a poll that
finds nothing new is answered 304 from the event's version alone, in three small queries
however many tables, rounds and hands the event has, and any recorded step moves it on. A new
version is put together from pieces drawn once each: the line of the table that moved, the
others as drawn before, and the standings as they stood at the last result."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import events, services
from games.access import Access
from games.club import board, eventfile, reads
from games.club import services as club
from tests.club.test_club_night import new_event, play_out

pytestmark = pytest.mark.django_db


def poll(client, event, etag):
    url = reverse("club:board_live", args=[event.board_token])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers={"If-None-Match": etag, "HX-Request": "true"})
    return response, len(queries)


def etag_of(client, event) -> str:
    response = client.get(reverse("club:board_live", args=[event.board_token]))
    assert response.status_code == 200
    return response["ETag"]


def test_an_unchanged_board_costs_the_same_few_queries_at_any_size(client, owner):
    event = new_event(owner)
    club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    response, early = poll(client, event, etag_of(client, event))
    assert response.status_code == 304
    assert response.content == b""
    # A round played out and a second one under way: more games, hands and rows.
    for seating in event.event_rounds.get(number=1).seatings.select_related("game"):
        play_out(seating.game, owner)
    club.start_round(owner, event.pk)
    response, late = poll(client, event, etag_of(client, event))
    assert response.status_code == 304
    # The event by its token, its latest round (the clock) and its games' versions added up.
    assert early == late == 3


def test_every_recorded_step_moves_the_board_on(client, owner):
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.get(number=2).game
    etag = etag_of(client, event)
    for form, values in (("bids", [3, 3, 4, 3]), ("tricks", [3, 3, 4, 3])):
        with services.locked_game(Access(user=owner), game.pk) as locked:
            services.record_step(locked, services.step_for(locked, form, 1), values)
        response, _ = poll(client, event, etag)
        assert response.status_code == 200
        assert response["ETag"] != etag
        etag = response["ETag"]
        assert poll(client, event, etag)[0].status_code == 304


def test_the_standings_are_worked_out_again_when_a_game_counts_not_at_every_step(owner):
    event = new_event(owner)
    seatings = list(club.start_round(owner, event.pk).seatings.select_related("game"))
    before = reads.results_version(event)
    playing = seatings[1].game
    with services.locked_game(Access(user=owner), playing.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 4, 3])
    assert reads.results_version(event) == before  # a hand at a table still playing
    play_out(seatings[0].game, owner)
    ended = reads.results_version(event)
    assert ended != before
    # A forfeit counts a game still being played: its every step moves the standings.
    club.add_penalty(owner, event.pk, 1, 2, seatings[1].teams[0], 0, True, "left early")
    event.refresh_from_db()
    forfeited = reads.results_version(event)
    assert forfeited != ended
    with services.locked_game(Access(user=owner), playing.pk) as locked:
        services.record_step(locked, services.step_for(locked, "tricks", 1), [3, 3, 4, 3])
    assert reads.results_version(event) != forfeited
    assert reads.summary(event) == events.summarize(events.parse_event_file(eventfile.write(event)))


def line_of(html: str, game) -> str:
    start = html.index(f'<tr id="board-game-{game.pk}"')
    return html[start : html.index("</tr>", start)]


def test_a_step_draws_the_line_of_its_table_alone_and_the_board_shows_it(
    client, owner, monkeypatch
):
    event = new_event(owner)
    seatings = list(club.start_round(owner, event.pk).seatings.select_related("game"))
    etag = etag_of(client, event)
    drawn = []
    draw = board.line

    def counted(seating, *rest):
        drawn.append(seating.number)
        return draw(seating, *rest)

    monkeypatch.setattr(board, "line", counted)
    game = seatings[1].game
    for form, values in (("bids", [3, 3, 4, 3]), ("tricks", [3, 3, 4, 3])):
        with services.locked_game(Access(user=owner), game.pk) as locked:
            services.record_step(locked, services.step_for(locked, form, 1), values)
        response, _ = poll(client, event, etag)
        assert response.status_code == 200
        etag = response["ETag"]
    assert drawn == [2, 2]
    game.refresh_from_db()
    shown = line_of(response.content.decode(), game)
    assert f'{game.scores[0]} <span class="muted">to</span> {game.scores[1]}' in shown
    assert game.scores != [0, 0]
    # Every table is still on the board, in order.
    html = response.content.decode()
    assert [html.index(f'id="board-game-{s.game.pk}"') for s in seatings] == sorted(
        html.index(f'id="board-game-{s.game.pk}"') for s in seatings
    )


def test_a_result_confirmed_shows_on_a_board_whose_lines_were_drawn_before(client, owner):
    event = new_event(owner)
    seating = club.start_round(owner, event.pk).seatings.select_related("game").get(number=1)
    play_out(seating.game, owner)
    response = client.get(reverse("club:board_live", args=[event.board_token]))
    assert '<td class="state">Done, not confirmed</td>' in line_of(
        response.content.decode(), seating.game
    )
    club.confirm_result(Access(user=owner), seating.game_id, "Ben")
    response, _ = poll(client, event, response["ETag"])
    assert response.status_code == 200
    assert '<td class="state">Done, confirmed by Ben</td>' in line_of(
        response.content.decode(), seating.game
    )


def record(wins: int, draws: int, losses: int) -> str:
    return f"<td>{wins}\N{EN DASH}{draws}\N{EN DASH}{losses}</td>"  # as the standings show it


def test_the_standings_are_drawn_again_when_a_result_counts(client, owner):
    event = new_event(owner)
    seating = club.start_round(owner, event.pk).seatings.select_related("game").get(number=1)
    url = reverse("club:board_live", args=[event.board_token])
    before = client.get(url).content.decode()
    assert record(0, 0, 0) in before
    play_out(seating.game, owner)
    after = client.get(url).content.decode()
    assert record(1, 0, 0) in after
    assert record(0, 0, 1) in after
