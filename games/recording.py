"""Every write to a game, and the one place that checks it against the game's state.

A view opens the game with `writing(user, pk)`: one transaction, the game's row locked, its
hands read once. The view reads its form, then calls one method of the `Table` it was given.
That method checks the write against the game as it now is, replays the hands once, saves, and
returns a `Written` holding everything the response shows. A refused write raises before
anything is saved: `scoring.HandError` (the hand breaks a rule; the message names the seat) or
`Conflict` (the form no longer matches the game: another phone recorded that hand first, or the
game changed since the form was shown).
"""

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cached_property
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.models import JSONField, Q, QuerySet, Value
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.utils import timezone

from games import display, scoring
from games.models import Access, Game, Hand, games_and_hands, open_game
from games.models import Table as CardTable
from games.models import _hand as stored_hand
from games.scoring import limits

OUT_OF_DATE = (
    "This game changed on another phone since that form was shown, so nothing was recorded. "
    "Here is the current state."
)


class Conflict(Exception):
    """The game moved on since the form was shown; the message says how."""


def hands_label(first: int, last: int) -> str:
    """ "hand 6" or "hands 6-8", for what a correction would remove."""
    return f"hand {first}" if first == last else f"hands {first}-{last}"


class EndsEarlier(Exception):
    """A correction that ends the game before its last recorded hand: nothing is saved until
    the person confirms that the hands after the new end go (`correct_hand(cut_after=...)`)."""

    def __init__(self, ended_after: int, last: int, ending: str | None) -> None:
        self.ended_after = ended_after
        self.removed = hands_label(ended_after + 1, last)
        how = f": {ending}" if ending else ""
        super().__init__(
            f"With this correction the game ends after hand {ended_after}{how}. "
            f"{self.removed.capitalize()} would be removed."
        )


@dataclass(frozen=True)
class Removed:
    """What a correction that ended the game earlier took away, to put back on an undo: the
    corrected hand as it was and the removed hands' rows, as JSON (a session keeps it)."""

    version: int  # the game's version right after the correction; an undo needs it unchanged
    number: int
    rows: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "number": self.number, "rows": self.rows}

    @classmethod
    def from_json(cls, data: Any) -> "Removed | None":
        try:
            return cls(int(data["version"]), int(data["number"]), list(data["rows"]))
        except (KeyError, TypeError, ValueError):
            return None

    @property
    def label(self) -> str:
        numbers = [row["number"] for row in self.rows if row["number"] != self.number]
        return hands_label(min(numbers), max(numbers)) if numbers else ""


_KEPT_FIELDS = ("number", "bids", "tricks", "note", "recorded_at", "updated_at")


class LimitReached(Conflict):
    """The write would take the game or the account past a limit of `scoring.limits`: an
    account's export must always import again, so what the import refuses is never made."""


def _room_for_hand(number: int) -> None:
    """A game keeps at most MAX_HANDS hands."""
    if number > limits.MAX_HANDS:
        raise LimitReached(
            f"A game keeps at most {limits.MAX_HANDS:,} hands, so hand {number} was not "
            "recorded. Start a new game to play on."
        )


def _room_for_game(owner: Any, hands: int) -> None:
    """An account keeps at most MAX_ACCOUNT_GAMES games and MAX_ACCOUNT_HANDS hands in all.

    Called inside the creating transaction with the owner's row locked (on SQLite the
    transaction already holds the write lock), so two phones can't both take the last place."""
    _room_for_hand(hands)
    get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk").first()
    have_games, have_hands = games_and_hands(owner.pk)
    # A new game needs room for its first hand at least.
    passed = limits.account_limits_passed(have_games, have_hands, 1, max(hands, 1))
    if "games" in passed:
        raise LimitReached(
            f"An account keeps at most {limits.MAX_ACCOUNT_GAMES:,} games and yours has "
            f"{have_games:,}, so no new game was started."
        )
    if "hands" in passed:
        raise LimitReached(
            f"An account keeps at most {limits.MAX_ACCOUNT_HANDS:,} hands in all its games and "
            f"yours has {have_hands:,}, so no new game was started."
        )


@dataclass(frozen=True)
class Written:
    """A saved write: the game as it now is, and which history rows it changed. `result` may
    be a replay resumed from the game's checkpoint, holding only the hands after it."""

    game: Game
    result: scoring.GameResult
    notice: str | None = None
    added_row: int | None = None  # the hand whose row joined the history
    removed_row: int | None = None  # the hand whose row left it
    earlier_rows_changed: bool = False  # a correction: every later score moved
    removed: Removed | None = None  # the hands a correction removed, for its undo


