"""A club night's rules inside its tables' games (games/club/table_rules.py): what the table's
phone may change and when, the director's corrections logged, the other side's confirmation,
the time called by the clock or the director, and a phone that follows its table."""

import re

import pytest
from django.db.models.signals import post_save
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games import services
from games.access import Access
from games.club import push, reads
from games.club import services as club
from games.club.models import LogEntry, Seating
from games.models import Game, Hand
from tests.club.test_club_night import new_event, play_out
from tests.club.test_round_clock import tricks_data
from tests.web.conftest import HX, bids_data, bids_url, tricks_url
from tests.web.test_corrections import edit_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def phone_at_table(client, owner):
    """A phone that scanned table 1's card (Aces v Books: Ann, Ben, Art, Bea) in round 1."""
    event = new_event(owner)
    seating = club.start_round(owner, event.pk).seatings.get(number=1)
    client.get(reverse("table_score", args=[seating.game.table.score_token]))
    return client, event, seating


def confirmed(phone_at_table, owner):
    """Table 1 played out (Aces win 600 to -50) and confirmed by Bea of the Books."""
    client, event, seating = phone_at_table
    play_out(seating.game, owner)
    response = client.post(reverse("club:confirm", args=[seating.game.pk]), {"name": "Bea"})
    assert response.status_code == 302
    seating.refresh_from_db()
    seating.game.refresh_from_db()
    assert seating.confirmed_by == "Bea"
    return client, event, seating


def snapshot(game: Game):
    game.refresh_from_db()
    hands = list(Hand.objects.filter(game=game).values_list("number", "bids", "tricks"))
    return game.version, game.scores, game.winner, game.time_called, hands


def test_a_confirmed_result_cant_be_undone_from_the_tables_phone(phone_at_table, owner):
    client, _event, seating = confirmed(phone_at_table, owner)
    game = seating.game
    page = client.get(game.get_absolute_url())
    assertContains(page, "Result confirmed by Bea")
    assertNotContains(page, "Undo hand 5")
    before = snapshot(game)
    response = client.post(reverse("undo", args=[game.pk]), {"version": game.version}, headers=HX)
    assertContains(response, "Bea confirmed this result", status_code=409)
    assertContains(response, "The director can still correct it.", status_code=409)
    assert snapshot(game) == before
    # The director's own page still offers it.
    client.force_login(owner)
    assertContains(client.get(game.get_absolute_url()), "Undo hand 5")


def test_a_confirmed_result_cant_be_corrected_or_recorded_again_from_the_table(
    phone_at_table, owner
):
    client, _event, seating = confirmed(phone_at_table, owner)
    game = seating.game
    before = snapshot(game)
    edit = edit_data(game, [(6, 0), (1, 6), (6, 1), (1, 6)])
    response = client.post(reverse("edit_hand", args=[game.pk, 5]), edit, follow=True)
    assertContains(response, "Bea confirmed this result")
    assert snapshot(game) == before
    # The director takes hand 5's tricks back: the phone can't record them again either.
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.undo_last(locked, game.version)
    game.refresh_from_db()
    assert not game.finished
    again = client.post(tricks_url(game), tricks_data(5, 12, 1), headers=HX)
    assertContains(again, "Bea confirmed this result", status_code=409)
    assert Hand.objects.get(game=game, number=5).tricks is None


