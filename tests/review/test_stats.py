"""Player statistics, checked on small games worked out by hand."""

import pytest
from django.urls import reverse

from games import scoring, stats
from tests.conftest import QUIET_HAND
from tests.review.conftest import BIG_HAND, BLIND_NIL_MADE, NIL_FAILS

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
    assert "Zed" not in body
    # Ann: nil 0 of 1, blind nil 1 of 1, bags 1.00 a hand; Cat: 2 of 3 bids made.
    assert '0 of 1 <span class="muted">(0%)</span>' in body
    assert '1 of 1 <span class="muted">(100%)</span>' in body
    assert '2 of 3 <span class="muted">(67%)</span>' in body
    assert "<td>1.00</td>" in body


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
    owner_client, make_game, django_assert_num_queries
):
    make_game([QUIET_HAND, NIL_FAILS])
    # The user, the games, all their hands.
    with django_assert_num_queries(4):
        owner_client.get(reverse("players"))
    for _ in range(29):
        make_game([QUIET_HAND, NIL_FAILS, QUIET_HAND])
    with django_assert_num_queries(4):
        response = owner_client.get(reverse("players"))
    assert by_name(response.context["report"].players)["Ann"].games == 30
