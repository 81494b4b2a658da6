"""A game is its players, its rules and its recorded hands; everything else is a replay.

`Game` keeps a small summary (scores, finished, winner, hand count) so lists of games need no
replay. It is a cache: every write rebuilds it from the hands (`Game.refresh_summary`), and the
tests check it against a fresh replay.
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from games import scoring


def new_watch_token() -> str:
    return secrets.token_urlsafe(24)


def _hand(bids: list | None, tricks: list | None) -> scoring.Hand:
    """A stored hand as the scoring package takes it (null bids: a hand that bids itself)."""
    return scoring.Hand(
        None if bids is None else tuple(bids), None if tricks is None else tuple(tricks)
    )


class Game(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    name = models.CharField(max_length=200, blank=True)
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

    # The players' names, lowercase between bars ("|ann|ben|cat|dan|"), for the history's
    # player filter: JSONField lookups on a list don't work on SQLite.
    player_names = models.CharField(max_length=200, default="", editable=False)
    # The read-only link anyone may open to follow the game: /watch/<token>/.
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

    def rules_obj(self) -> scoring.Rules:
        """The stored rules, read once per instance: lists of games ask for them often."""
        if getattr(self, "_rules", None) is None or self._rules_from is not self.rules:
            self._rules = scoring.Rules.from_dict(self.rules)
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
        return [_hand(bids, tricks) for bids, tricks in self.hands.values_list("bids", "tricks")]

    @staticmethod
    def hands_by_game(games) -> dict[int, list[scoring.Hand]]:
        """Every hand of many games in one query, each game's in order."""
        by_game: dict[int, list[scoring.Hand]] = {game.pk: [] for game in games}
        rows = Hand.objects.filter(game__in=list(by_game)).order_by("game_id", "number")
        for game_id, bids, tricks in rows.values_list("game_id", "bids", "tricks"):
            by_game[game_id].append(_hand(bids, tricks))
        return by_game

    def replay(
        self, hands: list[scoring.Hand] | None = None, *, rules=None, strict=True
    ) -> scoring.GameResult:
        """Score the recorded hands; `hands` may be given to avoid a query."""
        if hands is None:
            hands = self.recorded_hands()
        return scoring.score_game(
            rules or self.rules_obj(),
            hands,
            players=self.players,
            first_dealer=self.first_dealer,
            strict=strict,
        )

    def save_summary(
        self, result: scoring.GameResult, hand_count: int, *, history_changed: bool = False
    ) -> None:
        """Keep the summary of a fresh replay; the caller holds the game's row lock."""
        self.hand_count = hand_count
        self.scores = [side.score for side in result.sides]
        self.finished = result.finished
        self.winner = result.winner
        self.bump_version(
            "hand_count", "scores", "finished", "winner", history_changed=history_changed
        )

    def bump_version(self, *fields: str, history_changed: bool = False) -> None:
        """The one way a game changes: save `fields` and move the version on, so every cached
        part, ETag and open form of the old version is known to be stale."""
        self.version += 1
        names = ["version", "updated_at", *fields]
        if history_changed:
            self.history_version += 1
            names.append("history_version")
        self.save(update_fields=names)

    def set_watch_link(self, *, enabled: bool, new_token: bool = False) -> None:
        """Turn the watch link on or off, or replace it (the old one stops working)."""
        self.watch_enabled = enabled
        fields = ["watch_enabled"]
        if new_token:
            self.watch_token = new_watch_token()
            fields.append("watch_token")
        self.bump_version(*fields)


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    bids = models.JSONField()
    # Null while the hand is being played; a side's total may sit on one partner with null
    # for the other, as in the game file.
    tricks = models.JSONField(null=True, blank=True)
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