def test_the_directors_correction_of_a_confirmed_game_is_logged_and_the_standings_follow(
    phone_at_table, owner
):
    client, event, seating = confirmed(phone_at_table, owner)
    game = seating.game
    assert game.winner == 0
    aces = reads.summary(event)["standings"][0]
    assert aces["name"] == "Aces"
    assert aces["wins"] == 1
    # Hand 5 was 12 tricks to the Aces: the director finds the Books took them.
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.correct_hand(locked, 5, [6, 1, 6, 1], [0, 6, 1, 6], game.version)
    game.refresh_from_db()
    seating.refresh_from_db()
    assert seating.corrected_at is not None
    line = LogEntry.objects.filter(event=event, what__contains="the director corrected").get()
    assert line.who == owner.username
    assert line.what.startswith("Round 1, table 1: the director corrected hand 5 after its result")
    assert re.search(r": 600 to -100, Ann \+ Art won, now 360 to -150, still playing$", line.what)
    standings = {line["name"]: line for line in reads.summary(event)["standings"]}
    assert standings["Aces"]["wins"] == 0
    page = client.get(game.get_absolute_url())
    assertContains(page, "then changed by the director, who records the rest of this game")
    assertContains(page, 'id="live" class="result-locked"')


def test_before_confirmation_the_tables_undo_works_as_ever(phone_at_table, owner):
    client, event, seating = phone_at_table
    game = seating.game
    client.post(bids_url(game), bids_data(1, 3, 3, 3, 3))
    game.refresh_from_db()
    response = client.post(reverse("undo", args=[game.pk]), {"version": game.version})
    assert response.status_code == 302
    assert not Hand.objects.filter(game=game).exists()
    assert not LogEntry.objects.filter(event=event, what__contains="director").exists()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Mickey Mouse", "Only a player of the other side"),
        ("Ann", "Only a player of the other side"),  # the winners' own player
        ("Bea\x00", "Only a player of the other side"),
        ("", "Pick your name"),
    ],
)
def test_only_a_player_of_the_other_side_confirms(phone_at_table, owner, name, problem):
    client, _event, seating = phone_at_table
    play_out(seating.game, owner)
    page = client.get(seating.game.get_absolute_url())
    # The choice is the Books' two players, nobody else's.
    assert re.findall(r'name="name" value="([^"]+)"', page.content.decode()) == ["Ben", "Bea"]
    response = client.post(
        reverse("club:confirm", args=[seating.game.pk]), {"name": name}, follow=True
    )
    assertContains(response, problem)
    seating.refresh_from_db()
    assert seating.confirmed_at is None


def test_a_result_is_confirmed_once_and_the_log_says_who(phone_at_table, owner):
    client, event, seating = confirmed(phone_at_table, owner)
    assert LogEntry.objects.filter(
        event=event, who="Bea", what="Round 1, table 1: result confirmed by Bea"
    ).exists()
    again = client.post(
        reverse("club:confirm", args=[seating.game.pk]), {"name": "Ben"}, follow=True
    )
    assertContains(again, "already confirmed by Bea")
    seating.refresh_from_db()
    assert seating.confirmed_by == "Bea"


def test_a_result_is_confirmed_only_once_the_game_is_over(phone_at_table, owner):
    _client, _event, seating = phone_at_table
    with pytest.raises(club.EventProblem, match="isn't over yet"):
        club.confirm_result(Access(user=owner), seating.game.pk, "Bea")