def _already(number: int, step: str) -> Conflict:
    return Conflict(
        f"Hand {number}'s {step} were already recorded (perhaps from another phone). "
        "Here is the current state."
    )


def _stale_step(step: str, posted: int | None, recorded: int) -> Conflict:
    """A bids or tricks form for a hand that is done, or for a game that moved on."""
    if posted is not None and 1 <= posted <= recorded:
        return _already(posted, step)
    return Conflict(OUT_OF_DATE)


def _as_read(result: scoring.GameResult, number: int, bids: list | None) -> list | Value:
    """The bids as the engine read them (a 0 that is nil is stored as nil); JSON null for a
    hand that bids itself (a bare None would be SQL NULL, which the column refuses)."""
    if bids is None:
        return Value(None, JSONField())
    if result.pending is not None and result.pending.number == number:
        return list(result.pending.bids)
    if result.hands_before < number <= result.played:
        return list(result.hand(number).bids)
    return list(bids)


class Table:
    """One game, locked for one write.

    A game keeps a checkpoint with each version it saves (`Game.resume_point`): where a replay
    of its next hand goes on from. While it holds, recording a step reads no hand and scores
    only the new one, so a long game's next hand costs what a short game's does. Anything else
    (a correction, an undo, a refused form's page, a game whose last change kept none) reads
    every hand (`hands`) and replays them all."""

    def __init__(self, game: Game, hands: list[scoring.Hand] | None = None) -> None:
        self.game = game
        self.point = game.resume_point()
        self._hands = hands

    @property
    def hands(self) -> list[scoring.Hand]:
        """Every recorded hand, in order: read the first time a write needs them all."""
        if self._hands is None:
            self._hands = self.game.recorded_hands()
        return self._hands

    @property
    def rules(self) -> scoring.Rules:
        return self.game.rules_obj()

    @cached_property
    def result(self) -> scoring.GameResult:
        """The game as it stands, for a refused write's page; a saved write never needs it.
        From the checkpoint when there is one: the page reads the hands only if it must."""
        if self.point is not None:
            playing = [scoring.Hand(self.playing_bids())] if self.point.pending else []
            return self.game.replay(playing, since=self.point.checkpoint)
        return self.game.replay(self.hands)

    @property
    def count(self) -> int:
        """Hands recorded, the one being played included."""
        return self.game.hand_count if self.point is not None else len(self.hands)

    @property
    def pending(self) -> bool:
        if self.point is not None:
            return self.point.pending
        return bool(self.hands) and self.hands[-1].tricks is None

    def playing_bids(self) -> tuple | None:
        """The bids of the hand being played (None for a hand that bids itself)."""
        if self.point is not None:
            return stored_hand(self.point.pending_bids, None).bids
        return self.hands[-1].bids

    def _score(self, hand: scoring.Hand, *, finishes: bool) -> scoring.GameResult:
        """The game with `hand` as its next hand or, if it `finishes` the hand being played,
        as that hand: from the checkpoint when there is one, else every hand again."""
        if self.point is not None:
            return self.game.replay([hand], since=self.point.checkpoint)
        kept = self.hands[:-1] if finishes else self.hands
        return self.game.replay([*kept, hand])

    def _save(
        self,
        hand_count: int,
        result: scoring.GameResult,
        *,
        bids_only: bool = False,
        **kw: Any,
    ) -> Written:
        history_changed = kw.get("removed_row") is not None or kw.get("earlier_rows_changed")
        self.game.save_summary(
            result,
            hand_count,
            history_changed=bool(history_changed),
            scored_hands_changed=not bids_only,
        )
        return Written(self.game, result, **kw)

    def _check_version(self, version: int | None) -> None:
        if version != self.game.version:
            raise Conflict(
                "This game was changed on another phone since you opened this form. "
                "Here is the current score; nothing was overwritten."
            )

    def check_bids_step(self, number: int | None) -> int:
        """Bids are taken for the next hand only, and none once the game is over."""
        if self.game.finished:
            raise Conflict("The game is over: no more hands can be recorded.")
        if self.pending or number is None or number != self.count + 1:
            raise _stale_step("bids", number, recorded=self.count)
        if not scoring.needs_bids(self.rules, number):
            raise Conflict(
                f"Hand {number} bids itself at this table, so nobody bids: enter its tricks. "
                "Here is the current state."
            )
        _room_for_hand(number)
        return number

    def check_tricks_step(self, number: int | None) -> int:
        """Tricks are taken for the hand being played only."""
        if not self.pending or number is None or number != self.count:
            played = self.count - (1 if self.pending else 0)
            raise _stale_step("tricks", number, recorded=played)
        return number

    def record_bids(self, number: int, bids: list) -> Written:
        """Start hand `number` with its bids; it must be the next hand."""
        self.check_bids_step(number)
        result = self._score(scoring.Hand(tuple(bids)), finishes=False)
        try:
            Hand.objects.create(game=self.game, number=number, bids=_as_read(result, number, bids))
        except IntegrityError as exc:
            # Unreachable while the lock holds; the constraint is the last word. Raising out
            # of `writing` rolls the whole transaction back.
            raise _already(number, "bids") from exc
        return self._save(number, result, bids_only=True)

    def bids_itself(self, number: int | None) -> bool:
        """Whether `number` is the next hand and one that bids itself: its tricks start it."""
        return (
            not self.pending
            and number == self.count + 1
            and not scoring.needs_bids(self.rules, number)
        )

    def record_unbid_hand(self, number: int, tricks: list) -> Written:
        """Record hand `number`, the next one, which bids itself: its tricks, and null bids."""
        if self.game.finished:
            raise Conflict("The game is over: no more hands can be recorded.")
        if not self.bids_itself(number):
            played = self.count - (1 if self.pending else 0)
            raise _stale_step("tricks", number, recorded=played)
        _room_for_hand(number)
        result = self._score(scoring.Hand(None, tuple(tricks)), finishes=False)
        try:
            Hand.objects.create(
                game=self.game,
                number=number,
                bids=_as_read(result, number, None),
                tricks=list(tricks),
            )
        except IntegrityError as exc:
            raise _already(number, "tricks") from exc
        self.game.new_hand_note(number, "")
        return self._save(number, result, added_row=number)

    def record_tricks(self, number: int, tricks: list) -> Written:
        """Finish hand `number`, the one being played, with the tricks each seat or side took."""
        self.check_tricks_step(number)
        result = self._score(scoring.Hand(self.playing_bids(), tuple(tricks)), finishes=True)
        Hand.objects.filter(game=self.game, number=number).update(
            tricks=list(tricks), updated_at=timezone.now()
        )
        return self._save(
            number, result, added_row=number, notice=display.hand_line(result, number)
        )

    def correct_hand(
        self,
        number: int,
        bids: list | None,
        tricks: list | None,
        version: int,
        *,
        cut_after: int | None = None,
    ) -> Written:
        """Correct any recorded hand; every later hand and the game-over state follow.
        `bids` is None for a hand that bids itself.

        A correction that ends the game earlier raises `EndsEarlier` unless `cut_after` names
        the same new end: the person confirmed, and the hands after it are removed (kept in
        `Written.removed` for an undo)."""
        self._check_version(version)
        if not 1 <= number <= len(self.hands):
            raise Conflict(f"There is no hand {number} in this game any more.")
        if tricks is None and number != len(self.hands):
            raise scoring.HandError(
                number, "only the last hand can be left without tricks", field="tricks"
            )
        hands = list(self.hands)
        hands[number - 1] = scoring.Hand(
            None if bids is None else tuple(bids), None if tricks is None else tuple(tricks)
        )
        try:
            result = self.game.replay(hands)
        except scoring.HandError as error:
            hands, result = self._ended_before(hands, number, error)
            if cut_after != len(hands):
                raise EndsEarlier(len(hands), len(self.hands), result.ending) from error
        rows = Hand.objects.filter(game=self.game)
        removed = None
        if len(hands) < len(self.hands):
            kept = rows.filter(Q(number=number) | Q(number__gt=len(hands))).order_by("number")
            saved = [_as_json(row) for row in kept.values(*_KEPT_FIELDS)]
            rows.filter(number__gt=len(hands)).delete()
            self.game.forget_hand_notes()
        rows.filter(number=number).update(
            bids=_as_read(result, number, bids),
            tricks=None if tricks is None else list(tricks),
            updated_at=timezone.now(),
        )
        notice = f"Hand {number} corrected; every score after it was worked out again."
        if len(hands) < len(self.hands):
            gone = hands_label(len(hands) + 1, len(self.hands))
            notice = (
                f"Hand {number} corrected: the game now ends after hand {len(hands)}, "
                f"so {gone} {'was' if gone.startswith('hand ') else 'were'} removed."
            )
        write = self._save(len(hands), result, notice=notice, earlier_rows_changed=True)
        if len(hands) < len(self.hands):
            removed = Removed(self.game.version, number, saved)
            write = replace(write, removed=removed)
        return write

    def _ended_before(
        self, hands: list[scoring.Hand], number: int, error: scoring.HandError
    ) -> tuple[list[scoring.Hand], scoring.GameResult]:
        """The hands up to the corrected game's new end, if `error` is a later hand refused
        for coming after it; any other problem is raised as it is."""
        if error.number <= number:
            raise error
        kept = hands[: error.number - 1]
        result = self.game.replay(kept)
        if not result.finished or result.ended_after != len(kept):
            raise error
        return kept, result

    def put_back(self, version: int | None, removed: Removed) -> Written:
        """Undo a correction that ended the game earlier: the corrected hand as it was and the
        removed hands, rows and times exactly; only while nothing else changed since."""
        self._check_version(version)
        if removed.version != self.game.version:
            raise Conflict(
                "The game changed after that correction, so it can no longer be undone; "
                "nothing was changed."
            )
        before = {row["number"]: row for row in removed.rows}
        corrected = before.get(removed.number)
        if corrected is None or len(self.hands) < removed.number:
            raise Conflict("That correction can no longer be undone; nothing was changed.")
        numbers = sorted(n for n in before if n != removed.number)
        if numbers != list(range(len(self.hands) + 1, len(self.hands) + 1 + len(numbers))):
            raise Conflict("That correction can no longer be undone; nothing was changed.")
        hands = list(self.hands)
        hands[removed.number - 1] = _scoring_hand(corrected)
        hands += [_scoring_hand(before[n]) for n in numbers]
        try:
            result = self.game.replay(hands)
        except scoring.HandError as error:
            raise Conflict(
                "That correction can no longer be undone; nothing was changed."
            ) from error
        rows = Hand.objects.filter(game=self.game)
        rows.filter(number=removed.number).update(
            bids=_json_or_null(corrected["bids"]),
            tricks=corrected["tricks"],
            updated_at=_when(corrected["updated_at"]),
        )
        new = Hand.objects.bulk_create(
            Hand(game=self.game, **_row_fields(before[n])) for n in numbers
        )
        # auto_now_add and auto_now stamp the rows anew: set their own times back.
        for row, n in zip(new, numbers, strict=True):
            row.recorded_at = _when(before[n]["recorded_at"])
            row.updated_at = _when(before[n]["updated_at"])
        Hand.objects.bulk_update(new, ["recorded_at", "updated_at"])
        self.game.forget_hand_notes()
        label = removed.label
        return self._save(
            len(hands),
            result,
            notice=f"Undone: {label} put back, and hand {removed.number} as it was.",
            earlier_rows_changed=True,
        )

    def undo_last(self, version: int | None) -> Written:
        """Take back the last step: a hand's tricks, or the bids of a hand still being played."""
        self._check_version(version)
        if not self.hands:
            raise Conflict("There is nothing to undo yet.")
        number = len(self.hands)
        last = Hand.objects.filter(game=self.game, number=number)
        if self.pending:
            last.delete()
            hands = self.hands[:-1]
            return self._save(
                len(hands),
                self.game.replay(hands),
                notice=f"Took back hand {number}'s bids.",
                bids_only=True,
            )
        if self.hands[-1].bids is None:
            # A hand that bid itself has nothing left without its tricks: its step comes back.
            last.delete()
            hands = self.hands[:-1]
            return self._save(
                len(hands),
                self.game.replay(hands),
                notice=f"Took back hand {number}'s tricks.",
                removed_row=number,
            )
        last.update(tricks=None, updated_at=timezone.now())
        hands = [*self.hands[:-1], scoring.Hand(self.hands[-1].bids)]
        return self._save(
            len(hands),
            self.game.replay(hands),
            notice=f"Took back hand {number}'s tricks; its bids stay.",
            removed_row=number,
        )


