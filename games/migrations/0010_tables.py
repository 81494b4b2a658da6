"""Tables: a game and its rematches share one, with the table's watch and scoring links.

Every existing game joins a table: the games linked by rematch chains share one, each chain's
table link on if its newest game's watch link was on. Each game keeps its own watch token, so
links people bookmarked keep working.

Not atomic as a whole: PostgreSQL refuses to alter a table that has pending deferred
constraint checks from rows changed earlier in the same transaction, so the filling runs in
a transaction of its own between the schema steps.
"""

import secrets

import django.db.models.deletion
from django.db import migrations, models, transaction

import games.models

BATCH = 1000


def tables_for_rematch_chains(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Table = apps.get_model("games", "Table")
    links = dict(Game.objects.values_list("pk", "rematch_of_id"))
    watch = dict(Game.objects.values_list("pk", "watch_enabled"))
    rematch = {origin: pk for pk, origin in links.items() if origin is not None}
    chains: list[list[int]] = []
    for pk in sorted(links):
        if links[pk] is None or links[pk] not in links:
            chain = [pk]
            while chain[-1] in rematch:
                chain.append(rematch[chain[-1]])
            chains.append(chain)
    # A loop of rematch links (none is ever made) would have no first game: one table each.
    placed = {pk for chain in chains for pk in chain}
    chains += [[pk] for pk in sorted(links) if pk not in placed]
    with transaction.atomic(using=schema_editor.connection.alias):
        for start in range(0, len(chains), BATCH):
            batch = chains[start : start + BATCH]
            tables = Table.objects.bulk_create(
                [
                    Table(watch_token=secrets.token_urlsafe(24), watch_enabled=watch[chain[-1]])
                    for chain in batch
                ]
            )
            for table, chain in zip(tables, batch, strict=True):
                Game.objects.filter(pk__in=chain).update(table=table)


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("games", "0009_player_names_text"),
    ]

    operations = [
        migrations.CreateModel(
            name="Table",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "watch_token",
                    models.CharField(
                        default=games.models.new_watch_token, max_length=64, unique=True
                    ),
                ),
                ("watch_enabled", models.BooleanField(default=True)),
                (
                    "score_token",
                    models.CharField(
                        blank=True, default=None, max_length=64, null=True, unique=True
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.AddField(
            model_name="game",
            name="table",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="games",
                to="games.table",
            ),
        ),
        migrations.AddField(
            model_name="restoreitem",
            name="table_key",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.RunPython(tables_for_rematch_chains, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="games",
                to="games.table",
            ),
        ),
    ]
