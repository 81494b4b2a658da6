"""Importing a club night's `spades-event/1` file: staged, then a slice of games at a time.

As `games.restore` does for a file of games: the whole file is read (within its bounds) and
checked first, each table's game is then made in a short transaction of its own, with a pause on
SQLite after each slice, so a night of 5,000 games never holds the database's write lock for
long and the room's other tables keep playing while it comes in. The event itself (teams,
rounds, tables, penalties) is made in one short transaction once every game is in; an import cut
short is taken up again where it stopped, or discarded whole.
"""

import json
import time
from datetime import timedelta
from typing import IO

from django.contrib.auth.models import User
from django.db import OperationalError, connection
from django.http import Http404
from django.utils import timezone

from games import restore, scoring, services
from games.access import Visitor
from games.club import eventfile
from games.club.models import (
    CardTable,
    Event,
    EventImport,
    EventImportGame,
    EventRound,
    EventTeam,
    LogEntry,
    Penalty,
    Seating,
)
from games.club.services import EventProblem, create_event
from games.models import Game, Table, account_counts, new_watch_token
from games.scoring import limits
from games.scoring.gamefile import JSONObject
from scorekeeper.write_turns import writing


def import_event(owner: User, data: bytes | IO[bytes]) -> Event:
    """A new event from a `spades-event/1` file, imported whole here and now (`manage.py`,
    tests): staged, then every game in its own short transaction, then the event; EventProblem
    (one line) for a file it can't read. The import page does the same a slice per request."""
    staged = stage_import(owner, data)
    while (event := import_some(staged)) is None:
        if not EventImport.objects.filter(pk=staged.pk).exists():
            raise EventProblem("The import was discarded before it was done.")
    return event


IMPORT_SECONDS = restore.SECONDS_PER_REQUEST  # of importing per request
STAGE_GAMES = 200  # tables' games kept per transaction while staging
STAGING_ABANDONED = timedelta(hours=1)


def _plan(plan: eventfile.Plan) -> JSONObject:
    """The event of a file without its games: what `_finish_import` makes its rows from."""
    parsed = plan.event
    return {
        "name": parsed.name or "Imported event",
        "rules": parsed.rules.to_dict(),
        "preset": plan.preset,
        "pairing": parsed.pairing,
        "rounds": parsed.planned_rounds,
        "playoff": parsed.playoff,
        "points": {
            "win": parsed.points.win,
            "draw": parsed.points.draw,
            "loss": parsed.points.loss,
            "bye": parsed.points.bye,
        },
        "ranking": list(parsed.ranking),
        "entries_until": parsed.entries_until,
        "seeding": parsed.seeding,
        "seed": parsed.seed,
        "solos": list(parsed.solos),
        "teams": [
            {"name": team.name, "players": list(team.players), "withdrawn": team.withdrawn}
            for team in parsed.teams
        ],
        "rounds_played": [
            {
                "number": round_.number,
                "byes": list(round_.byes),
                "stage": round_.stage,
                "tables": [
                    {"number": table.number, "entrants": list(table.entrants)}
                    for table in round_.tables
                ],
            }
            for round_ in parsed.rounds
        ],
        "penalties": [
            {
                "round": penalty.round,
                "table": penalty.table,
                "team": penalty.team,
                "points": penalty.points,
                "forfeit": penalty.forfeit,
                "hand": penalty.hand,
                "tricks": penalty.tricks,
                "reason": penalty.reason or "imported",
            }
            for penalty in parsed.penalties
        ],
    }


