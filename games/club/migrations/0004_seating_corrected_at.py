from django.db import migrations, models


def mark_event_games(apps, schema_editor):
    """Every game already played at an event's table asks the event's rules from now on."""
    Game = apps.get_model("games", "Game")
    Seating = apps.get_model("club", "Seating")
    Game.objects.filter(pk__in=Seating.objects.values("game_id")).update(at_event=True)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0003_formats"),
        ("games", "0018_game_at_event"),
    ]

    operations = [
        migrations.AddField(
            model_name="seating",
            name="corrected_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(mark_event_games, migrations.RunPython.noop),
    ]
