"""A game is its players, its rules and its recorded hands; everything else is a replay.

`Game` keeps a small summary (scores, finished, winner, hand count) so lists of games need no
replay, and a checkpoint (where a replay of its next hand goes on from) so recording a step in
a long game needs neither its hands nor their replay. Both are caches of the replay: every write
keeps them from the replay it did (`Game.save_summary`), the checkpoint counts only for the
version it was written with, and the tests check both against a fresh replay.
"""

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, models, router, transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from games import scoring
from games.scoring.limits import MAX_NOTE


def new_watch_token() -> str:
    return secrets.token_urlsafe(24)


def _hand(bids: list | None, tricks: list | None) -> scoring.Hand:
    """A stored hand as the scoring package takes it (null bids: a hand that bids itself)."""
    return scoring.Hand(
        None if bids is None else tuple(bids), None if tricks is None else tuple(tricks)
    )


class Table(models.Model):
    """The card table a run of games is played at: a game and its rematches.

    Its links belong to the table, not to one game, so the people watching keep one link (and
    one QR code) all evening: it shows whichever game the table is playing now. The scoring
    link is off (null) until the owner turns it on, and replacing or turning it off ends every
    phone's grant at once, since a grant is only honoured while its token is the table's.
    """

    watch_token = models.CharField(max_length=64, unique=True, default=new_watch_token)
    watch_enabled = models.BooleanField(default=True)
    score_token = models.CharField(max_length=64, unique=True, null=True, blank=True, default=None)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"table {self.pk}"

    def current_game(self) -> "Game | None":
        """The game the table plays now: its newest (a rematch is always made after its game,
        and an import creates a table's games in the order of the file, oldest first)."""
        return self.games.order_by("-pk").first()

    def set_watch_link(self, *, enabled: bool, new_token: bool = False) -> None:
        """Turn the table link on or off, or replace it. Replacing also ends the old per-game
        watch links of its games (/watch/<game token>/): whoever the owner meant to shut out
        may hold one of those too."""
        self.watch_enabled = enabled
        fields = ["watch_enabled"]
        if new_token:
            self.watch_token = new_watch_token()
            fields.append("watch_token")
            self.games.update(watch_enabled=False)
        self.save(update_fields=fields)
        self._games_changed()

    def set_scoring_link(self, *, enabled: bool) -> None:
        """On makes a new token each time (an old one never comes back to life); off forgets it."""
        self.score_token = new_watch_token() if enabled else None
        self.save(update_fields=["score_token"])
        self._games_changed()

    def _games_changed(self) -> None:
        """The current game's version moves on: its cached watch pages hold the old links."""
        with transaction.atomic():
            game = self.games.select_for_update().order_by("-pk").first()
            if game is not None:
                game.bump_version()


# A browser's scoring grants live in its session under this key: [[table id, token], ...].
SCORE_GRANTS = "score_grants"
MAX_GRANTS = 20


@dataclass(frozen=True)
class Access:
    """Who asks for a game: the account (if any), and the scoring links this browser opened.

    `scoring` says whether the request is one a scoring phone may make (the game page, its
    steps, undo, corrections, rematch); everything else (links, exports, notes, deletion) stays
    the owner's alone.
    """

    user: Any
    grants: tuple[tuple[int, str], ...] = ()
    scoring: bool = False

    @classmethod
    def of(cls, request: Any, *, scoring: bool = False) -> "Access":
        session = getattr(request, "session", None)
        raw = session.get(SCORE_GRANTS, []) if session is not None else []
        grants = tuple(
            (table, token)
            for table, token in (pair for pair in raw if isinstance(pair, list) and len(pair) == 2)
            if type(table) is int and isinstance(token, str)
        )
        return cls(user=request.user, grants=grants, scoring=scoring)


