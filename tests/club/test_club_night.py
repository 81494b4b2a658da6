"""A club night from registration to the final standings: an 8-team Swiss event of 3 rounds with
10-hand games, run through the director's services and pages, the table cards' scoring links,
the room board and the event file."""

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from games import scoring, services
from games.access import Access
from games.club import eventfile, imports, reads
from games.club import services as club
from games.club.models import Event, EventRound, LogEntry, Seating
from games.models import Game

pytestmark = pytest.mark.django_db

TEAMS = [
    ("Aces", "Ann", "Art"),
    ("Books", "Ben", "Bea"),
    ("Clubs", "Cat", "Cal"),
    ("Deuces", "Dan", "Dot"),
    ("Eights", "Eve", "Eli"),
    ("Fours", "Fay", "Fox"),
    ("Jacks", "Jay", "Joy"),
    ("Kings", "Kim", "Kit"),
]
# The first team (seats 1 and 3) bids 12 and takes 12: 120 a hand, 500 reached in hand 5.
WINNING_HAND = ([6, 1, 6, 1], [6, 0, 6, 1])


def bare_event(owner, **settings):
    """A club night with no team entered yet: a Swiss of 3 rounds of 10-hand games."""
    values = {
        "name": "Friday club night",
        "rules": scoring.get_preset("tournament_10").rules,
        "preset": "tournament_10",
        "pairing": "swiss",
        "rounds": 3,
        "round_minutes": 30,
        "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
        "ranking": ["match_points", "point_difference", "points_for"],
    }
    values.update(settings)
    return club.create_event(owner, **values)


def new_event(owner, **settings):
    event = bare_event(owner, **settings)
    for name, first, second in TEAMS:
        club.add_team(owner, event.pk, name, [first, second])
    return event


def play_out(game: Game, owner) -> None:
    """The first team wins the game, a hand of 120 at a time."""
    for number in range(1, 6):
        for form, values in (("bids", WINNING_HAND[0]), ("tricks", WINNING_HAND[1])):
            with services.locked_game(Access(user=owner), game.pk) as locked:
                step = services.step_for(locked, form, number)
                services.record_step(locked, step, values)
    game.refresh_from_db()
    assert game.finished


def test_an_8_team_swiss_of_3_rounds_from_registration_to_the_winner(owner):
    event = new_event(owner)
    for number in range(1, 4):
        round_ = club.start_round(owner, event.pk)
        assert round_.number == number
        seatings = list(round_.seatings.select_related("game"))
        assert len(seatings) == 4
        for seating in seatings:
            game = seating.game
            assert game.table.card.number == seating.number  # the table card's own table
            assert game.rules_obj().hand_limit == 10
            with pytest.raises(club.EventProblem, match="still being played"):
                club.start_round(owner, event.pk)
            play_out(game, owner)
        event.refresh_from_db()
    state = reads.summary(event)
    assert state["finished"] is True
    assert state["next_round"] is None
    winner = state["standings"][0]
    assert (winner["rank"], winner["wins"], winner["match_points"]) == (1, 3, 6)
    assert state["winner"] == winner["team"]
    # No two teams met twice.
    met = [frozenset(s.teams) for s in Seating.objects.filter(round__event=event)]
    assert len(met) == len(set(met)) == 12
    # The exported file, read by `manage.py event`, comes to the same standings.
    out = io.StringIO()
    path = _export(event)
    call_command("event", str(path), stdout=out)
    assert json.loads(out.getvalue())["standings"] == state["standings"]
    assert LogEntry.objects.filter(event=event, what__startswith="Round 3 paired").exists()


def _export(event):
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "event.json"
    path.write_text(json.dumps(eventfile.write(event)))
    return path


def test_the_table_card_scores_each_rounds_game_and_the_other_side_confirms(client, owner):
    event = new_event(owner, pairing="king_of_the_hill")
    first = club.start_round(owner, event.pk).seatings.get(number=1)
    card = first.game.table
    # A phone scans table 1's card: it scores that table's game, without an account.
    client.get(reverse("table_score", args=[card.score_token]))
    response = client.get(first.game.get_absolute_url())
    assert response.status_code == 200
    play_out(first.game, owner)
    page = client.get(first.game.get_absolute_url())
    assertContains(page, "Confirm the result")
    assertNotContains(page, "Rematch: same players and rules")
    client.post(reverse("club:confirm", args=[first.game.pk]), {"name": "Bea"})
    first.refresh_from_db()
    assert first.confirmed_by == "Bea"
    board = client.get(reverse("club:board", args=[event.board_token]))
    assertContains(board, "Done, confirmed")
    # A rematch would take the table card away from the event: refused.
    with pytest.raises(services.Conflict, match="club night"):
        services.start_rematch(Access(user=owner), first.game.pk)
    for seating in first.round.seatings.exclude(pk=first.pk):
        play_out(seating.game, owner)
    second = club.start_round(owner, event.pk).seatings.get(number=1)
    assert second.game.table_id == card.pk
    # The same card now scores round 2's game at table 1.
    assert client.get(second.game.get_absolute_url()).status_code == 200
    # A phone left on round 1's game (a reload, Back) follows its table, and is told why;
    # the old game is no longer open to it.
    followed = client.get(first.game.get_absolute_url(), follow=True)
    assert followed.redirect_chain == [(second.game.get_absolute_url(), 302)]
    assertContains(followed, "Round 2 is paired: table 1 now plays")
    assert client.get(reverse("edit_hand", args=[first.game.pk, 1])).status_code == 404


