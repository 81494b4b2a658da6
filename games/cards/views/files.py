"""A card game out as a file: its `card-game/1` file, the owner's alone (anyone else: 404).

The file imports again to the same game (the import page takes it, `manage.py score` scores
it): its rules, players and hands, the last hand's bids while its tricks are still to come,
the game's name and note and each hand's note (`games.cards.files`).
"""

from django.http import HttpResponse
from django.urls import path
from django.views.decorators.http import require_safe

from games.cards.files import game_file
from games.cards.views.table import own_game
from games.views.base import HtmxHttpRequest, json_download


@require_safe
def cards_export(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = own_game(request, pk)
    return json_download(game_file(game).to_dict(), game.title, game.pk, "card-game")


urlpatterns = [
    path("cards/<int:pk>/export.json", cards_export, name="cards_export"),
]
