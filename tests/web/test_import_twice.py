"""Imports a person expects: a game already here is not imported twice, and a CSV is named."""

import json

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import bundles, restore, scoring
from games.models import Game, Hand, Restore, RestoreItem
from tests.conftest import QUIET_HAND
from tests.web.conftest import BIG_HAND, HX
from tests.web.test_files import HANDS, export, export_all, import_file

pytestmark = pytest.mark.django_db

CSV_MESSAGE = (
    "This is a CSV export, which holds the scores but not the game itself: import the JSON "
    "export (Export on the game page) instead."
)


def counts():
    return (Game.objects.count(), Hand.objects.count(), Restore.objects.count())


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_game_already_here_is_refused_with_a_message_and_nothing_written(
    owner_client, make_game, htmx
):
    game = make_game(HANDS)
    exported = json.dumps(export(owner_client, game))
    before = counts()
    response = import_file(owner_client, exported, headers=HX if htmx else None)
    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [
        f"{game.title} is already in your games. Nothing was imported. To have it twice, "
        "tick “Import again as a copy”."
    ]
    assertContains(response, f'href="{game.get_absolute_url()}"', status_code=422)
    assert counts() == before
    assert RestoreItem.objects.count() == 0


def test_import_again_as_a_copy_makes_a_second_game(owner_client, make_game):
    game = make_game(HANDS)
    exported = json.dumps(export(owner_client, game))
    response = import_file(owner_client, exported, copy=True)
    assert response.status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.players == game.players
    assert copy.hand_count == game.hand_count


def test_the_fingerprint_tells_a_changed_game_from_the_same_one(owner_client, make_game):
    game = make_game(HANDS)
    data = export(owner_client, game)
    one_hand_changed = dict(data, hands=[*data["hands"][:-1], {"bids": [3, 3, 4, 3]}])
    assert import_file(owner_client, json.dumps(one_hand_changed)).status_code == 302
    other_time = dict(data, created="2024-01-01T10:00:00+00:00")
    assert import_file(owner_client, json.dumps(other_time)).status_code == 302
    renamed_player = dict(data, players=["Ann", "Ben", "Cat", "Dora"])
    assert import_file(owner_client, json.dumps(renamed_player)).status_code == 302
    other_rules = dict(data, rules={"preset": "partner_helps", "target_score": 300})
    assert import_file(owner_client, json.dumps(other_rules)).status_code == 302
    assert Game.objects.count() == 5
    # Each of those is now here too: a second import of any of them is refused.
    assert import_file(owner_client, json.dumps(other_time)).status_code == 422
    assert Game.objects.count() == 5


