"""Exports (a game as CSV, every game as one JSON bundle) and reading bundles back."""

import csv
import io
import json

import pytest
from django.urls import reverse

from games import bundles, scoring
from games.cards import services as cards
from games.cards.models import CardsGame
from games.models import Game
from games.restore import game_file
from games.scoring import card_games
from tests.conftest import BLIND_NIL_MADE, NIL_FAILS, QUIET_HAND

pytestmark = pytest.mark.django_db


def csv_url(game):
    return reverse("export_csv", args=[game.pk])


def read_csv(response):
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_one_row_per_hand_and_side(owner_client, make_game):
    game = make_game([NIL_FAILS, QUIET_HAND, BLIND_NIL_MADE])
    response = owner_client.get(csv_url(game))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    header, *rows = read_csv(response)
    assert header == [
        "hand", "dealer", "side", "players", "bids", "contract", "tricks",
        "points", "score", "bags", "explanation",
    ]  # fmt: skip
    assert len(rows) == 3 * 2
    first = rows[0]
    assert first[4].lower() == "ann nil, cat 5"
    assert first[:4] + first[5:] == [
        "1", "Ann", "1", "Ann + Cat", "5", "6", "-148", "-148", "2",
        "Ann's nil failed (took 2): -100; Cat bid 5, took 4: set: -50; "
        "2 bags from failed nil: +2",
    ]  # fmt: skip
    assert rows[1][:4] == ["1", "Ann", "2", "Ben + Dan"]
    assert rows[5][0] == "3"


def test_a_pending_hand_is_not_a_row(owner_client, make_game):
    game = make_game([QUIET_HAND, {"bids": [3, 3, 3, 3]}])
    assert len(read_csv(owner_client.get(csv_url(game)))) == 1 + 2


def test_a_name_like_a_formula_is_kept_as_text(owner_client, make_game):
    game = make_game([QUIET_HAND], players=("=1+1", "Ben", "Cat", "Dan"))
    rows = read_csv(owner_client.get(csv_url(game)))
    assert rows[1][1] == "'=1+1"
    assert rows[1][3] == "'=1+1 + Cat"


def test_csv_is_the_owners_only(client, stranger_client, make_game):
    game = make_game([QUIET_HAND])
    assert stranger_client.get(csv_url(game)).status_code == 404
    client.logout()
    assert client.get(csv_url(game)).status_code == 404


def test_csv_queries_do_not_grow_with_hands(
    owner_client, long_game, django_assert_num_queries, session_reads
):
    for count in (1, 40):
        game = long_game(count)
        with django_assert_num_queries(session_reads + 3):
            rows = read_csv(owner_client.get(csv_url(game)))
        assert len(rows) == 1 + 2 * count


def test_all_games_in_one_bundle(owner_client, make_game, stranger):
    first = make_game([QUIET_HAND])
    second = make_game([NIL_FAILS], preset="partner_helps")
    make_game([QUIET_HAND], user=stranger)
    response = owner_client.get(reverse("export_all"))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    content = b"".join(response.streaming_content)
    data = json.loads(content)
    assert data["format"] == "spades-games/1"
    assert data["games"] == [game_file(first).to_dict(), game_file(second).to_dict()]
    assert data["games"][1]["rules"] == {"preset": "partner_helps"}
    assert [game.hands for game in bundles.parse_bundle(content)] == [
        game_file(first).hands,
        game_file(second).hands,
    ]


def test_the_bundle_needs_a_login(client):
    response = client.get(reverse("export_all"))
    assert response.status_code == 302


def test_the_bundle_takes_two_queries_however_many_games(
    owner_client, make_game, django_assert_num_queries, session_reads
):
    make_game([QUIET_HAND])
    # The session, the user, the games, all their hands, and whether there are card games:
    # read while the file streams.
    with django_assert_num_queries(session_reads + 4):
        b"".join(owner_client.get(reverse("export_all")).streaming_content)
    for _ in range(29):
        make_game([QUIET_HAND, QUIET_HAND])
    with django_assert_num_queries(session_reads + 4):
        content = b"".join(owner_client.get(reverse("export_all")).streaming_content)
    assert len(json.loads(content)["games"]) == 30


