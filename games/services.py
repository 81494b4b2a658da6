"""Every write to a game goes through here: lock it, check the write once, replay once, save.

A game that belongs to something bigger (a club night's table) has rules of its own about who
may change it and when: a confirmed result stays confirmed, the time is called by the round's
clock. Each write asks them through one seam, `TableRules` (settings.GAME_TABLE_RULES names
the one in use), before anything is saved, and tells them inside the same transaction what it
saved: a refusal raises `Refused` and nothing is written.

A view opens the game with `locked_game(access, pk)`: one transaction, the game's row locked
and its hands read. It binds its form, then calls one function here with what the form read.
That function checks the write against the game as it now is, replays the hands once with the
write in place, saves, and returns a `Written` holding what the response shows. A refused write
raises before anything is saved: `scoring.HandError` (the hand breaks a rule; the message names
the seat) or `Conflict` (the form no longer matches the game: another phone recorded that hand
first, or the game changed since the form was shown).
"""

import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cache, cached_property
from typing import Any, Literal, Protocol

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection
from django.db.models import JSONField, Q, Value
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.utils import timezone
from django.utils.module_loading import import_string

from games import display, scoring
from games.access import Access
from games.models import Game, Hand, Table, account_counts, stored_hand
from games.scoring import limits
from games.scoring.gamefile import JSONObject, JSONValue
from games.scoring.steps import (
    Step,
    bids_mark,
    due_step,
    players_mark,
    steps_recorded,
    time_call_is_last,
)
from scorekeeper.write_turns import writing

OUT_OF_DATE = (
    "This game changed on another phone since that form was shown, so nothing was recorded. "
    "Here is the current state."
)
GAME_OVER = "The game is over: no more hands can be recorded."
NO_UNDO = "That correction can no longer be undone; nothing was changed."


class Conflict(Exception):
    """The game moved on since the form was shown; the message says how."""


class Refused(Conflict):
    """The rules of the game's table refuse this write now (a club night's confirmed result,
    say); the message says who decided and who can still change it."""


class MovedOn(Conflict):
    """The game asked for is no longer its table's: the table plays `game` now (a club
    night's next round, a rematch)."""

    def __init__(self, game: Game, message: str) -> None:
        super().__init__(message)
        self.game = game


def moved_on(access: Access, pk: int) -> MovedOn | None:
    """Where a phone left on game `pk` finds its table now, and the words that say so."""
    game = Game.objects.moved_on(access, pk)
    if game is None:
        return None
    if game.at_event:
        return MovedOn(game, table_rules().moved_on(game))
    sides = " v ".join(game.side_names())
    return MovedOn(game, f"This table has moved on to {game.title}: {sides}.")


class LimitReached(Conflict):
    """The write would take the game or the account past a limit of `scoring.limits`: an
    account's export must always import again, so what the import refuses is never made."""


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
    rows: list[JSONObject]
    # A time call in a removed hand, [hand, steps], which the correction dropped with it.
    time_called: list[int] | None = None

    def to_json(self) -> JSONObject:
        data: JSONObject = {"version": self.version, "number": self.number, "rows": self.rows}
        return data if self.time_called is None else {**data, "time_called": self.time_called}

    @classmethod
    def from_json(cls, data: JSONValue) -> "Removed | None":
        try:
            called = data.get("time_called")
            time_called = None if called is None else [int(called[0]), int(called[1])]
            return cls(int(data["version"]), int(data["number"]), list(data["rows"]), time_called)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None

    @property
    def label(self) -> str:
        numbers = [row["number"] for row in self.rows if row["number"] != self.number]
        return hands_label(min(numbers), max(numbers)) if numbers else ""


@dataclass(frozen=True)
class Written:
    """A saved write: the game as it now is, its replay, and which history rows changed."""

    game: Game
    result: scoring.GameResult
    notes: dict[int, str] = field(default_factory=dict)
    notice: str | None = None
    added_row: int | None = None  # the hand whose row joined the history
    removed_row: int | None = None  # the hand whose row left it
    earlier_rows_changed: bool = False  # a correction: every later score moved
    removed: Removed | None = None  # the hands a correction removed, for its undo
    # An undo of a hand's bids: the bids taken back (by seat), for the step to show again less
    # its last bid, so one wrong bid costs a tap or two to fix, not the whole round.
    bids_back: tuple[scoring.Bid | None, ...] | None = None


WriteKind = Literal["bids", "tricks", "undo", "correct", "put_back", "call_time", "reseat"]


