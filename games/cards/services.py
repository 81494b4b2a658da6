"""Every write to a card game goes through here, each in its own transaction and turn.

A write locks the game's row, reads its hands, checks the step against the rules
(`games.scoring.card_games.table`) and a replay, saves, and keeps the summary of a fresh
replay. A step names the hand it is for: a second phone posting the same hand finds it
recorded and changes nothing (`Stale`). Only the owner reaches a game, and for the scoring
writes (steps, undo, corrections, rematch) a phone holding its scoring link; anyone else gets
404.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import Http404
from django.utils import timezone

from games.cards.models import CardsGame, CardsHand
from games.models import new_watch_token
from games.scoring import card_games, limits
from games.scoring.card_games.table import (
    BIDS,
    OVER,
    TRICKS,
    Recorded,
    Step,
    bids_problems,
    deal_carried_on,
    step_of,
    tricks_problem,
)
from games.services import LimitReached, room_for_game
from scorekeeper.write_turns import writing

GAME_OVER = "The game is over: no more hands can be recorded."
GAME_NUMBER = re.compile(r", game (\d+)$")


class Stale(Exception):
    """The step was for a hand that has moved on (another phone recorded it, or it was
    taken back); nothing was changed. The message says what happened."""


class Refused(Exception):
    """The entries break a rule; `problems` are the messages by seat (None: the whole step)."""

    def __init__(self, problems: dict[int | None, str]) -> None:
        super().__init__(" ".join(problems.values()))
        self.problems = problems


@dataclass(frozen=True)
class Written:
    game: CardsGame
    said: str  # what was done, in words for the notice
    # The hands and notes as written, when the write had them: the answer needs no read.
    hands: list[Recorded] | None = None
    notes: dict[int, str] | None = None


def _summarise(game: CardsGame, hands: list[Recorded], *fields: str) -> card_games.Result:
    """Keep the summary of a fresh replay and move the version on; the replay."""
    result = game.replay(hands)
    game.hand_count = len(result.hands)
    game.totals = [standing.score for standing in result.standings]
    game.finished = result.finished
    game.winners = list(result.winners) if result.finished else []
    if not result.finished:
        game.finished_at = None
    elif game.finished_at is None:
        game.finished_at = timezone.now()
    game.version += 1
    game.save(
        update_fields=[
            "hand_count", "totals", "finished", "winners", "finished_at", "version",
            "updated_at", *fields,
        ]
    )  # fmt: skip
    return result


def scored_words(game: CardsGame, result: card_games.Result) -> str:
    """What the last hand scored, as the notice says it: "Hand 3: Ann +12, Ben 0, Cat -1."."""
    hand = result.hands[-1]
    points = ", ".join(
        f"{name} {card_games.points_text(units, result.scale)}"
        for name, units in zip(game.players, hand.points, strict=True)
    )
    over = "; the game is over" if result.finished else ""
    return f"Hand {hand.number}: {points}{over}."


def create_game(
    owner: Any,
    *,
    kind: card_games.CardGame,
    players: Sequence[str],
    rules: dict[str, Any],
    name: str = "",
    hands: Sequence[Recorded] = (),
    notes: Sequence[str] = (),
    check_limits: bool = True,
) -> CardsGame:
    """A new game, and for an import its hands, all or nothing. The rules and hands must
    already be checked (`card_games.replay`); LimitReached if the account has no room. A
    restore checks its whole file against the account first (`check_limits=False`), as it
    does for Spades games: a count per game would make a big import quadratic."""
    with writing():
        if check_limits:
            room_for_game(owner, len(hands))
        game = CardsGame.objects.create(
            owner=owner, game=kind.name, name=name, players=list(players), rules=dict(rules)
        )
        CardsHand.objects.bulk_create(
            CardsHand(
                game=game,
                number=number,
                cards=hand.cards,
                bids=list(hand.bids),
                tricks=None if hand.tricks is None else list(hand.tricks),
                note=notes[number - 1] if number <= len(notes) else "",
            )
            for number, hand in enumerate(hands, start=1)
        )
        _summarise(game, list(hands))
        return game


@dataclass
class Locked:
    """A game whose row this transaction holds, with its hands and their notes."""

    game: CardsGame
    hands: list[Recorded]
    notes: dict[int, str]


def _locked(owner: Any, pk: int, tokens: Sequence[str] = ()) -> Locked:
    """The game locked for a write, with its hands and notes: the owner's, or with `tokens`
    (the scoring links this browser opened) a game one of them is still the scoring link of.
    Only the writes a scoring phone may make pass tokens; the others are the owner's alone."""
    games = CardsGame.objects.open_to(owner, tokens)
    game = games.select_for_update().filter(pk=pk).first()
    if game is None:
        raise Http404("No such game.")
    hands, notes = game.recorded_with_notes()
    return Locked(game, hands, notes)