def stage_import(owner: User, data: bytes | IO[bytes]) -> EventImport:
    """An event file read (as a stream, within its bounds) and checked whole, against the
    account's room for its games and hands too, and kept to import: its card tables made and
    its games staged, a batch per short transaction. EventProblem (one line) for a file it
    can't take; then nothing is kept."""
    try:
        plan = eventfile.read(data)
    except eventfile.EventFileProblem as problem:
        raise EventProblem(str(problem)) from None
    games = [file for files in plan.games for file in files]
    hands = sum(len(file.hands) for file in games)
    have_games, have_hands = account_counts(owner.pk)
    passed = limits.account_limits_passed(have_games, have_hands, len(games), hands)
    if "games" in passed:
        raise EventProblem(
            f"The event has {restore.counted(len(games), 'game')} and you have {have_games}: "
            f"an account keeps at most {limits.MAX_ACCOUNT_GAMES}."
        )
    if "hands" in passed:
        raise EventProblem(
            f"The event's games have {restore.counted(hands, 'hand')} and yours have "
            f"{have_hands}: an account keeps at most {limits.MAX_ACCOUNT_HANDS}."
        )
    kept = _plan(plan)
    # A staging that never finished (its worker ended mid-way) is nobody's to go on with.
    abandoned = EventImport.objects.filter(
        owner=owner, sealed=False, created_at__lt=timezone.now() - STAGING_ABANDONED
    )
    for pk in abandoned.values_list("pk", flat=True):
        discard_import(owner, pk)
    staged: EventImport | None = None
    try:
        with writing():
            numbers = sorted(
                {table.number for round_ in plan.event.rounds for table in round_.tables}
            )
            tables = {
                str(number): Table.objects.create(score_token=new_watch_token()).pk
                for number in numbers
            }
            staged = EventImport.objects.create(
                owner=owner, name=kept["name"], plan=kept, tables=tables
            )
        batch: list[EventImportGame] = []
        for round_, files in zip(plan.event.rounds, plan.games, strict=True):
            for table, file in zip(round_.tables, files, strict=True):
                text = json.dumps(file.to_dict(), ensure_ascii=False, separators=(",", ":"))
                batch.append(
                    EventImportGame(
                        staged=staged, round=round_.number, number=table.number, data=text
                    )
                )
                if len(batch) >= STAGE_GAMES:
                    EventImportGame.objects.bulk_create(batch)
                    batch = []
                    _let_others_write()
        EventImportGame.objects.bulk_create(batch)
        # Sealed: only an import whose every game was staged is ever imported.
        staged.total, staged.sealed = len(games), True
        staged.save(update_fields=["total", "sealed"])
        return staged
    except BaseException:
        if staged is not None:
            discard_import(owner, staged.pk)
        raise


def _let_others_write() -> None:
    """On SQLite, a pause between transactions: a writer that began waiting for the lock
    (another table's step) tries again within it and gets in (`games.restore`)."""
    if connection.vendor == "sqlite":
        time.sleep(restore.PAUSE)


def unfinished_imports(owner: Visitor) -> list[EventImport]:
    """The owner's imports cut short (a closed page, a request that ran out): to go on with,
    or to discard."""
    if not owner.is_authenticated:
        return []
    waiting = EventImport.objects.filter(owner_id=owner.pk, sealed=True, event__isnull=True)
    return list(waiting.order_by("-created_at")[:5])


def import_some(staged: EventImport, seconds: float | None = None) -> Event | None:
    """Import the staged event's next games, in file order, for about `seconds` (IMPORT_SECONDS
    unless given), each in a transaction of its own that takes its turn (on SQLite the turn is
    handed over after each slice); the
    event once every game is in (made in one short transaction), else None: the next call goes
    on where this stopped."""
    if staged.event_id is not None:
        return staged.event
    if not staged.sealed:
        return None
    deadline = time.monotonic() + (IMPORT_SECONDS if seconds is None else seconds)
    sqlite = connection.vendor == "sqlite"
    pause_at = time.monotonic() + restore.SLICE
    while True:
        waiting = list(
            staged.games.filter(game__isnull=True)
            .order_by("round", "number")
            .values_list("pk", flat=True)[:50]
        )
        if not waiting:
            try:
                return _finish_import(staged)
            except OperationalError:
                return None  # the database is busy: the next request makes the event
        for pk in waiting:
            try:
                _import_game(staged, pk)
            except OperationalError:
                return None  # the database is busy: the next request goes on from here
            if time.monotonic() >= deadline:
                return None
            if sqlite and time.monotonic() >= pause_at:
                time.sleep(restore.HANDOVER)
                pause_at = time.monotonic() + restore.SLICE


def _import_game(staged: EventImport, pk: int) -> None:
    """One table's game in one transaction: made whole or not at all, and marked made."""
    with writing():
        # Locked (PostgreSQL) and checked again: a second request on the same import, or a
        # discard, finds it taken or gone.
        item = (
            EventImportGame.objects.select_for_update(skip_locked=True)
            .filter(pk=pk, game__isnull=True)
            .first()
        )
        if item is None:
            return
        file = scoring.parse_game_file(item.data)
        plan = staged.plan
        item.game = services.create_game(
            staged.owner,
            at_event=True,
            name=_import_game_name(plan["name"], item.round, item.number),
            rules=file.rules,
            preset=plan["preset"],
            table=Table.objects.get(pk=staged.tables[str(item.number)]),
            players=list(file.players),
            first_dealer=file.first_dealer,
            hands=file.hands,
            time_called=file.time_called,
            check_limits=False,  # `stage_import` checked the whole event against the account
        )
        item.save(update_fields=["game"])