@dataclass(frozen=True)
class Write:
    """A write about to be made to a game, as the rules of its table see it: what it is, who
    makes it (the game's owner, or a phone holding the table's scoring link; the round's clock
    calls the time as the owner) and the hand it is about, if one."""

    kind: WriteKind
    by_owner: bool
    hand: int | None = None
    by_clock: bool = False


@dataclass(frozen=True)
class Before:
    """The game's summary before a write: what a log of the change says it was."""

    scores: tuple[int, ...]
    winner: int | None
    finished: bool
    hands: int


class Ruling(Protocol):
    """A write the table's rules allowed, and what they do once it is saved."""

    def saved(self, game: Game, before: Before) -> None:
        """Inside the write's transaction, after it is saved: log it, and tell whoever follows
        the table once it commits."""


class TableRules(Protocol):
    """The rules of what a game belongs to, asked by every write of a game that belongs to
    something (`Game.at_event`); the others never ask, and cost nothing."""

    def rule(self, game: Game, write: Write) -> Ruling | None:
        """Raise `Refused` if `write` may not be made to `game` now; otherwise what to do once
        it is saved (None: nothing)."""

    def moved_on(self, game: Game) -> str:
        """What a phone left on an earlier game of `game`'s table is told as it follows it."""


@cache
def table_rules() -> TableRules:
    """The table rules in use, named by settings.GAME_TABLE_RULES (a class's dotted path)."""
    rules: TableRules = import_string(settings.GAME_TABLE_RULES)()
    return rules


class LockedGame:
    """A game locked for one write: its row, its hands and their notes, read once, and who
    asks (`by_owner`: the game's owner, not a phone holding a scoring link)."""

    def __init__(self, game: Game, by_owner: bool = True) -> None:
        self.game = game
        self.by_owner = by_owner
        self.hands, self.notes = _recorded(game)
        self.replayed: list[scoring.Hand] | None = None
        self.before = Before(tuple(game.scores or ()), game.winner, game.finished, game.hand_count)
        self.ruling: Ruling | None = None

    def allow(self, kind: WriteKind, hand: int | None = None, *, by_clock: bool = False) -> None:
        """Ask the rules of the game's table whether this write may be made now: `Refused`
        if not. A game that belongs to nothing has no such rules."""
        if self.game.at_event:
            write = Write(kind, self.by_owner or by_clock, hand, by_clock)
            self.ruling = table_rules().rule(self.game, write)

    @property
    def rules(self) -> scoring.Rules:
        return self.game.rules_obj()

    @cached_property
    def result(self) -> scoring.GameResult:
        """The game as it stands, before the write: for a refused write's page and forms."""
        return self.game.replay(self.hands)

    def replay(self, hands: list[scoring.Hand]) -> scoring.GameResult:
        """The hands as a write would leave them; the last ones replayed are those it saves."""
        self.replayed = hands
        return self.game.replay(hands)

    def due(self) -> Step | None:
        """The step the game waits for. Its summary is a replay of exactly these hands (both
        are written in one transaction, and the game is locked), so this needs no replay."""
        playing = bool(self.hands) and self.hands[-1].tricks is None
        return due_step(self.rules, len(self.hands), playing, self.game.finished)


@contextmanager
def locked_game(access: Access, pk: int, *, clock: bool = False) -> Iterator[LockedGame]:
    """The game, locked for one write, if `access` may write it (`Game.objects.open_to`, the
    one rule: its owner, or a phone holding the table's scoring link); a 404 for anyone else.

    With `clock` (a recorded step), a round clock past zero calls the time first, in its own
    transaction: the call stands even if the step is then refused (the game ended with it)."""
    with writing():
        game = _locked_row(access, pk)
        if not (clock and game.clock_due()):
            yield LockedGame(game, _owns(access, game))
            return
        call_time_by_clock(LockedGame(game, _owns(access, game)))
    with writing():
        game = _locked_row(access, pk)
        yield LockedGame(game, _owns(access, game))


class PostedForm(Protocol):
    """A view's form, bound to what was posted, as `write_form` checks it."""

    def is_valid(self) -> bool: ...


@dataclass(frozen=True)
class Refusal[F: PostedForm]:
    """A posted form the write refused, nothing saved: the form (with its own errors), the
    engine's problem (`error`: a HandError, or an EndsEarlier to confirm) and the game as it
    stood, for the view to draw once the lock is let go."""

    form: F
    game: Game
    result: scoring.GameResult
    notes: dict[int, str]
    error: Exception | None = None


