"""(Being written.)"""

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path


def _later(request: HttpRequest, **kwargs: object) -> HttpResponse:
    raise Http404("Not yet.")


urlpatterns = [
    path("cards/<int:pk>/rules/", _later, name="cards_rules_card"),
    path("cards/<int:pk>/compare/", _later, name="cards_compare"),
    path("cards/players/", _later, name="cards_players"),
]
