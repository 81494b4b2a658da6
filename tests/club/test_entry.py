"""Entry to a club night and the penalties of tricks, through the services and the desk:
players who came alone drawn into teams, late entries, an elimination seeded at random, a
renege's tricks moved; each one exported, imported and read by `manage.py event` alike."""

import io
import json
import random

import pytest
from django.core.management import call_command
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import events, scoring, services
from games.access import Access
from games.club import eventfile, imports, reads
from games.club import services as club
from games.club.models import Event, EventTeam, LogEntry, Penalty
from tests.club.test_club_night import TEAMS, _export, new_event, play_out

pytestmark = pytest.mark.django_db

POINTS = {"win": 2, "draw": 1, "loss": 0, "bye": 2}


def bare_event(owner, **settings):
    values = {
        "name": "Check-in night",
        "rules": scoring.get_preset("tournament_10").rules,
        "preset": "tournament_10",
        "pairing": "swiss",
        "rounds": 3,
        "round_minutes": None,
        "points": POINTS,
        "ranking": ["match_points", "point_difference", "points_for"],
    }
    values.update(settings)
    return club.create_event(owner, **values)


def command_summary(event):
    out = io.StringIO()
    call_command("event", str(_export(event)), stdout=out)
    return json.loads(out.getvalue())


def reimported(event):
    return imports.import_event(event.owner, json.dumps(eventfile.write(event)).encode())


# Players who came alone ------------------------------------------------------------------


def test_the_waiting_players_are_drawn_into_teams_of_two_and_the_last_odd_one_waits(owner):
    event = bare_event(owner)
    club.add_team(owner, event.pk, "Ann & Bob", ["Art", "Bea"])  # a name a draw could make
    solos = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    for name in solos:
        club.add_solo(owner, event.pk, name)
    made, left = club.pair_solos(owner, event.pk, random.Random(7))
    assert left == "Eve"  # the last to enter waits
    expected, _ = events.draw_teams(solos, random.Random(7))
    assert [team.players for team in made] == [list(pair) for pair in expected]
    drawn = [player for team in made for player in team.players]
    assert sorted(drawn) == ["Ann", "Bob", "Cat", "Dan"]
    for team in made:
        first, second = team.players
        assert team.name.startswith(f"{first} & {second}")
    names = [team.name.casefold() for team in EventTeam.objects.filter(event=event)]
    assert len(names) == len(set(names)) == 3
    assert [team.position for team in made] == [1, 2]
    event.refresh_from_db()
    assert event.solos == ["Eve"]
    line = LogEntry.objects.filter(event=event, what__startswith="Players drawn").get()
    assert line.what.endswith("; Eve waits for a partner")
    with pytest.raises(club.EventProblem, match="Two players must be waiting"):
        club.pair_solos(owner, event.pk, random.Random(1))


def test_a_player_waits_once_and_may_leave_before_the_draw(owner):
    event = bare_event(owner)
    club.add_solo(owner, event.pk, "Ann")
    with pytest.raises(club.EventProblem, match="Ann is already waiting"):
        club.add_solo(owner, event.pk, "ann")
    club.withdraw_solo(owner, event.pk, "Ann")
    event.refresh_from_db()
    assert event.solos == []
    with pytest.raises(club.EventProblem, match="not waiting"):
        club.withdraw_solo(owner, event.pk, "Ann")


def test_the_desk_takes_players_alone_and_draws_them(client, owner):
    event = bare_event(owner)
    client.force_login(owner)
    for name in ("Ann", "Bob", "Cat"):
        client.post(reverse("club:add_solo", args=[event.pk]), {"name": name})
    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "Players without a partner (3)")
    assertContains(desk, "Draw the 3 waiting players into teams")
    refused = client.post(reverse("club:add_solo", args=[event.pk]), {"name": " "})
    assert refused.status_code == 422
    assertContains(refused, "This field is required.", status_code=422)
    drawn = client.post(reverse("club:pair_solos", args=[event.pk]), follow=True)
    assertContains(drawn, "Teams drawn: ")
    assertContains(drawn, "Cat waits for the next player who comes alone.")
    assert EventTeam.objects.filter(event=event).count() == 1