def test_the_round_clock_calls_time_at_every_table_still_playing(client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    seatings = list(round_.seatings.select_related("game"))
    play_out(seatings[0].game, owner)
    with services.locked_game(Access(user=owner), seatings[1].game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    club.start_clock(owner, event.pk)
    EventRound.objects.filter(pk=round_.pk).update(
        clock_ends_at=timezone.now() - timedelta(seconds=1)
    )
    client.get(reverse("club:board_live", args=[event.board_token]))
    called = {s.number: s.game.time_called for s in round_.seatings.select_related("game")}
    # Table 1 had ended; table 2's hand in play is played out; tables 3-4 had no hand yet.
    assert called == {1: None, 2: 1, 3: None, 4: None}
    round_.refresh_from_db()
    assert round_.time_called is True
    assert (
        LogEntry.objects.filter(event=event, what__contains="Time called for round 1").count() == 1
    )


def test_a_forfeit_and_a_points_penalty_change_the_standings(owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    table_1 = round_.seatings.get(number=1)
    first_team, second_team = table_1.teams
    club.add_penalty(owner, event.pk, 1, 1, first_team, 0, True, "no show")
    lines = {
        line["team"]: line for line in reads.summary(Event.objects.get(pk=event.pk))["standings"]
    }
    assert (lines[first_team]["losses"], lines[second_team]["wins"]) == (1, 1)
    with pytest.raises(club.EventProblem, match="already forfeited"):
        club.add_penalty(owner, event.pk, 1, 1, second_team, 0, True, "twice")


def test_undo_round_takes_its_games_away_and_the_round_can_be_paired_again(owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    games = [s.game_id for s in round_.seatings.all()]
    assert club.undo_round(owner, event.pk) == 1
    assert not Game.objects.filter(pk__in=games).exists()
    again = club.start_round(owner, event.pk)
    assert again.number == 1


def test_the_desk_is_the_directors_alone_and_the_board_is_public(client, owner, stranger):
    event = new_event(owner)
    client.force_login(stranger)
    assert client.get(reverse("club:event", args=[event.pk])).status_code == 404
    assert client.post(reverse("club:start_round", args=[event.pk])).status_code == 404
    client.logout()
    board = client.get(reverse("club:board", args=[event.board_token]))
    assertContains(board, "Friday club night")
    assert client.get(reverse("club:board", args=["nope"])).status_code == 404


def test_the_boards_live_part_answers_304_until_something_changes(client, owner):
    event = new_event(owner)
    url = reverse("club:board_live", args=[event.board_token])
    first = client.get(url)
    etag = first["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    club.start_round(owner, event.pk)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assertContains(changed, "Round 1")


def test_the_director_runs_the_event_from_the_pages(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("club:new_event"),
        {
            "name": "Tuesday league",
            "preset": "tournament_8",
            "pairing": "round_robin",
            "win": 2,
            "draw": 1,
            "loss": 0,
            "bye": 2,
            "ranking": "wins",
        },
    )
    event = Event.objects.get()
    assert response.status_code == 302
    for name, first, second in TEAMS[:3]:
        client.post(
            reverse("club:add_team", args=[event.pk]),
            {"name": name, "first": first, "second": second},
        )
    refused = client.post(
        reverse("club:add_team", args=[event.pk]),
        {"name": "Aces", "first": "Zed", "second": "Zoe"},
    )
    # The desk again, the problem above the team's form and what was typed kept.
    assertContains(refused, "A team called Aces has already entered.", status_code=422)
    assertContains(refused, 'value="Zoe"', status_code=422)
    assert event.teams.count() == 3
    client.post(reverse("club:start_round", args=[event.pk]))
    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "Round 1")
    assertContains(desk, "A bye: ")
    csv_text = client.get(reverse("club:standings_csv", args=[event.pk])).content.decode()
    assert csv_text.splitlines()[0].startswith("Rank,Team,Match points,Wins")
    cards = client.get(reverse("club:cards", args=[event.pk]))
    assertContains(cards, "table 1")
    exported = client.get(reverse("club:export", args=[event.pk]))
    assert json.loads(exported.content)["format"] == "spades-event/1"


def test_a_round_is_re_paired_before_its_first_hand_only(owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    table_1, table_2 = round_.seatings.order_by("number")[:2]
    a, b = table_1.teams[0], table_2.teams[0]
    club.swap_teams(owner, event.pk, a, b)
    table_1.refresh_from_db()
    table_2.refresh_from_db()
    assert (table_1.teams[0], table_2.teams[0]) == (b, a)
    assert table_1.game.players[0] == TEAMS[b][1]
    with services.locked_game(Access(user=owner), table_1.game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    with pytest.raises(club.EventProblem, match="started its first hand"):
        club.swap_teams(owner, event.pk, a, b)


def test_an_event_exports_and_imports_again_with_the_same_standings(client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    for seating in round_.seatings.select_related("game"):
        play_out(seating.game, owner)
    club.start_round(owner, event.pk)  # round 2 paired, its games not started
    club.add_penalty(
        owner, event.pk, 1, 2, round_.seatings.get(number=2).teams[0], 25, False, "talking"
    )
    client.force_login(owner)
    exported = client.get(reverse("club:export", args=[event.pk])).content
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("event.json", exported, content_type="application/json")
    response = client.post(reverse("club:import_event"), {"file": upload})
    assert response.status_code == 302
    copy = Event.objects.exclude(pk=event.pk).get()
    event.refresh_from_db()
    assert reads.summary(copy) == reads.summary(event)
    assert (
        json.loads(client.get(reverse("club:export", args=[copy.pk])).content)["rounds"][0]["byes"]
        == json.loads(exported)["rounds"][0]["byes"]
    )


@pytest.mark.parametrize("pairing", ["swiss", "progressive"])
def test_an_event_still_taking_entries_exports_and_imports_again(client, owner, pairing):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = club.create_event(
        owner,
        name="Next Friday",
        rules=scoring.get_preset("tournament_10").rules,
        preset="tournament_10",
        pairing=pairing,
        rounds=None,
        round_minutes=None,
        points={"win": 2, "draw": 1, "loss": 0, "bye": 2},
        ranking=["match_points"],
    )
    players = ["Ann"] if pairing == "swiss" else ["Ann", "Ben", "Cat"]
    for name in players:  # one team, or three players: round 1 waits for more
        club.add_team(owner, event.pk, name, [name] if pairing != "swiss" else [name, "Art"])
    client.force_login(owner)
    waiting = reads.summary(event)["waiting"]
    assert waiting
    exported = client.get(reverse("club:export", args=[event.pk])).content
    upload = SimpleUploadedFile("event.json", exported, content_type="application/json")
    assert client.post(reverse("club:import_event"), {"file": upload}).status_code == 302
    copy = Event.objects.exclude(pk=event.pk).get()
    assert reads.summary(copy)["waiting"] == waiting
    assert client.get(reverse("club:export", args=[copy.pk])).content == exported


def test_a_bad_event_file_is_refused_with_one_line_next_to_the_field(client, owner):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(owner)
    upload = SimpleUploadedFile("event.json", b'{"format": "spades-event/1", "teams": "Aces"}')
    response = client.post(reverse("club:import_event"), {"file": upload})
    assert response.status_code == 422
    assertContains(response, "teams: expected a list, got", status_code=422)
    assert not Event.objects.exists()


def test_the_desk_and_board_of_an_event_with_fewer_than_two_teams(client, owner):
    event = club.create_event(
        owner,
        name="Empty night",
        rules=scoring.Rules(),
        preset="standard",
        pairing="swiss",
        rounds=None,
        round_minutes=None,
        points={"win": 2, "draw": 1, "loss": 0, "bye": 2},
        ranking=["match_points"],
    )
    client.force_login(owner)
    assertContains(client.get(reverse("club:event", args=[event.pk])), "Before round 1")
    assert client.get(reverse("club:board", args=[event.board_token])).status_code == 200
    refused = client.post(reverse("club:start_round", args=[event.pk]), follow=True)
    assertContains(refused, "Enter at least two teams first.")


def test_an_imported_game_keeps_its_own_seating_within_each_team(owner):
    from tests.events.test_eventfile import event as event_file

    data = event_file(
        [
            {
                "tables": [
                    {
                        "teams": [0, 1],
                        # Aces Two sits in seat 1 here, Aces One opposite.
                        "game": {
                            "players": ["Aces Two", "Books One", "Aces One", "Books Two"],
                            "hands": [{"bids": [4, 3, 3, 3], "tricks": [5, 3, 3, 2]}],
                        },
                    }
                ]
            }
        ],
        teams=[
            {"name": "Aces", "players": ["Aces One", "Aces Two"]},
            {"name": "Books", "players": ["Books One", "Books Two"]},
        ],
    )
    event = imports.import_event(owner, json.dumps(data).encode())
    game = Seating.objects.get(round__event=event).game
    assert game.players == ["Aces Two", "Books One", "Aces One", "Books Two"]
    assert game.replay().hands[0].sides[0].tricks == 8