def write(access: Access, pk: int, do: Callable[[LockedGame], Written]) -> Written:
    """One write of a game in its own transaction: `do` (a function of this module, and what
    it needs) is made on the game locked for it. The lock is let go before anything is drawn."""
    with locked_game(access, pk) as locked:
        return do(locked)


def write_form[F: PostedForm](
    access: Access,
    pk: int,
    read: Callable[[LockedGame], tuple[F, Callable[[], Written]]],
    *,
    clock: bool = False,
) -> Written | Refusal[F]:
    """A posted form's write in its own transaction: `read` binds the view's form to the game
    as locked (raising Conflict where the form no longer fits it) and says what to write with
    it; a form with errors, or a write the rules refuse, comes back as a `Refusal`. With
    `clock`, a round clock past zero calls the time first (`locked_game`)."""
    with locked_game(access, pk, clock=clock) as locked:
        form, save = read(locked)
        error: Exception | None = None
        if form.is_valid():
            try:
                return save()
            except (scoring.HandError, EndsEarlier) as problem:
                error = problem
        return Refusal(form, locked.game, locked.result, locked.notes, error)


def _owns(access: Access, game: Game) -> bool:
    return bool(access.user.is_authenticated and game.owner_id == access.user.pk)


def _hands_read_with_the_lock() -> bool:
    """Whether the game's hands may be read in the statement that locks it: where the
    database's write lock is taken at BEGIN (SQLite's IMMEDIATE transactions), every read
    after it sees the latest hands. PostgreSQL locks the row in that statement and reads other
    tables as they were when it began, which may be before the write it waited for: there the
    hands are read by a statement of their own, after the lock."""
    options = connection.settings_dict.get("OPTIONS", {})
    return connection.vendor == "sqlite" and options.get("transaction_mode") == "IMMEDIATE"


# Every hand of the locked game as one JSON text ("[number, bids, tricks, note],..."), read in
# the locking statement where that is safe (`_hands_read_with_the_lock`): a step's statement
# less. Numbered, as the aggregate's order is not promised. SQLite's own SQL (only SQLite reads
# it), written out: the ORM's expressions for it took longer to compile than the read takes.
_HANDS_AS_JSON = RawSQL(
    f"SELECT GROUP_CONCAT(JSON_ARRAY(number, bids, tricks, note)) FROM {Hand._meta.db_table} "
    f"WHERE {Hand._meta.db_table}.game_id = {Game._meta.db_table}.id",
    (),
)


def _json_column(value: JSONValue) -> JSONValue:
    # SQLite's JSON_ARRAY gives a JSON column's value as the text it stores.
    return json.loads(value) if isinstance(value, str) else value


def _recorded(game: Game) -> tuple[list[scoring.Hand], dict[int, str]]:
    """The hands and notes of a locked game (`Game.recorded`), from the locking statement
    when it read them."""
    if not hasattr(game, "hands_as_json"):
        return game.recorded()
    rows = sorted(json.loads(f"[{game.hands_as_json or ''}]"))
    hands = [stored_hand(_json_column(bids), _json_column(tricks)) for _, bids, tricks, _ in rows]
    notes = {number: note for number, _, _, note in rows if note}
    return hands, notes


def _locked_row(access: Access, pk: int) -> Game:
    games = Game.objects.open_to(access).select_for_update(of=("self",))
    if _hands_read_with_the_lock():
        games = games.annotate(hands_as_json=_HANDS_AS_JSON)
    game = games.filter(pk=pk).first()
    if game is None:
        # A phone still on its table's earlier game (the next round was paired): refused,
        # with the table's game shown.
        moved = moved_on(access, pk)
        if moved is not None:
            raise moved
        raise Http404("No such game.")
    return game


def look_at_clock(access: Access, pk: int) -> None:
    """A look at a table after its round clock's zero calls the time, as its next step would:
    a phone that opens the page then sees the game as it will end."""
    with locked_game(access, pk, clock=True):
        pass


def call_time_by_clock(locked: LockedGame) -> Written | None:
    """The round clock's zero: the time is called as a scorer's tap would call it, once the
    first hand has started (a table that has not begun has nothing to play out)."""
    if not locked.game.clock_due() or not locked.hands:
        return None
    return call_time(locked, locked.game.version, by_clock=True)


def _check_version(locked: LockedGame, version: int | None) -> None:
    if version != locked.game.version:
        raise Conflict(
            "This game was changed on another phone since you opened this form. "
            "Here is the current score; nothing was overwritten."
        )


