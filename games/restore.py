"""Importing a file of games: every game checked first, then each one in its own transaction.

A backup of a big account holds thousands of games. Importing them in one transaction held
SQLite's write lock for half a minute (other tables' writes failed) and one request ran past the
server's timeout. So an import goes in two steps:

1. `stage` reads the file as a stream and checks every game, keeping each one's JSON in a
   `RestoreItem`. One bad game refuses the whole file, every bad game named; nothing is kept.
2. `import_some` imports the kept games in file order for a few seconds, each game in a
   transaction of its own (the game, its hands, and its item marked done, together), then
   returns; the import page asks again until every game is in. Another writer waits for one
   game at most, a game is never half imported, and a request cut short loses nothing: the next
   one goes on from the first game not yet done, and no game is imported twice.

What the export writes beside the game itself travels too: created and finished times, the
watch link on or off, notes, and a rematch's link to its game when both are in the file.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import Count, Q, Sum

from games import bundles, display, recording, scoring
from games.models import Game, Hand, Restore, RestoreItem
from games.scoring import limits

SECONDS_PER_REQUEST = 8.0  # well inside the server's 30 s request timeout
STAGE_ITEMS = 200  # games kept per transaction while reading the file
STAGE_BYTES = 1_000_000
MAX_PROBLEMS = 10  # bad games named when a file is refused


class Refused(Exception):
    """The file can't be imported; `problems` says why, game by game."""

    def __init__(self, problems: list[str], more: int = 0) -> None:
        super().__init__(problems[0])
        self.problems = problems
        self.more = more


@dataclass(frozen=True)
class Meta:
    """What a game file says about a game beside its play."""

    key: str = ""  # the game's "id" in the file
    rematch_of: str = ""  # the "id" of the game it is a rematch of
    created: datetime | None = None
    finished: datetime | None = None
    watch: bool = True


def _key(value: Any, where: str) -> str:
    if value is None:
        return ""
    text = str(value) if type(value) is int else value
    if not isinstance(text, str) or not text or len(text) > 64 or not text.isprintable():
        raise scoring.GameFileError(f"{where}: expected a number or a short line of text")
    return text


def _moment(value: Any, where: str) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise scoring.GameFileError(
            f"{where}: expected a date and time such as 2026-05-01T20:15:00+00:00"
        )
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def read_meta(extra: dict[str, Any]) -> Meta:
    """The export's own keys of a game, checked; raises GameFileError."""
    watch = extra.get("watch", True)
    if type(watch) is not bool:
        raise scoring.GameFileError("watch: expected true or false")
    return Meta(
        key=_key(extra.get("id"), "id"),
        rematch_of=_key(extra.get("rematch_of"), "rematch_of"),
        created=_moment(extra.get("created"), "created"),
        finished=_moment(extra.get("finished"), "finished"),
        watch=watch,
    )


def export_meta(game: Game) -> dict[str, Any]:
    """The keys `read_meta` reads back, for a game's file."""
    meta: dict[str, Any] = {"id": game.pk, "created": game.created_at.isoformat()}
    if game.finished_at is not None:
        meta["finished"] = game.finished_at.isoformat()
    meta["watch"] = game.watch_enabled
    if game.rematch_of_id is not None:
        meta["rematch_of"] = game.rematch_of_id
    return meta


def preset_name(parsed: scoring.GameFile) -> str:
    name = parsed.rules_spec.get("preset", "standard")
    return name if isinstance(name, str) and name in scoring.PRESETS else "standard"


def title(parsed: scoring.GameFile) -> str:
    if parsed.name:
        return parsed.name
    sides = (" + ".join(parsed.players[seat] for seat in seats) for seats in parsed.rules.sides)
    return " vs ".join(sides)[:200]


def _check(raw: Any, position: int, single: bool) -> tuple[scoring.GameFile, Meta]:
    parsed = bundles.parse_one(raw, position, single)
    try:
        return parsed, read_meta(parsed.extra)
    except scoring.GameFileError as error:
        raise scoring.GameFileError(str(error) if single else f"game {position}: {error}") from None


