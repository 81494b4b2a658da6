"""Who may do what: every page and post, for the owner, another account and a visitor, with and
without htmx. A game's pages are the owner's alone; anyone else gets 404 and changes nothing."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Game, Hand
from tests.conftest import QUIET_HAND
from tests.web.conftest import BIG_HAND, HX, bids_data

pytestmark = pytest.mark.django_db

PENDING = {"bids": [3, 3, 4, 2]}
NEW_GAME = {"preset": "standard", "first_dealer": "0"} | {
    f"player_{seat}": name for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan"])
}


def game_file():
    data = {"format": "spades-game/1", "players": ["Ann", "Ben", "Cat", "Dan"], "hands": []}
    return SimpleUploadedFile("game.json", json.dumps(data).encode(), "application/json")


def edit_data(game):
    data = {"version": str(game.version)}
    for seat, (bid, took) in enumerate(zip(QUIET_HAND["bids"], [5, 2, 3, 3], strict=True)):
        data[f"bid_{seat}"] = str(bid)
        data[f"tricks_{seat}"] = str(took)
    return data


# name: (hands the game starts with, method, url name, extra url args, data, owner's statuses
# without and with htmx). A status of "hx-redirect" is htmx told to load a new page.
CASES = {
    "game page": ([QUIET_HAND], "get", "game", (), None, (200, 200)),
    "export": ([QUIET_HAND], "get", "export_game", (), None, (200, 200)),
    "edit page": ([QUIET_HAND], "get", "edit_hand", (1,), None, (200, 200)),
    "bids": ([QUIET_HAND], "post", "post_bids", (), lambda g: bids_data(2, 3, 3, 4, 2), (302, 200)),
    "tricks": (
        [PENDING],
        "post",
        "post_tricks",
        (),
        lambda g: {"hand": "1", "side_0": "7", "side_1": "6"},
        (302, 200),
    ),
    "undo": ([QUIET_HAND], "post", "undo", (), lambda g: {"version": g.version}, (302, 200)),
    "edit": ([QUIET_HAND], "post", "edit_hand", (1,), edit_data, (302, "hx-redirect")),
    "rematch": ([BIG_HAND] * 5, "post", "rematch", (), lambda g: {}, (302, "hx-redirect")),
}


@pytest.fixture(params=["owner", "stranger", "visitor"])
def who(request, client, owner, stranger):
    if request.param == "owner":
        client.force_login(owner)
    elif request.param == "stranger":
        client.force_login(stranger)
    return request.param


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_game_is_only_its_owners(client, who, make_game, case, htmx):
    hands, method, name, args, data, statuses = CASES[case]
    game = make_game(hands)
    before = (game.version, list(Hand.objects.filter(game=game).values_list("bids", "tricks")))
    url = reverse(name, args=[game.pk, *args])
    payload = data(game) if data else None
    headers = HX if htmx else None
    response = getattr(client, method)(url, payload, headers=headers)

    if who != "owner":
        assert response.status_code == 404
        game.refresh_from_db()
        after = (game.version, list(Hand.objects.filter(game=game).values_list("bids", "tricks")))
        assert after == before
        assert Game.objects.count() == 1
        assert game.title not in response.content.decode()
        return

    expected = statuses[1 if htmx else 0]
    if expected == "hx-redirect":
        assert response.status_code == 200
        assert response["HX-Redirect"].startswith("/games/")
    else:
        assert response.status_code == expected
    if htmx and expected == 200 and method == "post":
        # What changed only: the next step first, the rest out of band; never the whole page.
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="entry"')
        assert "<html" not in body


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("who_", ["owner", "stranger"])
@pytest.mark.parametrize("name", ["new_game", "import_game"])
def test_any_account_may_start_or_import_a_game(client, owner, stranger, who_, name, htmx):
    client.force_login(owner if who_ == "owner" else stranger)
    headers = HX if htmx else None
    page = client.get(reverse(name), headers=headers)
    assert page.status_code == 200
    body = page.content.decode()
    assert ("<html" in body) is not htmx
    data = NEW_GAME if name == "new_game" else {"file": game_file()}
    response = client.post(reverse(name), data, headers=headers)
    game = Game.objects.get()
    assert game.owner.username == who_
    if htmx:
        assert response.status_code == 200
        assert response["HX-Redirect"] == game.get_absolute_url()
    else:
        assert response.status_code == 302
        assert response["Location"] == game.get_absolute_url()


# A visitor may start a game without an account (it becomes a guest): tests/accounts/test_guests.py
# checks that a page view or a bad post makes nobody a guest, and a valid post makes one.
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize("name", ["import_game"])
def test_a_visitor_is_asked_to_sign_in_to_import_a_game(client, name, htmx):
    headers = HX if htmx else None
    for method in ("get", "post"):
        response = getattr(client, method)(reverse(name), headers=headers)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    assert not Game.objects.exists()


def test_a_game_that_does_not_exist_is_404_like_anyone_elses(owner_client):
    assert owner_client.get(reverse("game", args=[999])).status_code == 404
    assert owner_client.post(reverse("post_bids", args=[999]), {}).status_code == 404


def test_a_hand_that_does_not_exist_is_404(owner_client, make_game):
    game = make_game([QUIET_HAND])
    assert owner_client.get(reverse("edit_hand", args=[game.pk, 2])).status_code == 404


@pytest.mark.parametrize(
    ("name", "extra"), [("game", ()), ("export_game", ()), ("edit_hand", (1,))]
)
def test_pages_refuse_other_methods(owner_client, make_game, name, extra):
    game = make_game([QUIET_HAND])
    url = reverse(name, args=[game.pk, *extra])
    method = owner_client.put if name == "edit_hand" else owner_client.post
    assert method(url).status_code == 405


@pytest.mark.parametrize("name", ["post_bids", "post_tricks", "undo", "rematch"])
def test_writes_are_posts_only(owner_client, make_game, name):
    """Only a post writes; a GET is sent back to the game page (no dead end), changing nothing."""
    game = make_game([QUIET_HAND])
    version = game.version
    assert owner_client.get(reverse(name, args=[game.pk])).status_code == 302
    for method in (owner_client.put, owner_client.delete, owner_client.patch):
        assert method(reverse(name, args=[game.pk])).status_code == 405
    game.refresh_from_db()
    assert game.version == version
