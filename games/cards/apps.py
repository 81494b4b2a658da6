from django.apps import AppConfig


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.cards"
    label = "cards"
    verbose_name = "Oh Hell, Wizard and Call Break"
