"""Games out as files: one game's hands as CSV, and all of a user's games as one JSON bundle
(its Spades games, then its card games: Oh Hell, Wizard, Call Break)."""

import csv
from collections.abc import Iterator
from itertools import chain
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse, StreamingHttpResponse
from django.utils import timezone
from django.views.decorators.http import require_safe

from games import bundles, display, scoring
from games.cards import files as card_files
from games.cards.models import CardsGame, CardsHand
from games.models import Game, Hand
from games.restore import game_file
from games.views.base import AuthenticatedHttpRequest, HtmxHttpRequest, download, open_game

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


def csv_rows(result: scoring.GameResult) -> list[list[display.Cell]]:
    """One row per scored hand and side, in the order the hands were played; no cell a
    spreadsheet would run as a formula (a player could be named "=1+1": `display.csv_cell`)."""
    players = result.players
    rows: list[list[display.Cell]] = []
    for hand in result.hands:
        for index, (total, side) in enumerate(zip(result.sides, hand.sides, strict=True)):
            rows.append(
                display.csv_row(
                    [
                        hand.number,
                        players[hand.dealer],
                        index + 1,
                        total.name,
                        display.side_bids(players, total.seats, hand.bids),
                        side.contract,
                        side.tricks,
                        side.points,
                        side.score,
                        side.bags,
                        "; ".join(side.explanation),
                    ]
                )
            )
    return rows


@require_safe
def export_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = open_game(request, pk)
    result = game.replay()
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    download(response, game.title, game.pk, "csv")
    writer = csv.writer(response)
    writer.writerow(CSV_HEADER)
    writer.writerows(csv_rows(result))
    return response


EXPORT_BATCH = 200  # games read per pair of queries while the file streams


@login_required
@require_safe
def export_all(request: AuthenticatedHttpRequest) -> HttpResponse | StreamingHttpResponse:
    """Every game of the user in one `spades-games/1` file, written while it is read: two
    queries per 200 games, and never more than 200 games in memory, however big the account.
    The card games follow the Spades games (read only when the account has some)."""
    content_type = "application/json; charset=utf-8"
    if request.method == "HEAD":  # the headers alone: no reason to read every game
        response: HttpResponse | StreamingHttpResponse = HttpResponse(content_type=content_type)
    else:
        games = all_games(request.user)
        if CardsGame.objects.filter(owner=request.user).exists():
            games = chain(games, all_card_games(request.user))
        response = StreamingHttpResponse(bundles.stream_bundle(games), content_type=content_type)
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="spades-games-{day}.json"'
    return response


def all_games(user: User) -> Iterator[dict[str, Any]]:
    """The user's games as file objects, oldest first (a rematch after its game), a batch at a
    time by id, so a game recorded meanwhile neither repeats nor shifts the batches."""
    after = 0
    while True:
        games = list(
            Game.objects.filter(owner=user, pk__gt=after)
            .select_related("table")
            .order_by("pk")[:EXPORT_BATCH]
        )
        if not games:
            return
        hands: dict[int, list[scoring.Hand]] = {game.pk: [] for game in games}
        notes: dict[int, dict[int, str]] = {game.pk: {} for game in games}
        rows = Hand.objects.filter(game__in=list(hands)).order_by("game_id", "number")
        for game_id, number, bids, tricks, note in rows.values_list(
            "game_id", "number", "bids", "tricks", "note"
        ):
            hands[game_id].append(
                scoring.Hand(
                    None if bids is None else tuple(bids),
                    None if tricks is None else tuple(tricks),
                )
            )
            if note:
                notes[game_id][number] = note
        for game in games:
            yield game_file(game, hands[game.pk], notes[game.pk]).to_dict()
        if len(games) < EXPORT_BATCH:
            return
        after = games[-1].pk


def all_card_games(user: User) -> Iterator[dict[str, Any]]:
    """The user's card games as `card-game/1` objects, oldest first, a batch at a time by id
    (two queries a batch), as `all_games` reads the Spades games."""
    after = 0
    while True:
        games = list(
            CardsGame.objects.filter(owner=user, pk__gt=after).order_by("pk")[:EXPORT_BATCH]
        )
        if not games:
            return
        hands: dict[int, list[card_files.StoredHand]] = {game.pk: [] for game in games}
        rows = CardsHand.objects.filter(game__in=list(hands)).order_by("game_id", "number")
        for game_id, cards, bids, tricks, note in rows.values_list(
            "game_id", "cards", "bids", "tricks", "note"
        ):
            hands[game_id].append(card_files.stored(cards, bids, tricks, note))
        for game in games:
            yield card_files.game_file(game, hands[game.pk]).to_dict()
        if len(games) < EXPORT_BATCH:
            return
        after = games[-1].pk
