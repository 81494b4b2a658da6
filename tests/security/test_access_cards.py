"""Every card-table URL against every kind of visitor: a visitor with no account, another
account, a guest who doesn't own the game, and the owner. A card game is its owner's alone:
anyone else gets 404 and changes nothing, and learns nothing of the game. The watch link is
public while it is on. A new card URL must be added here, or the completeness test in
test_access_table.py fails."""

import re

import pytest
from django.urls import reverse

from games.cards import services
from games.cards.models import CardsGame, CardsHand
from games.scoring import card_games
from games.scoring.card_games.table import Recorded
from tests.accounts.guests import make_guest, sign_in_guest

pytestmark = pytest.mark.django_db

VISITOR, OTHER, GUEST, OWNER = "visitor", "other", "guest", "owner"
LOGIN = "login"

# (url name, method) -> statuses for (visitor, other account, guest, owner)
CARDS_TABLE = {
    # Anyone may start a game: a visitor's valid post makes it a guest.
    ("cards_new", "get"): (200, 200, 200, 200),
    ("cards_new", "post"): (302, 302, 302, 302),
    ("cards_game", "get"): (404, 404, 404, 200),
    ("cards_bids", "post"): (404, 404, 404, 302),
    ("cards_tricks", "post"): (404, 404, 404, 302),
    ("cards_undo", "post"): (404, 404, 404, 302),
    # The game isn't over: refused, back to the game with the reason.
    ("cards_rematch", "post"): (404, 404, 404, 302),
    ("cards_edit_hand", "get"): (404, 404, 404, 200),
    ("cards_edit_hand", "post"): (404, 404, 404, 302),
    ("cards_game_note", "get"): (404, 404, 404, 200),
    ("cards_game_note", "post"): (404, 404, 404, 302),
    ("cards_hand_note", "get"): (404, 404, 404, 200),
    ("cards_hand_note", "post"): (404, 404, 404, 302),
    ("cards_rules_card", "get"): (404, 404, 404, 200),
    ("cards_compare", "get"): (404, 404, 404, 200),
    ("cards_players", "get"): (LOGIN, 200, 200, 200),
    ("cards_export", "get"): (404, 404, 404, 200),
    ("cards_share", "get"): (404, 404, 404, 200),
    ("cards_share", "post"): (404, 404, 404, 302),
}
# The watch link: public while on. The scoring link, by its token (test below).
CARDS_WATCH = ("cards_watch", "cards_watch_live", "cards_score")
# A phone with no account that opened the game's scoring link: the game and its steps (the
# game is not over, so a rematch is refused with a redirect to the game), nothing else of the
# owner's, and the rest as any visitor sees it.
SCORER = "scorer"
SCORING_PAGES = {"cards_game", "cards_bids", "cards_tricks", "cards_undo", "cards_edit_hand"}
SCORING_PAGES |= {"cards_rematch"}
SCORER_STATUS = {
    key: (statuses[3] if key[0] in SCORING_PAGES else statuses[0])
    for key, statuses in CARDS_TABLE.items()
}
PER_GAME = {name for name, _ in CARDS_TABLE} - {"cards_new", "cards_players"}
NEW = {"player_0": "Eve", "player_1": "Fay", "player_2": "Gus", "preset": "oh_hell"}


@pytest.fixture
def game(owner):
    """Oh Hell, 3 players, at most 3 cards: hand 1 played, hand 2's bids in."""
    return services.create_game(
        owner,
        kind=card_games.GAMES["oh_hell"],
        players=["Ann", "Ben", "Cat"],
        rules={"preset": "oh_hell", "max_cards": 3},
        hands=[Recorded(3, (1, 0, 1), (1, 1, 1)), Recorded(2, (1, 0, 0))],
    )


def data_for(name, game):
    """A valid post for the owner."""
    return {
        "cards_new": NEW,
        "cards_bids": {"hand": "3"},  # refused as stale: hand 2's tricks come first
        "cards_tricks": {"hand": "2", "tricks_0": "1", "tricks_1": "0", "tricks_2": "1"},
        "cards_undo": {"version": str(game.version)},
        "cards_edit_hand": {
            **{f"bid_{seat}": str(bid) for seat, bid in enumerate((0, 0, 1))},
            **{f"tricks_{seat}": str(took) for seat, took in enumerate((1, 1, 1))},
        },
        "cards_game_note": {"note": "at Gran's"},
        "cards_hand_note": {"note": "misdeal, redealt"},
        "cards_share": {"action": "replace"},
    }.get(name, {})


