"""Player statistics, checked on small games worked out by hand."""

import json
from importlib import import_module

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import scoring, stats
from games.models import Game, Hand, PlayerRecord
from tests.conftest import (
    BIG_HAND,
    BLIND_NIL_MADE,
    NIL_FAILS,
    QUIET_HAND,
    assert_player_records_are_a_fresh_replay,
)
from tests.web.conftest import HX, bids_data, bids_url, tricks_url

pytestmark = pytest.mark.django_db

PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def score(hands, players=PLAYERS):
    return scoring.score_game(
        scoring.Rules(),
        [scoring.Hand(tuple(h["bids"]), tuple(h["tricks"])) for h in hands],
        players=players,
    )


def by_name(players):
    return {player.name: player for player in players}


def test_a_small_game_tallied_by_hand():
    players = by_name(stats.tally([score([NIL_FAILS, QUIET_HAND, BLIND_NIL_MADE])]))
    ann, ben, cat = players["Ann"], players["Ben"], players["Cat"]
    # Ann: a failed nil, a made 4, a made blind nil; her side's bags were 2, 0 and 1.
    assert (ann.games, ann.hands, ann.wins) == (1, 3, 0)
    assert (ann.nils, ann.nils_made, ann.nil_rate) == (1, 0, 0.0)
    assert (ann.blind_nils, ann.blind_nils_made, ann.blind_nil_rate) == (1, 1, 1.0)
    assert (ann.number_bids, ann.contracts_made, ann.times_set) == (1, 1, 0)
    assert ann.bags == 3
    assert ann.bags_per_hand == 1.0
    # Cat bid a number every hand: set in hand 1 (5, took 4, the nil's tricks not hers).
    assert (cat.number_bids, cat.contracts_made, cat.times_set) == (3, 2, 1)
    assert cat.made_rate == pytest.approx(2 / 3)
    # Ben + Dan were set in hand 1 (8, took 7) and made 6 twice, without a bag.
    assert (ben.number_bids, ben.contracts_made, ben.times_set, ben.bags) == (3, 2, 1, 0)
    assert ben.nil_rate is None


def test_wins_count_finished_games_and_names_ignore_case():
    players = by_name(
        stats.tally(
            [
                score([BIG_HAND] * 5, players=("ann", "Ben", "Cat", "Dan")),
                score([QUIET_HAND], players=("Ann", "Eve", "Cat", "Fay")),
            ]
        )
    )
    assert set(players) == {"ann", "Ben", "Cat", "Dan", "Eve", "Fay"}
    assert (players["ann"].games, players["ann"].finished, players["ann"].wins) == (2, 1, 1)
    assert players["ann"].win_rate == 1.0
    assert (players["Ben"].wins, players["Ben"].times_set) == (0, 5)
    assert players["Eve"].win_rate is None


def test_the_page_shows_the_owners_players(owner_client, make_game, stranger, make_user):
    make_game([NIL_FAILS, QUIET_HAND, BLIND_NIL_MADE])
    make_game([QUIET_HAND], players=("Zed", "Yas", "Xia", "Wes"), user=stranger)
    body = owner_client.get(reverse("players")).content.decode()
    assert '<a href="/games/?player=Ann">Ann</a>' in body
    # On a phone each player is a card: every figure carries the name of its column.
    assert "Zed" not in body
    # Ann: nil 0 of 1, blind nil 1 of 1, bags 1.00 a hand; Cat: 2 of 3 bids made.
    assert '0 of 1 <span class="muted">(0%)</span>' in body
    assert '1 of 1 <span class="muted">(100%)</span>' in body
    assert '2 of 3 <span class="muted">(67%)</span>' in body
    assert '<td role="cell" data-label="Bags per hand">1.00</td>' in body
    assert '<td role="cell" data-label="Nil">0 of 1 <span class="muted">(0%)</span></td>' in body