def stage(owner: Any, source: bundles.GameSource, filename: str = "") -> Restore:
    """Read and check every game of the file and keep them for `import_some`; or keep nothing
    and raise Refused (a bad game, an account over its limits) or GameFileError (a bad file)."""
    owned = Game.objects.filter(owner=owner)
    have_games = owned.count()
    have_hands = owned.aggregate(total=Sum("hand_count"))["total"] or 0
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
            hands += len(parsed.hands)
            if problems:
                continue  # nothing more is kept, but every game is still checked
            text = json.dumps(parsed.to_dict(), ensure_ascii=False, separators=(",", ":"))
            batch.append(
                RestoreItem(
                    position=position,
                    key=meta.key,
                    rematch_of=meta.rematch_of,
                    title=title(parsed),
                    data=text,
                )
            )
            size += len(text)
            if len(batch) >= STAGE_ITEMS or size >= STAGE_BYTES:
                restore = _keep(owner, restore, batch, filename)
                batch, size = [], 0
        if have_games + count > limits.MAX_ACCOUNT_GAMES:
            problems.append(
                f"the file holds {count} games and you have {have_games}: an account keeps "
                f"at most {limits.MAX_ACCOUNT_GAMES}"
            )
        if have_hands + hands > limits.MAX_ACCOUNT_HANDS:
            problems.append(
                f"the file holds {hands} hands and your games have {have_hands}: an account "
                f"keeps at most {limits.MAX_ACCOUNT_HANDS}"
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


def _keep(owner: Any, restore: Restore | None, items: list[RestoreItem], filename: str) -> Restore:
    with transaction.atomic():
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


def _import_item(restore: Restore, pk: int) -> int:
    """One game in one transaction: claimed, created whole or not at all, marked done."""
    with transaction.atomic():
        # The claim: a second request working on the same restore finds it taken.
        if not RestoreItem.objects.filter(pk=pk, done=False).update(done=True):
            return 0
        item = RestoreItem.objects.get(pk=pk)
        try:
            with transaction.atomic():
                item.game = _create(restore, item)
                item.outcome = ""
        except (scoring.ScoringError, DatabaseError) as error:
            item.game = None
            item.outcome = f"Not imported: {display.sentence(str(error))}"[:300]
        item.data = ""
        item.save(update_fields=["game", "outcome", "data"])
    return 1


def _create(restore: Restore, item: RestoreItem) -> Game:
    parsed = scoring.parse_game_file(item.data)
    meta = read_meta(parsed.extra)
    game = recording.create_game(
        restore.owner,
        name=parsed.name or "",
        players=list(parsed.players),
        rules=parsed.rules,
        preset=preset_name(parsed),
        first_dealer=parsed.first_dealer,
        hands=parsed.hands,
        check_limits=False,  # `stage` checked the whole file against the account
    )
    game.created_at = meta.created or game.created_at
    if game.finished and meta.finished is not None:
        game.finished_at = meta.finished
    game.watch_enabled = meta.watch
    game.note = parsed.note
    game.rematch_of_id = _origin(restore, item)
    fields = ["created_at", "finished_at", "watch_enabled", "note", "rematch_of"]
    Game.objects.filter(pk=game.pk).update(**{name: getattr(game, name) for name in fields})
    _hand_notes(game, parsed.hand_notes)
    return game


def _origin(restore: Restore, item: RestoreItem) -> int | None:
    """The game this one is a rematch of, when that game came earlier in the same file (as the
    export writes them) and has no rematch yet."""
    if not item.rematch_of:
        return None
    origin = (
        restore.items.filter(key=item.rematch_of, game__isnull=False)
        .values_list("game_id", flat=True)
        .first()
    )
    if origin is None or Game.objects.filter(rematch_of_id=origin).exists():
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
        done=Count("pk", filter=Q(done=True)), imported=Count("pk", filter=Q(game__isnull=False))
    )
    return Progress(total=restore.total, done=counts["done"], imported=counts["imported"])