def games_open_to(access: Access) -> "models.QuerySet[Game]":
    """THE rule of access, used by every view that opens a game and by every write: the owner's
    games, and for a scoring request also the current game of each table whose scoring link
    this browser opened, while that link is still the table's."""
    rule = Q(owner=access.user) if access.user.is_authenticated else Q(pk__in=[])
    if access.scoring and access.grants:
        granted = Q(pk__in=[])
        for table, token in access.grants:
            granted |= Q(table_id=table, table__score_token=token)
        later = Game.objects.filter(table_id=OuterRef("table_id"), pk__gt=OuterRef("pk"))
        rule |= granted & Q(~Exists(later))
    return Game.objects.filter(rule)


def game_open_to(access: Access, pk: int) -> "Game | None":
    """`games_open_to(access).filter(pk=pk).first()`: the one game a page opens.

    Every game page, htmx fragment and chart opens one game, and building the ORM's query for
    it was a third of their time. Where the rule is only "the owner's" (no scoring grants in
    play), the game is read by a statement the ORM built once (`open_game`); any other access
    goes through `games_open_to` itself. A page never needs the game's checkpoint (only a write
    does): it is left unread."""
    return open_game(access, pk, _for_a_page)


def _for_a_page(games: "models.QuerySet[Game]") -> "models.QuerySet[Game]":
    return games.defer("checkpoint")


def open_game(
    access: Access,
    pk: int,
    shape: "Callable[[models.QuerySet[Game]], models.QuerySet[Game]]",
    *,
    write: bool = False,
) -> "Game | None":
    """`shape(games_open_to(access).filter(pk=pk)).first()`, where `shape` adds what the
    caller reads with the game (a module-level function: its statement is kept under it).

    For an owner's request the statement is the ORM's own, built once per database and
    `shape` from `games_open_to` (so the rule it applies is that one) and then run as it is:
    building it cost more than running it."""
    user = access.user
    if (access.scoring and access.grants) or not user.is_authenticated:
        return shape(games_open_to(access).filter(pk=pk)).first()
    alias = router.db_for_write(Game) if write else router.db_for_read(Game)
    connection = connections[alias]
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not low <= pk <= high:  # as the ORM's lookup: a number too big for the column is no game
        return None
    return _owner_read(connection, shape).run((user.pk, pk))


@dataclass(frozen=True)
class _OwnerRead:
    """An owner's read of one game as the ORM compiled it: its statement, where the owner and
    the pk go, and how a row becomes a Game (the columns' names, their converters and the
    annotations after them), all worked out once rather than on every request."""

    connection: Any
    sql: str
    order: tuple[int, ...]
    names: tuple[str, ...]
    annotations: tuple[tuple[str, int], ...]
    converters: tuple[tuple[int, tuple[Any, ...], Any], ...]

    def run(self, values: tuple[Any, Any]) -> "Game | None":
        connection = self.connection
        with connection.cursor() as cursor:
            cursor.execute(self.sql, [values[i] for i in self.order])
            found = cursor.fetchone()
        if found is None:
            return None
        row = list(found)
        for position, converters, expression in self.converters:
            value = row[position]
            for converter in converters:
                value = converter(value, expression, connection)
            row[position] = value
        game = Game.from_db(connection.alias, self.names, row[: len(self.names)])
        for name, position in self.annotations:
            setattr(game, name, row[position])
        return game


@lru_cache(maxsize=32)
def _owner_read(
    connection: Any, shape: "Callable[[models.QuerySet[Game]], models.QuerySet[Game]]"
) -> _OwnerRead:
    """The ORM's own SQL for "this owner's game with this pk", shaped by `shape`, kept per
    connection (its converters are that connection's). An unsaved user with the id -1 stands
    for the owner, -2 for the pk."""
    owner = get_user_model()(pk=-1)
    games = shape(games_open_to(Access(user=owner)).using(connection.alias).filter(pk=-2))
    compiler = games.query.get_compiler(connection=connection)
    sql, params = compiler.as_sql()
    if sorted(params) != [-2, -1]:
        raise ImproperlyConfigured(f"unexpected parameters {params!r} for {sql!r}")
    selected = compiler.select
    model_columns = compiler.klass_info["select_fields"] if compiler.klass_info else []
    if list(model_columns) != list(range(len(model_columns))):
        raise ImproperlyConfigured(f"the game's own columns do not come first in {sql!r}")
    names = tuple(selected[index][0].target.attname for index in model_columns)
    annotations = tuple(sorted(compiler.annotation_col_map.items(), key=lambda item: item[1]))
    if len(names) + len(annotations) != len(selected):
        raise ImproperlyConfigured(f"unexpected columns in {sql!r}")
    converters = compiler.get_converters([expression for expression, _, _ in selected])
    return _OwnerRead(
        connection,
        sql,
        tuple({-1: 0, -2: 1}[param] for param in params),
        names,
        annotations,
        tuple(
            (position, tuple(functions), expression)
            for position, (functions, expression) in sorted(converters.items())
        ),
    )


