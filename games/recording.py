"""Every write to a game's hands: one transaction each, checked by a replay before it is kept.

A write is refused, and nothing changes, when the replay of the hands it would leave fails
(`scoring.ScoringError`) or when the form it came from no longer matches the game (`Conflict`):
the hand was already recorded from another phone, or the game changed since the form was shown.
"""

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games import scoring
from games.models import Game, Hand


class Conflict(Exception):
    """The game moved on since the form was shown; the message says how."""


def _locked(game_id: int) -> tuple[Game, list[scoring.Hand]]:
    game = Game.objects.select_for_update().get(pk=game_id)
    return game, game.recorded_hands()


def _save(game: Game, hands: list, result: scoring.GameResult) -> scoring.GameResult:
    game.refresh_summary(result, hand_count=len(hands))
    game.save(update_fields=game.summary_fields())
    return result


def _check_version(game: Game, version: int | None) -> None:
    if version is not None and version != game.version:
        raise Conflict(
            "This game was changed on another phone since you opened this form. "
            "Here is the current score; nothing was overwritten."
        )


def _as_read(result: scoring.GameResult, number: int, bids: list) -> list:
    """The bids as the engine read them (a 0 that is nil is stored as nil)."""
    if result.pending is not None and result.pending.number == number:
        return list(result.pending.bids)
    if number <= len(result.hands):
        return list(result.hands[number - 1].bids)
    return list(bids)


def _already(number: int, step: str) -> Conflict:
    return Conflict(
        f"Hand {number}'s {step} were already recorded (perhaps from another phone). "
        "Here is the current state."
    )


def record_bids(game_id: int, number: int, bids: list) -> scoring.GameResult:
    """Start hand `number` with its bids."""
    try:
        with transaction.atomic():
            game, hands = _locked(game_id)
            if game.finished:
                raise Conflict("The game is over: no more hands can be recorded.")
            pending = bool(hands) and hands[-1].tricks is None
            if pending or number != len(hands) + 1:
                raise _already(number, "bids")
            hands.append(scoring.Hand(tuple(bids)))
            result = game.replay(hands)
            Hand.objects.create(game=game, number=number, bids=_as_read(result, number, bids))
            return _save(game, hands, result)
    except IntegrityError as exc:
        raise _already(number, "bids") from exc


def record_tricks(game_id: int, number: int, tricks: list) -> scoring.GameResult:
    """Finish hand `number`, whose bids are in, with the tricks each seat or side took."""
    with transaction.atomic():
        game, hands = _locked(game_id)
        if len(hands) != number or hands[-1].tricks is not None:
            raise _already(number, "tricks")
        hands[-1] = scoring.Hand(hands[-1].bids, tuple(tricks))
        result = game.replay(hands)
        updated = Hand.objects.filter(game=game, number=number, tricks__isnull=True).update(
            tricks=list(tricks)
        )
        if updated != 1:
            raise _already(number, "tricks")
        return _save(game, hands, result)


def edit_hand(
    game_id: int, number: int, bids: list, tricks: list | None, version: int
) -> scoring.GameResult:
    """Correct a recorded hand; every later hand and the game-over state follow by replay."""
    with transaction.atomic():
        game, hands = _locked(game_id)
        _check_version(game, version)
        if not 1 <= number <= len(hands):
            raise Conflict(f"There is no hand {number} in this game any more.")
        if tricks is None and number != len(hands):
            raise scoring.HandError(
                number, "only the last hand can be left without tricks", field="tricks"
            )
        hands[number - 1] = scoring.Hand(tuple(bids), None if tricks is None else tuple(tricks))
        result = game.replay(hands)
        Hand.objects.filter(game=game, number=number).update(
            bids=_as_read(result, number, bids),
            tricks=None if tricks is None else list(tricks),
            updated_at=timezone.now(),
        )
        return _save(game, hands, result)


def undo_last(game_id: int, version: int) -> tuple[str, scoring.GameResult]:
    """Take back the last step: a hand's tricks, or the bids of a hand still being played."""
    with transaction.atomic():
        game, hands = _locked(game_id)
        _check_version(game, version)
        if not hands:
            raise Conflict("There is nothing to undo yet.")
        number = len(hands)
        last = Hand.objects.filter(game=game, number=number)
        if hands[-1].tricks is not None:
            last.update(tricks=None, updated_at=timezone.now())
            hands[-1] = scoring.Hand(hands[-1].bids)
            undone = f"Took back hand {number}'s tricks; its bids stay."
        else:
            last.delete()
            hands.pop()
            undone = f"Took back hand {number}'s bids."
        return undone, _save(game, hands, game.replay(hands))


def create_game(
    owner, *, name, players, rules, preset, first_dealer, hands=(), rematch_of=None
) -> Game:
    """A new game, and for an import its hands, all or nothing."""
    with transaction.atomic():
        game = Game.objects.create(
            owner=owner,
            rematch_of=rematch_of,
            name=name,
            players=list(players),
            rules=rules.to_dict(),
            preset=preset,
            first_dealer=first_dealer,
            player_names=f"|{'|'.join(players)}|".lower(),
        )
        result = game.replay(list(hands), rules=rules)
        rows = [
            Hand(
                game=game,
                number=number,
                bids=_as_read(result, number, hand.bids),
                tricks=None if hand.tricks is None else list(hand.tricks),
            )
            for number, hand in enumerate(hands, start=1)
        ]
        Hand.objects.bulk_create(rows)
        game.refresh_summary(result, hand_count=len(rows))
        game.save(update_fields=game.summary_fields())
        return game


def start_rematch(game: Game, result: scoring.GameResult) -> tuple[Game, bool]:
    """The rematch of a finished game, made once: a second tap (or phone) finds the first.

    Same players and rules; the deal carries on round the table.
    """
    existing = Game.objects.filter(rematch_of=game).first()
    if existing is not None:
        return existing, False
    try:
        new = create_game(
            game.owner,
            name=game.name,
            players=game.players,
            rules=result.rules,
            preset=game.preset,
            first_dealer=result.next_dealer,
            rematch_of=game,
        )
    except IntegrityError:
        return Game.objects.get(rematch_of=game), False
    # The finished game's page now points at the rematch.
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    return new, True