def _as_json(row: dict[str, Any]) -> dict[str, Any]:
    return {
        **row,
        "recorded_at": row["recorded_at"].isoformat(),
        "updated_at": row["updated_at"].isoformat(),
    }


def _when(value: str) -> Any:
    return datetime.fromisoformat(value)


def _json_or_null(value: Any) -> Any:
    return Value(None, JSONField()) if value is None else value


def _row_fields(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "number": row["number"],
        "bids": _json_or_null(row["bids"]),
        "tricks": row["tricks"],
        "note": row["note"],
    }


def _scoring_hand(row: dict[str, Any]) -> scoring.Hand:
    return Hand(bids=row["bids"], tricks=row["tricks"]).to_scoring()


@contextmanager
def writing(who: Access | Any, pk: int, *, every_hand: bool = False) -> Iterator["Table"]:
    """The game, locked for one write, if `who` may write it (`games_open_to`, the one rule:
    its owner, or a phone holding the table's scoring link); anyone else's (or none) is a 404.
    A bare user is taken as an owner-only access. A write that needs `every_hand` (a
    correction, an undo) has them read with the game, where one query can."""
    access = who if isinstance(who, Access) else Access(user=who)
    with transaction.atomic():
        game, hands = _locked_game(access, pk, every_hand=every_hand)
        yield Table(game, hands)


