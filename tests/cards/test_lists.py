"""Card games in the owner's lists: home shows the latest few, in progress first; the games list
shows them all, newest first, a page at a time; the Spades list beside them is as it was."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.cards import services
from games.cards.models import CardsGame
from games.scoring import card_games
from games.scoring.card_games.table import Recorded
from games.views.pages import CARDS_LAST_PAGE, CARDS_ON_HOME, CARDS_PAGE_SIZE
from tests.conftest import QUIET_HAND

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
HAND_1 = Recorded(3, (1, 0, 1), (1, 1, 1))  # Ann +11, Ben 0, Cat +11


def make(owner, hands=(HAND_1,), game="oh_hell", players=("Ann", "Ben", "Cat"), **rules):
    kind = card_games.GAMES[game]
    spec = {"preset": kind.default_preset, **rules}
    if game == "oh_hell":
        spec.setdefault("max_cards", 3)  # 3, 2, 1, 2, 3: five hands
    return services.create_game(owner, kind=kind, players=list(players), rules=spec, hands=hands)


def section(body):
    """The card games' part of a page, or None."""
    found = re.search(r'<section id="card-games".*?</section>', body, re.DOTALL)
    return found.group(0) if found else None


def rows(body):
    """The card games' links in the order shown."""
    return re.findall(r'<a class="game-row" href="(/cards/\d+/)"', section(body) or "")


def test_home_lists_the_card_games_with_their_totals_and_progress(owner_client, owner):
    game = make(owner)
    cards = section(owner_client.get("/").content.decode())
    assert f'href="{game.get_absolute_url()}"' in cards
    assert "Oh Hell: Ann, Ben, Cat" in cards
    assert '<span class="tag">Hand 2 of 5</span>' in cards
    assert (
        '<span class="row-side"><span class="who">Ann</span> <strong class="score">11</strong>'
        '</span><span class="row-side"><span class="who">Ben</span> <strong class="score">0'
        "</strong></span>"
    ) in cards
    assert "Oh Hell · 1 of 5 hands played · last played" in cards
    assert "Winner" not in cards


def test_a_finished_game_says_who_won_and_a_tie_names_both(owner_client, owner):
    # One hand of one card. Ann 1 of 1: 11; Ben bid 1, took 0: 0; Cat 0 of 0: 10.
    make(owner, [Recorded(1, (1, 1, 0), (1, 0, 0))], max_cards=1, players=("Ann", "Ben", "Cat"))
    # Dot bid 0 and took the trick: 0; Eve and Fay 0 of 0: 10 each, a tie.
    make(owner, [Recorded(1, (0, 0, 0), (1, 0, 0))], max_cards=1, players=("Dot", "Eve", "Fay"))
    cards = section(owner_client.get("/").content.decode())
    assert cards.count('<span class="tag over">Finished</span>') == 2
    assert "Winner: Ann</span>" in cards
    assert "Winners: Eve, Fay</span>" in cards
    assert "1 of 1 hand played · finished" in cards


def test_call_break_totals_have_one_decimal(owner_client, owner):
    make(
        owner,
        [Recorded(13, (3, 4, 2, 3), (4, 4, 2, 3))],
        game="call_break",
        players=("Ann", "Ben", "Cat", "Dan"),
    )
    cards = section(owner_client.get("/").content.decode())
    assert '<span class="who">Ann</span> <strong class="score">3.1</strong>' in cards
    assert '<span class="who">Cat</span> <strong class="score">2.0</strong>' in cards
    assert "Call Break · 1 of 5 hands played" in cards


def test_a_named_game_shows_its_name_and_names_are_escaped(owner_client, owner):
    kind = card_games.GAMES["wizard"]
    services.create_game(
        owner,
        kind=kind,
        players=["<b>Ann</b>", "Ben", "Cat"],
        rules={"preset": "wizard"},
        name="Friday <i>night</i>",
    )
    cards = section(owner_client.get("/").content.decode())
    assert "Friday &lt;i&gt;night&lt;/i&gt;" in cards
    assert "&lt;b&gt;Ann&lt;/b&gt;" in cards
    assert "<b>Ann</b>" not in cards
    assert '<span class="tag">Hand 1 of 20</span>' in cards  # Wizard, 3 players: 60 / 3 rounds
    assert "Wizard · 0 of 20 hands played" in cards


def test_only_the_owners_card_games_are_listed(owner_client, owner, stranger):
    make(stranger, players=("Zed", "Yul", "Xan"))
    body = owner_client.get("/").content.decode()
    assert section(body) is None
    assert "Zed" not in body


def test_without_card_games_there_is_no_section(owner_client, make_game):
    make_game([QUIET_HAND])
    for url in ("/", reverse("games")):
        assert section(owner_client.get(url).content.decode()) is None


