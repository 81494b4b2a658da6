"""Importing a file of games: every game checked first, then each one in its own transaction.

A backup of a big account holds thousands of games. Importing them in one transaction held
SQLite's write lock for half a minute (other tables' writes failed) and one request ran past the
server's timeout. So an import goes in two steps:

1. `stage` reads the file as a stream and checks every game, keeping each one's JSON in a
   `RestoreItem`. One bad game refuses the whole file, every bad game named; nothing is kept.
2. `import_some` imports the kept games in file order for a few seconds, each game in a
   transaction of its own (the game, its hands, and its item marked done, together), then
   returns; the import page asks again until every game is in. A game is never half imported,
   and a request cut short loses nothing: the next one goes on from the first game not yet
   done, and no game is imported twice.

SQLite has one write lock. Each game's transaction takes its turn at it
(`scorekeeper.write_turns`), and a tap in the same process waiting for one gets the next. A
process taking the lock again the moment it let go could still beat a waiter in another
process, so after each `SLICE` of work the import leaves the lock alone for `HANDOVER`, long
enough for a waiting process to take its turn. PostgreSQL locks rows: nothing there waits for
a restore.

What the export writes beside the game itself travels too: created and finished times, notes,
a rematch's link to its game when both are in the file, and the game's table (the games that
shared one share one again, its table link and scoring link on or off as they were). Tokens are
never in a file: a restored link that was on gets a new address, since a backup must not carry
a secret that opens (or scores) a table.

Card games (Oh Hell, Wizard, Call Break: `card-game/1` objects, `games.cards.files`) travel in
the same file and take the same steps, each in a transaction of its own; they have no table,
and a rematch's link travels as a Spades game's does. A file of one card game is imported at
once, in one transaction (`stage` returns the game). Either way the account's limits count its
Spades and card games together.

A game's own "watch" (true or false), written by backups from before a game's link moved to its
table, is still read and checked: in a file from before tables (no "table") it is what turns the
game's new table link on or off, as it did; beside a "table" it says nothing the table's own
"watch" does not, and is ignored. New backups don't write it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from django.db import DatabaseError, connection
from django.db.models import Count, Q

from games import bundles, display, scoring, services
from games.cards import files as card_files
from games.cards.models import CardsGame
from games.models import (
    Game,
    Hand,
    Restore,
    RestoreItem,
    Table,
    account_counts,
    fingerprint,
    new_watch_token,
)
from games.scoring import card_games, limits
from games.scoring.gamefile import JSONObject, JSONValue
from scorekeeper.write_turns import writing

# The account importing: the request's user, signed in (an import is never a visitor's). Any
# until games.views.files hands over a typed signed-in user (its request is typed with
# AnonymousUser in it).
type Owner = Any

SECONDS_PER_REQUEST = 8.0  # well inside the server's 30 s request timeout
SLICE = 0.1  # seconds of importing on SQLite before the turn is handed over
HANDOVER = 0.005  # seconds a waiting process has to take its turn
PAUSE = 0.05  # seconds left to writers that take no turn (SQLite's busy handler sleeps)
STAGE_ITEMS = 200  # games kept per transaction while reading the file
STAGE_BYTES = 1_000_000
MAX_PROBLEMS = 10  # bad games named when a file is refused


class Refused(Exception):
    """The file can't be imported; `problems` says why, game by game."""

    def __init__(self, problems: list[str], more: int = 0) -> None:
        super().__init__(problems[0])
        self.problems = problems
        self.more = more


class Duplicate(Exception):
    """A one-game file whose game is already one of the owner's: nothing is kept."""

    def __init__(self, game: Game | CardsGame) -> None:
        super().__init__(f"{game.title} is already in your games")
        self.game = game


ALREADY_HERE = "already in your games, so not imported again"
# The keys of a card game's file that a restore reads beside its play (`read_meta`).
CARD_META = ("id", "created", "finished", "rematch_of")

# How a kept card game's JSON starts (`stage` writes it, format first): read without parsing.
CARD_DATA = json.dumps({"format": card_games.FORMAT}, separators=(",", ":"))[:-1]

type Parsed = scoring.GameFile | card_games.CardGameFile


@dataclass(frozen=True)
class Meta:
    """What a game file says about a game beside its play."""

    key: str = ""  # the game's "id" in the file
    rematch_of: str = ""  # the "id" of the game it is a rematch of
    created: datetime | None = None
    finished: datetime | None = None
    watch: bool = True  # a game's own link, from older files: see the module's doc
    table: str = ""  # the "id" of the game's table in the file
    table_watch: bool | None = None  # None: a file from before tables
    table_scoring: bool = False


def _flag(value: JSONValue, where: str, default: bool) -> bool:
    if value is None:
        return default
    if type(value) is not bool:
        raise scoring.GameFileError(f"{where}: expected true or false")
    return value


