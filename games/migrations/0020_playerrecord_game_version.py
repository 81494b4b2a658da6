"""Each seat's figures carry the game's version they are a replay of (issue #31).

A step no longer rebuilds the figures (one statement less a step); the statistics page replays
a game whose figures are older than the game. Figures kept before this were rebuilt by every
write, so they are a replay of their game as it stands: they take its version now.
"""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def stamp_current_figures(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    PlayerRecord = apps.get_model("games", "PlayerRecord")
    version = Game.objects.filter(pk=OuterRef("game_id")).values("version")[:1]
    PlayerRecord.objects.update(game_version=Subquery(version))


class Migration(migrations.Migration):
    dependencies = [("games", "0019_old_watch_links")]

    operations = [
        migrations.AddField(
            model_name="playerrecord",
            name="game_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(stamp_current_figures, migrations.RunPython.noop),
    ]