def step_for(
    locked: LockedGame,
    form: str,
    posted: int | None,
    bids: str | None = None,
    seated: str | None = None,
) -> Step:
    """The step a posted bids or tricks form is for, if it is the one the game waits for; a
    tricks form that says which bids it was drawn against (`bids_mark`) is for those bids, and
    a form that says which players it was drawn for (`players_mark`) is for those players."""
    _check_players(locked, seated)
    due = locked.due()
    if due is None:
        raise Conflict(GAME_OVER)
    if due.form == form and due.number == posted:
        if due.kind != "tricks":
            _room_for_hand(due.number)
        elif bids is not None and bids != bids_mark(locked.hands[-1].bids):
            raise Conflict(
                f"Hand {posted}'s bids were changed on another phone after these tricks were "
                "tapped, so nothing was recorded. Here are the bids as they now are."
            )
        return due
    if form == "bids" and due.kind == "unbid" and posted == due.number:
        raise Conflict(
            f"Hand {posted} bids itself at this table, so nobody bids: enter its tricks. "
            "Here is the current state."
        )
    # The hands this form's step is done for: every hand with its bids in for a bids form.
    done = len(locked.hands) - (form == "tricks" and due.kind == "tricks")
    if posted is not None and 1 <= posted <= done:
        raise Conflict(
            f"Hand {posted}'s {form} were already recorded (perhaps from another phone). "
            "Here is the current state."
        )
    raise Conflict(OUT_OF_DATE)


def _check_players(locked: LockedGame, seated: str | None) -> None:
    if seated is not None and seated != players_mark(locked.game.players):
        sides = " v ".join(locked.game.side_names())
        raise Conflict(
            f"The players at this table changed after this form was shown: it now plays "
            f"{sides}. Nothing was recorded; here is the game as it now is."
        )


def reseat(locked: LockedGame, players: Sequence[str]) -> Written:
    """Other players at a game not yet begun (a club night's table re-paired before its first
    hand): the same game, so the phones on it stay on it, and a step drawn for the old seats
    is refused (`players_mark`)."""
    if locked.hands:
        raise Conflict("This game has begun: its players can't change now.")
    locked.allow("reseat")
    game = locked.game
    game.players = list(players)
    game.player_names = f"|{'|'.join(players)}|".lower()
    return _save(locked, locked.replay([]), also=("players", "player_names"))


def call_time(locked: LockedGame, version: int | None, *, by_clock: bool = False) -> Written:
    """The time is called: the hand being played is played out and the game ends after it (a
    shared top score as the tie rule says). Between hands, it ends after the last one.
    `by_clock`: the round's clock called it, not a person."""
    _check_version(locked, version)
    locked.allow("call_time", len(locked.hands) or None, by_clock=by_clock)
    game = locked.game
    if game.finished:
        raise Conflict(GAME_OVER)
    if game.time_called is not None:
        raise Conflict(f"The time was already called during hand {game.time_called}.")
    if not locked.hands:
        raise Conflict("The time can be called once the first hand has started; nothing changed.")
    number = len(locked.hands)
    game.time_called = number
    game.time_called_after = steps_recorded(number, locked.hands[-1].tricks is None)
    result = locked.replay(locked.hands)
    playing = result.pending is not None and result.pending.number == number
    if result.finished:
        notice = f"Time called after hand {number}: the game is over."
    elif playing:
        notice = (
            f"Time called during hand {number}: the game ends once its tricks are in, "
            "unless the top score is shared then."
        )
    else:
        notice = f"Time called after hand {number}: {result.tie}."
    return _save(locked, result, notice=notice, also=("time_called", "time_called_after"))


def _bids_as_read(
    result: scoring.GameResult, number: int, bids: Sequence[scoring.Bid | None] | None
) -> Value | list[scoring.Bid | None]:
    """The bids as the engine read them (a 0 that is nil is stored as nil); JSON null for a
    hand that bids itself (a bare None would be SQL NULL, which the column refuses)."""
    if bids is None:
        return Value(None, JSONField())
    if result.pending is not None and result.pending.number == number:
        return list(result.pending.bids)
    if number <= len(result.hands):
        return list(result.hands[number - 1].bids)
    return list(bids)