def url_for(name, game):
    if name == "cards_new":
        return reverse(name, args=["oh_hell"])
    if name == "cards_players":
        return reverse(name)
    args = [game.pk, 1] if name in ("cards_edit_hand", "cards_hand_note") else [game.pk]
    return reverse(name, args=args)


def snapshot(game):
    game = CardsGame.objects.get(pk=game.pk)
    hands = list(
        CardsHand.objects.filter(game=game).values_list("number", "bids", "tricks", "note")
    )
    return (game.version, game.note, game.watch_token, game.watch_enabled, hands)


TOKENS = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


def sign_in_as(client, who, owner, stranger):
    if who == OWNER:
        client.force_login(owner)
    elif who == OTHER:
        client.force_login(stranger)
    elif who == GUEST:
        sign_in_guest(client, make_guest())


def hold_scoring_link(client, owner, game):
    """Open the game's scoring link in this client, as a phone scanning its QR code would."""
    game, _ = services.set_watch_link(owner, game.pk, "score_on")
    assert client.get(reverse("cards_score", args=[game.score_token])).status_code == 302
    return game


@pytest.mark.parametrize("who", [VISITOR, OTHER, GUEST, OWNER])
@pytest.mark.parametrize(("name", "method"), list(CARDS_TABLE))
def test_status_by_visitor(client, owner, stranger, game, who, name, method):
    sign_in_as(client, who, owner, stranger)
    before = snapshot(game)
    data = data_for(name, game) if method == "post" else None
    response = getattr(client, method)(url_for(name, game), data)
    expected = CARDS_TABLE[(name, method)][[VISITOR, OTHER, GUEST, OWNER].index(who)]
    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == expected, response.content[:300]
    if who != OWNER and name in PER_GAME:
        assert snapshot(game) == before, "someone else's request changed the game"
        assert "Ann" not in TOKENS.sub(r"\1", response.content.decode())


@pytest.mark.parametrize(("name", "method"), list(CARDS_TABLE))
def test_status_for_a_scoring_phone(client, owner, game, name, method):
    game = hold_scoring_link(client, owner, game)
    before = snapshot(game)
    data = data_for(name, game) if method == "post" else None
    response = getattr(client, method)(url_for(name, game), data)
    expected = SCORER_STATUS[(name, method)]
    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == expected, response.content[:300]
    if name in PER_GAME - SCORING_PAGES:
        assert snapshot(game) == before, "a scoring phone reached an owner-only page"
        assert "Ann" not in TOKENS.sub(r"\1", response.content.decode())


def test_the_scoring_link_ends_when_the_owner_turns_it_off_or_replaces_it(client, owner, game):
    game = hold_scoring_link(client, owner, game)
    assert client.get(game.get_absolute_url()).status_code == 200
    services.set_watch_link(owner, game.pk, "score_on")  # a new link: the old one is dead
    assert client.get(game.get_absolute_url()).status_code == 404
    game = hold_scoring_link(client, owner, game)
    services.set_watch_link(owner, game.pk, "score_off")
    assert client.get(game.get_absolute_url()).status_code == 404
    bids = {"hand": "2", "tricks_0": "1", "tricks_1": "0", "tricks_2": "1"}
    assert client.post(reverse("cards_tricks", args=[game.pk]), bids).status_code == 404
    assert CardsHand.objects.get(game=game, number=2).tricks is None
    assert client.get(reverse("cards_score", args=["not-a-token"])).status_code == 404


@pytest.mark.parametrize("who", [VISITOR, OTHER, OWNER])
@pytest.mark.parametrize("name", CARDS_WATCH[:2])
def test_the_watch_link_is_public_while_it_is_on(client, owner, stranger, game, who, name):
    sign_in_as(client, who, owner, stranger)
    url = reverse(name, args=[game.watch_token])
    assert client.get(url).status_code == 200
    services.set_watch_link(owner, game.pk, "off")
    assert client.get(url).status_code == 404
    services.set_watch_link(owner, game.pk, "on")
    assert client.get(url).status_code == 200
    services.set_watch_link(owner, game.pk, "replace")
    assert client.get(url).status_code == 404
    assert client.get(reverse(name, args=["not-a-token"])).status_code == 404


@pytest.mark.parametrize(("name", "method"), [key for key in CARDS_TABLE if key[1] == "get"])
def test_head_is_answered_like_get(client, owner, game, name, method):
    client.force_login(owner)
    url = url_for(name, game)
    got, head = client.get(url), client.head(url)
    assert head.status_code == got.status_code
    assert head.content == b""
