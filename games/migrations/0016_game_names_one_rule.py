from django.db import migrations


def mend_game_names(apps, schema_editor):
    """Names the new-game form took before it followed the game file's rule (a tab, a line
    break, a direction override) are mended, so every account's backup imports again."""
    from games.scoring.entry import game_name_problem, mended_game_name

    Game = apps.get_model("games", "Game")
    named = Game.objects.exclude(name="").values_list("pk", "name").iterator()
    mended = [(pk, mended_game_name(name)) for pk, name in named if game_name_problem(name)]
    for pk, name in mended:  # written once the reading is done
        Game.objects.filter(pk=pk).update(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_cache_generation"),
    ]

    operations = [
        migrations.RunPython(mend_game_names, migrations.RunPython.noop),
    ]
