"""The migration that added the history filter and the watch link fills games already there."""

from importlib import import_module

import pytest
from django.apps import apps

from games.models import Game
from tests.conftest import QUIET_HAND

pytestmark = pytest.mark.django_db

migration = import_module("games.migrations.0002_game_history_and_watch_link")


def test_existing_games_get_their_names_and_a_token_each(make_game):
    first = make_game(players=("Ann", "BEN", "Cat", "Dan"))
    second = make_game(players=("Eve", "Fay", "Gus", "Hal"))
    Game.objects.filter(pk=first.pk).update(player_names="", watch_token="old-1")
    Game.objects.filter(pk=second.pk).update(player_names="", watch_token="old-2")

    migration.fill_existing_games(apps, None)

    first.refresh_from_db()
    second.refresh_from_db()
    assert first.player_names == "|ann|ben|cat|dan|"
    assert second.player_names == "|eve|fay|gus|hal|"
    assert len({first.watch_token, second.watch_token, "old-1", "old-2"}) == 4


def test_existing_games_get_their_fingerprints(make_game):
    from games.models import fingerprint

    games = [make_game(), make_game([QUIET_HAND, {"bids": [4, 3, 3, 3]}])]
    Game.objects.update(fingerprint="")

    import_module("games.migrations.0014_game_fingerprint").fingerprint_existing_games(apps, None)

    for game in games:
        game.refresh_from_db()
        hands = game.recorded_hands()
        assert game.fingerprint == fingerprint(
            game.players, game.rules_obj(), game.first_dealer, hands
        )
    assert games[0].fingerprint != games[1].fingerprint
