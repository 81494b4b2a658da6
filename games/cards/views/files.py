"""(Being written.)"""

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path


def _later(request: HttpRequest, **kwargs: object) -> HttpResponse:
    raise Http404("Not yet.")


urlpatterns = [
    path("cards/<int:pk>/export.json", _later, name="cards_export"),
]
