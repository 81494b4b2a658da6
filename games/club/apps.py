from django.apps import AppConfig
from django.db.models.signals import post_save


class ClubConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.club"
    label = "club"
    verbose_name = "Club nights"

    def ready(self) -> None:
        from games.club import push
        from games.models import Game

        # A club table's game changes through the games' own services, which know nothing of
        # events: the board hears of it from the game's save.
        post_save.connect(push.on_game_saved, sender=Game, dispatch_uid="club-board-push")
