"""Card games in and out: a game's card-game/1 file, its import, and backups carrying them."""

import json
from datetime import UTC, datetime

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import bundles, restore
from games.cards import services
from games.cards.models import CardsGame, CardsHand
from games.management.commands.score import score
from games.models import Game, Restore
from games.scoring import card_games, limits
from games.scoring.card_games import CardGameError, CardGameFile, HandInput, parse_card_file
from games.scoring.card_games.table import Recorded
from tests.conftest import QUIET_HAND
from tests.web.test_files import export_all, import_file, restored_elsewhere

pytestmark = pytest.mark.django_db

# Oh Hell to 3 cards, down and up: 3, 2, 1, 2, 3.
PLAYED = [Recorded(3, (2, 0, 0), (2, 1, 0)), Recorded(2, (1, 1, 1), (1, 1, 0))]
PENDING = Recorded(1, (0, 0, 0))


def make(owner, game="oh_hell", players=("Ann", "Ben", "Cat"), hands=(), notes=(), **rules):
    kind = card_games.GAMES[game]
    spec = {"preset": kind.default_preset, **rules}
    return services.create_game(
        owner, kind=kind, players=list(players), rules=spec, hands=hands, notes=notes
    )


def full_game(owner):
    """An Oh Hell game with all a file carries: a name, a note, hand notes, a hand whose
    tricks are still to come, and a creation time of its own."""
    game = make(
        owner, hands=[*PLAYED, PENDING], notes=["", "misdeal, redealt", "Cat late"], max_cards=3
    )
    game = services.set_note(owner, game.pk, "Played at Ben's")
    CardsGame.objects.filter(pk=game.pk).update(
        name="Friday", created_at=datetime(2025, 3, 1, 19, 30, tzinfo=UTC)
    )
    game.refresh_from_db()
    return game


def export(client, game):
    response = client.get(reverse("cards_export", args=[game.pk]))
    assert response.status_code == 200
    return response