def _rules_from(stored: Any) -> scoring.Rules:
    """Rules read from their stored settings: the same settings (every game of a preset, say)
    are read once per process. Rules can't change, so one object serves every game."""
    try:
        return _known_rules(tuple(stored.items()))
    except (AttributeError, TypeError):  # not a dict of plain values: read as it is
        return scoring.Rules.from_dict(stored)


@lru_cache(maxsize=256)
def _known_rules(items: tuple[tuple[str, Any], ...]) -> scoring.Rules:
    return scoring.Rules.from_dict(dict(items))


def games_and_hands(owner_id: Any) -> tuple[int, int]:
    """How many games an account holds, and hands in them: what its limits are counted on."""
    held = Game.objects.filter(owner_id=owner_id).aggregate(
        games=models.Count("pk"), hands=models.Sum("hand_count")
    )
    return held["games"], held["hands"] or 0


class Game(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    name = models.CharField(max_length=200, blank=True)
    # The table's note on the whole game ("played at Ben's, short deck").
    note = models.CharField(max_length=MAX_NOTE, blank=True, default="")
    players = models.JSONField(help_text="Player names by seat, clockwise.")
    rules = models.JSONField(help_text="Every rule setting the game was started with.")
    preset = models.CharField(max_length=40, default="standard")
    first_dealer = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Bumped by every change (`bump_version`): a cache key, an ETag, and the guard against
    # stale forms.
    version = models.PositiveIntegerField(default=0)
    # Bumped when a recorded hand is corrected or taken back: the history rows cached under
    # the old value are then stale. Recording a new hand leaves the earlier rows as they were.
    history_version = models.PositiveIntegerField(default=0)

    # Summary rebuilt from the hands on every write.
    hand_count = models.PositiveIntegerField(default=0)
    scores = models.JSONField(default=list)
    finished = models.BooleanField(default=False)
    winner = models.SmallIntegerField(null=True, blank=True)
    # When the hand that ended the game was recorded; kept by a restore.
    finished_at = models.DateTimeField(null=True, blank=True)
    # Where the next write's replay goes on from (`resume_point`): the running figures after
    # the scored hands, the bids of the hand being played and each seat's statistics so far.
    # Written with the summary and good for that version only: a change that leaves the hands
    # alone carries it on (`bump_version`); any other leaves it stale, and it is not used.
    checkpoint = models.JSONField(null=True, blank=True, default=None, editable=False)

    # The players' names, lowercase between bars ("|ann|ben|cat|dan|"), for the history's
    # player filter: JSONField lookups on a list don't work on SQLite.
    player_names = models.TextField(default="", editable=False)  # names can be 160 code points
    # The table it was played at; a rematch joins its game's table.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="games")
    # The read-only link of this game alone, from before table links: /watch/<token>/. Old
    # links keep working while this and the table's link are on.
    watch_token = models.CharField(max_length=64, unique=True, default=new_watch_token)
    watch_enabled = models.BooleanField(default=True)
    # The game a Rematch started from; one rematch per game, however many phones tap it.
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )

    class Meta:
        indexes = [
            models.Index(fields=["owner", "finished", "-updated_at"], name="game_owner_list"),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    @property
    def title(self) -> str:
        return self.name or " vs ".join(self.side_names())

    # rules_obj's memo: the parsed rules and the stored value they were parsed from.
    _rules: scoring.Rules
    _rules_from: object
    # The hand notes read with this instance (`hand_notes`): all of them, or one hand's.
    _hand_notes: dict[int, str] | None
    _last_hand_note: tuple[int, str] | None

    def rules_obj(self) -> scoring.Rules:
        """The stored rules, read once per instance: lists of games ask for them often."""
        if getattr(self, "_rules", None) is None or self._rules_from is not self.rules:
            self._rules = _rules_from(self.rules)
            self._rules_from = self.rules
        return self._rules

    def side_names(self) -> list[str]:
        return [
            " + ".join(self.players[seat] for seat in seats) for seats in self.rules_obj().sides
        ]

    def side_scores(self) -> list[tuple[str, int]]:
        """Each side's name and its score from the summary, for lists of games."""
        names = self.side_names()
        scores = self.scores or [0] * len(names)
        return list(zip(names, scores, strict=True))

    def recorded_hands(self) -> list[scoring.Hand]:
        """The hands in order (hand n is at index n - 1), as the scoring package takes them.

        Plain values, not model instances: a long game is read on every write, and building
        a model object per hand cost more than scoring it.
        """
        hands: list[scoring.Hand] = []
        notes: dict[int, str] = {}
        for number, (bids, tricks, note) in enumerate(
            self.hands.values_list("bids", "tricks", "note"), start=1
        ):
            hands.append(_hand(bids, tricks))
            if note:
                notes[number] = note
        # Read in the same query, so drawing the history rows needs no other.
        self._hand_notes = notes
        return hands

    @staticmethod
    def hands_by_game(games) -> dict[int, list[scoring.Hand]]:
        """Every hand of many games in one query, each game's in order."""
        by_game: dict[int, list[scoring.Hand]] = {game.pk: [] for game in games}
        rows = Hand.objects.filter(game__in=list(by_game)).order_by("game_id", "number")
        for game_id, bids, tricks in rows.values_list("game_id", "bids", "tricks"):
            by_game[game_id].append(_hand(bids, tricks))
        return by_game

    def replay(
        self,
        hands: list[scoring.Hand] | None = None,
        *,
        rules=None,
        strict=True,
        since: scoring.Checkpoint | None = None,
    ) -> scoring.GameResult:
        """Score the recorded hands; `hands` may be given to avoid a query. With `since` (a
        `resume_point`'s), `hands` are the hands after it and the replay goes on from there."""
        if hands is None:
            hands = self.recorded_hands()
        return scoring.score_game(
            rules or self.rules_obj(),
            hands,
            players=self.players,
            first_dealer=self.first_dealer,
            strict=strict,
            since=since,
        )

    def resume_point(self) -> "ResumePoint | None":
        """The checkpoint written with this version of the game, or None: none was written,
        the game changed since in a way that did not write one, or it is not what one is."""
        from games.stats import ADDED  # stats reads these models

        data = self.checkpoint
        if not isinstance(data, dict) or data.get("version") != self.version:
            return None
        rules = self.rules_obj()
        checkpoint = scoring.Checkpoint.from_json(data.get("replay"), len(rules.sides))
        figures = data.get("seats")
        pending = "pending" in data
        if (
            checkpoint is None
            or checkpoint.hands + pending != self.hand_count
            or not isinstance(figures, list)
            or len(figures) != rules.players
            or not all(
                isinstance(seat, list)
                and len(seat) == len(ADDED)
                and all(type(value) is int for value in seat)
                for seat in figures
            )
        ):
            return None
        return ResumePoint(checkpoint, pending, data.get("pending"), figures)

    def save_summary(
        self,
        result: scoring.GameResult,
        hand_count: int,
        *,
        history_changed: bool = False,
        scored_hands_changed: bool = True,
    ) -> None:
        """Keep the summary of a fresh replay; the caller holds the game's row lock.

        `result` is a replay from the first hand, or one resumed from this version's
        `resume_point` (holding only the hands after it). A write that only adds or takes back
        the bids of the hand being played changes no scored hand (nor the end of the game), so
        the player statistics stay as they are."""
        from games import stats  # stats reads these models

        before = None
        if result.resumed_from is not None:
            point = self.resume_point()
            # A resumed replay goes on from this version's checkpoint, and no other.
            assert point is not None
            assert point.checkpoint == result.resumed_from
            before = point.seats
        lines = stats.seats(result, before)
        checkpoint = result.checkpoint()
        self.hand_count = hand_count
        self.scores = [side.score for side in result.sides]
        self.finished = result.finished
        self.winner = result.winner
        if not result.finished:
            self.finished_at = None
        elif self.finished_at is None:
            self.finished_at = timezone.now()
        self.checkpoint = None
        if checkpoint is not None:
            self.checkpoint = {
                "version": self.version + 1,  # the version bump_version moves on to
                "replay": checkpoint.to_json(),
                "seats": stats.added(lines),
            }
            if result.pending is not None:
                # The bids as the hand's row keeps them (a 0 that is nil is stored as nil).
                bids = None if result.pending.bids_itself else list(result.pending.bids)
                self.checkpoint["pending"] = bids
        self.bump_version(
            "hand_count",
            "scores",
            "finished",
            "winner",
            "finished_at",
            "checkpoint",
            history_changed=history_changed,
        )
        if scored_hands_changed:
            PlayerRecord.objects.bulk_create(
                stats.records_for(self, lines),
                update_conflicts=True,
                unique_fields=["game", "seat"],
                update_fields=["name", "name_key", *stats.KEPT],
            )

    def bump_version(self, *fields: str, history_changed: bool = False) -> None:
        """The one way a game changes: save `fields` and move the version on, so every cached
        part, ETag and open form of the old version is known to be stale.

        A change that leaves the hands as they were (a note, a link) carries the checkpoint on
        to the new version, if this instance read it and it was this version's; a write of the
        hands saves a new one (`save_summary`, with "checkpoint" among `fields`)."""
        carried = (
            "checkpoint" not in fields
            and "checkpoint" not in self.get_deferred_fields()
            and self.resume_point() is not None
        )
        self.version += 1
        names = ["version", "updated_at", *fields]
        if carried and isinstance(self.checkpoint, dict):
            self.checkpoint = {**self.checkpoint, "version": self.version}
            names.append("checkpoint")
        if history_changed:
            self.history_version += 1
            names.append("history_version")
        self.save(update_fields=names)

    def set_note(self, note: str) -> None:
        """The game's own note; the caller holds the game's row lock."""
        self.note = note
        self.bump_version("note")

    def set_hand_note(self, number: int, note: str) -> bool:
        """Hand `number`'s note; False if there is no such hand. The history rows are cached
        per `history_version`, so it moves on and the row is drawn again with its note."""
        if not self.hands.filter(number=number).update(note=note, updated_at=timezone.now()):
            return False
        self.forget_hand_notes()
        self.bump_version(history_changed=True)
        return True

    def forget_hand_notes(self) -> None:
        """The notes read with this instance are stale: the next `hand_notes` asks again."""
        self._hand_notes = None
        self._last_hand_note = None

    def new_hand_note(self, number: int, note: str) -> None:
        """Hand `number`'s note as a write read it (or made the hand): a recorded step draws
        that hand's row, and `hand_notes` then needs no query for it."""
        self._last_hand_note = (number, note)

    def hand_notes(self, numbers=None) -> dict[int, str]:
        """The notes of the hands that have one, by hand number (of `numbers` if given): from
        `recorded_hands` when it has run on this instance (or for the one hand a write read
        the note of), else one query."""
        known = getattr(self, "_hand_notes", None)
        if known is not None:
            wanted = known if numbers is None else set(numbers)
            return {number: note for number, note in known.items() if number in wanted}
        last = getattr(self, "_last_hand_note", None)
        if last is not None and numbers is not None and set(numbers) <= {last[0]}:
            return {last[0]: last[1]} if last[1] and numbers else {}
        rows = self.hands.exclude(note="")
        if numbers is not None and len(numbers) <= 500:  # else all of them: one query either way
            rows = rows.filter(number__in=list(numbers))
        return dict(rows.values_list("number", "note"))

    def set_watch_link(self, *, enabled: bool, new_token: bool = False) -> None:
        """Turn the watch link on or off, or replace it (the old one stops working)."""
        self.watch_enabled = enabled
        fields = ["watch_enabled"]
        if new_token:
            self.watch_token = new_watch_token()
            fields.append("watch_token")
        self.bump_version(*fields)


@dataclass(frozen=True)
class ResumePoint:
    """A game's checkpoint as `Game.resume_point` reads it back: where a replay of its next
    hand goes on from, whether a hand is being played and its bids (as its row keeps them,
    None for a hand that bids itself), and each seat's figures so far (`stats.added`)."""

    checkpoint: scoring.Checkpoint
    pending: bool
    pending_bids: list | None
    seats: list[list[int]]


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    bids = models.JSONField()
    # Null while the hand is being played; a side's total may sit on one partner with null
    # for the other, as in the game file.
    tricks = models.JSONField(null=True, blank=True)
    note = models.CharField(max_length=MAX_NOTE, blank=True, default="")
    recorded_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # Two phones posting the same hand record it once.
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="hand_number_positive"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of game {self.game_id}"

    def to_scoring(self) -> scoring.Hand:
        return _hand(self.bids, self.tricks)


class PlayerRecord(models.Model):
    """One seat's figures in one game, for player statistics; like the summary, a cache of a
    replay, rebuilt with it on every write (`Game.save_summary`)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="player_records")
    seat = models.PositiveSmallIntegerField()
    name = models.TextField()
    name_key = models.TextField()  # the name casefolded: one player however it is typed
    finished = models.PositiveSmallIntegerField(default=0)  # 1 if the game is over
    wins = models.PositiveSmallIntegerField(default=0)  # 1 if this seat's side won it
    hands = models.PositiveIntegerField(default=0)
    number_bids = models.PositiveIntegerField(default=0)
    contracts_made = models.PositiveIntegerField(default=0)
    times_set = models.PositiveIntegerField(default=0)
    nils = models.PositiveIntegerField(default=0)
    nils_made = models.PositiveIntegerField(default=0)
    blind_nils = models.PositiveIntegerField(default=0)
    blind_nils_made = models.PositiveIntegerField(default=0)
    bags = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_record_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in game {self.game_id}"


class Restore(models.Model):
    """An import of a file of games, staged whole and then imported a batch of games per
    request, one transaction per game: no request runs long, no other writer waits long, and
    an interrupted import goes on where it stopped without importing a game twice."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="restores"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    filename = models.CharField(max_length=200, blank=True)
    total = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"import {self.pk} of {self.filename or 'a file'}"

    def get_absolute_url(self) -> str:
        return reverse("import_progress", args=[self.pk])


class RestoreItem(models.Model):
    """One game of a restore: as read and checked from the file, then its outcome."""

    restore = models.ForeignKey(Restore, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveIntegerField()  # 1 for the file's first game
    # The game's "id" in the file and the "id" it is a rematch of: links within the file.
    key = models.CharField(max_length=64, blank=True)
    rematch_of = models.CharField(max_length=64, blank=True)
    # The "id" of the game's table in the file: games sharing it share a table again.
    table_key = models.CharField(max_length=64, blank=True)
    title = models.CharField(max_length=200)
    data = models.TextField()  # the game as JSON text, emptied once imported
    done = models.BooleanField(default=False)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    outcome = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["restore", "position"], name="one_item_per_position")
        ]
        indexes = [
            models.Index(fields=["restore", "done", "position"], name="restore_next"),
            models.Index(fields=["restore", "key"], name="restore_key"),
        ]

    def __str__(self) -> str:
        return f"game {self.position} of import {self.restore_id}"