def _table(value: JSONValue) -> JSONObject:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise scoring.GameFileError('table: expected {"id": ..., "watch": ..., "scoring": ...}')
    return value


def _key(value: JSONValue, where: str) -> str:
    if value is None:
        return ""
    text = str(value) if type(value) is int else value
    if not isinstance(text, str) or not text or len(text) > 64 or not text.isprintable():
        raise scoring.GameFileError(f"{where}: expected a number or a short line of text")
    return text


def _moment(value: JSONValue, where: str) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
        if moment is not None:
            # Kept in UTC: a moment that reads but falls outside the years 1 to 9999 there
            # ("0001-01-01T00:00:00+01:00") is refused here, not when it is saved.
            moment = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):
        moment = None
    if moment is None:
        raise scoring.GameFileError(
            f"{where}: expected a date and time such as 2026-05-01T20:15:00+00:00"
        )
    return moment


def read_meta(extra: JSONObject) -> Meta:
    """The export's own keys of a game, checked; raises GameFileError."""
    watch = extra.get("watch", True)
    if type(watch) is not bool:
        raise scoring.GameFileError("watch: expected true or false")
    table = _table(extra.get("table"))
    return Meta(
        key=_key(extra.get("id"), "id"),
        rematch_of=_key(extra.get("rematch_of"), "rematch_of"),
        created=_moment(extra.get("created"), "created"),
        finished=_moment(extra.get("finished"), "finished"),
        watch=watch,
        table=_key(table.get("id"), "table id"),
        table_watch=_flag(table.get("watch"), "table watch", True) if table else None,
        table_scoring=_flag(table.get("scoring"), "table scoring", False),
    )


def export_meta(game: Game) -> JSONObject:
    """The keys `read_meta` reads back, for a game's file."""
    meta: JSONObject = {"id": game.pk, "created": game.created_at.isoformat()}
    if game.finished_at is not None:
        meta["finished"] = game.finished_at.isoformat()
    if game.rematch_of_id is not None:
        meta["rematch_of"] = game.rematch_of_id
    table = game.table
    meta["table"] = {
        "id": table.pk,
        "watch": table.watch_enabled,
        "scoring": table.score_token is not None,
    }
    return meta


def game_file(
    game: Game,
    hands: list[scoring.Hand] | None = None,
    notes: dict[int, str] | None = None,
) -> scoring.GameFile:
    """The game as its file writes it (an export, a backup, a club night's event file): give
    `hands` and `notes` to save their queries."""
    if hands is None or notes is None:
        hands, notes = game.recorded()
    return scoring.GameFile(
        name=game.name or None,
        rules=game.rules_obj(),
        rules_spec={"preset": game.preset} if game.preset in scoring.PRESETS else {},
        players=tuple(game.players),
        first_dealer=game.first_dealer,
        hands=tuple(hands),
        extra=export_meta(game),
        note=game.note,
        hand_notes=tuple(notes.get(number, "") for number in range(1, len(hands) + 1)),
        time_called=game.time_called,
    )


def preset_name(parsed: scoring.GameFile) -> str:
    name = parsed.rules_spec.get("preset", "standard")
    return name if isinstance(name, str) and name in scoring.PRESETS else "standard"


def title(parsed: scoring.GameFile) -> str:
    if parsed.name:
        return parsed.name
    sides = (" + ".join(parsed.players[seat] for seat in seats) for seats in parsed.rules.sides)
    return " vs ".join(sides)[:200]


