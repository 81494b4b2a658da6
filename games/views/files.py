"""Game files in and out: the same `spades-game/1` format as `manage.py score`."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_safe

from games import bundles, display, recording, scoring
from games.forms.files import ImportForm
from games.models import Game
from games.views.base import HtmxHttpRequest, navigate, owned_game


def game_file(game: Game, hands: list[scoring.Hand] | None = None) -> scoring.GameFile:
    rules = game.rules_obj()
    return scoring.GameFile(
        name=game.name or None,
        rules=rules,
        rules_spec={"preset": game.preset} if game.preset in scoring.PRESETS else {},
        players=tuple(game.players),
        first_dealer=game.first_dealer,
        hands=tuple(game.recorded_hands() if hands is None else hands),
        extra={"created": game.created_at.isoformat()},
    )


@require_safe
def export_game(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    response = JsonResponse(game_file(game).to_dict(), json_dumps_params={"indent": 1})
    filename = slugify(game.title)[:60] or "game"
    response["Content-Disposition"] = f'attachment; filename="{filename}-{game.pk}.json"'
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_game(request: HtmxHttpRequest) -> HttpResponse:
    """A game file (or a file of several) becomes the user's games, or nothing at all: one
    line says why."""
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    if form.is_bound and form.is_valid():
        try:
            parsed = bundles.parse_bundle(form.cleaned_data["file"])
        except scoring.GameFileError as error:
            form.add_error("file", display.sentence(str(error)))
        else:
            games = import_all(request.user, parsed)
            if len(games) == 1:
                messages.success(request, f"Imported {games[0].title}.")
                return navigate(request, games[0])
            messages.success(request, f"Imported {len(games)} games.")
            return navigate(request, "games")
    template = "games/import.html#form" if request.htmx else "games/import.html"
    return TemplateResponse(request, template, {"form": form}, status=422 if form.errors else 200)


def import_all(user, parsed: list[scoring.GameFile]) -> list[Game]:
    """Every game of the file, or none of them."""
    name_length = Game._meta.get_field("name").max_length
    with transaction.atomic():
        return [
            recording.create_game(
                user,
                name=(game.name or "")[:name_length],
                players=game.players,
                rules=game.rules,
                preset=preset_name(game),
                first_dealer=game.first_dealer,
                hands=game.hands,
            )
            for game in parsed
        ]


def preset_name(parsed: scoring.GameFile) -> str:
    name = parsed.rules_spec.get("preset", "standard")
    return name if isinstance(name, str) and name in scoring.PRESETS else "standard"
