"""Every write to a game's hands: one transaction each, checked by a replay before it is kept.

A write is refused, and nothing changes, when the replay of the hands it would leave fails
(`scoring.ScoringError`) or when the form it came from no longer matches the game (`Conflict`):
the hand was already recorded from another phone, or the game changed since the form was shown.
"""

from django.db import IntegrityError, transaction
from django.db.models import F

from games import scoring
from games.models import Game, Hand


class Conflict(Exception):
    """The game moved on since the form was shown; the message says how."""


def _locked(game_id: int) -> tuple[Game, list[Hand]]:
    game = Game.objects.select_for_update().get(pk=game_id)
    return game, list(game.hands.all())


def _save(game: Game, hands: list[Hand], result: scoring.GameResult) -> scoring.GameResult:
    game.refresh_summary(result, hand_count=len(hands))
    game.save(update_fields=game.summary_fields())
    return result


def _check_version(game: Game, version: int | None) -> None:
    if version is not None and version != game.version:
        raise Conflict(
            "This game was changed on another phone since you opened this form. "
            "Here is the current score; nothing was overwritten."
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
                raise Conflict(
                    f"Hand {number}'s bids were already recorded (perhaps from another phone). "
                    "Here is the current state."
                )
            new = Hand(game=game, number=number, bids=list(bids))
            result = game.replay([*hands, new])
            new.bids = list(result.pending.bids) if result.pending else list(bids)
            new.save()
            return _save(game, [*hands, new], result)
    except IntegrityError as exc:
        raise Conflict(
            f"Hand {number}'s bids were already recorded (perhaps from another phone). "
            "Here is the current state."
        ) from exc


def record_tricks(game_id: int, number: int, tricks: list) -> scoring.GameResult:
    """Finish hand `number`, whose bids are in, with the tricks each seat or side took."""
    with transaction.atomic():
        game, hands = _locked(game_id)
        if not hands or hands[-1].number != number or hands[-1].tricks is not None:
            raise Conflict(
                f"Hand {number}'s tricks were already recorded (perhaps from another phone). "
                "Here is the current state."
            )
        hand = hands[-1]
        hand.tricks = list(tricks)
        result = game.replay(hands)
        updated = Hand.objects.filter(pk=hand.pk, tricks__isnull=True).update(tricks=hand.tricks)
        if updated != 1:
            raise Conflict(
                f"Hand {number}'s tricks were already recorded (perhaps from another phone). "
                "Here is the current state."
            )
        return _save(game, hands, result)


def edit_hand(
    game_id: int, number: int, bids: list, tricks: list | None, version: int
) -> scoring.GameResult:
    """Correct a recorded hand; every later hand and the game-over state follow by replay."""
    with transaction.atomic():
        game, hands = _locked(game_id)
        _check_version(game, version)
        hand = next((h for h in hands if h.number == number), None)
        if hand is None:
            raise Conflict(f"There is no hand {number} in this game any more.")
        if tricks is None and hand.number != hands[-1].number:
            raise scoring.HandError(
                number, "only the last hand can be left without tricks", field="tricks"
            )
        hand.bids = list(bids)
        hand.tricks = None if tricks is None else list(tricks)
        result = game.replay(hands)
        # Keep the bids as the engine read them (a 0 that is nil is stored as nil).
        scored = {h.number: h.bids for h in result.hands}
        if result.pending is not None:
            scored[result.pending.number] = result.pending.bids
        if number in scored:
            hand.bids = list(scored[number])
        hand.save(update_fields=["bids", "tricks", "updated_at"])
        return _save(game, hands, result)


def undo_last(game_id: int, version: int) -> tuple[str, scoring.GameResult]:
    """Take back the last step: a hand's tricks, or the bids of a hand still being played."""
    with transaction.atomic():
        game, hands = _locked(game_id)
        _check_version(game, version)
        if not hands:
            raise Conflict("There is nothing to undo yet.")
        last = hands[-1]
        if last.tricks is not None:
            last.tricks = None
            last.save(update_fields=["tricks", "updated_at"])
            undone = f"Took back hand {last.number}'s tricks; its bids stay."
        else:
            last.delete()
            hands.pop()
            undone = f"Took back hand {last.number}'s bids."
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
        rows = [
            Hand(
                game=game,
                number=i,
                bids=list(hand.bids),
                tricks=None if hand.tricks is None else list(hand.tricks),
            )
            for i, hand in enumerate(hands, start=1)
        ]
        result = game.replay(rows, rules=rules)
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