def counted(count: int, thing: str) -> str:
    """ "1 game", "2 games"."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def twin(owner: Owner, parsed: scoring.GameFile, meta: Meta) -> Game | None:
    """The owner's game this file's game is a copy of, or None: the same `fingerprint`, and
    the same creation time when the file gives one. One indexed lookup, however many games
    the account and the file hold."""
    wanted = fingerprint(
        parsed.players, parsed.rules, parsed.first_dealer, parsed.hands, parsed.time_called
    )
    games = Game.objects.filter(owner=owner, fingerprint=wanted)
    if meta.created is not None:
        games = games.filter(created_at=meta.created)
    return games.order_by("pk").first()


def _check(raw: JSONValue, position: int, single: bool) -> tuple[Parsed, Meta]:
    parsed: Parsed
    if bundles.is_card_game(raw):
        card = bundles.parse_card(raw, position, single)
        # Only what a restore reads is kept beside the play: a file's other keys are passed over.
        parsed = replace(
            card, extra={key: card.extra[key] for key in CARD_META if key in card.extra}
        )
    else:
        parsed = bundles.parse_one(raw, position, single)
    try:
        return parsed, read_meta(parsed.extra)
    except scoring.GameFileError as error:
        raise scoring.GameFileError(str(error) if single else f"game {position}: {error}") from None


def _import_card(
    owner: Owner, parsed: card_games.CardGameFile, meta: Meta, *, copy: bool
) -> CardsGame:
    """A file of one card game, imported at once (Duplicate if it is already here)."""
    here = None if copy else card_files.Twins(owner).of(parsed, meta.created)
    if here is not None:
        raise Duplicate(here)
    try:
        return card_files.import_game(owner, parsed, created=meta.created, finished=meta.finished)
    except services.LimitReached as error:
        raise Refused([str(error)]) from None


def stage(
    owner: Owner, source: bundles.GameSource, filename: str = "", *, copy: bool = False
) -> Restore | CardsGame:
    """Read and check every game of the file and keep them for `import_some`; or keep nothing
    and raise Refused (a bad game, an account over its limits) or GameFileError (a bad file).
    A file of one card game is imported at once: the game is returned.

    A game already among the owner's (`twin`) is not imported again unless `copy`:
    a one-game file raises Duplicate, keeping nothing; in a file of games it is reported as
    such and skipped."""
    have_games, have_hands = account_counts(owner.pk)
    card_twins = card_files.Twins(owner)
    restore: Restore | None = None
    batch: list[RestoreItem] = []
    size = count = hands = bad = 0
    problems: list[str] = []
    keys: set[str] = set()
    try:
        for position, raw in source:
            count = position
            try:
                parsed, meta = _check(raw, position, source.single)
                if meta.key and meta.key in keys:
                    raise scoring.GameFileError(f"game {position}: id {meta.key} appears twice")
            except scoring.GameFileError as error:
                bad += 1
                if len(problems) < MAX_PROBLEMS:
                    problems.append(str(error))
                continue
            keys.add(meta.key)
            if isinstance(parsed, card_games.CardGameFile):
                if source.single:
                    return _import_card(owner, parsed, meta, copy=copy)
                hands += len(parsed.recorded())
                here: Game | CardsGame | None = (
                    None if copy or problems else card_twins.of(parsed, meta.created)
                )
                named = card_files.title(parsed)
            else:
                hands += len(parsed.hands)
                here = None if copy or problems else twin(owner, parsed, meta)
                named = title(parsed)
            if problems:
                continue  # nothing more is kept, but every game is still checked
            if here is not None and source.single:
                raise Duplicate(here)
            text = (
                ""
                if here
                else json.dumps(parsed.to_dict(), ensure_ascii=False, separators=(",", ":"))
            )
            batch.append(
                RestoreItem(
                    position=position,
                    key=meta.key,
                    rematch_of=meta.rematch_of,
                    table_key=meta.table,
                    title=named,
                    data=text,
                    done=here is not None,
                    outcome=display.sentence(ALREADY_HERE) if here else "",
                )
            )
            size += len(text)
            if len(batch) >= STAGE_ITEMS or size >= STAGE_BYTES:
                restore = _keep(owner, restore, batch, filename)
                batch, size = [], 0
        passed = limits.account_limits_passed(have_games, have_hands, count, hands)
        if "games" in passed:
            problems.append(
                f"the file holds {counted(count, 'game')} and you have {have_games}: "
                f"an account keeps at most {limits.MAX_ACCOUNT_GAMES}"
            )
        if "hands" in passed:
            problems.append(
                f"the file holds {counted(hands, 'hand')} and your games have {have_hands}: "
                f"an account keeps at most {limits.MAX_ACCOUNT_HANDS}"
            )
        if problems:
            raise Refused(problems, more=max(0, bad - MAX_PROBLEMS))
        restore = _keep(owner, restore, batch, filename)
        # Sealed: only a restore whose file was read to the end is ever imported.
        restore.total = count
        restore.save(update_fields=["total"])
        return restore
    except BaseException:
        if restore is not None:
            restore.delete()
        raise


def _keep(
    owner: Owner, restore: Restore | None, items: list[RestoreItem], filename: str
) -> Restore:
    with writing():
        if restore is None:
            restore = Restore.objects.create(owner=owner, filename=filename[:200])
        for item in items:
            item.restore = restore
        RestoreItem.objects.bulk_create(items)
    return restore


def import_some(restore: Restore, seconds: float = SECONDS_PER_REQUEST) -> int:
    """Import the restore's next games, in file order, for about `seconds`; how many were done."""
    if not restore.total:
        return 0
    deadline = time.monotonic() + seconds
    pause_at = time.monotonic() + SLICE if connection.vendor == "sqlite" else float("inf")
    done = 0
    while True:
        waiting = list(
            restore.items.filter(done=False).order_by("position").values_list("pk", flat=True)[:50]
        )
        if not waiting:
            return done
        for pk in waiting:
            done += _import_item(restore, pk)
            if time.monotonic() >= deadline:
                return done
            if time.monotonic() >= pause_at:
                time.sleep(HANDOVER)
                pause_at = time.monotonic() + SLICE