def test_a_hand_written_file_without_a_time_is_matched_on_its_play(owner_client):
    data = {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": [BIG_HAND, QUIET_HAND]}
    assert import_file(owner_client, json.dumps(data)).status_code == 302
    again = import_file(owner_client, json.dumps(data))
    assert again.status_code == 422
    assert Game.objects.count() == 1


def test_a_zero_that_was_stored_as_nil_is_still_the_same_game(owner_client):
    data = {
        "rules": {"preset": "standard", "zero_is_nil": True},
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "hands": [{"bids": [4, 0, 5, 4], "tricks": [4, 0, 5, 4]}],
    }
    assert import_file(owner_client, json.dumps(data)).status_code == 302
    assert Hand.objects.get().bids[1] == scoring.NIL
    assert import_file(owner_client, json.dumps(data)).status_code == 422


def test_a_backup_imported_again_skips_the_games_already_here(owner_client, make_game, owner):
    first = make_game([QUIET_HAND])
    make_game([QUIET_HAND, QUIET_HAND], preset="partner_helps")
    exported = json.loads(export_all(owner_client))
    # One game of the file is new: a game of another account, say.
    new = dict(exported["games"][0], id=999, players=["Eve", "Fay", "Gus", "Hal"])
    exported["games"].append(new)
    response = import_file(owner_client, json.dumps(exported))
    assert response.status_code == 302
    assert Game.objects.filter(owner=owner).count() == 3
    assert Game.objects.order_by("pk").last().players == ["Eve", "Fay", "Gus", "Hal"]
    page = owner_client.get(response["Location"])
    assertContains(page, "Done: 1 of 3 games imported, 2 not imported (see below).")
    assertContains(page, f"{first.title}: Already in your games, so not imported again.")


def test_a_backup_imported_again_as_a_copy_imports_every_game(owner_client, make_game, owner):
    make_game([QUIET_HAND])
    make_game([QUIET_HAND, QUIET_HAND])
    response = import_file(owner_client, export_all(owner_client), copy=True)
    assert response.status_code == 302
    assert Game.objects.filter(owner=owner).count() == 4


def test_another_accounts_game_is_never_a_duplicate(client, make_game, owner, stranger):
    game = make_game(HANDS)
    client.force_login(owner)
    exported = json.dumps(export(client, game))
    client.force_login(stranger)
    assert import_file(client, exported).status_code == 302
    assert Game.objects.filter(owner=stranger).count() == 1


def test_the_apps_own_csv_export_gets_a_message_that_says_what_to_do(owner_client, make_game):
    game = make_game([QUIET_HAND, BIG_HAND])
    csv = owner_client.get(reverse("export_csv", args=[game.pk])).content
    before = counts()
    response = import_file(owner_client, csv, name="game.csv")
    assert response.status_code == 422
    assert response.context["form"].errors["file"] == [CSV_MESSAGE]
    assert counts() == before


@pytest.mark.parametrize(
    "text",
    ["name,score\nAnn,120\nBen,80\n", "a;b;c\n1;2;3\n", "\ufeffplayer\tpoints\nAnn\t3\n"],
)
def test_any_csv_gets_the_csv_message(owner_client, text):
    response = import_file(owner_client, text, name="scores.csv")
    assert response.context["form"].errors["file"] == [CSV_MESSAGE]


@pytest.mark.parametrize("text", ["{not json", "[1,", "hello", "1, 2\n3"])
def test_broken_json_is_not_taken_for_a_csv(text):
    assert not bundles.looks_like_csv(text)


def test_the_fingerprint_of_a_game_and_of_its_file_agree(owner_client, make_game):
    game = make_game(HANDS)
    parsed = scoring.parse_game_file(export(owner_client, game))
    from_file = restore.fingerprint(parsed.players, parsed.rules, parsed.first_dealer, parsed.hands)
    from_game = restore.fingerprint(
        game.players, game.rules_obj(), game.first_dealer, game.recorded_hands()
    )
    assert from_file == from_game
    game.refresh_from_db()
    assert game.fingerprint == from_game


def test_an_account_limit_counts_one_game_in_the_singular(owner, monkeypatch, make_game):
    monkeypatch.setattr(restore.limits, "MAX_ACCOUNT_GAMES", 1)
    make_game([QUIET_HAND])
    data = {"players": ["Eve", "Fay", "Gus", "Hal"], "hands": [QUIET_HAND]}
    source = bundles.GameSource(json.dumps(data).encode())
    with pytest.raises(restore.Refused) as refused:
        restore.stage(owner, source)
    assert refused.value.problems == [
        "the file holds 1 game and you have 1: an account keeps at most 1"
    ]


def test_what_if_says_one_hand_in_the_singular(owner_client, make_game):
    game = make_game([BIG_HAND], target_score=100)  # over after one hand of +120
    response = owner_client.get(reverse("compare", args=[game.pk]), {"preset": "standard"})
    assert response.context["comparison"].still_going
    assertContains(response, "nobody would have won after this one hand: the game would")


def test_a_file_whose_time_was_called_is_not_the_game_without_it(owner_client, make_game):
    game = make_game(HANDS)
    data = export(owner_client, game)
    called = dict(data, time_called=len(HANDS))
    assert import_file(owner_client, json.dumps(called)).status_code == 302
    assert Game.objects.filter(time_called=len(HANDS)).exclude(pk=game.pk).exists()
    assert import_file(owner_client, json.dumps(called)).status_code == 422  # now it is here
