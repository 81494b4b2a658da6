from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_game_fingerprint"),
    ]

    operations = [
        migrations.CreateModel(
            name="CacheGeneration",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("value", models.CharField(max_length=32)),
            ],
        ),
    ]