def _import_item(restore: Restore, pk: int) -> int:
    """One game in one transaction: claimed, created whole or not at all, marked done."""
    with writing():
        # The claim: a second request working on the same restore finds it taken.
        if not RestoreItem.objects.filter(pk=pk, done=False).update(done=True):
            return 0
        item = RestoreItem.objects.get(pk=pk)
        try:
            with writing():
                if item.data.startswith(CARD_DATA):
                    item.cards_game = _create_card(restore, item)
                    item.outcome = ""
                else:
                    item.game = _create(restore, item)
                    item.outcome = ""
        except (scoring.ScoringError, services.LimitReached, DatabaseError) as error:
            item.game = item.cards_game = None
            item.outcome = f"Not imported: {display.sentence(str(error))}"[:300]
        item.data = ""
        item.save(update_fields=["game", "cards_game", "outcome", "data"])
    return 1


def _create(restore: Restore, item: RestoreItem) -> Game:
    parsed = scoring.parse_game_file(item.data)
    meta = read_meta(parsed.extra)
    origin = _origin(restore, item)
    game = services.create_game(
        restore.owner,
        table=_table_for(restore, item, meta, origin),
        name=parsed.name or "",
        players=list(parsed.players),
        rules=parsed.rules,
        preset=preset_name(parsed),
        first_dealer=parsed.first_dealer,
        hands=parsed.hands,
        time_called=parsed.time_called,
        check_limits=False,  # `stage` checked the whole file against the account
    )
    game.created_at = meta.created or game.created_at
    if game.finished and meta.finished is not None:
        game.finished_at = meta.finished
    game.note = parsed.note
    game.rematch_of_id = origin
    fields = ["created_at", "finished_at", "note", "rematch_of"]
    Game.objects.filter(pk=game.pk).update(**{name: getattr(game, name) for name in fields})
    _hand_notes(game, parsed.hand_notes)
    return game


def _create_card(restore: Restore, item: RestoreItem) -> CardsGame:
    parsed = card_games.parse_card_file(item.data)
    meta = read_meta(parsed.extra)
    return card_files.import_game(
        restore.owner,
        parsed,
        created=meta.created,
        finished=meta.finished,
        rematch_of=_origin(restore, item, cards=True),
        check_limits=False,  # `stage` checked the whole file against the account
    )


def _table_for(restore: Restore, item: RestoreItem, meta: Meta, origin: int | None) -> Table:
    """The table of an earlier game of the file with the same table "id"; else, for a file
    from before tables, the table of the game this is a rematch of; else a new table as the
    file describes it (a file from before tables: its link on or off as the game's)."""
    if item.table_key:
        earlier = (
            restore.items.filter(table_key=item.table_key, game__isnull=False)
            .exclude(pk=item.pk)
            .values_list("game__table_id", flat=True)
            .first()
        )
        if earlier is not None:
            return Table.objects.get(pk=earlier)
    elif origin is not None:
        return Game.objects.get(pk=origin).table
    watch = meta.watch if meta.table_watch is None else meta.table_watch
    return Table.objects.create(
        watch_enabled=watch, score_token=new_watch_token() if meta.table_scoring else None
    )


def _origin(restore: Restore, item: RestoreItem, *, cards: bool = False) -> int | None:
    """The game this one is a rematch of (a card game's, with `cards`), when that game came
    earlier in the same file (as the export writes them) and has no rematch yet."""
    if not item.rematch_of:
        return None
    made = "cards_game" if cards else "game"
    origin: int | None = (
        restore.items.filter(key=item.rematch_of, **{f"{made}__isnull": False})
        .values_list(f"{made}_id", flat=True)
        .first()
    )
    model: type[Game] | type[CardsGame] = CardsGame if cards else Game
    if origin is None or model.objects.filter(rematch_of_id=origin).exists():
        return None
    return origin


def _hand_notes(game: Game, notes: tuple[str, ...]) -> None:
    noted = {number: note for number, note in enumerate(notes, start=1) if note}
    if not noted:
        return
    rows = list(Hand.objects.filter(game=game, number__in=list(noted)).only("pk", "number"))
    for row in rows:
        row.note = noted[row.number]
    Hand.objects.bulk_update(rows, ["note"], batch_size=500)


@dataclass(frozen=True)
class Progress:
    total: int
    done: int
    imported: int

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    @property
    def refused(self) -> int:
        return self.done - self.imported


def progress(restore: Restore) -> Progress:
    counts = restore.items.aggregate(
        done=Count("pk", filter=Q(done=True)),
        imported=Count("pk", filter=Q(game__isnull=False) | Q(cards_game__isnull=False)),
    )
    return Progress(total=restore.total, done=counts["done"], imported=counts["imported"])