# The note of the game's last hand, read with the game: a recorded step's history row shows it,
# and on the checkpoint's path no other hand is read.
_LAST_NOTE = """(SELECT h.note FROM games_hand h
    WHERE h.game_id = games_game.id AND h.number = games_game.hand_count)"""
# On SQLite the transaction (BEGIN IMMEDIATE) already holds the write lock, so a game without a
# checkpoint for its version comes back with all its hands in the same query, as one JSON array
# (with one, they are not read). SQLite before 3.44 promises no order inside an aggregate, so
# each hand carries its number and is sorted here.
_HANDS_AS_JSON = """(SELECT json_group_array(
        json_array(h.number, json(h.bids), json(h.tricks), h.note))
    FROM (SELECT number, bids, tricks, note FROM games_hand WHERE game_id = games_game.id
          ORDER BY number) AS h)"""
_HANDS_UNLESS_CHECKPOINT = f"""(CASE
    WHEN json_extract(games_game.checkpoint, '$.version') = games_game.version THEN NULL
    ELSE {_HANDS_AS_JSON} END)"""


def _locked(games: QuerySet[Game]) -> QuerySet[Game]:
    """The game locked for update, with its last hand's note."""
    return games.select_for_update(of=("self",)).annotate(last_note=RawSQL(_LAST_NOTE, ()))