def _save(
    locked: LockedGame,
    result: scoring.GameResult,
    notes: dict[int, str] | None = None,
    *,
    figures: bool = True,
    also: Sequence[str] = (),
    notice: str | None = None,
    added_row: int | None = None,
    removed_row: int | None = None,
    earlier_rows_changed: bool = False,
    removed: Removed | None = None,
    bids_back: tuple[scoring.Bid | None, ...] | None = None,
) -> Written:
    locked.game.save_summary(
        result,
        hands=locked.replayed,
        history_changed=removed_row is not None or earlier_rows_changed,
        figures=figures,
        also=also,
    )
    if locked.ruling is not None:
        locked.ruling.saved(locked.game, locked.before)
    return Written(
        locked.game,
        result,
        locked.notes if notes is None else notes,
        notice=notice,
        added_row=added_row,
        removed_row=removed_row,
        earlier_rows_changed=earlier_rows_changed,
        removed=removed,
        bids_back=bids_back,
    )


def record_step(locked: LockedGame, step: Step, values: Sequence[scoring.Bid | None]) -> Written:
    """Record `step` (from `step_for`): the bids of the next hand, the tricks of the hand
    being played, or the tricks of a hand that bids itself."""
    locked.allow(step.form, step.number)
    if step.kind == "bids":
        result = locked.replay([*locked.hands, scoring.Hand(tuple(values))])
        _new_hand(locked, step, bids=_bids_as_read(result, step.number, values))
        return _save(locked, result, figures=False)
    tricks = _tricks(values)
    if step.kind == "unbid":
        result = locked.replay([*locked.hands, scoring.Hand(None, tricks)])
        bids = _bids_as_read(result, step.number, None)
        _new_hand(locked, step, bids=bids, tricks=list(tricks))
        return _save(locked, result, figures=False, added_row=step.number)
    playing = locked.hands[-1]
    result = locked.replay([*locked.hands[:-1], scoring.Hand(playing.bids, tricks)])
    locked.game.hands.filter(number=step.number).update(
        tricks=list(tricks), updated_at=timezone.now()
    )
    # The seats' figures are left to the statistics page: a step saves one statement.
    return _save(
        locked,
        result,
        figures=False,
        added_row=step.number,
        notice=display.hand_line(result, step.number),
    )


def _tricks(values: Sequence[scoring.Bid | None]) -> tuple[int | None, ...]:
    """A tricks step's values: a count per seat (None for a partner whose side's count sits
    on the other), never a bid's word."""
    if any(not (value is None or type(value) is int) for value in values):
        raise TypeError(f"tricks are counts, not {list(values)!r}")
    return tuple(value if value is None else int(value) for value in values)


def _new_hand(
    locked: LockedGame,
    step: Step,
    bids: Value | list[scoring.Bid | None],
    tricks: list[int | None] | None = None,
) -> None:
    try:
        Hand.objects.create(game=locked.game, number=step.number, bids=bids, tricks=tricks)
    except IntegrityError as exc:
        # Unreachable while the lock holds; the unique (game, number) constraint has the last
        # word. Raising out of `locked_game` rolls the whole write back.
        raise Conflict(
            f"Hand {step.number}'s {step.form} were already recorded (perhaps from another "
            "phone). Here is the current state."
        ) from exc


_KEPT_FIELDS = ("number", "bids", "tricks", "note", "recorded_at", "updated_at")


