"""A game is its players, its rules and its recorded hands; everything else is a replay.

`Game` keeps a small summary (scores, finished, winner, hand count) and each seat's figures
(`PlayerRecord`) so that lists of games and player statistics need no replay. Both are rebuilt
from a replay of the hands on every write (`games.services`), and the tests check them against
a fresh one.
"""

import hashlib
import json
import secrets
from collections.abc import Iterable, Sequence

from django.apps import apps
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import models, transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from games import scoring
from games.access import Access
from games.scoring.limits import MAX_NOTE


def new_watch_token() -> str:
    return secrets.token_urlsafe(24)


def stored_hand(
    bids: Sequence[scoring.Bid | None] | None, tricks: Sequence[int | None] | None
) -> scoring.Hand:
    """A stored hand as the scoring package takes it (null bids: a hand that bids itself)."""
    return scoring.Hand(
        None if bids is None else tuple(bids), None if tricks is None else tuple(tricks)
    )


def _bids_with_zero_as_nil(
    rules: scoring.Rules, bids: Sequence[scoring.Bid | None] | None
) -> list[scoring.Bid | None] | None:
    """The bids as a list, as the table stores them: under rules where a 0 bid is nil, a 0 is
    written "nil", so a game fingerprints the same however its file wrote a nil."""
    if bids is None or not rules.zero_is_nil:
        return None if bids is None else list(bids)
    return [scoring.NIL if bid == 0 and type(bid) is int else bid for bid in bids]


def fingerprint(
    players: Sequence[str],
    rules: scoring.Rules,
    first_dealer: int,
    hands: Sequence[scoring.Hand],
    time_called: int | None = None,
) -> str:
    """What makes two games the same game: players, rules, first dealer, every hand and when
    the time was called. A game keeps its own (`Game.fingerprint`), so an import finds a game
    already here by a lookup; the game's file has the fingerprint of the game it came from."""
    content: dict[str, object] = {
        "players": list(players),
        "rules": rules.to_dict(),
        "first_dealer": first_dealer,
        "hands": [
            [
                _bids_with_zero_as_nil(rules, hand.bids),
                None if hand.tricks is None else list(hand.tricks),
            ]
            for hand in hands
        ],
    }
    if time_called is not None:
        content["time_called"] = time_called
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


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
        watch links that lead here (`OldWatchLink`): whoever the owner meant to shut out may
        hold one of those too."""
        self.watch_enabled = enabled
        fields = ["watch_enabled"]
        if new_token:
            self.watch_token = new_watch_token()
            fields.append("watch_token")
            self.old_watch_links.all().delete()
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


class OldWatchLink(models.Model):
    """A game's own watch link from before table links (/watch/<token>/), kept so that a link
    someone bookmarked still works: it now leads to its game's table link, and so follows the
    table as that link does. It works while the table's link is on, and ends for good when the
    owner replaces the table's link. No new ones are made."""

    token = models.CharField(max_length=64, unique=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="old_watch_links")

    def __str__(self) -> str:
        return f"old watch link of table {self.table_id}"


class GameQuerySet(models.QuerySet["Game"]):
    def owned_by(self, user: AbstractBaseUser | AnonymousUser) -> "GameQuerySet":
        return self.filter(owner_id=user.pk) if user.is_authenticated else self.none()

    def open_to(self, access: Access) -> "GameQuerySet":
        """THE rule of access, used by every page that opens a game and by every write: the
        owner's games, and for a scoring request also the current game of each table whose
        scoring link this browser opened, while that link is still the table's."""
        rule = Q(owner=access.user) if access.user.is_authenticated else Q(pk__in=[])
        if access.scoring and access.grants:
            granted = Q(pk__in=[])
            for table, token in access.grants:
                granted |= Q(table_id=table, table__score_token=token)
            later = Game.objects.filter(table_id=OuterRef("table_id"), pk__gt=OuterRef("pk"))
            rule |= granted & Q(~Exists(later))
        return self.filter(rule)

    def moved_on(self, access: Access, pk: int) -> "Game | None":
        """The game a table plays now, if game `pk` is an earlier game of a table whose scoring
        link this browser holds (the next round's game at a club night, a rematch): a phone
        left on the old game follows its table there instead of meeting a 404."""
        if not (access.scoring and access.grants):
            return None
        table = self.filter(pk=pk).values_list("table_id", flat=True).first()
        if table is None or all(granted != table for granted, _ in access.grants):
            return None
        current = self.open_to(access).filter(table_id=table).order_by("-pk").first()
        return current if current is not None and current.pk != pk else None

    def counts(self) -> tuple[int, int]:
        """How many games, and hands in them: what an account's limits are counted on."""
        held = self.aggregate(games=models.Count("pk"), hands=models.Sum("hand_count"))
        return held["games"], held["hands"] or 0