def _locked_with_hands(games: QuerySet[Game]) -> QuerySet[Game]:
    """On SQLite, and its hands too."""
    return _locked(games).annotate(hands_json=RawSQL(_HANDS_AS_JSON, ()))


def _locked_with_hands_unless_checkpoint(games: QuerySet[Game]) -> QuerySet[Game]:
    """On SQLite, and its hands too unless it kept a checkpoint for its version."""
    return _locked(games).annotate(hands_json=RawSQL(_HANDS_UNLESS_CHECKPOINT, ()))


def _locked_game(
    access: Access, pk: int, *, every_hand: bool = False
) -> tuple[Game, list[scoring.Hand] | None]:
    """The game `access` may write with this pk, locked for update, and on SQLite its hands
    if the write needs `every_hand` or the game kept no checkpoint for its version (else None:
    `Table.hands` reads them if the write turns out to need them); 404 if there is none."""
    if connection.vendor != "sqlite":
        shape = _locked
    elif every_hand:
        shape = _locked_with_hands
    else:
        shape = _locked_with_hands_unless_checkpoint
    game = open_game(access, pk, shape, write=True)
    if game is None:
        raise Http404("No such game.")
    game.new_hand_note(game.hand_count, getattr(game, "last_note", None) or "")
    hands_json = getattr(game, "hands_json", None)
    if hands_json is None:
        return game, None
    rows = sorted(json.loads(hands_json))  # already in order: one linear pass
    game._hand_notes = {number: note for number, _, _, note in rows if note}
    return game, [stored_hand(bids, tricks) for _, bids, tricks, _ in rows]


def create_game(
    owner: Any,
    *,
    name: str,
    players: Sequence[str],
    rules: scoring.Rules,
    preset: str,
    first_dealer: int,
    hands: tuple[scoring.Hand, ...] | list[scoring.Hand] = (),
    rematch_of: Game | None = None,
    table: CardTable | None = None,
    check_limits: bool = True,
) -> Game:
    """A new game, and for an import its hands, all or nothing; LimitReached if the account
    has no room for it. A rematch joins its game's table; any other game gets a table of its
    own unless one is given. A restore checks its whole file against the account before it
    starts (`check_limits=False`): a count per game would make a big import quadratic."""
    with transaction.atomic():
        if check_limits:
            _room_for_game(owner, len(hands))
        if table is None:
            table = rematch_of.table if rematch_of is not None else CardTable.objects.create()
        game = Game.objects.create(
            owner=owner,
            table=table,
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
                bids=_as_read(result, number, None if hand.bids is None else list(hand.bids)),
                tricks=None if hand.tricks is None else list(hand.tricks),
            )
            for number, hand in enumerate(hands, start=1)
        ]
        Hand.objects.bulk_create(rows)
        game.save_summary(result, len(rows))
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
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk).bump_version()
    return new, True