def test_waiting_players_travel_in_the_event_file(owner):
    event = bare_event(owner)
    for name, first, second in TEAMS[:2]:
        club.add_team(owner, event.pk, name, [first, second])
    club.add_solo(owner, event.pk, "Zoe")
    event.refresh_from_db()
    data = eventfile.write(event)
    assert data["solos"] == ["Zoe"]
    copy = reimported(event)
    assert copy.solos == ["Zoe"]
    assert eventfile.write(copy)["solos"] == ["Zoe"]


# Late entries ----------------------------------------------------------------------------


def test_a_swiss_takes_late_teams_until_the_round_it_names(owner):
    event = new_event(owner, entries_until=2)
    round_1 = club.start_round(owner, event.pk)
    for seating in round_1.seatings.select_related("game"):
        play_out(seating.game, owner)
    late = club.add_team(owner, event.pk, "Latecomers", ["Lee", "Lou"])
    club.add_solo(owner, event.pk, "Max")
    event.refresh_from_db()
    round_2 = club.start_round(owner, event.pk)
    # The late team plays from the next round paired: 9 teams, four tables and a bye.
    entrants = [team for seating in round_2.seatings.all() for team in seating.teams]
    assert late.position in entrants + list(round_2.byes)
    with pytest.raises(club.EventProblem, match="Entries closed when round 2 was paired"):
        club.add_team(owner, event.pk, "Too late", ["Tom", "Tim"])
    with pytest.raises(club.EventProblem, match="Entries closed when round 2 was paired"):
        club.add_solo(owner, event.pk, "Tia")
    assert eventfile.write(event)["event"]["entries_until"] == 2
    assert reimported(event).entries_until == 2


@pytest.mark.parametrize(
    ("pairing", "why"),
    [
        ("round_robin", "its schedule of every team meeting every other was fixed then"),
        ("single_elimination", "its bracket was drawn from the teams entered then"),
    ],
)
def test_a_round_robin_and_an_elimination_say_why_they_take_no_late_team(owner, pairing, why):
    event = new_event(owner, pairing=pairing)
    club.start_round(owner, event.pk)
    with pytest.raises(club.EventProblem, match=why):
        club.add_team(owner, event.pk, "Latecomers", ["Lee", "Lou"])
    with pytest.raises(
        club.EventProblem, match="Leave the last round to enter empty, or make it 1"
    ):
        bare_event(owner, pairing=pairing, entries_until=3)


def test_the_new_event_form_takes_the_entry_settings(client, owner):
    client.force_login(owner)
    form = {
        "name": "Open Swiss",
        "preset": "tournament_8",
        "pairing": "swiss",
        "win": 2,
        "draw": 1,
        "loss": 0,
        "bye": 2,
        "ranking": "points",
        "entries_until": 2,
        "seeding": "standings",
    }
    assert client.post(reverse("club:new_event"), form).status_code == 302
    assert Event.objects.get().entries_until == 2
    refused = client.post(
        reverse("club:new_event"), {**form, "pairing": "round_robin", "entries_until": 3}
    )
    assertContains(refused, "A round robin takes no new teams once round 1", status_code=422)
    assert Event.objects.count() == 1


# An elimination seeded at random ---------------------------------------------------------


def test_a_random_seeding_draws_the_same_bracket_in_the_app_the_file_and_the_command(owner):
    event = new_event(owner, pairing="single_elimination", seeding="random", seed=2026)
    names = [name for name, _, _ in TEAMS]
    seeds = events.random_seeds(names, 2026)
    expected = [[names.index(seeds[i]), names.index(seeds[-1 - i])] for i in range(4)]
    state = reads.summary(event)
    assert [table["teams"] for table in state["next_round"]["tables"]] == expected
    assert command_summary(event)["next_round"] == state["next_round"]
    round_1 = club.start_round(owner, event.pk)
    assert [seating.teams for seating in round_1.seatings.all()] == expected
    for seating in round_1.seatings.select_related("game"):
        play_out(seating.game, owner)
    event.refresh_from_db()
    state = reads.summary(event)
    assert command_summary(event) == state
    copy = reimported(event)
    assert (copy.seeding, copy.seed) == ("random", 2026)
    assert reads.summary(copy) == state