def correct_hand(
    locked: LockedGame,
    number: int,
    bids: list[scoring.Bid | None] | None,
    tricks: list[int | None] | None,
    version: int | None,
    *,
    cut_after: int | None = None,
) -> Written:
    """Correct any recorded hand; every later hand and the game-over state follow.
    `bids` is None for a hand that bids itself.

    A correction that ends the game earlier raises `EndsEarlier` unless `cut_after` names
    the same new end: the person confirmed, and the hands after it are removed (kept in
    `Written.removed` for an undo)."""
    _check_version(locked, version)
    count = len(locked.hands)
    if not 1 <= number <= count:
        raise Conflict(f"There is no hand {number} in this game any more.")
    locked.allow("correct", number)
    if tricks is None and number != count:
        raise scoring.HandError(
            number, "only the last hand can be left without tricks", field="tricks"
        )
    hands = list(locked.hands)
    hands[number - 1] = stored_hand(bids, tricks)
    game = locked.game
    called = game.time_called, game.time_called_after
    try:
        result = locked.replay(hands)
    except scoring.HandError as error:
        hands, result = _ended_before(locked, hands, number, error)
        if cut_after != len(hands):
            game.time_called, game.time_called_after = called
            raise EndsEarlier(len(hands), count, result.ending) from error
    rows = locked.game.hands.all()
    notes = locked.notes
    saved: list[JSONObject] = []
    if len(hands) < count:
        kept = rows.filter(Q(number=number) | Q(number__gt=len(hands))).order_by("number")
        saved = [_as_json(row) for row in kept.values(*_KEPT_FIELDS)]
        rows.filter(number__gt=len(hands)).delete()
        notes = {n: note for n, note in notes.items() if n <= len(hands)}
    rows.filter(number=number).update(
        bids=_bids_as_read(result, number, bids),
        tricks=None if tricks is None else list(tricks),
        updated_at=timezone.now(),
    )
    if len(hands) == count:
        notice = f"Hand {number} corrected; every score after it was worked out again."
        return _save(locked, result, notes, notice=notice, earlier_rows_changed=True)
    gone = hands_label(len(hands) + 1, count)
    notice = (
        f"Hand {number} corrected: the game now ends after hand {len(hands)}, "
        f"so {gone} {'was' if gone.startswith('hand ') else 'were'} removed."
    )
    dropped = None
    if game.time_called is None and called[0] is not None:
        dropped = [called[0], called[1] or 0]
        them = "it" if gone.startswith("hand ") else "them"
        notice += f" The time call during hand {called[0]} went with {them}."
    write = _save(
        locked,
        result,
        notes,
        notice=notice,
        earlier_rows_changed=True,
        also=("time_called", "time_called_after"),
    )
    # An undo is good only while the game stays at the version this write moved it on to.
    return replace(write, removed=Removed(locked.game.version, number, saved, dropped))


def _ended_before(
    locked: LockedGame, hands: list[scoring.Hand], number: int, error: scoring.HandError
) -> tuple[list[scoring.Hand], scoring.GameResult]:
    """The hands up to the corrected game's new end, if `error` is a later hand refused
    for coming after it; any other problem is raised as it is."""
    if error.number <= number:
        raise error
    kept = hands[: error.number - 1]
    game = locked.game
    if game.time_called is not None and game.time_called > len(kept):
        # The game now ends before the time was called: the call goes with the hands after.
        game.time_called = game.time_called_after = None
    result = locked.replay(kept)
    if not result.finished or result.ended_after != len(kept):
        raise error
    return kept, result


def put_back(locked: LockedGame, version: int | None, removed: Removed) -> Written:
    """Undo a correction that ended the game earlier: the corrected hand as it was and the
    removed hands, rows and times exactly; only while nothing else changed since."""
    _check_version(locked, version)
    locked.allow("put_back", removed.number)
    if removed.version != locked.game.version:
        raise Conflict(
            "The game changed after that correction, so it can no longer be undone; "
            "nothing was changed."
        )
    count = len(locked.hands)
    before = {row["number"]: row for row in removed.rows}
    corrected = before.get(removed.number)
    numbers = sorted(n for n in before if n != removed.number)
    if (
        corrected is None
        or count < removed.number
        or numbers != list(range(count + 1, count + 1 + len(numbers)))
    ):
        raise Conflict(NO_UNDO)
    hands = list(locked.hands)
    hands[removed.number - 1] = stored_hand(corrected["bids"], corrected["tricks"])
    hands += [stored_hand(before[n]["bids"], before[n]["tricks"]) for n in numbers]
    if removed.time_called is not None:
        locked.game.time_called, locked.game.time_called_after = removed.time_called
    try:
        result = locked.replay(hands)
    except scoring.ScoringError as error:
        raise Conflict(NO_UNDO) from error
    rows = locked.game.hands.all()
    rows.filter(number=removed.number).update(
        bids=_json_or_null(corrected["bids"]),
        tricks=corrected["tricks"],
        updated_at=_when(corrected["updated_at"]),
    )
    new = Hand.objects.bulk_create(
        Hand(
            game=locked.game,
            number=n,
            bids=_json_or_null(before[n]["bids"]),
            tricks=before[n]["tricks"],
            note=before[n]["note"],
        )
        for n in numbers
    )
    # auto_now_add and auto_now stamp the rows anew: set their own times back.
    for row, n in zip(new, numbers, strict=True):
        row.recorded_at = _when(before[n]["recorded_at"])
        row.updated_at = _when(before[n]["updated_at"])
    Hand.objects.bulk_update(new, ["recorded_at", "updated_at"])
    notes = {**locked.notes, **{n: before[n]["note"] for n in numbers if before[n]["note"]}}
    return _save(
        locked,
        result,
        notes,
        notice=f"Undone: {removed.label} put back, and hand {removed.number} as it was.",
        earlier_rows_changed=True,
        also=("time_called", "time_called_after"),
    )


