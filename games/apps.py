from django.apps import AppConfig
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Spades games"

    def ready(self) -> None:
        from games.generation import renew_after_migrate

        post_migrate.connect(renew_after_migrate, sender=self)