def test_a_random_seeding_draws_its_own_seed_when_none_is_given(owner):
    event = bare_event(owner, pairing="double_elimination", seeding="random")
    assert event.seed is not None
    assert eventfile.write(event)["event"]["seed"] == event.seed
    assert bare_event(owner, pairing="single_elimination").seed is None


# A penalty of tricks ---------------------------------------------------------------------


def played_round(owner):
    """An 8-team event whose round 1 is played out: at each table the first team won 5 hands
    of 12 tricks (bid 12)."""
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    for seating in round_.seatings.select_related("game"):
        play_out(seating.game, owner)
    event.refresh_from_db()
    return event, round_.seatings.get(number=1)


def test_a_renege_moves_tricks_and_the_standings_count_the_game_scored_again(owner):
    event, table_1 = played_round(owner)
    first, second = table_1.teams
    before = {line["team"]: line for line in reads.summary(event)["standings"]}
    assert before[first]["points_for"] == 600  # 5 hands of 120
    club.add_trick_penalty(owner, event.pk, 1, 1, first, 5, 3, "renege")
    event.refresh_from_db()
    state = reads.summary(event)
    lines = {line["team"]: line for line in state["standings"]}
    # Hand 5: bid 12, took 9: set, -120 instead of +120; the opponents, set for -20 in each
    # hand, take 4 of the 2 they bid there: 22.
    assert lines[first]["points_for"] == 360
    assert lines[second]["points_for"] == -20 * 4 + 22
    assert lines[first]["games"][0].endswith(
        f"penalty: 3 tricks of hand 5 moved from {TEAMS[first][0]} to {TEAMS[second][0]} (renege)"
    )
    # The table's game keeps its hands as played.
    table_1.game.refresh_from_db()
    assert table_1.game.scores == [600, -100]
    assert command_summary(event) == state
    assert LogEntry.objects.filter(
        event=event, what__contains="3 tricks of hand 5 moved from"
    ).exists()
    # Exported and imported again: the same penalty, the same standings.
    data = eventfile.write(event)
    assert data["penalties"] == [
        {"round": 1, "table": 1, "team": first, "reason": "renege", "hand": 5, "tricks": 3}
    ]
    copy = reimported(event)
    assert reads.summary(copy) == state
    assert eventfile.write(copy)["penalties"] == data["penalties"]


def test_a_penalty_of_tricks_on_a_made_nil_comes_from_the_partner(owner):
    event = new_event(owner, pairing="king_of_the_hill")
    seating = club.start_round(owner, event.pk).seatings.get(number=1)
    game = seating.game
    # Seat 1 bids nil and takes none; seat 3 bids 5 and takes 6; the others bid 4 and 3.
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), ["nil", 4, 5, 3])
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "tricks", 1), [0, 4, 6, 3])
    club.add_trick_penalty(owner, event.pk, 1, 1, seating.teams[0], 1, 2, "renege")
    with pytest.raises(club.PenaltyProblem, match="only 4 tricks in it") as refused:
        club.add_trick_penalty(owner, event.pk, 1, 1, seating.teams[0], 1, 5, "again")
    assert refused.value.field == "tricks"
    hands = events.penalized_hands(game.recorded_hands(), [events.TrickMove(1, 0, 2)])
    assert hands[0].tricks == (0, 6, 4, 3)  # the nil stays made; seat 2, who bid 4, takes them


def test_a_bad_penalty_of_tricks_is_a_form_error_and_changes_nothing(client, owner):
    event, table_1 = played_round(owner)
    client.force_login(owner)
    version = Event.objects.get(pk=event.pk).version
    logged = LogEntry.objects.filter(event=event).count()
    post = {
        "kind": "tricks",
        "round": 1,
        "table": 1,
        "team": table_1.teams[1],
        "hand": 9,
        "tricks": 2,
        "reason": "renege",
    }
    url = reverse("club:add_penalty", args=[event.pk])
    response = client.post(url, post)
    assert response.status_code == 422
    assertContains(
        response, "Hand 9 has not been played at this table (5 hands have).", status_code=422
    )
    assertContains(response, '<details class="card" open>', status_code=422)
    # Each hand the second team bid 2 and took 1.
    response = client.post(url, {**post, "hand": 2, "tricks": 2})
    assertContains(
        response, "Hand 2: the side took only 1 trick in it, fewer than 2.", status_code=422
    )
    response = client.post(url, {**post, "hand": ""})
    assertContains(response, "A penalty of tricks names the hand and its tricks.", status_code=422)
    assert not Penalty.objects.exists()
    assert LogEntry.objects.filter(event=event).count() == logged
    assert Event.objects.get(pk=event.pk).version == version
    done = client.post(url, {**post, "hand": 2, "tricks": 1}, follow=True)
    assertContains(done, "Penalty recorded.")
    assert Penalty.objects.get().tricks == 1