def test_the_board_hears_of_a_step_from_the_games_services_not_a_signal(
    phone_at_table, owner, monkeypatch, django_capture_on_commit_callbacks
):
    client, _event, seating = phone_at_table
    assert not post_save.has_listeners(Game)
    told = []
    monkeypatch.setattr(push, "game_changed", told.append)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(bids_url(seating.game), bids_data(1, 3, 3, 3, 3))
    assert told == [seating.game.pk]
    # A game of no event asks nothing and tells nobody.
    home = services.create_game(
        owner,
        name="",
        players=["A", "B", "C", "D"],
        rules=seating.game.rules_obj(),
        preset="standard",
        first_dealer=0,
    )
    with services.locked_game(Access(user=owner), home.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    assert told == [seating.game.pk]


def test_the_directors_time_call_at_every_table_is_logged(owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    seatings = list(round_.seatings.select_related("game"))
    for seating in seatings[:2]:
        with services.locked_game(Access(user=owner), seating.game.pk) as locked:
            services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    assert club.call_time(owner, event.pk) == ["1", "2"]
    assert [Game.objects.get(pk=s.game.pk).time_called for s in seatings] == [1, 1, None, None]
    assert LogEntry.objects.filter(
        event=event, what="Round 1: time called by the director at tables 1, 2"
    ).exists()
    with pytest.raises(club.EventProblem, match="already called at table 1"):
        club.call_time(owner, event.pk, 1)
    with pytest.raises(club.EventProblem, match="hasn't started its first hand"):
        club.call_time(owner, event.pk, 3)
    with pytest.raises(club.EventProblem, match="There is no table 9"):
        club.call_time(owner, event.pk, 9)


def test_the_desk_calls_the_time_at_one_table(client, owner):
    event = new_event(owner)
    seating = club.start_round(owner, event.pk).seatings.get(number=2)
    with services.locked_game(Access(user=owner), seating.game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    client.force_login(owner)
    response = client.post(reverse("club:tables_time", args=[event.pk]), {"table": "2"})
    assert response.status_code == 302
    seating.game.refresh_from_db()
    assert seating.game.time_called == 1
    bad = client.post(reverse("club:tables_time", args=[event.pk]), {"table": "x"}, follow=True)
    assertContains(bad, "Choose a table.")


def test_a_step_drawn_before_a_re_pair_is_refused_with_the_new_teams(phone_at_table, owner):
    client, event, seating = phone_at_table
    game = seating.game
    page = client.get(game.get_absolute_url()).content.decode()
    seated = re.search(r'name="seated" value="([0-9a-f]+)"', page)[1]
    other = Seating.objects.get(round=seating.round, number=2)
    club.swap_teams(owner, event.pk, seating.teams[1], other.teams[1])
    game.refresh_from_db()
    assert game.players[1] != "Ben"  # the table keeps its game, reseated
    response = client.post(
        bids_url(game), {**bids_data(1, 3, 3, 3, 3), "seated": seated}, headers=HX
    )
    assertContains(response, "The players at this table changed", status_code=409)
    assertContains(response, "it now plays Ann + Art v", status_code=409)
    assert not Hand.objects.filter(game=game).exists()
    fresh = re.search(
        r'name="seated" value="([0-9a-f]+)"', client.get(game.get_absolute_url()).content.decode()
    )[1]
    assert fresh != seated
    ok = client.post(bids_url(game), {**bids_data(1, 3, 3, 3, 3), "seated": fresh})
    assert ok.status_code == 302
    assert Hand.objects.filter(game=game).count() == 1


def test_a_table_whose_first_bids_are_in_is_not_re_paired(phone_at_table, owner):
    client, event, seating = phone_at_table
    client.post(bids_url(seating.game), bids_data(1, 3, 3, 3, 3))
    other = Seating.objects.get(round=seating.round, number=2)
    before = snapshot(other.game)
    with pytest.raises(club.EventProblem, match="Table 1 has started its first hand"):
        club.swap_teams(owner, event.pk, seating.teams[1], other.teams[1])
    seating.refresh_from_db()
    assert snapshot(other.game) == before  # nothing of the swap was kept
    assert seating.game.players[1] == "Ben"


def test_a_step_on_an_earlier_rounds_game_is_refused_with_the_tables_game_now(
    phone_at_table, owner
):
    client, event, seating = phone_at_table
    for other in seating.round.seatings.all():
        play_out(other.game, owner)
    second = club.start_round(owner, event.pk).seatings.get(number=1)
    response = client.post(bids_url(seating.game), bids_data(6, 3, 3, 3, 3), headers=HX)
    assert response.status_code == 409
    assert response["HX-Redirect"] == second.game.get_absolute_url()
    assert Hand.objects.filter(game=seating.game).count() == 5
    follow = client.get(reverse("follow_table", args=[seating.game.pk]), headers=HX)
    assert follow["HX-Redirect"] == second.game.get_absolute_url()
    stay = client.get(reverse("follow_table", args=[second.game.pk]), headers=HX)
    assert stay.status_code == 204
