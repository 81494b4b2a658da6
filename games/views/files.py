"""Game files in and out: the same `spades-game/1` format as `manage.py score`."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from games import recording, scoring
from games.forms import ImportForm
from games.models import Game
from games.views.base import HtmxHttpRequest, owned_game


def game_file(game: Game) -> scoring.GameFile:
    rules = game.rules_obj()
    return scoring.GameFile(
        name=game.name or None,
        rules=rules,
        rules_spec={"preset": game.preset} if game.preset in scoring.PRESETS else {},
        players=tuple(game.players),
        first_dealer=game.first_dealer,
        hands=tuple(hand.to_scoring() for hand in game.hands.all()),
        extra={"created": game.created_at.isoformat()},
    )


@require_GET
def export_game(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    response = JsonResponse(game_file(game).to_dict(), json_dumps_params={"indent": 1})
    filename = slugify(game.title)[:60] or "game"
    response["Content-Disposition"] = f'attachment; filename="{filename}-{game.pk}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def import_game(request: HtmxHttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            parsed = scoring.parse_game_file(form.cleaned_data["file"])
        except scoring.GameFileError as error:
            form.add_error("file", str(error))
        else:
            game = recording.create_game(
                request.user,
                name=(parsed.name or "")[:80],
                players=parsed.players,
                rules=parsed.rules,
                preset=preset_name(parsed),
                first_dealer=parsed.first_dealer,
                hands=parsed.hands,
            )
            return redirect(game)
    status = 422 if form.errors else 200
    return TemplateResponse(request, "games/import.html", {"form": form}, status=status)


def preset_name(parsed: scoring.GameFile) -> str:
    name = parsed.rules_spec.get("preset", "standard")
    return name if isinstance(name, str) and name in scoring.PRESETS else "standard"