def test_the_desks_penalty_form_still_takes_points_and_a_forfeit(client, owner):
    event, table_1 = played_round(owner)
    client.force_login(owner)
    url = reverse("club:add_penalty", args=[event.pk])
    base = {"round": 1, "table": 1, "team": table_1.teams[0], "reason": "slow play"}
    assert client.post(url, {**base, "points": 30}).status_code == 302  # no kind: points
    assert client.post(url, {**base, "kind": "forfeit"}).status_code == 302
    made = list(Penalty.objects.order_by("pk").values_list("points", "forfeit", "tricks"))
    assert made == [(30, False, 0), (0, True, 0)]
    refused = client.post(url, {**base, "kind": "points"})
    assertContains(refused, "Give the points the penalty costs.", status_code=422)


def test_a_hand_undone_after_its_penalty_leaves_the_penalty_unmade_not_the_desk_broken(
    client, owner
):
    event = new_event(owner, pairing="king_of_the_hill")
    seating = club.start_round(owner, event.pk).seatings.get(number=1)
    game = seating.game
    for form, values in (("bids", [6, 1, 6, 1]), ("tricks", [6, 0, 6, 1])):
        with services.locked_game(Access(user=owner), game.pk) as locked:
            services.record_step(locked, services.step_for(locked, form, 1), values)
    club.add_trick_penalty(owner, event.pk, 1, 1, seating.teams[0], 1, 2, "renege")
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.undo_last(locked, locked.game.version)  # the table takes back hand 1's tricks
    client.force_login(owner)
    desk = client.get(reverse("club:event", args=[event.pk]))
    assert desk.status_code == 200
    event.refresh_from_db()
    assert command_summary(event) == reads.summary(event)
    assert Penalty.objects.get().tricks == 2  # kept, to move again once the hand is back


def test_a_most_wins_event_takes_late_teams_in_its_session_not_in_its_playoff(owner):
    event = bare_event(owner, pairing="most_wins", rounds=1, playoff=2)
    for name, first, second in TEAMS[:4]:
        club.add_team(owner, event.pk, name, [first, second])
    for seating in club.start_round(owner, event.pk).seatings.select_related("game"):
        play_out(seating.game, owner)
    club.add_team(owner, event.pk, "Latecomers", ["Lee", "Lou"])  # the playoff has not begun
    playoff = club.start_round(owner, event.pk)
    assert playoff.stage == "playoff"
    with pytest.raises(club.EventProblem, match="once its playoff began"):
        club.add_team(owner, event.pk, "Too late", ["Tom", "Tim"])


def test_a_penalty_of_tricks_on_a_progressive_nights_player_moves_their_sides_tricks(owner):
    from tests.club.test_formats import PLAYERS, create, play_round

    event = create(owner)
    for name in PLAYERS:
        club.add_team(owner, event.pk, name, [name])
    play_round(owner, club.start_round(owner, event.pk))
    # Table 1: Ann and Cat (seats 1 and 3) against Ben and Dan; Dan took the side's one trick
    # in each hand. Dan, in seat 4, gives it up in hand 1.
    club.add_trick_penalty(owner, event.pk, 1, 1, PLAYERS.index("Dan"), 1, 1, "renege")
    with pytest.raises(club.PenaltyProblem, match="took only 0 tricks"):
        club.add_trick_penalty(owner, event.pk, 1, 1, PLAYERS.index("Ben"), 1, 1, "again")
    event.refresh_from_db()
    state = reads.summary(event)
    lines = {line["name"]: line for line in state["standings"]}
    assert lines["Ann"]["points_for"] == 601  # 13 tricks on a bid of 12 in hand 1: a bag
    assert lines["Dan"]["games"][0].endswith(
        "penalty: 1 trick of hand 1 moved from Dan to Ann and Cat (renege)"
    )
    assert command_summary(event) == state
