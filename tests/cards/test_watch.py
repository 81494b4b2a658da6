"""A card game's watch link: read only, for anyone holding it, polled with 304s; the owner's
share page shows it with its QR code and turns it off, on again, or replaces it."""

import re

import pytest
from django.urls import reverse

from games.cards import services
from games.cards.models import CardsGame
from games.scoring import card_games
from games.scoring.card_games.table import Recorded
from tests.web.test_table_link import decode, qr_matrix_from_svg

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
# Oh Hell, 10 + bid, 3 cards down to 1 and back: five hands, Ann deals first.
HAND_1 = Recorded(3, (1, 0, 1), (1, 1, 1))  # Ann +11, Ben 0 (bid 0, took 1), Cat +11
HAND_2_BIDS = Recorded(2, (1, 0, 0))


def make(owner, hands=(), game="oh_hell", players=("Ann", "Ben", "Cat"), **rules):
    kind = card_games.GAMES[game]
    spec = {"preset": kind.default_preset, **rules}
    return services.create_game(owner, kind=kind, players=list(players), rules=spec, hands=hands)


def oh_hell(owner, hands=(HAND_1, HAND_2_BIDS)):
    return make(owner, hands, max_cards=3)


def watch_url(game, token=None):
    return reverse("cards_watch", args=[token or game.watch_token])


def live_url(game, token=None):
    return reverse("cards_watch_live", args=[token or game.watch_token])


def share_url(game):
    return reverse("cards_share", args=[game.pk])


def fresh(game):
    return CardsGame.objects.get(pk=game.pk)


def test_every_game_has_its_own_long_token_and_the_link_is_on(owner):
    first, second = oh_hell(owner), oh_hell(owner)
    assert first.watch_token != second.watch_token
    assert len(first.watch_token) >= 32
    assert first.watch_enabled


# The watch page ------------------------------------------------------------------------------


def test_anyone_with_the_link_sees_totals_the_hand_being_played_and_the_history(client, owner):
    game = oh_hell(owner)
    response = client.get(watch_url(game))
    assert response.status_code == 200
    body = response.content.decode()
    assert '<div class="who" title="Ann">Ann</div>\n        <div class="score">11</div>' in body
    assert '<div class="who" title="Ben">Ben</div>\n        <div class="score">0</div>' in body
    assert "Hand 2 of 5 is being played" in body
    assert "2 cards each · Ben dealt; Cat leads." in body
    assert "<li><strong>Ann</strong>: bid 1</li><li><strong>Ben</strong>: bid 0</li>" in body
    # Hand 1 in words, as the table's history says it.
    assert "#1" in body
    assert "3 cards each; Ann dealt." in body
    assert "<li>Ben bid 0, took 1: missed by 1 (over), no score</li>" in body
    assert f'hx-get="{live_url(game)}" hx-trigger="every 4s" hx-swap="outerHTML"' in body


def test_before_the_bids_it_says_who_deals_and_the_hook(client, owner):
    game = oh_hell(owner, hands=[HAND_1])
    body = client.get(watch_url(game)).content.decode()
    assert "Hand 2 of 5: waiting for the bids" in body
    assert "2 cards each · Ben deals; Cat bids first." in body
    assert "The hook: Ben deals and bids last, and may not bid so that the bids add up" in body
    assert "No hands played yet." not in body


def test_a_new_game_has_no_hands_yet(client, owner):
    body = client.get(watch_url(oh_hell(owner, hands=()))).content.decode()
    assert "Hand 1 of 5: waiting for the bids" in body
    assert "3 cards each · Ann deals; Ben bids first." in body
    assert "No hands played yet." in body


def test_a_finished_game_says_who_won(client, owner):
    game = make(owner, [Recorded(1, (1, 1, 1), (1, 0, 0))], max_cards=1)  # one hand of one card
    body = client.get(watch_url(game)).content.decode()
    assert "Game over" in body
    assert "Ann wins with 11 points." in body