def account_counts(owner_id: int | None) -> tuple[int, int]:
    """How many games an account keeps and how many hands are in them, Spades and the card
    games (Oh Hell, Wizard, Call Break) together: what its limits are counted on. The card
    games' model is asked for by name: the cards app builds on this one."""
    games, hands = Game.objects.filter(owner_id=owner_id).counts()
    card_games = apps.get_model("cards", "CardsGame").objects.filter(owner_id=owner_id)
    held = card_games.aggregate(
        games=models.Count("pk", distinct=True), hands=models.Count("hands")
    )
    return games + held["games"], hands + held["hands"]


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
    # The hand during which the time was called (null: not called). The game ends once that
    # hand is played out; it is part of what is recorded, like a hand, so a replay reads it.
    time_called = models.PositiveIntegerField(null=True, blank=True)
    # The entry steps recorded when it was called (`scoring.steps.steps_recorded`): an undo takes
    # the call back first while no step has been recorded since.
    time_called_after = models.PositiveIntegerField(null=True, blank=True)
    # A round clock's zero (a club night's round): the first step recorded after it calls
    # the time first, so a table's result never waits for someone to look at the board.
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    # When the hand that ended the game was recorded; kept by a restore.
    finished_at = models.DateTimeField(null=True, blank=True)

    # The players' names, lowercase between bars ("|ann|ben|cat|dan|"), for the history's
    # player filter: JSONField lookups on a list don't work on SQLite.
    player_names = models.TextField(default="", editable=False)  # names can be 160 code points
    # The table it was played at; a rematch joins its game's table.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="games")
    # The game a Rematch started from; one rematch per game, however many phones tap it.
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # Played at a club night's table: every write asks the event's rules first
    # (`services.TableRules`); other games never ask, so a step at home costs no query more.
    at_event = models.BooleanField(default=False, editable=False)
    # `fingerprint` of the players, rules, first dealer and hands, kept with every write of the
    # hands: an import looks a game up by it instead of comparing it with every game.
    fingerprint = models.CharField(max_length=64, default="", editable=False)

    objects = GameQuerySet.as_manager()

    class Meta:
        indexes = [
            models.Index(fields=["owner", "finished", "-updated_at"], name="game_owner_list"),
            models.Index(fields=["owner", "fingerprint"], name="game_owner_fingerprint"),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    @property
    def title(self) -> str:
        return self.name or " vs ".join(self.side_names())

    def clock_due(self) -> bool:
        """The round clock has passed zero and the time is not called yet."""
        return (
            self.clock_ends_at is not None
            and self.clock_ends_at <= timezone.now()
            and self.time_called is None
            and not self.finished
        )

    def rules_obj(self) -> scoring.Rules:
        """The stored rules, parsed once per instance: lists of games ask for them often."""
        parsed: tuple[object, scoring.Rules] | None = self.__dict__.get("_parsed_rules")
        if parsed is None or parsed[0] is not self.rules:
            parsed = (self.rules, scoring.Rules.from_dict(self.rules))
            self.__dict__["_parsed_rules"] = parsed
        return parsed[1]

    def side_names(self) -> list[str]:
        return [
            " + ".join(self.players[seat] for seat in seats) for seats in self.rules_obj().sides
        ]

    def side_scores(self) -> list[tuple[str, int]]:
        """Each side's name and its score from the summary, for lists of games."""
        names = self.side_names()
        scores = self.scores or [0] * len(names)
        return list(zip(names, scores, strict=True))

    def recorded(self) -> tuple[list[scoring.Hand], dict[int, str]]:
        """The hands in order (hand n at index n - 1), as the scoring package takes them, and
        the notes of those that have one, by number: one query."""
        hands: list[scoring.Hand] = []
        notes: dict[int, str] = {}
        rows = self.hands.order_by("number").values_list("bids", "tricks", "note")
        for number, (bids, tricks, note) in enumerate(rows, start=1):
            hands.append(stored_hand(bids, tricks))
            if note:
                notes[number] = note
        return hands, notes

    def recorded_hands(self) -> list[scoring.Hand]:
        return self.recorded()[0]

    def hand_notes(self) -> dict[int, str]:
        """The notes of the hands that have one, by hand number."""
        return dict(self.hands.exclude(note="").values_list("number", "note"))

    @staticmethod
    def hands_by_game(games: Iterable["Game"]) -> dict[int, list[scoring.Hand]]:
        """Every hand of many games in one query, each game's in order."""
        by_game: dict[int, list[scoring.Hand]] = {game.pk: [] for game in games}
        rows = Hand.objects.filter(game__in=list(by_game)).order_by("game_id", "number")
        for game_id, bids, tricks in rows.values_list("game_id", "bids", "tricks"):
            by_game[game_id].append(stored_hand(bids, tricks))
        return by_game

    def replay(
        self,
        hands: list[scoring.Hand] | None = None,
        *,
        rules: scoring.Rules | None = None,
        strict: bool = True,
    ) -> scoring.GameResult:
        """Score the recorded hands; `hands` may be given to save the query."""
        return scoring.score_game(
            rules or self.rules_obj(),
            self.recorded_hands() if hands is None else hands,
            players=self.players,
            first_dealer=self.first_dealer,
            strict=strict,
            time_called=self.time_called,
        )

    def save_summary(
        self,
        result: scoring.GameResult,
        *,
        hands: Sequence[scoring.Hand] | None = None,
        history_changed: bool = False,
        figures: bool = True,
        also: Sequence[str] = (),
    ) -> None:
        """Keep the summary of a fresh replay of every recorded hand, and with `figures` each
        seat's figures too; the caller holds the game's row lock. A step leaves the figures
        behind (`figures=False`): the statistics page replays a game whose figures are older
        than its version (`stats.refresh`). `hands` are the hands replayed, when they
        changed: the fingerprint follows them."""
        from games import stats  # stats reads these models

        changed = ["hand_count", "scores", "finished", "winner", "finished_at"]
        if hands is not None:
            self.fingerprint = fingerprint(
                self.players, self.rules_obj(), self.first_dealer, hands, self.time_called
            )
            changed.append("fingerprint")
        self.hand_count = result.recorded
        self.scores = [side.score for side in result.sides]
        self.finished = result.finished
        self.winner = result.winner
        if not result.finished:
            self.finished_at = None
        elif self.finished_at is None:
            self.finished_at = timezone.now()
        self.bump_version(*changed, *also, history_changed=history_changed)
        if figures:
            stats.keep_figures([(self, result)])

    def bump_version(self, *fields: str, history_changed: bool = False) -> None:
        """The one way a game changes: save `fields` and move the version on, so every cached
        part, ETag and open form of the old version is known to be stale."""
        self.version += 1
        names = ["version", "updated_at", *fields]
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
        self.bump_version(history_changed=True)
        return True


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
        return stored_hand(self.bids, self.tricks)


class PlayerRecord(models.Model):
    """One seat's figures in one game, for player statistics; like the summary, a cache of a
    replay, kept with the game's version it was replayed at: a write rebuilds it
    (`Game.save_summary`) except a step, after which the statistics page does."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="player_records")
    seat = models.PositiveSmallIntegerField()
    # The game's version these figures are a replay of: older than the game's, they are stale.
    game_version = models.PositiveIntegerField(default=0)
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
    # An Oh Hell, Wizard or Call Break game the item became (named by its app: it builds on
    # this one).
    cards_game = models.ForeignKey(
        "cards.CardsGame", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
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


class CacheGeneration(models.Model):
    """The database's cache generation (`games.generation`): one row, made anew by every
    migrate, so a restored database never shares cache keys with its old timeline."""

    value = models.CharField(max_length=32)

    def __str__(self) -> str:
        return f"cache generation {self.value}"