def test_the_page_needs_a_login(client):
    response = client.get(reverse("players"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_no_games_yet(owner_client):
    assert (
        "statistics appear once hands are recorded"
        in owner_client.get(reverse("players")).content.decode()
    )


def test_two_queries_for_the_statistics_however_many_games(
    owner_client, make_game, django_assert_num_queries, session_reads
):
    make_game([QUIET_HAND, NIL_FAILS])
    # The session, the user, the games whose figures are behind (none), the games counted,
    # the players' records added up.
    with django_assert_num_queries(session_reads + 4):
        owner_client.get(reverse("players"))
    for _ in range(29):
        make_game([QUIET_HAND, NIL_FAILS, QUIET_HAND])
    with django_assert_num_queries(session_reads + 4):
        response = owner_client.get(reverse("players"))
    assert by_name(response.context["report"].players)["Ann"].games == 30


def fresh_report(user) -> stats.Report:
    """The statistics worked out from nothing: every game replayed from its hands."""
    games = list(Game.objects.filter(owner=user).order_by("-updated_at", "-pk"))
    results, unreadable = [], 0
    for game in games:
        try:
            results.append(game.replay())
        except scoring.ScoringError:
            unreadable += 1
    return stats.Report(stats.tally(results), games=len(games), unreadable=unreadable)


def test_the_kept_statistics_equal_a_fresh_count_after_every_kind_of_write(
    owner, owner_client, make_game, stranger, make_user
):
    first = make_game([NIL_FAILS, QUIET_HAND])
    make_game([BLIND_NIL_MADE], players=("ANN", "Eve", "cat", "Fay"))
    make_game([QUIET_HAND], players=("Zed", "Yas", "Xia", "Wes"), user=stranger)

    def version():
        return Game.objects.get(pk=first.pk).version

    responses = [
        owner_client.post(bids_url(first), bids_data(3, 4, 3, 3, 3), headers=HX),
        owner_client.post(tricks_url(first), {"hand": "3", "side_0": "7", "side_1": "6"}),
    ]
    edit = {"version": version()}
    for seat, (bid, took) in enumerate([("blind_nil", 0), (3, 4), (6, 6), (3, 3)]):
        edit |= {f"bid_{seat}": bid, f"tricks_{seat}": took}
    responses.append(owner_client.post(reverse("edit_hand", args=[first.pk, 1]), edit))
    responses.append(owner_client.post(reverse("undo", args=[first.pk]), {"version": version()}))
    upload = {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": [BIG_HAND] * 5}
    responses.append(
        owner_client.post(
            reverse("import_game"),
            {"file": SimpleUploadedFile("g.json", json.dumps(upload).encode(), "application/json")},
        )
    )
    imported = Game.objects.filter(owner=owner).latest("pk")
    responses.append(owner_client.post(reverse("rematch", args=[imported.pk])))
    assert [response.status_code for response in responses] == [200, 302, 302, 302, 302, 302]
    assert Game.objects.filter(owner=owner).count() == 4
    assert Hand.objects.get(game=first, number=3).tricks is None  # the undo took them back

    for game in Game.objects.all():
        assert_player_records_are_a_fresh_replay(game)
    kept = stats.for_owner(owner)
    assert kept == fresh_report(owner)
    # The blind nil made in the edited hand 1 and in the second game, under either spelling.
    ann = by_name(kept.players)["Ann"]
    assert (ann.games, ann.blind_nils, ann.blind_nils_made, ann.wins) == (4, 2, 2, 1)
    assert "Zed" not in by_name(kept.players)


def test_steps_leave_the_figures_to_the_page_which_replays_only_the_games_behind(
    owner, owner_client, make_game, session_reads
):
    """A step saves no figures (one statement less a step); the next look at the page
    replays the games stepped in since the last look, once, and is then as cheap as before."""
    playing = make_game([QUIET_HAND, NIL_FAILS], target_score=100_000, losing_score=None)
    make_game([BLIND_NIL_MADE, QUIET_HAND])
    stamp_before = set(playing.player_records.values_list("game_version", flat=True))
    with CaptureQueriesContext(connection) as step:
        owner_client.post(bids_url(playing), bids_data(3, 4, 3, 3, 3), headers=HX)
        owner_client.post(tricks_url(playing), {"hand": "3", "side_0": "7", "side_1": "6"})
    assert not [q["sql"] for q in step if PlayerRecord._meta.db_table in q["sql"]]
    playing.refresh_from_db()
    assert set(playing.player_records.values_list("game_version", flat=True)) == stamp_before
    assert playing.version > max(stamp_before)

    with CaptureQueriesContext(connection) as first_look:
        report = owner_client.get(reverse("players")).context["report"]
    assert report == fresh_report(owner)
    assert by_name(report.players)["Ann"].hands == 3 + 2
    # Only the game stepped in was replayed: its hands read once, its figures kept once.
    hand_reads = [q["sql"] for q in first_look if Hand._meta.db_table in q["sql"]]
    assert len(hand_reads) == 1
    assert set(playing.player_records.values_list("game_version", flat=True)) == {playing.version}
    with CaptureQueriesContext(connection) as second_look:
        owner_client.get(reverse("players"))
    assert len(second_look) == session_reads + 4


def test_a_name_is_shown_as_the_latest_game_spells_it(owner_client, make_game):
    older = make_game([QUIET_HAND], players=("ann", "Ben", "Cat", "Dan"))
    make_game([QUIET_HAND], players=("ANN", "Ben", "Cat", "Dan"))
    assert "ANN" in by_name(stats.for_owner(older.owner).players)
    older.set_note("short deck")  # the older game is now the one changed last
    report = stats.for_owner(older.owner)
    assert by_name(report.players)["ann"].games == 2
    assert report == fresh_report(older.owner)


@pytest.mark.parametrize("games", [1, 30])
def test_the_page_reads_no_hands_and_no_game_rows(
    owner_client, make_game, django_assert_num_queries, session_reads, games
):
    """What the page costs depends on the number of players, not of games or hands."""
    for _ in range(games):
        make_game([QUIET_HAND, NIL_FAILS] * 3)
    with CaptureQueriesContext(connection) as queries:
        response = owner_client.get(reverse("players"))
    assert len(queries) == session_reads + 4
    assert not [q["sql"] for q in queries if Hand._meta.db_table in q["sql"]]
    assert by_name(response.context["report"].players)["Ann"].hands == 6 * games


def test_a_game_that_no_longer_scores_is_left_out_and_said_so(owner_client, make_game):
    make_game([QUIET_HAND])
    broken = make_game([QUIET_HAND])
    Hand.objects.filter(game=broken).update(bids=[14, 3, 3, 3])  # 14 of 13 tricks: no longer scores
    broken.player_records.all().delete()
    body = owner_client.get(reverse("players")).content.decode()
    assert "Over your 2 games" in body
    assert "1 game was left out because its hands no longer score." in body
    assert stats.for_owner(broken.owner) == fresh_report(broken.owner)


def test_the_migration_fills_the_records_of_games_already_there(owner, make_game):
    migration = import_module("games.migrations.0006_player_records")
    games = [make_game([NIL_FAILS, QUIET_HAND]), make_game([BIG_HAND] * 5)]
    broken = make_game([QUIET_HAND])
    Hand.objects.filter(game=broken).update(bids=[14, 3, 3, 3])
    PlayerRecord.objects.all().delete()

    migration.fill_existing_games(apps, None)

    for game in games:
        assert_player_records_are_a_fresh_replay(game)
    assert not broken.player_records.exists()
    assert stats.for_owner(owner) == fresh_report(owner)


def test_the_migration_stamps_the_figures_kept_before_it_with_their_games_version(owner, make_game):
    """Figures kept before steps left them behind were rebuilt by every write: current."""
    migration = import_module("games.migrations.0020_playerrecord_game_version")
    games = [make_game([NIL_FAILS, QUIET_HAND]), make_game([BIG_HAND] * 2)]
    games[0].set_note("moves its version on")
    PlayerRecord.objects.update(game_version=0)

    migration.stamp_current_figures(apps, None)

    for game in games:
        game.refresh_from_db()
        assert set(game.player_records.values_list("game_version", flat=True)) == {game.version}
    assert stats.refresh(owner) == 0
