"""The games' own watch links move to their tables (issue #32).

Before table links, each game had a read-only link of its own, /watch/<game token>/, with its
own switch. The share page has handed out only the table's link since; a game's link stayed on
the game so that bookmarks kept working. Now the game keeps no link: each game's token that
still worked (its own switch and its table's on) becomes an `OldWatchLink` of its table, and
/watch/<token>/ leads to the table's link. A token whose game's switch was off is dropped: it
already answered 404. Table.set_watch_link(new_token=True) ends a table's old links, as it
ended its games' links before.

Undone, each game gets a new token of its own, switched on (an old link's game is not kept).
"""

import secrets

import django.db.models.deletion
from django.db import migrations, models

BATCH = 1000


def move_game_links_to_tables(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    OldWatchLink = apps.get_model("games", "OldWatchLink")
    live = Game.objects.filter(watch_enabled=True).exclude(watch_token=None).order_by("pk")
    rows = live.values_list("watch_token", "table_id")
    batch = []
    for token, table in rows.iterator(chunk_size=BATCH):
        batch.append(OldWatchLink(token=token, table_id=table))
        if len(batch) >= BATCH:
            OldWatchLink.objects.bulk_create(batch)
            batch = []
    OldWatchLink.objects.bulk_create(batch)


def give_games_links_again(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for pk in Game.objects.filter(watch_token=None).values_list("pk", flat=True).iterator():
        Game.objects.filter(pk=pk).update(watch_token=secrets.token_urlsafe(24))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0018_game_at_event"),
    ]

    operations = [
        migrations.CreateModel(
            name="OldWatchLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(max_length=64, unique=True)),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="old_watch_links",
                        to="games.table",
                    ),
                ),
            ],
        ),
        migrations.RunPython(move_game_links_to_tables, migrations.RunPython.noop),
        # Undone, the column comes back empty and unique only once every game has a token.
        migrations.AlterField(
            model_name="game",
            name="watch_token",
            field=models.CharField(max_length=64, null=True, default=None),
        ),
        migrations.RunPython(migrations.RunPython.noop, give_games_links_again),
        migrations.RemoveField(
            model_name="game",
            name="watch_enabled",
        ),
        migrations.RemoveField(
            model_name="game",
            name="watch_token",
        ),
    ]
