"""The watch link: read-only, no account, polled with 304s, and the owner can turn it off; the
old per-game links lead to their table's link."""

import re

import pytest
from django.urls import reverse

from games.models import Game, OldWatchLink, Table
from tests.conftest import BIG_HAND, QUIET_HAND

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def watch_url(game):
    return reverse("table_watch", args=[game.table.watch_token])


def live_url(game):
    return reverse("table_live", args=[game.table.watch_token])


def share_url(game):
    return reverse("share", args=[game.pk])


def test_every_table_gets_its_own_long_token(make_game):
    first, second = make_game(), make_game()
    assert first.table.watch_token != second.table.watch_token
    assert len(first.table.watch_token) >= 32
    assert first.table.watch_enabled


def test_anyone_with_the_link_sees_standings_bids_and_history(client, make_game, owner_client):
    game = make_game([QUIET_HAND])
    owner_client.post(
        reverse("post_bids", args=[game.pk]),
        {"hand": "2", "bid_0": "nil", "bid_1": "3", "bid_2": "4", "bid_3": "2"},
    )
    client.logout()
    response = client.get(watch_url(game))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Hand 2 is being played" in body
    assert "<strong>Ann + Cat</strong>: bid 4, Ann nil" in body
    assert '<div class="score">70</div>' in body
    assert "#1" in body
    assert f'hx-get="{live_url(game)}" hx-trigger="every 4s"' in body


def test_the_watch_page_shows_nothing_else_of_the_owner(client, make_game, owner):
    game = make_game([QUIET_HAND])
    body = client.get(watch_url(game)).content.decode()
    assert owner.username not in body
    for private in ("/games/", "/players/", "/accounts/", "Sign out", "Correct hand", "Undo"):
        assert private not in body
    hrefs = [part.split('"')[0] for part in body.split('href="')[1:]]
    assert all(href.startswith("/static/") for href in hrefs)


def test_the_watch_page_is_the_same_for_a_signed_in_stranger(stranger_client, make_game, owner):
    game = make_game([QUIET_HAND])
    body = stranger_client.get(watch_url(game)).content.decode()
    assert "Ann + Cat" in body
    assert owner.username not in body


def test_a_wrong_token_is_not_found(client, make_game):
    make_game()
    for name in ("table_watch", "table_live", "watch", "watch_live"):
        assert client.get(reverse(name, args=["not-a-real-token"])).status_code == 404


