"""Migrations that fill or move rows already there, each run on rows made as they were then.

A migration's function is run against the schema of its own time: the database is migrated back
to just before it (`back_to`), rows are made with the models of that time, and the migration is
applied (or its function called) with them; every test leaves the database migrated to the end.
"""

from importlib import import_module

import pytest
from django.apps import apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Game
from tests.conftest import QUIET_HAND

RULES = {"players": 4}  # what a stored game's rules held in the oldest migrations' tests


def migrate(*target: tuple[str, str]):
    """Migrate to `target` (app, migration) nodes; the models of that moment."""
    executor = MigrationExecutor(connection)
    executor.migrate(list(target))
    executor.loader.build_graph()
    return executor.loader.project_state(list(target)).apps


@pytest.fixture
def back_to():
    """Migrate games back to a migration; migrated to the end again after the test."""
    yield lambda name: migrate(("games", name))
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def owner_then(state_apps):
    return state_apps.get_model("auth", "User").objects.create(username="ann-then")


@pytest.mark.django_db(transaction=True)
def test_existing_games_get_their_names_and_a_token_each(back_to):
    then = back_to("0002_game_history_and_watch_link")
    migration = import_module("games.migrations.0002_game_history_and_watch_link")
    OldGame = then.get_model("games", "Game")
    owner = owner_then(then)
    first = OldGame.objects.create(
        owner=owner, players=["Ann", "BEN", "Cat", "Dan"], rules=RULES, watch_token="old-1"
    )
    second = OldGame.objects.create(
        owner=owner, players=["Eve", "Fay", "Gus", "Hal"], rules=RULES, watch_token="old-2"
    )
    OldGame.objects.update(player_names="")

    migration.fill_existing_games(then, None)

    first.refresh_from_db()
    second.refresh_from_db()
    assert first.player_names == "|ann|ben|cat|dan|"
    assert second.player_names == "|eve|fay|gus|hal|"
    assert len({first.watch_token, second.watch_token, "old-1", "old-2"}) == 4


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_each_rematch_chain_one_table(back_to):
    then = back_to("0009_player_names_text")
    OldGame = then.get_model("games", "Game")
    owner = owner_then(then)
    first = OldGame.objects.create(owner=owner, players=list("ABCD"), rules=RULES)
    second = OldGame.objects.create(
        owner=owner, players=list("ABCD"), rules=RULES, rematch_of=first, watch_enabled=False
    )
    alone = OldGame.objects.create(
        owner=owner, players=list("EFGH"), rules=RULES, watch_enabled=False
    )

    migrate(("games", "0010_tables"))

    now = MigrationExecutor(connection).loader.project_state([("games", "0010_tables")]).apps
    NewGame = now.get_model("games", "Game")
    first, second, alone = (NewGame.objects.get(pk=game.pk) for game in (first, second, alone))
    assert first.table_id == second.table_id != alone.table_id
    assert first.table.watch_enabled is False  # as its newest game's link was
    assert alone.table.watch_enabled is False


@pytest.mark.django_db(transaction=True)
def test_the_games_own_links_that_still_worked_move_to_their_tables(back_to):
    then = back_to("0018_game_at_event")
    OldGame = then.get_model("games", "Game")
    OldTable = then.get_model("games", "Table")
    owner = owner_then(then)
    table, other = (
        OldTable.objects.create(watch_token="t-1"),
        OldTable.objects.create(watch_token="t-2", watch_enabled=False),
    )
    game = {"owner": owner, "players": list("ABCD"), "rules": RULES}
    OldGame.objects.create(**game, table=table, watch_token="game-1")
    OldGame.objects.create(**game, table=table, watch_token="game-2")
    OldGame.objects.create(**game, table=table, watch_token="game-3", watch_enabled=False)
    OldGame.objects.create(**game, table=other, watch_token="game-4")

    now = migrate(("games", "0019_old_watch_links"))

    links = now.get_model("games", "OldWatchLink").objects.order_by("token")
    assert list(links.values_list("token", "table_id")) == [
        ("game-1", table.pk),
        ("game-2", table.pk),
        # Its table's link is off, not gone: on again, it leads there.
        ("game-4", other.pk),
    ]  # game-3's own switch was off: it already answered 404, and still does
    assert "watch_token" not in {
        field.name for field in now.get_model("games", "Game")._meta.fields
    }

    # Undone: every game has a token of its own again, all different, its link on.
    then = migrate(("games", "0018_game_at_event"))
    tokens = list(
        then.get_model("games", "Game").objects.values_list("watch_token", "watch_enabled")
    )
    assert len({token for token, _ in tokens}) == 4
    assert all(token and enabled for token, enabled in tokens)


@pytest.mark.django_db
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