def _import_game_name(event_name: str, round_number: int, table: int) -> str:
    """`table_game_name`, for an event not made yet."""
    suffix = f": round {round_number}, table {table}"
    return event_name[: services.NAME_LENGTH - len(suffix)] + suffix


def _finish_import(staged: EventImport) -> Event | None:
    """The event made from its plan and its games, all in one short transaction: its teams,
    card tables, rounds, seatings and penalties are rows written in bulk."""
    with writing():
        locked = EventImport.objects.select_for_update().filter(pk=staged.pk).first()
        if locked is None:  # discarded meanwhile
            return None
        if locked.event_id is not None:
            return locked.event
        items = list(locked.games.all().only("round", "number", "game_id"))
        games = {
            (item.round, item.number): item.game_id for item in items if item.game_id is not None
        }
        if len(games) != locked.total:
            return None  # a game went missing (deleted meanwhile): the next call makes it
        plan = locked.plan
        event = create_event(
            locked.owner,
            name=plan["name"],
            rules=scoring.Rules.from_dict(plan["rules"]),
            preset=plan["preset"],
            pairing=plan["pairing"],
            rounds=plan["rounds"],
            round_minutes=None,
            playoff=plan["playoff"],
            points=plan["points"],
            ranking=plan["ranking"],
            entries_until=plan["entries_until"],
            seeding=plan["seeding"],
            seed=plan["seed"],
        )
        if plan["solos"]:
            event.solos = list(plan["solos"])
            event.save(update_fields=["solos"])
        EventTeam.objects.bulk_create(
            EventTeam(event=event, position=position, **team)
            for position, team in enumerate(plan["teams"])
        )
        CardTable.objects.bulk_create(
            CardTable(event=event, number=int(number), table_id=table)
            for number, table in locked.tables.items()
        )
        EventRound.objects.bulk_create(
            EventRound(
                event=event, number=round_["number"], byes=round_["byes"], stage=round_["stage"]
            )
            for round_ in plan["rounds_played"]
        )
        made = {round_.number: round_ for round_ in EventRound.objects.filter(event=event)}
        Seating.objects.bulk_create(
            Seating(
                round=made[round_["number"]],
                number=table["number"],
                teams=table["entrants"],
                game_id=games[(round_["number"], table["number"])],
            )
            for round_ in plan["rounds_played"]
            for table in round_["tables"]
        )
        seatings = {
            (seating.round.number, seating.number): seating
            for seating in Seating.objects.filter(round__event=event).select_related("round")
        }
        Penalty.objects.bulk_create(
            Penalty(
                seating=seatings[(penalty["round"], penalty["table"])],
                team=penalty["team"],
                points=penalty["points"],
                forfeit=penalty["forfeit"],
                hand=penalty["hand"],
                tricks=penalty["tricks"],
                reason=penalty["reason"],
            )
            for penalty in plan["penalties"]
        )
        locked.event = event
        locked.save(update_fields=["event"])
        locked.games.all().delete()
        LogEntry.write(event, locked.owner, "Event imported from its file")
        staged.event = event
        return event


def discard_import(owner: Visitor, pk: int) -> None:
    """An import cut short, given up: the games it made so far, its card tables and what it
    kept are deleted, a batch per transaction; an import already done is left alone (its
    event is the director's now). A 404 for anyone else's."""
    staged = EventImport.objects.filter(pk=pk, owner_id=owner.pk, event__isnull=True).first()
    if staged is None:
        raise Http404("No such import.")
    while True:
        with writing():
            batch = list(
                staged.games.filter(game__isnull=False).values_list("game_id", flat=True)[:100]
            )
            if not batch:
                break
            Game.objects.filter(pk__in=batch, owner_id=owner.pk, at_event=True).delete()
            staged.games.filter(game_id__in=batch).update(game=None)
        _let_others_write()
    with writing():
        tables = list(staged.tables.values())
        EventImport.objects.filter(pk=staged.pk).delete()
        Table.objects.filter(pk__in=tables, card__isnull=True, games__isnull=True).delete()