def step_for(game: CardsGame, hands: list[Recorded], number: int | None, kind: str) -> Step:
    """The step a post for hand `number` is for, or Stale if the table is elsewhere now (the
    views ask first to draw the right form; the writes ask again under the lock)."""
    step = step_of(game.rules_obj(), len(game.players), hands)
    if step.kind == kind and step.number == number:
        return step
    if step.kind == OVER:
        raise Stale(GAME_OVER)
    what = "bids" if kind == BIDS else "tricks"
    done = number is not None and (number < step.number or (number == step.number and kind == BIDS))
    if done:
        raise Stale(f"Hand {number}'s {what} were already recorded; nothing was changed.")
    raise Stale("The game moved on since this page was drawn; nothing was changed.")


def record_step(
    owner: Any,
    pk: int,
    number: int | None,
    kind: str,
    bind: Callable[[Step, Sequence[str]], Sequence[int] | None],
    tokens: Sequence[str] = (),
) -> Written | None:
    """Hand `number`'s bids or tricks (`kind`), in seat order. `bind` makes the step's form
    for the step found under the lock and gives its values, or None when the form has errors
    (then nothing is written and the caller draws the form)."""
    with writing():
        locked = _locked(owner, pk, tokens)
        game, hands = locked.game, locked.hands
        step = step_for(game, hands, number, kind)
        values = bind(step, game.players)
        if values is None:
            return None
        if kind == BIDS:
            problems = bids_problems(step, game.players, values)
            if problems:
                raise Refused(problems)
            if step.number > limits.MAX_HANDS:
                raise LimitReached(f"A game keeps at most {limits.MAX_HANDS:,} hands.")
            CardsHand.objects.create(
                game=game, number=step.number, cards=step.cards, bids=list(values)
            )
            hands.append(Recorded(step.cards, tuple(values)))
            said = f"Hand {step.number}'s bids are in."
        else:
            problem = tricks_problem(step, values)
            if problem:
                raise Refused({None: problem})
            game.hands.filter(number=step.number).update(
                tricks=list(values), updated_at=timezone.now()
            )
            hands[-1] = Recorded(step.cards, step.bids, tuple(values))
        result = _summarise(game, hands)
        if kind == TRICKS:
            said = scored_words(game, result)
        return Written(game, said, hands, locked.notes)


def record_bids(owner: Any, pk: int, number: int | None, bids: Sequence[int]) -> Written:
    """Hand `number`'s bids, in seat order (`record_step` with the values at hand)."""
    written = record_step(owner, pk, number, BIDS, lambda step, players: bids)
    assert written is not None
    return written


def record_tricks(owner: Any, pk: int, number: int | None, tricks: Sequence[int]) -> Written:
    """Hand `number`'s tricks, in seat order: the hand is played out and scored."""
    written = record_step(owner, pk, number, TRICKS, lambda step, players: tricks)
    assert written is not None
    return written


def undo(owner: Any, pk: int, version: int | None, tokens: Sequence[str] = ()) -> Written:
    """Take back the last step: the last hand's tricks, or its bids (the hand goes)."""
    with writing():
        locked = _locked(owner, pk, tokens)
        game, hands = locked.game, locked.hands
        if version != game.version:
            raise Stale("The game changed since this page was drawn; nothing was undone.")
        if not hands:
            raise Stale("There is nothing to undo.")
        last = hands[-1]
        number = len(hands)
        if last.played:
            game.hands.filter(number=number).update(tricks=None, updated_at=timezone.now())
            hands[-1] = Recorded(last.cards, last.bids)
            said = f"Hand {number}'s tricks were taken back."
        else:
            game.hands.filter(number=number).delete()
            hands.pop()
            said = f"Hand {number}'s bids were taken back."
        _summarise(game, hands)
        return Written(game, said, hands, locked.notes)


