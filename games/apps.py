from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Spades games"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_delete, post_save

        from scorekeeper.sessions import user_changed

        user = get_user_model()  # a no-op unless the cached user backend is in use
        post_save.connect(user_changed, sender=user, dispatch_uid="user-epoch-save")
        post_delete.connect(user_changed, sender=user, dispatch_uid="user-epoch-delete")
