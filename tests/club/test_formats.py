"""The club's other formats, run through the director's services and pages: a progressive night
of players moving table to table, and a most-wins session followed by its top-N playoff; each
exported and imported again, and `manage.py event` agreeing with the standings page."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import events, scoring
from games.club import eventfile, reads
from games.club import services as club
from games.club.models import Event, EventRound
from tests.club.test_club_night import TEAMS, play_out

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def create(owner, **settings):
    values = {
        "name": "Card night",
        "rules": scoring.get_preset("tournament_10").rules,
        "preset": "tournament_10",
        "pairing": "progressive",
        "rounds": None,
        "round_minutes": None,
        "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
        "ranking": ["points_for", "wins", "point_difference"],
    }
    values.update(settings)
    return club.create_event(owner, **values)


def play_round(owner, round_):
    for seating in round_.seatings.select_related("game"):
        play_out(seating.game, owner)


def command_summary(event):
    out = io.StringIO()
    path = _file(event)
    call_command("event", str(path), stdout=out)
    return json.loads(out.getvalue())


def _file(event):
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "event.json"
    path.write_text(json.dumps(eventfile.write(event)))
    return path


def reimport(client, owner, event):
    client.force_login(owner)
    exported = client.get(reverse("club:export", args=[event.pk])).content
    upload = SimpleUploadedFile("event.json", exported, content_type="application/json")
    assert client.post(reverse("club:import_event"), {"file": upload}).status_code == 302
    copy = Event.objects.exclude(pk=event.pk).get()
    again = client.get(reverse("club:export", args=[copy.pk])).content
    return copy, json.loads(exported), json.loads(again)


# What a table's game file says of the game itself; the rest (its id, when it was created, its
# table's address) belongs to the copy it was exported from.
GAME_KEYS = ("format", "rules", "players", "first_dealer", "hands", "time_called")


def played(rounds):
    return [
        {
            **item,
            "tables": [
                {**table, "game": {k: v for k, v in table["game"].items() if k in GAME_KEYS}}
                for table in item["tables"]
            ],
        }
        for item in rounds
    ]


def test_a_progressive_night_from_the_pages_seats_and_moves_its_players(client, owner):
    client.force_login(owner)
    client.post(
        reverse("club:new_event"),
        {
            "name": "Card night",
            "preset": "tournament_10",
            "pairing": "progressive",
            "win": 2,
            "draw": 1,
            "loss": 0,
            "bye": 2,
            "ranking": "own",
        },
    )
    event = Event.objects.get()
    # The format's own ranking: each player's total, then wins, then point difference.
    assert event.ranking == ["points_for", "wins", "point_difference"]
    for name in PLAYERS[:7]:
        client.post(reverse("club:add_player", args=[event.pk]), {"name": name})
    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "7 playing so far, enter 1 more player or withdraw 3.")
    refused = client.post(reverse("club:start_round", args=[event.pk]), follow=True)
    assertContains(refused, "enter 1 more player")
    assert not EventRound.objects.exists()
    two = client.post(
        reverse("club:add_team", args=[event.pk]),
        {"name": "Pairs", "first": "Zed", "second": "Zoe"},
        follow=True,
    )
    assertContains(two, "A progressive night&#x27;s players enter one by one.", status_code=422)
    client.post(reverse("club:add_player", args=[event.pk]), {"name": "Hal"})
    client.post(reverse("club:start_round", args=[event.pk]))

    one = EventRound.objects.get(event=event, number=1)
    seated = {s.number: s.game.players for s in one.seatings.select_related("game")}
    assert seated == {1: PLAYERS[:4], 2: PLAYERS[4:]}
    board = client.get(reverse("club:board", args=[event.board_token]))
    assertContains(board, "Ann &amp; Cat v Ben &amp; Dan")
    play_round(owner, one)  # seats 1 and 3 win at every table

    refused = client.post(reverse("club:withdraw", args=[event.pk, 0]), follow=True)
    assertContains(refused, "can&#x27;t withdraw")
    late = client.post(reverse("club:add_player", args=[event.pk]), {"name": "Ivy"}, follow=True)
    assertContains(late, "takes no new players once round 1 started", status_code=422)

    client.post(reverse("club:start_round", args=[event.pk]))
    two = EventRound.objects.get(event=event, number=2)
    # Seat 1 stays; with two tables seat 2 and seat 3 change tables, seat 4 comes round again.
    assert [s.teams for s in two.seatings.all()] == [[0, 5, 6, 3], [4, 1, 2, 7]]
    assert two.seatings.get(number=1).game.players == ["Ann", "Fay", "Gus", "Dan"]

    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, '<th scope="col">Player</th>', html=True)
    assertContains(desk, "Round 1, table 1: with Cat, beat Ben and Dan 600 to -100 (+2)")
    assertContains(desk, "Player entered: Hal")
    assertContains(desk, '<label for="id_team">Player</label>', html=True)  # a penalty
    csv_lines = client.get(reverse("club:standings_csv", args=[event.pk])).content.decode()
    header, first = csv_lines.splitlines()[:2]
    assert header.startswith("Rank,Player,Match points,Wins")
    assert header.endswith(",Games")
    assert "Round 1, table 1: with Cat, beat Ben and Dan" in csv_lines
    assert first.startswith("1=,")  # four winners level on everything share the top


def test_a_progressive_night_exports_imports_and_agrees_with_the_command(client, owner):
    event = create(owner)
    for name in PLAYERS:
        club.add_team(owner, event.pk, name, [name])
    play_round(owner, club.start_round(owner, event.pk))
    second = club.start_round(owner, event.pk)
    play_out(second.seatings.get(number=1).game, owner)  # table 2 still playing
    club.add_penalty(owner, event.pk, 1, 2, 5, 30, False, "talking across the table")
    event.refresh_from_db()
    state = reads.summary(event)
    assert command_summary(event) == state
    assert state["next_round"] is None  # table 2 of round 2 is still playing
    lines = {line["name"]: line for line in state["standings"]}
    assert lines["Ann"]["points_for"] > lines["Ben"]["points_for"]
    assert lines["Ann"]["games"][1].startswith("Round 2, table 1: with Gus, beat Fay and Dan")

    copy, exported, again = reimport(client, owner, event)
    assert again["teams"] == exported["teams"]
    assert played(again["rounds"]) == played(exported["rounds"])
    assert again["penalties"] == exported["penalties"]
    assert (
        again["event"]
        == exported["event"]
        == {
            "pairing": "progressive",
            "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
            "ranking": ["points_for", "wins", "point_difference"],
        }
    )
    assert reads.summary(copy) == state


def most_wins(owner, count=6, **settings):
    values = {
        "pairing": "most_wins",
        "rounds": 2,
        "playoff": 4,
        "ranking": ["match_points", "wins", "point_difference", "points_for"],
    }
    event = create(owner, **{**values, **settings})
    for name, first, second in TEAMS[:count]:
        club.add_team(owner, event.pk, name, [first, second])
    return event


def test_a_most_wins_session_is_followed_by_its_playoff_automatically(client, owner):
    event = most_wins(owner)
    for number in (1, 2):
        round_ = club.start_round(owner, event.pk)
        assert (round_.number, round_.stage) == (number, "session")
        play_round(owner, round_)
    event.refresh_from_db()
    client.force_login(owner)
    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "Start the playoff (round 3)")
    state = reads.summary(event)
    seeds = state["playoff"]["seeds"]
    assert seeds == [line["team"] for line in state["standings"][:4]]
    semis = club.start_round(owner, event.pk)
    assert semis.stage == "playoff"
    board = client.get(reverse("club:board", args=[event.board_token]))
    assertContains(board, "Round 3: the playoff")
    assert [s.teams for s in semis.seatings.all()] == [
        [seeds[0], seeds[3]],
        [seeds[1], seeds[2]],
    ]
    play_round(owner, semis)  # the better seeds win
    final = club.start_round(owner, event.pk)
    assert [s.teams for s in final.seatings.all()] == [[seeds[0], seeds[1]]]
    play_round(owner, final)
    event.refresh_from_db()
    state = reads.summary(event)
    assert (state["finished"], state["winner"]) == (True, seeds[0])
    assert command_summary(event) == state
    desk = client.get(reverse("club:event", args=[event.pk]))
    winner = event.teams.get(position=seeds[0]).name
    assertContains(desk, f"{winner} win the event.")
    board = client.get(reverse("club:board", args=[event.board_token]))
    assertContains(board, f"Playoff: 1. {winner}")
    # The playoff's games are told beside its seeds: the standings' lines are the session's.
    assertContains(board, '<ul class="playoff-games" aria-label="The playoff\'s games">')
    assert len(state["playoff"]["games"]) == 3
    for words in state["playoff"]["games"]:
        assertContains(board, words)
    assertContains(board, f"Round 4, table 1: {winner} beat ")

    copy, exported, again = reimport(client, owner, event)
    assert [item.get("stage") for item in exported["rounds"]] == [None, None, "playoff", "playoff"]
    assert played(again["rounds"]) == played(exported["rounds"])
    assert again["event"] == exported["event"]
    assert exported["event"]["playoff"] == 4
    assert reads.summary(copy) == state


def test_the_director_ends_a_most_wins_session_early_and_starts_the_playoff(client, owner):
    event = most_wins(owner, rounds=5)
    first = club.start_round(owner, event.pk)
    client.force_login(owner)
    refused = client.post(reverse("club:start_playoff", args=[event.pk]), follow=True)
    assertContains(refused, "still being played")
    event.refresh_from_db()
    assert event.rounds == 5  # nothing changed
    play_round(owner, first)
    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "End the session and start the playoff")
    client.post(reverse("club:start_playoff", args=[event.pk]))
    event.refresh_from_db()
    playoff = EventRound.objects.get(event=event, number=2)
    assert (playoff.stage, event.rounds) == ("playoff", 5)  # the plan is kept
    assert event.log.filter(what__startswith="Session ended after round 1").exists()
    # Round 1's winners (the first team at each table) lead the session: three of them, and the
    # best loser; the best seed meets the worst.
    state = reads.summary(event)
    assert playoff.seatings.get(number=1).teams == [
        state["playoff"]["seeds"][0],
        state["playoff"]["seeds"][3],
    ]
    again = client.post(reverse("club:start_playoff", args=[event.pk]), follow=True)
    assertContains(again, "The playoff has already begun.")
    assert command_summary(event) == state


def test_undoing_the_playoff_of_a_session_ended_early_gives_the_session_back(client, owner):
    event = most_wins(owner, rounds=3)
    play_round(owner, club.start_round(owner, event.pk))
    playoff = club.start_playoff(owner, event.pk)
    assert (playoff.number, playoff.stage) == (2, "playoff")
    assert reads.summary(event)["next_round"] is None  # its games are being played

    assert club.undo_round(owner, event.pk) == 2
    event.refresh_from_db()
    state = reads.summary(event)
    assert state["playoff"]["started"] is False
    assert state["next_round"]["stage"] == "session"
    client.force_login(owner)
    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "End the session and start the playoff")
    second = club.start_round(owner, event.pk)
    assert (second.number, second.stage) == (2, "session")
    # Ended early again, later: the playoff follows round 2.
    play_round(owner, second)
    assert club.start_playoff(owner, event.pk).stage == "playoff"
    assert command_summary(event) == reads.summary(event)


def test_only_a_most_wins_event_has_a_playoff(owner):
    event = most_wins(owner)
    swiss = create(owner, pairing="swiss", playoff=4)
    assert (event.playoff, swiss.playoff) == (4, None)
    for name, first, second in TEAMS[:4]:
        club.add_team(owner, swiss.pk, name, [first, second])
    play_round(owner, club.start_round(owner, swiss.pk))
    with pytest.raises(club.EventProblem, match="Only a most-wins event has a playoff"):
        club.start_playoff(owner, swiss.pk)
    with pytest.raises(club.EventProblem, match="Play at least one round"):
        club.start_playoff(owner, event.pk)
    assert events.parse_event_file(eventfile.write(event)).playoff == 4


def test_the_new_event_form_takes_a_most_wins_event_with_its_playoff(client, owner):
    client.force_login(owner)
    form = client.get(reverse("club:new_event"))
    assertContains(form, "Teams in the playoff")
    assertContains(form, "or start it from the desk when the time is up")
    values = {
        "preset": "tournament_10",
        "win": 2,
        "draw": 1,
        "loss": 0,
        "bye": 2,
        "ranking": "own",
        "rounds": 3,
    }
    client.post(
        reverse("club:new_event"),
        {**values, "name": "Most wins", "pairing": "most_wins", "playoff": 8},
    )
    client.post(reverse("club:new_event"), {**values, "name": "Swiss", "pairing": "swiss"})
    most, swiss = Event.objects.get(name="Most wins"), Event.objects.get(name="Swiss")
    assert (most.playoff, most.rounds) == (8, 3)
    assert most.ranking == ["match_points", "wins", "point_difference", "points_for"]
    # Any other format keeps match points, then point difference, then points for.
    assert (swiss.playoff, swiss.ranking) == (
        None,
        ["match_points", "point_difference", "points_for"],
    )
    desk = client.get(reverse("club:event", args=[most.pk]))
    assertContains(desk, "a playoff of the best 8")
