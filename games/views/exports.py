"""Games out as files: one game's hands as CSV, and all of a user's games as one JSON bundle."""

import csv

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from games import bundles, display
from games.models import Game
from games.views.base import AuthenticatedHttpRequest, HtmxHttpRequest, owned_game
from games.views.files import game_file

CSV_HEADER = [
    "hand",
    "dealer",
    "side",
    "players",
    "bids",
    "contract",
    "tricks",
    "points",
    "score",
    "bags",
    "explanation",
]


def _text(value: str) -> str:
    """Text a spreadsheet won't run as a formula (a player could be named "=1+1")."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def csv_rows(result) -> list[list]:
    """One row per scored hand and side, in the order the hands were played."""
    players = result.players
    rows = []
    for hand in result.hands:
        for index, (total, side) in enumerate(zip(result.sides, hand.sides, strict=True)):
            rows.append(
                [
                    hand.number,
                    _text(players[hand.dealer]),
                    index + 1,
                    _text(total.name),
                    _text(display.side_bids(players, total.seats, hand.bids)),
                    side.contract,
                    side.tricks,
                    side.points,
                    side.score,
                    side.bags,
                    _text("; ".join(side.explanation)),
                ]
            )
    return rows


def _filename(text: str, fallback: str) -> str:
    return slugify(text)[:60] or fallback


@require_safe
def export_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    result = game.replay()
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = _filename(game.title, "game")
    response["Content-Disposition"] = f'attachment; filename="{name}-{game.pk}.csv"'
    writer = csv.writer(response)
    writer.writerow(CSV_HEADER)
    writer.writerows(csv_rows(result))
    return response


@login_required
@require_safe
def export_all(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Every game of the user in one `spades-games/1` file: two queries however many games."""
    games = list(Game.objects.filter(owner=request.user).order_by("created_at", "pk"))
    hands = Game.hands_by_game(games)
    files = [game_file(game, hands[game.pk]) for game in games]
    response = JsonResponse(bundles.bundle(files), json_dumps_params={"indent": 1})
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="spades-games-{day}.json"'
    return response
