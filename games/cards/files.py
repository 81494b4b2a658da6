"""A card game's `card-game/1` file: written from the game, and imported as a new game.

The file is the format of `games.scoring.card_games.card_file`, the same that `manage.py score`
reads: the game, its rules, players and hands (the last one may have its bids in and its tricks
to come), the game's name and note and each hand's note. Beside them the export writes what a
Spades file carries for a backup (`games.restore.read_meta` reads them back): the game's "id"
in the file ("card-12": a backup holds Spades and card games, whose numbers may be the same),
when it was "created" and "finished". Links are never in a file: a game imported gets a watch
link of its own.

An import is one transaction, all or nothing, through `games.cards.services.create_game`, which
checks the account's limits (its Spades and card games together). A game already among the
owner's (`Twins`) is not imported again unless the importer asks for a copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Count

from games.cards import services
from games.cards.models import CardsGame, game_title
from games.scoring.card_games import CardGameFile
from games.scoring.card_games.table import Recorded
from games.scoring.gamefile import JSONObject
from scorekeeper.write_turns import writing


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand as a game's file writes it: what was played and its note."""

    hand: Recorded
    note: str = ""


def stored_hands(game: CardsGame) -> list[StoredHand]:
    """The game's hands in order, with their notes: one query."""
    rows = game.hands.order_by("number").values_list("cards", "bids", "tricks", "note")
    return [stored(cards, bids, tricks, note) for cards, bids, tricks, note in rows]


def stored(cards: int, bids: list[int], tricks: list[int] | None, note: str) -> StoredHand:
    """One stored hand's row as the file takes it."""
    return StoredHand(Recorded(cards, tuple(bids), None if tricks is None else tuple(tricks)), note)


def file_id(game: CardsGame) -> str:
    """The game's "id" in a file: Spades games are numbered by theirs, so a card game's
    number is marked as one, and the two never meet in a backup."""
    return card_id(game.pk)


def card_id(pk: int) -> str:
    return f"card-{pk}"


def game_file(game: CardsGame, hands: Sequence[StoredHand] | None = None) -> CardGameFile:
    """The game as its file writes it (an export, a backup): give `hands` to save a query."""
    if hands is None:
        hands = stored_hands(game)
    recorded = [item.hand for item in hands]
    pending = recorded.pop() if recorded and not recorded[-1].played else None
    meta: JSONObject = {"id": file_id(game), "created": game.created_at.isoformat()}
    if game.finished and game.finished_at is not None:
        meta["finished"] = game.finished_at.isoformat()
    if game.rematch_of_id is not None:
        meta["rematch_of"] = card_id(game.rematch_of_id)
    return CardGameFile(
        game=game.kind,
        rules=game.rules_obj(),
        rules_spec=dict(game.rules),
        players=tuple(game.players),
        hands=tuple(hand.as_input() for hand in recorded),
        notes=tuple(item.note for item in hands),
        name=game.name or None,
        note=game.note,
        pending=pending,
        extra=meta,
    )


def title(parsed: CardGameFile) -> str:
    """The title the game will have: as `CardsGame.title` makes it."""
    return game_title(parsed.game, parsed.name, parsed.players)[:200]


def _signature(
    kind: str, players: Sequence[str], count: int, totals: Sequence[int]
) -> tuple[Any, ...]:
    return (kind, tuple(players), count, tuple(totals))


class Twins:
    """The owner's card games, by what a copy of one shares with it (the game, the players,
    the hands recorded and the totals), read in one query for a whole file; `of` finds the
    game a file's game is a copy of: the same rules and hands too, and the same creation time
    when the file gives one."""

    def __init__(self, owner: Any) -> None:
        self.owner = owner
        self.games: dict[tuple[Any, ...], list[tuple[int, datetime]]] | None = None

    def _index(self) -> dict[tuple[Any, ...], list[tuple[int, datetime]]]:
        if self.games is None:
            self.games = {}
            rows = (
                CardsGame.objects.filter(owner_id=self.owner.pk)
                .annotate(recorded_hands=Count("hands"))
                .values_list("pk", "game", "players", "recorded_hands", "totals", "created_at")
            )
            for pk, kind, players, recorded, totals, created in rows:
                key = _signature(kind, players, recorded, totals)
                self.games.setdefault(key, []).append((pk, created))
        return self.games

    def of(self, parsed: CardGameFile, created: datetime | None) -> CardsGame | None:
        totals = [standing.score for standing in parsed.score().standings]
        recorded = parsed.recorded()
        key = _signature(parsed.game.name, parsed.players, len(recorded), totals)
        for pk, when in self._index().get(key, []):
            if created is not None and when != created:
                continue
            game = CardsGame.objects.filter(pk=pk, owner_id=self.owner.pk).first()
            if game is None:
                continue
            same_rules = game.rules_obj() == parsed.rules
            if same_rules and game.recorded() == recorded:
                return game
        return None


def import_game(
    owner: Any,
    parsed: CardGameFile,
    *,
    created: datetime | None = None,
    finished: datetime | None = None,
    rematch_of: int | None = None,
    check_limits: bool = True,
) -> CardsGame:
    """The file's game as a new game of the owner's, in one transaction: its hands (the last
    one's tricks still to come, if so), each hand's note, the game's name and note, its
    creation and finishing times when the file gives them, and the game it is a rematch of
    (`rematch_of`, a restore's game). LimitReached (nothing saved) if
    the account has no room for it (unless a restore checked its whole file first:
    `check_limits=False`)."""
    with writing():
        game = services.create_game(
            owner,
            kind=parsed.game,
            players=parsed.players,
            rules=dict(parsed.rules_spec),
            name=parsed.name or "",
            hands=parsed.recorded(),
            notes=parsed.notes,
            check_limits=check_limits,
        )
        # What the table never writes itself, kept as the file says (as a Spades restore
        # keeps its game's note and times): the game is new, and no one else has it yet.
        game.note = parsed.note
        game.created_at = created or game.created_at
        if game.finished and finished is not None:
            game.finished_at = finished
        game.rematch_of_id = rematch_of
        fields = ("note", "created_at", "finished_at", "rematch_of")
        CardsGame.objects.filter(pk=game.pk).update(
            **{name: getattr(game, name) for name in fields}
        )
        return game