def undo_last(locked: LockedGame, version: int | None) -> Written:
    """Take back the last thing recorded: the time call, a hand's tricks, or the bids of a
    hand still being played."""
    _check_version(locked, version)
    if not locked.hands:
        raise Conflict("There is nothing to undo yet.")
    locked.allow("undo", len(locked.hands))
    game = locked.game
    if time_call_is_last(
        game.time_called, game.time_called_after, len(locked.hands), locked.hands[-1].tricks is None
    ):
        if game.clock_ends_at is not None and game.clock_ends_at <= timezone.now():
            # The next step would call it again: the round's time is up for every table.
            raise Conflict(
                "The round's clock called the time, so it can't be taken back here; "
                "nothing changed. A wrong hand can still be corrected."
            )
        called = game.time_called
        game.time_called = game.time_called_after = None
        return _save(
            locked,
            locked.replay(locked.hands),
            notice=f"Took back the time call during hand {called}: the game goes on.",
            also=("time_called", "time_called_after"),
        )
    number = len(locked.hands)
    last = locked.game.hands.filter(number=number)
    kept = locked.hands[:-1]
    notes = {n: note for n, note in locked.notes.items() if n != number}
    if locked.hands[-1].tricks is None:
        last.delete()
        notice = f"Took back hand {number}'s last bid: tap it again, or change any other."
        bids = tuple(locked.hands[-1].bids or ())
        return _save(
            locked, locked.replay(kept), notes, notice=notice, figures=False, bids_back=bids
        )
    if locked.hands[-1].bids is None:
        # A hand that bid itself has nothing left without its tricks: its step comes back.
        last.delete()
        notice = f"Took back hand {number}'s tricks."
        return _save(locked, locked.replay(kept), notes, notice=notice, removed_row=number)
    last.update(tricks=None, updated_at=timezone.now())
    hands = [*kept, scoring.Hand(locked.hands[-1].bids)]
    return _save(
        locked,
        locked.replay(hands),
        notice=f"Took back hand {number}'s tricks; its bids stay.",
        removed_row=number,
    )


def _as_json(row: dict[str, JSONValue]) -> JSONObject:
    return {
        **row,
        "recorded_at": row["recorded_at"].isoformat(),
        "updated_at": row["updated_at"].isoformat(),
    }


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value)


def _json_or_null(value: JSONValue) -> JSONValue:
    return Value(None, JSONField()) if value is None else value


def _room_for_hand(number: int) -> None:
    """A game keeps at most MAX_HANDS hands."""
    if number > limits.MAX_HANDS:
        raise LimitReached(
            f"A game keeps at most {limits.MAX_HANDS:,} hands, so hand {number} was not "
            "recorded. Start a new game to play on."
        )


def room_for_game(owner: Any, hands: int) -> None:
    """An account keeps at most MAX_ACCOUNT_GAMES games and MAX_ACCOUNT_HANDS hands in all,
    Spades and card games together (the card games' writes ask here too).

    Called inside the creating transaction with the owner's row locked, so two phones can't
    both take the last place."""
    _room_for_hand(hands)
    get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk").first()
    have_games, have_hands = account_counts(owner.pk)
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


def create_game(
    owner: Any,
    *,
    name: str,
    players: Sequence[str],
    rules: scoring.Rules,
    preset: str,
    first_dealer: int,
    hands: Sequence[scoring.Hand] = (),
    time_called: int | None = None,
    rematch_of: Game | None = None,
    table: Table | None = None,
    check_limits: bool = True,
    clock_ends_at: datetime | None = None,
    at_event: bool = False,
) -> Game:
    """A new game, and for an import its hands, all or nothing; LimitReached if the account
    has no room for it. A rematch joins its game's table; any other game gets a table of its
    own unless one is given. A restore checks its whole file against the account before it
    starts (`check_limits=False`): a count per game would make a big import quadratic."""
    with writing():
        if check_limits:
            room_for_game(owner, len(hands))
        if table is None:
            table = rematch_of.table if rematch_of is not None else Table.objects.create()
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
            # A file's time call was made during its hand, once the hand's bids were in.
            time_called=time_called,
            time_called_after=None if time_called is None else 2 * time_called - 1,
            clock_ends_at=clock_ends_at,
            at_event=at_event,
        )
        result = game.replay(list(hands), rules=rules)
        Hand.objects.bulk_create(
            Hand(
                game=game,
                number=number,
                bids=_bids_as_read(result, number, hand.bids),
                tricks=None if hand.tricks is None else list(hand.tricks),
            )
            for number, hand in enumerate(hands, start=1)
        )
        game.save_summary(result, hands=hands)
        return game


