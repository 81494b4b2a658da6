"""A game of Oh Hell, Wizard or Call Break at the table: its players, rules and hands.

Like a Spades game, everything shown is a replay of the recorded hands
(`games.scoring.card_games.replay`); the game keeps a small summary of the last one (totals,
finished, winners) for lists, rebuilt on every write by `games.cards.services`.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import models
from django.db.models import Q
from django.urls import reverse

from games.models import new_watch_token
from games.scoring import card_games
from games.scoring.card_games.table import Recorded
from games.scoring.limits import MAX_GAME_NAME, MAX_NOTE

# How far down a chain of rematches a scoring phone left on an early game is sent on.
REMATCHES_FOLLOWED = 50

GAME_CHOICES = [(game.name, game.title) for game in card_games.GAMES.values()]


def game_title(kind: card_games.CardGame, name: str | None, players: Sequence[str]) -> str:
    """A card game's title: its name, or the game and its players ("Oh Hell: Ann, Ben, Cat");
    a file's game is named so before it is saved."""
    return name or f"{kind.title}: {', '.join(players)}"


class CardsGameQuerySet(models.QuerySet["CardsGame"]):
    def owned_by(self, user: AbstractBaseUser | AnonymousUser) -> CardsGameQuerySet:
        """THE rule of access: a card game is its owner's alone; anyone else gets a 404."""
        return self.filter(owner_id=user.pk) if user.is_authenticated else self.none()

    def open_to(
        self, user: AbstractBaseUser | AnonymousUser, tokens: Sequence[str] = ()
    ) -> CardsGameQuerySet:
        """The rule for the scoring pages (the game, its steps, undo, corrections, rematch):
        the owner's games, and those whose scoring link this browser opened, while that link
        is still the game's (`score_token`)."""
        rule = Q(owner_id=user.pk) if user.is_authenticated else Q(pk__in=[])
        if tokens:
            rule |= Q(score_token__in=list(tokens))
        return self.filter(rule)

    def moved_on(self, tokens: Sequence[str], pk: int) -> CardsGame | None:
        """The rematch that game `pk`'s scoring link moved on to, if this browser holds the
        link there now: a scoring phone left on the earlier game follows the table instead of
        meeting a 404. Rematches are followed one by one, as far as a long evening goes."""
        if not tokens:
            return None
        earlier = pk
        for _ in range(REMATCHES_FOLLOWED):
            # `rematch_of__pk`, not `rematch_of_id`: a pk lookup finds nothing for a number
            # past the column's range, where the other raises.
            later = self.filter(rematch_of__pk=earlier).values_list("pk", "score_token").first()
            if later is None:
                return None
            earlier, token = later
            if token is not None and token in tokens:
                return self.get(pk=earlier)
        return None


class CardsGame(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_games"
    )
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    name = models.CharField(max_length=MAX_GAME_NAME, blank=True)
    note = models.CharField(max_length=MAX_NOTE, blank=True, default="")
    players = models.JSONField(help_text="Player names in order of play; the first deals first.")
    # The preset and every setting's value, as a card-game/1 file's "rules".
    rules = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Moves on with every change: an ETag, and the guard against a stale undo.
    version = models.PositiveIntegerField(default=0)

    # Summary of a replay, rebuilt on every write.
    hand_count = models.PositiveIntegerField(default=0)  # hands played out
    totals = models.JSONField(default=list)  # in the game's units (Call Break: tenths)
    finished = models.BooleanField(default=False)
    winners = models.JSONField(default=list)
    finished_at = models.DateTimeField(null=True, blank=True)

    # The game a Rematch started from; one rematch per game, however many phones tap it.
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # The watch link: a page anyone with it may follow, read only.
    watch_token = models.CharField(max_length=64, unique=True, default=new_watch_token)
    watch_enabled = models.BooleanField(default=True)
    # The scoring link: a phone that opens it may score this game (off, null, until the
    # owner turns it on; a new token each time, so an old one never comes back to life).
    score_token = models.CharField(max_length=64, unique=True, null=True, blank=True, default=None)

    objects = CardsGameQuerySet.as_manager()

    class Meta:
        indexes = [
            models.Index(fields=["owner", "-updated_at"], name="cards_owner_list"),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("cards_game", args=[self.pk])

    @property
    def kind(self) -> card_games.CardGame:
        return card_games.GAMES[self.game]

    @property
    def title(self) -> str:
        return game_title(self.kind, self.name, self.players)

    def rules_obj(self) -> card_games.GameRules:
        """The stored rules, made once per instance."""
        made = self.__dict__.get("_made_rules")
        if made is None:
            made = self.__dict__["_made_rules"] = self.kind.rules(self.rules)
        return made

    @property
    def preset(self) -> card_games.CardPreset:
        return self.kind.presets[str(self.rules.get("preset", self.kind.default_preset))]

    def recorded(self) -> list[Recorded]:
        """The hands in order, as the table module takes them: one query."""
        rows = self.hands.order_by("number").values_list("cards", "bids", "tricks")
        return [
            Recorded(cards, tuple(bids), None if tricks is None else tuple(tricks))
            for cards, bids, tricks in rows
        ]

    def recorded_with_notes(self) -> tuple[list[Recorded], dict[int, str]]:
        """The hands in order and the notes of those that have one, by number: one query."""
        hands: list[Recorded] = []
        notes: dict[int, str] = {}
        rows = self.hands.order_by("number").values_list("cards", "bids", "tricks", "note")
        for number, (cards, bids, tricks, note) in enumerate(rows, start=1):
            hands.append(Recorded(cards, tuple(bids), None if tricks is None else tuple(tricks)))
            if note:
                notes[number] = note
        return hands, notes

    def replay(self, hands: list[Recorded] | None = None) -> card_games.Result:
        """The played-out hands scored (a hand whose tricks are still to come is left out)."""
        hands = self.recorded() if hands is None else hands
        return card_games.replay(
            self.rules_obj(), self.players, [hand.as_input() for hand in hands if hand.played]
        )

    def points(self, units: int) -> int | float:
        return card_games.points_value(units, self.rules_obj().scale)

    def standings(self) -> list[tuple[str, int | float]]:
        """Each player's name and total from the summary, for lists of games."""
        totals = self.totals or [0] * len(self.players)
        return [
            (name, self.points(total)) for name, total in zip(self.players, totals, strict=True)
        ]


class CardsHand(models.Model):
    game = models.ForeignKey(CardsGame, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    cards = models.PositiveSmallIntegerField()  # dealt to each player
    bids = models.JSONField()
    tricks = models.JSONField(null=True, blank=True)  # null while the hand is played
    note = models.CharField(max_length=MAX_NOTE, blank=True, default="")
    recorded_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # Two phones posting the same hand record it once.
            models.UniqueConstraint(fields=["game", "number"], name="one_card_hand_per_number"),
            models.CheckConstraint(
                condition=models.Q(number__gte=1), name="card_hand_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of card game {self.game_id}"