def test_the_export_is_the_games_card_file_as_a_download(owner_client, owner):
    game = full_game(owner)
    response = export(owner_client, game)
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="friday-{game.pk}.json"'
    assert json.loads(response.content) == {
        "format": "card-game/1",
        "game": "oh_hell",
        "name": "Friday",
        "note": "Played at Ben's",
        "rules": {"preset": "oh_hell", "max_cards": 3},
        "players": ["Ann", "Ben", "Cat"],
        "hands": [
            {"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1, 0]},
            {"cards": 2, "bids": [1, 1, 1], "tricks": [1, 1, 0], "note": "misdeal, redealt"},
            {"cards": 1, "bids": [0, 0, 0], "note": "Cat late"},  # its tricks are to come
        ],
        "id": f"card-{game.pk}",
        "created": "2025-03-01T19:30:00+00:00",
    }


def test_the_export_scores_with_manage_py_score_leaving_out_the_pending_hand(owner_client, owner):
    game = full_game(owner)
    result = score(export(owner_client, game).content)
    assert [hand["number"] for hand in result["hands"]] == [1, 2]
    assert result["finished"] is False
    assert [player["score"] for player in result["players"]] == game.totals


def test_a_finished_game_says_when_it_finished(owner_client, owner):
    hands = [Recorded(n, (0, 0, 0), (n, 0, 0)) for n in (3, 2, 1, 2, 3)]
    game = make(owner, hands=hands, max_cards=3)
    assert game.finished
    data = json.loads(export(owner_client, game).content)
    assert data["finished"] == game.finished_at.isoformat()


def test_only_the_owner_gets_the_file(client, stranger, owner):
    game = full_game(owner)
    url = reverse("cards_export", args=[game.pk])
    assert client.get(url).status_code == 404
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 405


def test_an_export_imports_again_to_the_same_game(owner_client, owner):
    game = full_game(owner)
    exported = export(owner_client, game).content
    response = import_file(owner_client, exported, copy=True)
    copy = CardsGame.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == copy.get_absolute_url()
    assert (copy.owner, copy.game, copy.name, copy.note, copy.players, copy.rules) == (
        game.owner,
        game.game,
        game.name,
        game.note,
        game.players,
        game.rules,
    )
    assert copy.created_at == game.created_at
    assert copy.recorded() == game.recorded()
    assert (copy.hand_count, copy.totals, copy.finished) == (2, game.totals, False)
    assert copy.watch_token != game.watch_token  # a link of its own
    again = json.loads(export(owner_client, copy).content)
    first = json.loads(exported)
    assert again.pop("id") == f"card-{copy.pk}"
    assert first.pop("id") == f"card-{game.pk}"
    assert again == first


@pytest.mark.parametrize(
    ("kind", "players", "hands", "rules"),
    [
        (
            "wizard",
            ("Ann", "Ben", "Cat"),
            [Recorded(1, (0, 0, 0), (1, 0, 0)), Recorded(2, (1, 1, 1), (0, 1, 1))],
            {},
        ),
        (
            "call_break",
            ("Ann", "Ben", "Cat", "Dan"),
            [Recorded(13, (3, 3, 3, 2), (4, 3, 3, 3)), Recorded(13, (5, 2, 2, 2))],
            {},
        ),
        (
            "oh_hell",
            ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"),
            [Recorded(7, (1, 1, 1, 1, 1, 1, 0), (1, 1, 1, 1, 1, 1, 1))],
            {"preset": "oh_hell_every_trick", "hook": False},
        ),
    ],
)
def test_every_game_comes_back_from_its_file(owner_client, owner, kind, players, hands, rules):
    game = make(owner, kind, players, hands, **rules)
    import_file(owner_client, export(owner_client, game).content, copy=True)
    copy = CardsGame.objects.exclude(pk=game.pk).get()
    assert (copy.game, copy.players, copy.rules) == (kind, list(players), game.rules)
    assert copy.recorded() == game.recorded()
    assert copy.totals == game.totals


def test_a_game_already_here_is_not_imported_twice_unless_asked(owner_client, owner):
    game = full_game(owner)
    exported = export(owner_client, game).content
    response = import_file(owner_client, exported)
    assertContains(
        response, "Friday is already in your games. Nothing was imported.", status_code=422
    )
    assertContains(response, f'href="{game.get_absolute_url()}"', status_code=422)
    assert CardsGame.objects.count() == 1
    # Played on since, it is another game: imported.
    services.record_tricks(owner, game.pk, 3, [1, 0, 0])
    assert import_file(owner_client, exported).status_code == 302
    assert CardsGame.objects.count() == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda data: data["hands"][1].update(tricks=[1, 1, 1]),
            "Hand 2: tricks add up to 3, but 2 tricks were played.",
        ),
        (
            lambda data: data["hands"][2].update(bids=[0, 0, 1]),
            "Hand 3: the bids add up to the 1 card dealt; under the hook the dealer, Cat, "
            "may not bid 1.",
        ),
        (
            lambda data: data["hands"][0].pop("tricks"),
            "Hand 1: tricks missing; expected 3 trick counts.",
        ),
        (lambda data: data.update(name="a\nb"), "Name: contains a line break"),
        (lambda data: data.update(game="bridge"), 'Game: expected one of "oh_hell"'),
        (lambda data: data.update(created="yesterday"), "Created: expected a date and time"),
        (
            lambda data: data.update(created="0001-01-01T00:00:00+01:00"),
            "Created: expected a date and time",
        ),
    ],
)
def test_a_bad_file_gets_one_line_and_nothing_is_saved(owner_client, owner, change, message):
    game = full_game(owner)
    data = json.loads(export(owner_client, game).content)
    change(data)
    response = import_file(owner_client, json.dumps(data), copy=True)
    assert response.status_code == 422
    errors = response.context["form"].errors["file"]
    assert len(errors) == 1
    assert errors[0].startswith(message)
    assert CardsGame.objects.count() == 1
    assert not Restore.objects.exists()


def test_an_import_keeps_to_the_accounts_limits(owner_client, owner, monkeypatch, make_game):
    game = full_game(owner)
    make_game([QUIET_HAND])  # a Spades game counts too
    exported = export(owner_client, game).content
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 2)
    response = import_file(owner_client, exported, copy=True)
    assertContains(response, "An account keeps at most 2 games and yours has 2", status_code=422)
    assert CardsGame.objects.count() == 1
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 3)
    monkeypatch.setattr(limits, "MAX_ACCOUNT_HANDS", 4)  # 3 held, 3 more in the file
    response = import_file(owner_client, exported, copy=True)
    assertContains(response, "An account keeps at most 4 hands in all its games", status_code=422)
    assert CardsGame.objects.count() == 1