def start_rematch(access: Access, pk: int) -> tuple[Game, bool]:
    """The rematch of a finished game, made once: a second tap (or phone) finds the first,
    and says so with False. Same players and rules; the deal carries on round the table.

    A scoring phone's second tap finds the game no longer open to it (the rematch is the
    table's game now), so the rematch it started is looked for first."""
    with writing():
        games = Game.objects.open_to(access).select_for_update(of=("self",))
        game = games.filter(pk=pk).first()
        # Through the game's pk, whose lookup takes a number too big for the column as no
        # match; a foreign key's lookup would send it to the database, which refuses it.
        asked = Game.objects.filter(pk=pk).values("pk")
        started = Game.objects.open_to(access).filter(rematch_of__in=asked).first()
        if started is not None:
            return started, False
        if game is None:
            raise Http404("No such game.")
        result = game.replay()
        if not result.finished:
            raise Conflict("A rematch can start once this game is over.")
        if game.at_event:  # a club night's table
            raise Conflict(
                "This table plays a club night's rounds: the director pairs its next game."
            )
        try:
            new = create_game(
                game.owner,
                name=rematch_name(game),
                players=game.players,
                rules=result.rules,
                preset=game.preset,
                first_dealer=result.next_dealer,
                rematch_of=game,
            )
        except IntegrityError:  # another phone made it first, outside this lock
            return Game.objects.get(rematch_of=game), False
        # The finished game's page now points at the rematch.
        game.bump_version()
        return new, True


GAME_NUMBER = re.compile(r", game \d+$")
NAME_LENGTH = 200  # Game.name's max_length


def rematch_name(game: Game) -> str:
    """ "Friday at Cat's, game 2": a rematch is told apart from its game on the home list, and
    on the table link, where the watchers otherwise see only the scores drop to 0."""
    base = GAME_NUMBER.sub("", game.title)
    number = Game.objects.filter(table_id=game.table_id).count() + 1
    suffix = f", game {number}"
    return base[: NAME_LENGTH - len(suffix)] + suffix


def set_game_note(access: Access, pk: int, note: str) -> Game:
    """The game's own note: the owner's alone."""
    with writing():
        game = _owned_for_update(access, pk)
        game.set_note(note)
        return game


def set_hand_note(access: Access, pk: int, number: int, note: str) -> Game:
    """A hand's note: the owner's alone; 404 if the hand was taken back meanwhile."""
    with writing():
        game = _owned_for_update(access, pk)
        if not game.set_hand_note(number, note):
            raise Http404("No such hand.")
        return game


# Each action on the share page: what it does to the table, and what it says it did.
LINK_CHANGES: dict[str, tuple[Callable[[Table], None], str]] = {
    "off": (
        lambda table: table.set_watch_link(enabled=False),
        "The table link is off: nobody can open it now.",
    ),
    "on": (
        lambda table: table.set_watch_link(enabled=True),
        "The table link works again.",
    ),
    "replace": (
        lambda table: table.set_watch_link(enabled=True, new_token=True),
        "New table link made; the old links no longer work.",
    ),
    "score_on": (
        lambda table: table.set_scoring_link(enabled=True),
        "Scoring link made: a phone that opens it can score here.",
    ),
    "score_off": (
        lambda table: table.set_scoring_link(enabled=False),
        "The scoring link is off: only you can score this table now.",
    ),
}


def change_links(access: Access, pk: int, action: str | None) -> tuple[Game, str | None]:
    """Turn the table's links on or off, or replace them; the owner's alone. Returns the
    game and what changed in words (None: an action we don't know, nothing changed)."""
    with writing():
        game = _owned_for_update(access, pk)
        if action not in LINK_CHANGES:
            return game, None
        change, said = LINK_CHANGES[action]
        change(Table.objects.select_for_update().get(pk=game.table_id))
        return game, said


def _owned_for_update(access: Access, pk: int) -> Game:
    owner_only = Access(user=access.user)
    game = Game.objects.open_to(owner_only).select_for_update(of=("self",)).filter(pk=pk).first()
    if game is None:
        raise Http404("No such game.")
    return game