def test_call_break_totals_show_one_decimal(client, owner):
    game = make(
        owner,
        [Recorded(13, (3, 4, 2, 3), (4, 4, 2, 3))],
        game="call_break",
        players=("Ann", "Ben", "Cat", "Dan"),
    )
    body = client.get(watch_url(game)).content.decode()
    assert '<div class="score">3.1</div>' in body  # a made call of 3 with one over
    assert "Hand 2 of 5: waiting for the bids" in body


def test_notes_are_shown_and_every_name_is_escaped(client, owner):
    game = make(owner, [HAND_1], players=("<b>Ann</b>", "Ben", "Cat"), max_cards=3)
    services.set_note(owner, game.pk, "at <i>Gran's</i>")
    services.set_hand_note(owner, game.pk, 1, "misdeal, redealt")
    body = client.get(watch_url(game)).content.decode()
    assert "<b>Ann</b>" not in body
    assert "&lt;b&gt;Ann&lt;/b&gt;" in body
    assert "at &lt;i&gt;Gran&#x27;s&lt;/i&gt;" in body
    assert "Note: misdeal, redealt" in body


def test_the_watch_page_shows_nothing_else_of_the_owner(client, owner):
    game = oh_hell(owner)
    response = client.get(watch_url(game))
    body = response.content.decode()
    assert owner.username not in body
    for private in ("/cards/", "/games/", "/accounts/", "Sign out", "Sign in", "Correct", "Undo"):
        assert private not in body
    hrefs = [part.split('"')[0] for part in body.split('href="')[1:]]
    assert hrefs
    assert all(href.startswith("/static/") for href in hrefs)
    assert "<form" not in body
    assert "X-CSRFToken" not in body
    assert "csrfmiddlewaretoken" not in body
    assert not response.cookies
    assert 'class="watch"' in body
    assert '<meta name="robots" content="noindex, nofollow">' in body
    assert response["X-Robots-Tag"] == "noindex, nofollow"


def test_the_watch_page_is_the_same_for_the_owner_and_a_stranger(client, owner, stranger):
    game = oh_hell(owner)
    anonymous = client.get(watch_url(game)).content
    client.force_login(stranger)
    assert client.get(watch_url(game)).content == anonymous
    client.force_login(owner)
    assert client.get(watch_url(game)).content == anonymous


@pytest.mark.parametrize("name", ["cards_watch", "cards_watch_live"])
@pytest.mark.parametrize("token", ["not-a-real-token", "a\x00b", "x" * 3000])
def test_a_wrong_token_is_not_found(client, owner, name, token):
    oh_hell(owner)
    assert client.get(reverse(name, args=[token])).status_code == 404


def test_a_spades_table_token_does_not_open_a_card_game(client, owner, make_game):
    spades = make_game()
    oh_hell(owner)
    assert client.get(reverse("cards_watch", args=[spades.table.watch_token])).status_code == 404


def test_only_get_and_head_are_answered(client, owner):
    game = oh_hell(owner)
    assert client.head(watch_url(game)).status_code == 200
    assert client.post(watch_url(game)).status_code == 405
    assert client.post(live_url(game)).status_code == 405


# The live part -------------------------------------------------------------------------------