def test_the_fragment_answers_304_until_the_game_changes(client, make_game, owner_client):
    game = make_game([QUIET_HAND])
    first = client.get(live_url(game), headers=HX)
    assert first.status_code == 200
    etag = first["ETag"]
    # Opaque: nothing of the game's id or of how often it changed.
    assert re.fullmatch(r'"[0-9a-f]{24}"', etag)
    assert etag != f'"g{game.pk}v{game.version}"'
    assert "no-cache" in first["Cache-Control"]
    body = first.content.decode()
    assert body.lstrip().startswith('<div id="watch-live"')
    assert "<html" not in body
    # The fragment sends its own ETag back, so the browser hands the 304 to htmx.
    assert f'hx-headers="{{&quot;If-None-Match&quot;: &quot;\\&quot;{etag.strip(chr(34))}' in body

    again = client.get(live_url(game), headers={**HX, "If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag

    owner_client.post(
        reverse("post_bids", args=[game.pk]),
        {"hand": "2", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"},
    )
    client.logout()
    changed = client.get(live_url(game), headers={**HX, "If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "Hand 2 is being played" in changed.content.decode()


def test_the_watch_page_tells_htmx_not_to_swap_a_304(client, make_game):
    body = client.get(watch_url(make_game())).content.decode()
    assert '{"code": "304", "swap": false}, {"code": "[23]..", "swap": true}' in body


def test_a_304_costs_one_query(client, make_game, django_assert_num_queries):
    game = make_game([QUIET_HAND])
    etag = client.get(live_url(game))["ETag"]
    with django_assert_num_queries(1):
        assert client.get(live_url(game), headers={"If-None-Match": etag}).status_code == 304


def test_watch_queries_do_not_grow_with_hands(client, long_game, django_assert_num_queries):
    for count in (1, 40):
        game = long_game(count)
        # The token lookup, the game, its hands: then the whole page is cached.
        with django_assert_num_queries(3):
            client.get(watch_url(game))
        with django_assert_num_queries(1):
            assert "#1" in client.get(watch_url(game)).content.decode()
        # The live part: the token lookup and the game; its parts are the page's.
        with django_assert_num_queries(2):
            client.get(live_url(game))


def test_the_owner_sees_the_table_link_on_the_share_page(owner_client, make_game):
    game = make_game()
    body = owner_client.get(share_url(game)).content.decode()
    table_link = f"http://testserver{reverse('table_watch', args=[game.table.watch_token])}"
    assert f'value="{table_link}" readonly' in body
    assert "/watch/" not in body  # the table link is THE link


def test_the_share_page_is_the_owners_only(client, stranger_client, make_game):
    game = make_game()
    assert stranger_client.get(share_url(game)).status_code == 404
    assert stranger_client.post(share_url(game), {"action": "off"}).status_code == 404
    client.logout()
    assert client.get(share_url(game)).status_code == 404
    assert client.post(share_url(game), {"action": "off"}).status_code == 404
    assert Table.objects.get(pk=game.table_id).watch_enabled


def test_turning_the_link_off_makes_it_404_until_it_is_on_again(client, owner_client, make_game):
    game = make_game()
    response = owner_client.post(share_url(game), {"action": "off"})
    assert response.status_code == 302
    assert "is <strong>off</strong>" in owner_client.get(share_url(game)).content.decode()
    client.logout()
    assert client.get(watch_url(game)).status_code == 404
    assert client.get(live_url(game)).status_code == 404
    game.owner.refresh_from_db()
    owner_client.force_login(game.owner)
    owner_client.post(share_url(game), {"action": "on"})
    assert owner_client.get(watch_url(game)).status_code == 200


def test_replacing_the_link_retires_the_old_ones(client, owner_client, make_game):
    game = make_game()
    old_game_link = old_link(game, "from-before-tables-0000000000000")
    old_table_link = reverse("table_watch", args=[game.table.watch_token])
    owner_client.post(share_url(game), {"action": "replace"})
    game.refresh_from_db()
    new_table_link = reverse("table_watch", args=[game.table.watch_token])
    assert new_table_link != old_table_link
    # The table's link and the game's own old link both stop; the new table link works.
    assert client.get(old_table_link).status_code == 404
    assert client.get(old_game_link).status_code == 404
    assert client.get(new_table_link).status_code == 200


def test_an_unknown_share_action_changes_nothing(owner_client, make_game):
    game = make_game()
    owner_client.post(share_url(game), {"action": "explode"})
    fresh = Table.objects.get(pk=game.table_id)
    assert (fresh.watch_token, fresh.watch_enabled) == (game.table.watch_token, True)
    assert Game.objects.get(pk=game.pk).version == game.version


def test_the_game_page_links_to_its_review_pages(owner_client, make_game):
    game = make_game()
    body = owner_client.get(game.get_absolute_url()).content.decode()
    for name in ("rules_card", "compare", "share", "export_csv"):
        assert reverse(name, args=[game.pk]) in body


def test_the_watch_page_says_who_won_and_why(client, make_game):
    game = make_game([BIG_HAND] * 5)
    body = client.get(watch_url(game)).content.decode()
    assert "Ann + Cat win with 600 points." in body
    assert "The game ended after hand 5: Ann + Cat reached 500." in body


def test_the_watch_page_has_no_account_menu_and_sets_no_cookie(client, make_game):
    game = make_game([QUIET_HAND])
    response = client.get(watch_url(game))
    body = response.content.decode()
    assert 'class="watch"' in body
    assert "Sign in" not in body
    assert "Sign out" not in body
    assert "X-CSRFToken" not in body
    assert not response.cookies


# The old per-game links (/watch/<token>/), from before table links ---------------------------


def old_link(game, token="an-old-game-link-from-a-bookmark-01"):
    """A game's own link as migration 0019 kept it: one of its table's old links."""
    OldWatchLink.objects.create(token=token, table=game.table)
    return reverse("watch", args=[token])


def test_an_old_game_link_leads_to_its_table_link(client, make_game):
    game = make_game([QUIET_HAND])
    response = client.get(old_link(game))
    assert response.status_code == 302
    assert response["Location"] == watch_url(game)
    assert "no-cache" in response["Cache-Control"]
    assert response["Referrer-Policy"] == "no-referrer"
    assert "Waiting for the next bids" in client.get(response["Location"]).content.decode()


def test_an_old_game_links_live_part_leads_to_the_tables(client, make_game):
    game = make_game([QUIET_HAND])
    old_live = reverse("watch_live", args=["an-old-game-link-from-a-bookmark-01"])
    old_link(game)
    response = client.get(old_live, headers=HX, follow=True)
    assert response.redirect_chain == [(live_url(game), 302)]
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<div id="watch-live"')


def test_an_old_game_link_follows_its_table_into_the_rematch(client, owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    link = old_link(game)
    owner_client.post(reverse("rematch", args=[game.pk]))
    body = client.get(link, follow=True).content.decode()
    assert "Ann + Cat win" not in body  # the table's game now: the rematch
    assert "Waiting for the first bids" in body


def test_an_old_game_link_is_off_while_the_table_link_is(client, owner_client, make_game):
    game = make_game()
    link = old_link(game)
    owner_client.post(share_url(game), {"action": "off"})
    assert client.get(link).status_code == 404
    owner_client.post(share_url(game), {"action": "on"})
    assert client.get(link).status_code == 302


def test_replacing_the_table_link_ends_its_old_game_links_for_good(client, owner_client, make_game):
    game = make_game()
    link = old_link(game)
    other = make_game()
    other_link = old_link(other, "another-tables-old-game-link-00000")
    owner_client.post(share_url(game), {"action": "replace"})
    owner_client.post(share_url(game), {"action": "on"})
    assert client.get(link).status_code == 404
    assert not OldWatchLink.objects.filter(table=game.table_id).exists()
    assert client.get(other_link).status_code == 302  # another table's are its own
