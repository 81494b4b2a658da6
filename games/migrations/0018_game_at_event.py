from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0017_game_clock_ends_at'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='at_event',
            field=models.BooleanField(default=False, editable=False),
        ),
    ]