def test_the_live_part_answers_304_until_the_game_changes(client, owner):
    game = oh_hell(owner)
    first = client.get(live_url(game), headers=HX)
    assert first.status_code == 200
    etag = first["ETag"]
    # Opaque: nothing of the game's id or of how often it changed.
    assert re.fullmatch(r'"[0-9a-f]{24}"', etag)
    assert "no-cache" in first["Cache-Control"]
    assert "private" in first["Cache-Control"]
    body = first.content.decode()
    assert body.lstrip().startswith('<div id="watch-live"')
    assert "<html" not in body
    # The part sends its own ETag back, so the browser hands the 304 to htmx.
    assert f'hx-headers="{{&quot;If-None-Match&quot;: &quot;\\&quot;{etag.strip(chr(34))}' in body

    again = client.get(live_url(game), headers={**HX, "If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag

    services.record_tricks(owner, game.pk, 2, [1, 0, 1])
    changed = client.get(live_url(game), headers={**HX, "If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    text = changed.content.decode()
    assert "Hand 3 of 5: waiting for the bids" in text
    assert "#2" in text


def test_the_watch_page_tells_htmx_not_to_swap_a_304(client, owner):
    body = client.get(watch_url(oh_hell(owner))).content.decode()
    assert '{"code": "304", "swap": false}, {"code": "[23]..", "swap": true}' in body


def test_a_note_moves_the_etag_on(client, owner):
    game = oh_hell(owner)
    etag = client.get(live_url(game))["ETag"]
    services.set_note(owner, game.pk, "at Gran's")
    changed = client.get(live_url(game), headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert "at Gran&#x27;s" in changed.content.decode()


def test_a_304_costs_one_query(client, owner, django_assert_num_queries):
    game = oh_hell(owner)
    etag = client.get(live_url(game))["ETag"]
    with django_assert_num_queries(1):
        assert client.get(live_url(game), headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("max_cards", [2, 8])
def test_watch_queries_do_not_grow_with_hands(client, owner, django_assert_num_queries, max_cards):
    # Hands of max_cards down to 1, each dealer taking every trick having bid 0.
    players = 3
    sizes = [*range(max_cards, 0, -1)]
    hands = []
    for number, cards in enumerate(sizes):
        dealer = number % players
        bids = tuple(0 for _ in range(players))
        tricks = tuple(cards if seat == dealer else 0 for seat in range(players))
        hands.append(Recorded(cards, bids, tricks))
    game = make(owner, hands, max_cards=max_cards)
    assert fresh(game).hand_count == len(sizes)
    # The game, its hands; then the page is kept for this version.
    with django_assert_num_queries(2):
        assert client.get(watch_url(game)).status_code == 200
    with django_assert_num_queries(1):
        body = client.get(watch_url(game)).content.decode()
    assert body.count('<details class="history-hand') == len(sizes)
    # The live part is drawn once as well.
    with django_assert_num_queries(2):
        client.get(live_url(game))
    with django_assert_num_queries(1):
        client.get(live_url(game))


# The share page ------------------------------------------------------------------------------


def shown_link(body):
    return re.search(r'id="watch-link" class="link-text" value="([^"]+)"', body).group(1)


def test_the_owner_sees_the_watch_link_and_its_qr_code(owner_client, owner):
    game = oh_hell(owner)
    response = owner_client.get(share_url(game))
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    link = shown_link(body)
    assert link == f"http://testserver{watch_url(game)}"
    svg = re.search(r'<svg viewBox[^>]*class="qr-code".*?</svg>', body, re.DOTALL).group(0)
    assert decode(qr_matrix_from_svg(svg)) == [link]
    assert f'href="{game.get_absolute_url()}"' in body  # the way back


def test_the_game_page_links_to_the_share_page(owner_client, owner):
    game = oh_hell(owner)
    assert share_url(game) in owner_client.get(game.get_absolute_url()).content.decode()


def test_a_loopback_link_says_other_phones_cannot_open_it(owner_client, owner, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    settings.PUBLIC_URL = ""
    game = oh_hell(owner)
    body = owner_client.get(share_url(game), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert shown_link(body) == f"http://127.0.0.1:8000{watch_url(game)}"
    assert "Other phones can't open this link" in body


def test_turning_the_link_off_makes_it_404_until_it_is_on_again(client, owner_client, owner):
    game = oh_hell(owner)
    assert client.get(watch_url(game)).status_code == 200
    response = owner_client.post(share_url(game), {"action": "off"})
    assert response.status_code == 302
    assert response["Location"] == share_url(game)
    page = owner_client.get(share_url(game)).content.decode()
    assert "The watch link is off: nobody can open it now." in page
    assert "is <strong>off</strong>" in page
    assert 'class="qr-code"' not in page
    for url in (watch_url(game), live_url(game)):
        assert client.get(url).status_code == 404
    owner_client.post(share_url(game), {"action": "on"})
    assert "The watch link works again." in owner_client.get(share_url(game)).content.decode()
    assert fresh(game).watch_token == game.watch_token
    for url in (watch_url(game), live_url(game)):
        assert client.get(url).status_code == 200


def test_replacing_the_link_retires_the_old_one(client, owner_client, owner):
    game = oh_hell(owner)
    old = game.watch_token
    assert client.get(watch_url(game)).status_code == 200  # drawn and kept under the old token
    owner_client.post(share_url(game), {"action": "replace"})
    assert "New watch link made" in owner_client.get(share_url(game)).content.decode()
    new = fresh(game).watch_token
    assert new != old
    assert client.get(watch_url(game, old)).status_code == 404
    assert client.get(live_url(game, old)).status_code == 404
    page = client.get(watch_url(game, new))
    assert page.status_code == 200
    assert live_url(game, new) in page.content.decode()
    assert old not in page.content.decode()


def test_a_link_that_is_off_is_turned_on_anew_by_replacing_it(client, owner_client, owner):
    game = oh_hell(owner)
    owner_client.post(share_url(game), {"action": "off"})
    owner_client.post(share_url(game), {"action": "replace"})
    now = fresh(game)
    assert now.watch_enabled
    assert now.watch_token != game.watch_token
    assert client.get(watch_url(now)).status_code == 200


@pytest.mark.parametrize("data", [{"action": "explode"}, {}, {"action": "x" * 5000}])
def test_an_unknown_share_action_changes_nothing(owner_client, owner, data):
    game = oh_hell(owner)
    response = owner_client.post(share_url(game), data)
    assert response.status_code == 302
    now = fresh(game)
    assert (now.watch_token, now.watch_enabled, now.version) == (
        game.watch_token,
        True,
        game.version,
    )
    assert "Nothing changed." in owner_client.get(share_url(game)).content.decode()


def test_the_share_page_is_the_owners_only(client, stranger_client, owner):
    game = oh_hell(owner)
    assert stranger_client.get(share_url(game)).status_code == 404
    assert stranger_client.post(share_url(game), {"action": "replace"}).status_code == 404
    assert stranger_client.post(share_url(game), {"action": "off"}).status_code == 404
    client.logout()
    assert client.get(share_url(game)).status_code == 404
    assert client.post(share_url(game), {"action": "off"}).status_code == 404
    now = fresh(game)
    assert (now.watch_token, now.watch_enabled, now.version) == (
        game.watch_token,
        True,
        game.version,
    )


def test_a_missing_game_is_not_found(owner_client):
    assert owner_client.get(reverse("cards_share", args=[999])).status_code == 404
    assert (
        owner_client.post(reverse("cards_share", args=[999]), {"action": "off"}).status_code == 404
    )


def test_the_owner_makes_a_scoring_link_with_its_qr_code_and_turns_it_off(owner_client, owner):
    game = oh_hell(owner)
    assert "Make a scoring link" in owner_client.get(share_url(game)).content.decode()
    owner_client.post(share_url(game), {"action": "score_on"})
    game.refresh_from_db()
    body = owner_client.get(share_url(game)).content.decode()
    link = f"http://testserver{reverse('cards_score', args=[game.score_token])}"
    assert f'value="{link}"' in body
    svgs = re.findall(r'<svg viewBox[^>]*class="qr-code".*?</svg>', body, re.DOTALL)
    assert link in [decode(qr_matrix_from_svg(svg))[0] for svg in svgs]
    owner_client.post(share_url(game), {"action": "score_off"})
    game.refresh_from_db()
    assert game.score_token is None
    assert "Only you can score this game." in owner_client.get(share_url(game)).content.decode()