def test_a_card_file_larger_than_any_card_game_is_refused(owner_client, owner):
    data = json.loads(export(owner_client, full_game(owner)).content)
    data["padding"] = "x" * limits.MAX_CARD_GAME_FILE_BYTES
    response = import_file(owner_client, json.dumps(data), copy=True)
    too_large = f"The file is too large (more than {limits.MAX_CARD_GAME_FILE_BYTES} bytes)."
    assertContains(response, too_large, status_code=422)
    assert CardsGame.objects.count() == 1


def test_a_backup_with_spades_and_card_games_comes_back_whole(client, make_game, owner, stranger):
    spades = make_game([QUIET_HAND, QUIET_HAND])
    game = full_game(owner)
    call_break = make(
        owner,
        "call_break",
        ("Ann", "Ben", "Cat", "Dan"),
        [Recorded(13, (3, 3, 3, 2), (4, 3, 3, 3))],
    )
    client.force_login(owner)
    exported = export_all(client)
    data = json.loads(exported)
    assert [item["format"] for item in data["games"]] == [
        "spades-game/1",
        "card-game/1",
        "card-game/1",
    ]
    assert data["games"][1] == json.loads(export(client, game).content)

    client.force_login(stranger)
    response = import_file(client, exported)
    assert response.status_code == 302
    kept = Restore.objects.get(owner=stranger)
    assert restore.progress(kept).imported == 3
    page = client.get(kept.get_absolute_url())
    assertContains(page, "Done: 3 of 3 games imported.")
    assert Game.objects.get(owner=stranger).players == spades.players
    copies = CardsGame.objects.filter(owner=stranger).order_by("pk")
    # Each card game is linked from the report, as a Spades game is.
    assertContains(page, f'<a href="{copies[0].get_absolute_url()}">Friday</a>: imported')
    assert [copy.recorded() for copy in copies] == [game.recorded(), call_break.recorded()]
    assert [copy.note for copy in copies] == ["Played at Ben's", ""]
    assert list(CardsHand.objects.filter(game=copies[0]).values_list("note", flat=True)) == [
        "",
        "misdeal, redealt",
        "Cat late",
    ]
    # Exported again, the file is the same but for the games' ids.
    again = json.loads(export_all(client))
    for item in again["games"] + data["games"]:
        item.pop("id")
        item.pop("table", None)
    assert again == data


def test_a_backup_imported_twice_skips_the_card_games_already_here(owner_client, owner):
    full_game(owner)
    make(owner, "wizard", hands=[Recorded(1, (0, 0, 0), (1, 0, 0))])
    exported = export_all(owner_client)
    import_file(owner_client, exported)
    kept = Restore.objects.get()
    assert restore.progress(kept).imported == 0
    assert (
        list(kept.items.values_list("outcome", flat=True))
        == [
            "Already in your games, so not imported again.",
        ]
        * 2
    )
    assert CardsGame.objects.count() == 2


def test_a_backup_with_a_bad_card_game_imports_nothing_and_names_it(owner_client, owner, make_game):
    make_game([QUIET_HAND])
    full_game(owner)
    data = json.loads(export_all(owner_client))
    data["games"][1]["hands"][0]["bids"] = [4, 0, 0]
    response = import_file(owner_client, json.dumps(data), copy=True)
    assert response.context["form"].errors["file"] == [
        "Game 2: hand 1: Ann bid 4; a bid here is 0 to 3."
    ]
    assert (Game.objects.count(), CardsGame.objects.count()) == (1, 1)
    assert not Restore.objects.exists()


def test_a_backup_counts_card_games_toward_the_accounts_limits(owner_client, owner, monkeypatch):
    full_game(owner)
    make(owner, "wizard")
    exported = export_all(owner_client)
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 3)
    response = import_file(owner_client, exported, copy=True)
    assertContains(response, "The file holds 2 games and you have 2", status_code=422)
    assert CardsGame.objects.count() == 2
    assert not Restore.objects.exists()


def test_the_export_of_an_account_without_card_games_reads_none(
    owner_client, make_game, django_assert_num_queries
):
    make_game([QUIET_HAND])
    response = owner_client.get(reverse("export_all"))
    with django_assert_num_queries(2):  # the Spades games and their hands
        b"".join(response.streaming_content)


def test_the_card_games_stream_a_batch_at_a_time(
    owner_client, owner, django_assert_num_queries, monkeypatch
):
    monkeypatch.setattr("games.views.exports.EXPORT_BATCH", 2)
    made = [make(owner, hands=PLAYED[: n % 3], max_cards=3) for n in range(5)]
    response = owner_client.get(reverse("export_all"))
    # No Spades games: one query; then the card games and their hands, two by two.
    with django_assert_num_queries(1 + 3 * 2):
        games = json.loads(b"".join(response.streaming_content))["games"]
    assert [game["id"] for game in games] == [f"card-{game.pk}" for game in made]