def test_home_puts_games_in_progress_first_and_shows_the_latest_few(owner_client, owner):
    finished = make(owner, [Recorded(1, (1, 1, 0), (1, 0, 0))], max_cards=1)
    playing = [make(owner) for _ in range(CARDS_ON_HOME + 1)]
    body = owner_client.get("/").content.decode()
    newest_playing = [game.get_absolute_url() for game in reversed(playing)]
    assert rows(body) == newest_playing[:CARDS_ON_HOME]
    assert f'<a href="{reverse("games")}#card-games">All your card games</a>' in section(body)
    # The games list has them all, newest first.
    listed = rows(owner_client.get(reverse("games")).content.decode())
    assert listed == [*newest_playing, finished.get_absolute_url()]


def test_home_has_no_link_to_more_when_all_are_shown(owner_client, owner):
    for _ in range(CARDS_ON_HOME):
        make(owner)
    cards = section(owner_client.get("/").content.decode())
    assert "All your card games" not in cards
    assert 'class="pager"' not in cards


def test_the_games_list_pages_its_card_games_apart_from_the_spades_games(
    owner_client, owner, make_game
):
    made = [make(owner) for _ in range(CARDS_PAGE_SIZE + 2)]
    newest = [game.get_absolute_url() for game in reversed(made)]
    make_game([QUIET_HAND], players=("Eve", "Fay", "Gus", "Hal"))
    first = owner_client.get(reverse("games")).content.decode()
    assert rows(first) == newest[:CARDS_PAGE_SIZE]
    assert 'href="?cards=2#card-games">Older →</a>' in section(first)
    assert "← Newer" not in section(first)
    # The Spades filter and pages keep their own place in the address.
    second = owner_client.get(reverse("games"), {"cards": "2", "player": "eve"}).content.decode()
    assert rows(second) == newest[CARDS_PAGE_SIZE:]
    assert 'href="?cards=1&amp;player=eve#card-games">← Newer</a>' in section(second)
    assert "Older →" not in section(second)
    assert "Eve + Gus" in second  # the Spades list, filtered as asked
    assert "1 game match" in second


@pytest.mark.parametrize("asked", ["abc", "0", "-1", "", "1.5", "٣", "9" * 40, "\x00"])
def test_an_odd_card_page_is_the_first(owner_client, owner, asked):
    game = make(owner)
    response = owner_client.get(reverse("games"), {"cards": asked})
    assert response.status_code == 200
    assert rows(response.content.decode()) == [game.get_absolute_url()]


def test_a_page_past_the_last_says_so_and_leads_back(owner_client, owner):
    make(owner)
    response = owner_client.get(reverse("games"), {"cards": "999999"})
    assert response.status_code == 200
    cards = section(response.content.decode())
    assert "No card games on this page." in cards
    assert f'href="?cards={CARDS_LAST_PAGE - 1}#card-games">← Newer</a>' in cards
    assert 'href="?#card-games">Your latest card games</a>' in cards


def test_an_empty_spades_list_beside_card_games_says_no_spades_games(owner_client, owner):
    body = owner_client.get("/").content.decode()
    assert "No games yet." in body
    make(owner)
    body = owner_client.get("/").content.decode()
    assert "No Spades games yet." in body
    assert "No games yet." not in body


def test_the_spades_lists_htmx_answer_is_the_list_alone(owner_client, owner, make_game):
    make(owner)
    make_game([QUIET_HAND])
    body = owner_client.get(reverse("games"), {"page": "1"}, headers=HX).content.decode()
    assert body.lstrip().startswith('<div id="game-list"')
    assert "card-games" not in body


def test_a_card_game_changed_shows_at_once(owner_client, owner):
    game = make(owner)
    assert '<span class="tag">Hand 2 of 5</span>' in owner_client.get("/").content.decode()
    services.record_bids(owner, game.pk, 2, [1, 0, 0])
    services.record_tricks(owner, game.pk, 2, [1, 1, 0])
    assert '<span class="tag">Hand 3 of 5</span>' in owner_client.get("/").content.decode()


@pytest.mark.parametrize("url", ["/", "/games/"])
def test_the_lists_queries_do_not_grow_with_card_games(
    owner_client, owner, make_game, django_assert_num_queries, session_reads, url
):
    make_game([QUIET_HAND])
    make(owner)
    # The user, the card games, the count of the Spades games and their page (the Spades list
    # is drawn each time here: it is kept, and a kept list would spare its page's query).
    with django_assert_num_queries(session_reads + 4):
        assert section(owner_client.get(url).content.decode()) is not None
    for _ in range(CARDS_PAGE_SIZE + 5):
        make(owner, game="call_break", hands=(), players=("Ann", "Ben", "Cat", "Dan"))
    assert CardsGame.objects.count() == CARDS_PAGE_SIZE + 6
    cache.clear()
    with django_assert_num_queries(session_reads + 4):
        body = owner_client.get(url).content.decode()
    assert len(rows(body)) == (CARDS_ON_HOME if url == "/" else CARDS_PAGE_SIZE)