GAME = {
    "format": "spades-game/1",
    "rules": {"preset": "standard"},
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "hands": [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
}


def test_parse_a_single_game_file():
    games = bundles.parse_bundle(json.dumps(GAME).encode())
    assert len(games) == 1
    assert games[0].players == ("Ann", "Ben", "Cat", "Dan")


def test_parse_a_bundle_from_text_bytes_or_a_dict():
    data = {"format": "spades-games/1", "games": [GAME, {**GAME, "name": "Second"}]}
    for given in (data, json.dumps(data), json.dumps(data).encode("utf-8-sig")):
        games = bundles.parse_bundle(given)
        assert [game.name for game in games] == [None, "Second"]


def test_a_bad_game_in_a_bundle_is_named_by_its_position():
    bad = {**GAME, "hands": [GAME["hands"][0], {"bids": [4, 3, 3, 3], "tricks": [9, 3, 3, 3]}]}
    data = {"format": "spades-games/1", "games": [GAME, bad]}
    with pytest.raises(scoring.GameFileError) as caught:
        bundles.parse_bundle(data)
    message = str(caught.value)
    assert message.startswith("game 2: hand 2: ")
    assert "\n" not in message
    assert caught.value.number == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe", "the file is not UTF-8 text"),
        ({"format": "spades-games/1"}, 'games: expected a list of games under "games"'),
        ({"format": "spades-games/1", "games": []}, "games: the file holds no games"),
        ({"format": "spades-games/1", "games": [[]]}, "game 1: expected a JSON object"),
        ([GAME], "expected a JSON object for the game, got a list"),
    ],
)
def test_unreadable_bundles_say_why(data, message):
    with pytest.raises(scoring.GameFileError, match="^" + message.replace("(", r"\(")):
        bundles.parse_bundle(data)


def stream(data: bytes):
    """A file read by the streaming path, as a backup larger than one game is."""
    return list(bundles.GameSource(stream=io.BytesIO(data)))


def test_a_streamed_bundle_gives_each_game_in_turn():
    data = {"format": "spades-games/1", "games": [GAME, {**GAME, "name": "Second"}]}
    games = stream(b"\xef\xbb\xbf" + json.dumps(data, indent=2).encode())
    assert [(position, game.get("name")) for position, game in games] == [(1, None), (2, "Second")]
    assert games[0][1] == GAME


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"format": "spades-games/1", "games": [{}]} x', "not valid JSON: parse error"),
        (b'{"format": "spades-games/1", "games": [{"a": "\xff"}]}', "the file is not UTF-8 text"),
        (b'{"format": "spades-games/1", "games": [', "not valid JSON"),
        (b'{"format": "spades-games/1", "games": []}', "games: the file holds no games"),
        (
            b'{"format": "spades-games/1", "games": 3}',
            'games: expected a list of games under "games"',
        ),
        (b'{"players": ["Ann"], "games": [{}]}', "the file is too large (more than"),
        (b'[{"format": "spades-games/1"}]', "the file is too large (more than"),
        (
            b'{"format": "spades-games/1", "games": [' + b"[" * 50 + b"]" * 50 + b"]}",
            "not a game file: its brackets are nested too deeply",
        ),
    ],
)
def test_a_streamed_file_that_is_not_a_bundle_says_why(data, message):
    with pytest.raises(scoring.GameFileError) as caught:
        stream(data)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_no_one_game_of_a_stream_may_outgrow_a_game_file(monkeypatch):
    monkeypatch.setattr("games.scoring.limits.MAX_GAME_FILE_BYTES", 1_000)
    big = {**GAME, "pad": "x" * 200_000}
    data = json.dumps({"format": "spades-games/1", "games": [GAME, big]}).encode()
    with pytest.raises(scoring.GameFileError, match=r"^game 2: more than 1000 bytes"):
        stream(data)


def test_the_bundle_streams_a_batch_of_games_at_a_time(
    owner_client, make_game, django_assert_num_queries, monkeypatch
):
    monkeypatch.setattr("games.views.exports.EXPORT_BATCH", 2)
    made = [make_game([QUIET_HAND] * (n + 1)) for n in range(5)]
    response = owner_client.get(reverse("export_all"))
    assert response.streaming
    # The games and their hands, for each batch of two, while the file is read.
    with django_assert_num_queries(3 * 2):
        content = b"".join(response.streaming_content)
    games = json.loads(content)["games"]
    assert [game["id"] for game in games] == [game.pk for game in made]
    assert [len(game["hands"]) for game in games] == [1, 2, 3, 4, 5]


def test_a_download_is_named_after_its_game_or_else_by_what_it_is(owner_client, make_game, owner):
    game = make_game([QUIET_HAND])
    csv_file = owner_client.get(csv_url(game))
    assert (
        csv_file["Content-Disposition"]
        == f'attachment; filename="ann-cat-vs-ben-dan-{game.pk}.csv"'
    )
    # A name with nothing a file name can keep.
    Game.objects.filter(pk=game.pk).update(name="♠♥")
    exported = owner_client.get(reverse("export_game", args=[game.pk]))
    assert exported["Content-Disposition"] == f'attachment; filename="game-{game.pk}.json"'
    card = cards.create_game(
        owner, kind=card_games.GAMES["oh_hell"], players=["Ann", "Ben", "Cat"], rules={}
    )
    CardsGame.objects.filter(pk=card.pk).update(name="♠♥")
    exported = owner_client.get(reverse("cards_export", args=[card.pk]))
    assert exported["Content-Disposition"] == f'attachment; filename="card-game-{card.pk}.json"'