# The file format itself: a hand whose tricks are to come.

FILE = {
    "format": "card-game/1",
    "game": "oh_hell",
    "rules": {"max_cards": 3},
    "players": ["Ann", "Ben", "Cat"],
    "hands": [{"cards": 3, "bids": [2, 0, 0], "tricks": [2, 1, 0]}],
}


def refusal(data):
    with pytest.raises(CardGameError) as caught:
        parse_card_file(data)
    return str(caught.value)


def test_the_last_hand_may_wait_for_its_tricks():
    for pending in ({"cards": 2, "bids": [1, 0, 0]}, {"bids": [1, 0, 0], "tricks": None}):
        parsed = parse_card_file({**FILE, "hands": [*FILE["hands"], pending]})
        assert parsed.pending == Recorded(2, (1, 0, 0))
        assert len(parsed.score().hands) == 1
        assert parse_card_file(parsed.to_dict()) == parsed


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (
            [{"cards": 3, "bids": [2, 0, 0]}, {"cards": 2, "bids": [1, 1, 1]}],
            "hand 1: tricks missing; expected 3 trick counts",
        ),
        ([{"cards": 3, "bids": [2, 0, 1]}], "hand 1: the bids add up to the 3 cards dealt"),
        ([{"cards": 2, "bids": [2, 0, 0]}], "hand 1: the schedule deals 3 cards in hand 1, not 2"),
        ([{"cards": 3, "bids": [2, 0, 4]}], "hand 1: Cat bid 4; a bid here is 0 to 3"),
        (
            [{"cards": n, "bids": [0, 0, 0], "tricks": [n, 0, 0]} for n in (3, 2, 1, 2, 3)]
            + [{"cards": 3, "bids": [0, 0, 0]}],
            "hand 6: the game is over after hand 5 (the schedule deals 5 hands)",
        ),
    ],
)
def test_a_hand_waiting_for_its_tricks_is_checked_like_any_bids(hands, message):
    assert refusal({**FILE, "hands": hands}).startswith(message)


def test_a_files_name_and_note_follow_the_rules_of_the_table():
    assert parse_card_file({**FILE, "name": " Friday ", "note": "at Ben's"}).name == "Friday"
    assert refusal({**FILE, "name": 3}) == "name: expected text, got the number 3"
    assert refusal({**FILE, "name": "x" * 201}) == "name: is longer than 200 characters"
    assert refusal({**FILE, "note": "x" * 101}) == "note: is longer than 100 characters"


# The bounds: a card game always fits the bounds of a game file, and an account of them its
# backup's.

WIDE = "\U0001f0a1"  # a playing card: 4 bytes in UTF-8


def largest_file(hands: int) -> CardGameFile:
    """A 7-player game with every name and note at its longest and two-digit entries."""
    players = tuple(WIDE * (limits.MAX_PLAYER_NAME - 1) + str(n) for n in range(7))
    return CardGameFile(
        game=card_games.GAMES["oh_hell"],
        rules=card_games.GAMES["oh_hell"].rules({}),
        rules_spec={
            "preset": "oh_hell_every_trick",
            **{setting.name: "x" * 20 for setting in card_games.GAMES["oh_hell"].settings},
        },
        players=players,
        hands=tuple(HandInput(10, (10,) * 7, (10,) * 7) for _ in range(hands)),
        notes=(WIDE * limits.MAX_NOTE,) * hands,
        name=WIDE * limits.MAX_GAME_NAME,
        note=WIDE * limits.MAX_NOTE,
        extra={
            "id": f"card-{10**15}",
            "created": "2026-05-01T20:15:00.123456+00:00",
            "finished": "2026-05-01T23:15:00.123456+00:00",
        },
    )


def written(game: CardGameFile, **dumps) -> int:
    return len(json.dumps(game.to_dict(), ensure_ascii=False, **dumps).encode())