def start_rematch(owner: Any, pk: int, tokens: Sequence[str] = ()) -> tuple[CardsGame, bool]:
    """The rematch of a finished game, made once: a second tap (or phone) finds the first,
    and says so with False. Same players, in the same order of play, and the same rules; the
    deal carries on round the table (whoever would have dealt next deals first). The watch
    link and the scoring link move on to the rematch, so the people following keep one link
    all evening and a scoring phone goes on scoring."""
    with writing():
        locked = _locked(owner, pk, tokens)
        game, hands = locked.game, locked.hands
        if not game.finished:
            raise Stale("The game isn't over yet: finish it before a rematch.")
        existing = CardsGame.objects.filter(rematch_of=game).first()
        if existing is not None:
            return existing, False
        room_for_game(game.owner, 0)
        players = deal_carried_on(game.players, len(hands))
        link, link_on, scoring = game.watch_token, game.watch_enabled, game.score_token
        game.watch_token, game.score_token = new_watch_token(), None
        game.version += 1
        game.save(update_fields=["watch_token", "score_token", "version", "updated_at"])
        rematch = CardsGame.objects.create(
            owner=game.owner,
            game=game.game,
            name=rematch_name(game),
            players=players,
            rules=game.rules,
            rematch_of=game,
            watch_token=link,
            watch_enabled=link_on,
            score_token=scoring,
        )
        _summarise(rematch, [])
        return rematch, True


def rematch_name(game: CardsGame) -> str:
    """ "Sunday at Gran's, game 2": a rematch is told apart from its game in the lists and on
    the watch link, where the watchers otherwise see only the totals drop to 0."""
    found = GAME_NUMBER.search(game.title)
    number = int(found.group(1)) + 1 if found else 2
    base = GAME_NUMBER.sub("", game.title)
    suffix = f", game {number}"
    return base[: limits.MAX_GAME_NAME - len(suffix)] + suffix


def correct_hand(
    owner: Any,
    pk: int,
    number: int,
    bids: Sequence[int],
    tricks: Sequence[int] | None,
    tokens: Sequence[str] = (),
) -> Written:
    """Put right a recorded hand's bids (and tricks, once played); every later hand is scored
    again. Refused, with the replay's words, if the hand then breaks a rule."""
    with writing():
        locked = _locked(owner, pk, tokens)
        game, hands = locked.game, locked.hands
        if not 1 <= number <= len(hands):
            raise Http404("No such hand.")
        old = hands[number - 1]
        if (tricks is None) != (not old.played):
            raise Stale("This hand was played or taken back meanwhile; nothing was changed.")
        step = step_of(game.rules_obj(), len(game.players), hands[: number - 1])
        problems = bids_problems(step, game.players, bids)
        if not problems and tricks is not None:
            problem = tricks_problem(step, tricks)
            if problem:
                problems[None] = problem
        if problems:
            raise Refused(problems)
        new = Recorded(old.cards, tuple(bids), None if tricks is None else tuple(tricks))
        hands[number - 1] = new
        game.hands.filter(number=number).update(
            bids=list(bids),
            tricks=None if tricks is None else list(tricks),
            updated_at=timezone.now(),
        )
        _summarise(game, hands)
        said = f"Hand {number} corrected; the totals after it were worked out again."
        return Written(game, said, hands, locked.notes)


def set_note(owner: Any, pk: int, note: str) -> CardsGame:
    with writing():
        game = _locked(owner, pk).game
        game.note = note
        game.version += 1
        game.save(update_fields=["note", "version", "updated_at"])
        return game


def set_hand_note(owner: Any, pk: int, number: int, note: str) -> CardsGame:
    with writing():
        game = _locked(owner, pk).game
        if not game.hands.filter(number=number).update(note=note, updated_at=timezone.now()):
            raise Http404("No such hand.")
        game.version += 1
        game.save(update_fields=["version", "updated_at"])
        return game


def set_watch_link(owner: Any, pk: int, action: str) -> tuple[CardsGame, str | None]:
    """Turn the watch link on or off, or replace it (the old link stops working); turn the
    scoring link on (a new token each time) or off. The owner's alone."""
    with writing():
        game = _locked(owner, pk).game
        if action == "score_on":
            game.score_token = new_watch_token()
            said = "Scoring link made: a phone that opens it can score this game."
        elif action == "score_off":
            game.score_token = None
            said = "The scoring link is off: only you can score this game now."
        elif action == "off":
            game.watch_enabled, said = False, "The watch link is off: nobody can open it now."
        elif action == "on":
            game.watch_enabled, said = True, "The watch link works again."
        elif action == "replace":
            game.watch_token = new_watch_token()
            game.watch_enabled, said = True, "New watch link made; the old one no longer works."
        else:
            return game, None
        game.version += 1
        game.save(
            update_fields=["watch_enabled", "watch_token", "score_token", "version", "updated_at"]
        )
        return game, said
