from django.apps import AppConfig


class ClubConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.club"
    label = "club"
    verbose_name = "Club nights"