def test_the_largest_card_game_fits_a_card_file_and_a_backup():
    compact = {"separators": (",", ":")}
    header = written(largest_file(0), indent=1)
    assert header <= limits.MAX_CARD_GAME_HEADER_BYTES
    per_hand = written(largest_file(1), indent=1) - header
    assert per_hand <= limits.MAX_CARD_HAND_BYTES
    assert written(largest_file(limits.MAX_CARD_HANDS), indent=1) <= (
        limits.MAX_CARD_GAME_FILE_BYTES
    )
    # A backup writes each game compact: its hands within a Spades hand's bytes.
    per_compact_hand = written(largest_file(1), **compact) - written(largest_file(0), **compact)
    assert per_compact_hand < limits.MAX_HAND_BYTES
    assert limits.MAX_IMPORT_BYTES >= (
        limits.MAX_ACCOUNT_GAMES * limits.MAX_CARD_GAME_HEADER_BYTES
        + limits.MAX_ACCOUNT_HANDS * limits.MAX_HAND_BYTES
    )
    # One card game in a backup's stream never passes a game file's bytes.
    assert limits.MAX_CARD_GAME_FILE_BYTES <= limits.MAX_GAME_FILE_BYTES


def test_no_card_game_seats_or_deals_more_than_the_bounds_allow():
    assert card_games.MAX_CARD_PLAYERS == limits.MAX_CARD_SEATS
    games = card_games.GAMES
    deals = games["call_break"].settings_by_name["deals"].maximum
    longest = [
        len(games["call_break"].rules({"deals": deals}).hand_sizes(4)),
        len(games["oh_hell"].rules({"max_cards": 17}).hand_sizes(3)),  # 17 cards: 33 hands
        len(games["wizard"].rules({}).hand_sizes(3)),
    ]
    assert max(longest) == limits.MAX_CARD_HANDS
    with pytest.raises(CardGameError):  # 3 players can't be dealt 18 cards from 52
        parse_card_file({**FILE, "rules": {"max_cards": 18}})


def test_a_backups_card_games_are_not_counted_against_the_account_one_by_one(
    client, owner, stranger, monkeypatch
):
    """The restore checked the whole file against the account before it began: each card
    game is then made without counting the account again (a count per game would make a big
    import quadratic), as for Spades games."""
    full_game(owner)
    make(owner, "wizard", hands=[Recorded(1, (0, 0, 0), (1, 0, 0))])
    client.force_login(owner)
    exported = export_all(client)
    client.force_login(stranger)

    def counted(*args, **kwargs):
        raise AssertionError("the account was counted again for one game")

    monkeypatch.setattr(services, "room_for_game", counted)
    import_file(client, exported)
    assert restore.progress(Restore.objects.get(owner=stranger)).imported == 2
    assert CardsGame.objects.filter(owner=stranger).count() == 2


def test_a_bad_card_game_in_a_backup_is_named_by_its_place_and_keeps_its_hand():
    bad = {**FILE, "hands": [{"cards": 3, "bids": [2, 0, 0], "tricks": [2, 2, 0]}]}
    with pytest.raises(CardGameError) as caught:
        bundles.parse_card(bad, 2, single=False)
    assert str(caught.value) == f"game 2: {refusal(bad)}"
    assert str(caught.value).startswith("game 2: hand 1: ")
    assert caught.value.number == 1
    # Alone in its file, it needs no place.
    with pytest.raises(CardGameError, match=r"^hand 1: "):
        bundles.parse_card(bad, 1, single=True)


def test_a_backup_keeps_a_card_rematchs_link_to_its_game(owner_client, owner, django_user_model):
    # Oh Hell of one hand: played out, then a rematch, played out too, then its own rematch.
    first = make(owner, max_cards=1, schedule="up", hands=[Recorded(1, (0, 0, 0), (1, 0, 0))])
    second, _ = services.start_rematch(owner, first.pk)
    services.record_bids(owner, second.pk, 1, [0, 0, 0])
    services.record_tricks(owner, second.pk, 1, [1, 0, 0])
    third, _ = services.start_rematch(owner, second.pk)
    games = json.loads(export_all(owner_client))["games"]
    assert [game.get("rematch_of") for game in games] == [
        None,
        f"card-{first.pk}",
        f"card-{second.pk}",
    ]

    _, restorer = restored_elsewhere(owner_client, owner, django_user_model)
    made = list(CardsGame.objects.filter(owner=restorer).order_by("pk"))
    assert [game.name for game in made] == [first.name, second.name, third.name]
    assert [game.rematch_of_id for game in made] == [None, made[0].pk, made[1].pk]
    # The restored rematch is the one the earlier game's page leads to.
    assert "Go to the rematch" in owner_client.get(made[0].get_absolute_url()).content.decode()
