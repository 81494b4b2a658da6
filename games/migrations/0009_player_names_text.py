# A name may be 40 joined emoji (160 code points), so four of them outgrow 200 characters.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_notes_finish_times_and_restores'),
    ]

    operations = [
        migrations.AlterField(
            model_name='game',
            name='player_names',
            field=models.TextField(default='', editable=False),
        ),
    ]
