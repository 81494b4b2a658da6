"""The read-only fragments of a game's pages are cached: cheap, never stale,
never another visitor's."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games import fragments, scoring
from games.access import Access
from games.fragments import GameFragments
from games.models import Game, OldWatchLink
from games.views.table import blank_step
from tests.conftest import PASSWORD, assert_summary_is_a_fresh_replay, quiet_hands
from tests.web.conftest import HX, bids_data, bids_url, step_inputs
from tests.web.test_queries import game_queries, history_rows

pytestmark = pytest.mark.django_db


def test_asking_again_skips_the_hands_and_the_replay(owner_client, make_game):
    game = make_game(quiet_hands(5))
    first = owner_client.get(game.get_absolute_url())
    owner_client.get(game.get_absolute_url(), headers=HX)
    # The game alone: the hands come with the cached HTML.
    with game_queries(1):
        second = owner_client.get(game.get_absolute_url())
    with game_queries(1):
        fragment = owner_client.get(game.get_absolute_url(), headers=HX)
    assert first.status_code == second.status_code == fragment.status_code == 200
    assert "#5" in second.content.decode()
    assert "#5" in fragment.content.decode()


def test_recording_a_hand_shows_at_once(owner_client, make_game):
    game = make_game(quiet_hands(2))
    assert "Hand 3: bids" in owner_client.get(game.get_absolute_url()).content.decode()
    owner_client.post(bids_url(game), bids_data(3, 4, 3, 3, 3))
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Hand 3: tricks" in page
    assert "Hand 3: bids" not in page


def test_cached_pages_carry_each_visitors_own_working_csrf_token(make_game, owner):
    game = make_game(quiet_hands(1))
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    tokens = []
    for phone in phones:
        assert phone.login(username=owner.username, password=PASSWORD)
        page = phone.get(game.get_absolute_url()).content.decode()
        tokens.append(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1])
    assert tokens[0] != tokens[1]
    # The second phone's token, from the cached HTML, is accepted for its own post.
    data = {**bids_data(2, 4, 3, 3, 3), "csrfmiddlewaretoken": tokens[1]}
    assert phones[1].post(bids_url(game), data).status_code == 302
    # A post without a token is refused.
    refused = phones[0].post(reverse("undo", args=[game.pk]), {"version": "0"})
    assert refused.status_code == 403


def test_the_cached_page_is_the_whole_page_for_its_owner(owner_client, make_game):
    game = make_game(quiet_hands(1))
    first = owner_client.get(game.get_absolute_url()).content.decode()
    second = owner_client.get(game.get_absolute_url()).content.decode()
    for page in (first, second):
        assert "Sign out" in page
        assert "<html" in page
        assert re.search(r'hx-headers=\'\{"X-CSRFToken": "[A-Za-z0-9]{64}"\}\'', page)


def test_a_waiting_message_is_shown_on_the_cached_page(owner_client, make_game):
    game = make_game(quiet_hands(1))
    owner_client.get(game.get_absolute_url())
    owner_client.post(reverse("undo", args=[game.pk]), {"version": str(game.version - 1)})
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "changed on another phone" in page
    # Shown once.
    assert (
        "changed on another phone" not in owner_client.get(game.get_absolute_url()).content.decode()
    )


def test_a_player_named_like_a_token_shows_as_a_name_and_no_token_is_cached(
    make_game, owner, make_user
):
    """Nothing visitor-specific is ever in the cache: forms are drawn outside it."""
    name = "csrf-token-placeholder-7f3c9a"
    game = make_game(quiet_hands(2), players=("Ann", name, "Cat", "Dan"))
    phone = Client()
    assert phone.login(username=owner.username, password=PASSWORD)
    page = phone.get(game.get_absolute_url()).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    assert name in page
    # Each form, and the htmx header on <body>, carry this visitor's own token.
    assert page.count(token) == page.count('name="csrfmiddlewaretoken"') + 1
    version, rows = f"{game.pk}:{game.version}", f"{game.pk}:{game.history_version}"
    keys = [f"{kind}:{version}" for kind in ("state", "standings", "chart")]
    keys += [f"row:{rows}:{number}" for number in (1, 2)]
    held = list(cache.get_many(keys).values())
    assert len(held) == len(keys)
    secret = phone.cookies["csrftoken"].value
    for value in held:
        assert "csrfmiddlewaretoken" not in str(value)
        assert secret not in str(value)


def test_every_write_bumps_the_version(owner_client, make_game):
    game = make_game(quiet_hands(1))
    versions = [game.version]

    def bumped():
        game.refresh_from_db()
        versions.append(game.version)
        return versions[-1] == versions[-2] + 1

    owner_client.post(bids_url(game), bids_data(2, 4, 3, 3, 3))
    assert bumped()
    owner_client.post(reverse("post_tricks", args=[game.pk]), {"hand": "2", "side_0": "7"})
    assert not bumped()  # refused: nothing changed
    owner_client.post(
        reverse("post_tricks", args=[game.pk]), {"hand": "2", "side_0": "7", "side_1": "6"}
    )
    assert bumped()
    owner_client.post(reverse("undo", args=[game.pk]), {"version": game.version})
    assert bumped()
    for action in ("off", "on", "replace"):
        owner_client.post(reverse("share", args=[game.pk]), {"action": action})
        assert bumped(), action


def test_a_replaced_watch_link_is_never_shown_from_the_cache(client, owner_client, make_game):
    game = make_game(quiet_hands(2))
    old, old_game_link = game.table.watch_token, "an-old-game-link-from-a-bookmark-01"
    OldWatchLink.objects.create(token=old_game_link, table=game.table)
    live = client.get(reverse("table_live", args=[old])).content.decode()
    assert f"/t/{old}/live/" in live
    assert client.get(reverse("watch_live", args=[old_game_link]), follow=True).status_code == 200
    owner_client.post(reverse("share", args=[game.pk]), {"action": "replace"})
    game.table.refresh_from_db()
    new = game.table.watch_token
    assert client.get(reverse("table_live", args=[old])).status_code == 404
    assert client.get(reverse("watch_live", args=[old_game_link])).status_code == 404
    fresh = client.get(reverse("table_live", args=[new])).content.decode()
    assert f"/t/{new}/live/" in fresh
    assert old not in fresh
    assert old not in client.get(reverse("table_watch", args=[new])).content.decode()


@pytest.fixture
def replays(monkeypatch):
    """Each replay from now on: how many hands it scored."""
    calls = []
    real = scoring.score_game

    def counted(*args, **kwargs):
        calls.append(len(args[1]))
        return real(*args, **kwargs)

    monkeypatch.setattr(scoring, "score_game", counted)
    return calls


def test_one_replay_per_recorded_step(owner_client, make_game, replays):
    game = make_game(quiet_hands(3))
    owner_client.get(game.get_absolute_url())
    replays.clear()
    owner_client.post(bids_url(game), bids_data(4, 4, 3, 3, 3), headers=HX)
    assert replays == [4]  # every hand, the new one included, once
    owner_client.post(
        reverse("post_tricks", args=[game.pk]),
        {"hand": "4", "side_0": "7", "side_1": "6"},
        headers=HX,
    )
    assert replays == [4, 4]
    assert_summary_is_a_fresh_replay(game)


def test_a_history_row_rendered_once_serves_the_game_page_and_the_watch_page(
    client, owner_client, make_game, monkeypatch
):
    game = make_game(quiet_hands(3))
    owner_client.get(game.get_absolute_url())
    monkeypatch.setattr(
        fragments.display, "hands", lambda result: pytest.fail("a row was rendered twice")
    )
    watch = client.get(reverse("table_watch", args=[game.table.watch_token])).content.decode()
    page = owner_client.get(game.get_absolute_url(), headers=HX).content.decode()
    for number in (1, 2, 3):
        row = cache.get(f"row:{game.pk}:{game.history_version}:{number}")
        assert row in watch
        assert row in page


def test_a_correction_refreshes_every_later_row(owner_client, make_game):
    game = make_game(quiet_hands(3))
    owner_client.get(game.get_absolute_url())
    data = {"version": str(game.version)}
    for seat, (bid, tricks) in enumerate([(5, 7), (3, 6), (3, None), (3, None)]):
        data[f"bid_{seat}"] = str(bid)
        data[f"tricks_{seat}"] = "" if tricks is None else str(tricks)
    response = owner_client.post(reverse("edit_hand", args=[game.pk, 1]), data)
    assert response.status_code == 302, response.context["form"].errors
    game.refresh_from_db()
    page = owner_client.get(game.get_absolute_url()).content.decode()
    replayed = game.replay()
    for hand in replayed.hands:
        assert f"→ {hand.sides[0].score}</span>" in page


def test_the_history_page_and_the_blank_next_step_are_cached_without_a_token(
    owner_client, make_game
):
    game = make_game(quiet_hands(2))
    page = owner_client.get(game.get_absolute_url()).content.decode()
    history = cache.get(f"history:{game.pk}:{game.history_version}:2:0")
    fragments = GameFragments(game)
    fields = cache.get(fragments.step_key(blank_step(fragments, lean=False)[0], lean=False))
    assert history is not None
    assert fields is not None
    assert history in page
    assert fields in page
    assert f'href="/games/{game.pk}/hands/2/edit/"' in history
    secret = owner_client.cookies["csrftoken"].value
    for held in (history, fields):
        assert "csrfmiddlewaretoken" not in held
        assert secret not in held
    # The form's own token and the hand's number are drawn, just before the cached fields.
    hand = '<input type="hidden" name="hand" value="3" id="id_hand">'
    assert re.search(r'name="csrfmiddlewaretoken" value="[^"]+">' + re.escape(hand + fields), page)


def test_each_recorded_step_draws_the_next_step_and_the_new_row(owner_client, make_game):
    game = make_game(quiet_hands(2))
    owner_client.get(game.get_absolute_url())
    owner_client.get(game.get_absolute_url(), headers=HX)
    owner_client.post(bids_url(game), bids_data(3, 4, 3, 3, 3))
    for headers in (None, HX):
        page = owner_client.get(game.get_absolute_url(), headers=headers)
        assert step_inputs(page)[1:] == ["hand", "bids", "side_0", "side_1"]
        assertContains(page, 'name="hand" value="3"')
        assert history_rows(page) == [2, 1]
    owner_client.post(reverse("post_tricks", args=[game.pk]), {"hand": "3", "side_0": "7"})
    assertContains(owner_client.get(game.get_absolute_url()), 'name="hand" value="3"')  # refused
    owner_client.post(
        reverse("post_tricks", args=[game.pk]), {"hand": "3", "side_0": "7", "side_1": "6"}
    )
    for headers in (None, HX):
        page = owner_client.get(game.get_absolute_url(), headers=headers)
        assert "bid_0" in step_inputs(page)
        assertContains(page, 'name="hand" value="4"')
        assert history_rows(page) == [3, 2, 1]


def test_a_checked_step_shows_its_errors_and_the_cached_step_none(owner_client, make_game):
    game = make_game(quiet_hands(1))
    clean = owner_client.get(game.get_absolute_url(), headers=HX).content.decode()
    refused = owner_client.post(bids_url(game), bids_data(2, 4, 3, 3), headers=HX)
    assert refused.status_code == 422
    assertContains(refused, "Choose Dan&#x27;s bid.", status_code=422)
    again = owner_client.get(game.get_absolute_url(), headers=HX).content.decode()
    assert "Choose Dan&#x27;s bid." not in clean
    assert "Choose Dan&#x27;s bid." not in again


def test_a_correction_redraws_the_history_page(owner_client, make_game):
    game = make_game(quiet_hands(2))
    assertContains(owner_client.get(game.get_absolute_url()), "→ 140</span>")
    data = {"version": str(game.version)}
    for seat, (bid, tricks) in enumerate([(5, 7), (3, 6), (3, None), (3, None)]):
        data[f"bid_{seat}"] = str(bid)
        data[f"tricks_{seat}"] = "" if tricks is None else str(tricks)
    assert owner_client.post(reverse("edit_hand", args=[game.pk, 1]), data).status_code == 302
    game.refresh_from_db()
    page = owner_client.get(game.get_absolute_url())
    assert history_rows(page) == [2, 1]
    for hand in game.replay().hands:
        assertContains(page, f"→ {hand.sides[0].score}</span>")
    assertNotContains(page, "→ 140</span>")


def test_opening_a_game_follows_the_one_rule_of_access(make_game, owner, stranger):
    """The owner's games; with a scoring request, the current game of a table whose scoring
    link this browser holds; nothing for a number too big for the column."""
    game, other = make_game(), make_game(user=stranger)
    game.table.set_scoring_link(enabled=True)
    game.table.refresh_from_db()
    grant = ((game.table_id, game.table.score_token),)
    visitors = {
        Access(owner): {game.pk},
        Access(stranger): {other.pk},
        Access(AnonymousUser()): set(),
        Access(AnonymousUser(), grants=grant, scoring=True): {game.pk},
        Access(stranger, grants=grant, scoring=True): {game.pk, other.pk},
        Access(stranger, grants=grant, scoring=False): {other.pk},
        Access(owner, grants=((game.table_id, "wrong"),), scoring=True): {game.pk},
    }
    for access, opens in visitors.items():
        for pk in (game.pk, other.pk, 0, -1, 2**63, 10**30):
            found = Game.objects.open_to(access).filter(pk=pk).first()
            assert (found is not None) == (pk in opens), (access, pk)
