"""Home and the health check."""

from django.db import connection
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.models import Game
from games.views.base import HtmxHttpRequest


@require_GET
@never_cache
def healthz(request: HtmxHttpRequest) -> HttpResponse:
    """One database round trip: the server is up and can reach its database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def home(request: HtmxHttpRequest) -> TemplateResponse:
    if not request.user.is_authenticated:
        return TemplateResponse(request, "games/welcome.html")
    games = list(
        Game.objects.filter(owner=request.user).order_by("finished", "-updated_at")[:50]
    )
    return TemplateResponse(request, "games/home.html", {"games": games})
