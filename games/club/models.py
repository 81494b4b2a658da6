"""A club night: an event of many tables, its teams, its rounds and what happened at each table.

Each table of a round plays an ordinary game of the app, owned by the event's director and
played on the event's card table of that number, whose scoring link (on the printed table card)
follows the table from round to round. Nothing here is a score: the standings and the next
round are worked out from the games each time, by `games.events` (`club.reads.summary`).
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from games import events
from games.models import Game, Table


def new_board_token() -> str:
    return secrets.token_urlsafe(18)


def standard_points() -> dict[str, int]:
    return {"win": 2, "draw": 1, "loss": 0, "bye": 2}


def standard_ranking() -> list[str]:
    return ["match_points", "point_difference", "points_for"]


class Event(models.Model):
    PAIRINGS = [
        ("swiss", "Swiss: teams of like standing meet, no rematch where one can be avoided"),
        ("round_robin", "Round robin: every team meets every other once"),
        ("king_of_the_hill", "Winners play winners: first against second, and so on down"),
        ("single_elimination", "Single elimination: a team is out after one loss"),
        ("double_elimination", "Double elimination: out after two losses; the final may be reset"),
        (
            "progressive",
            "Progressive: players in fours; seat 1 stays, seat 3 moves down a table, seat 2 up "
            "one and seat 4 up two; each player's own total counts",
        ),
        (
            "most_wins",
            "Most wins, then a playoff: a Swiss session ranked by wins, then the best teams "
            "play a single elimination",
        ),
    ]

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events"
    )
    name = models.CharField(max_length=200)
    rules = models.JSONField(help_text="Every rule setting each table's game plays.")
    preset = models.CharField(max_length=40, default="standard")
    pairing = models.CharField(max_length=30, choices=PAIRINGS, default="swiss")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # null: the format's own
    points = models.JSONField(default=standard_points)
    ranking = models.JSONField(default=standard_ranking)
    round_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    # A most-wins event: how many of the session's best teams play off (null for the others).
    playoff = models.PositiveSmallIntegerField(null=True, blank=True)
    board_token = models.CharField(max_length=64, unique=True, default=new_board_token)
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every change to the event or one of its games: the board's ETag.
    version = models.PositiveIntegerField(default=0)
    # Entry: the last round a late team may join (null: any, where the format takes late
    # teams), and the players who came alone, waiting to be drawn into teams at check-in.
    entries_until = models.PositiveSmallIntegerField(null=True, blank=True)
    solos = models.JSONField(default=list, blank=True)
    # How an elimination seeds its bracket; a random one is drawn from `seed`, kept so the
    # event file (and `manage.py event`) draws the same bracket as the app.
    SEEDINGS = [
        ("standings", "From the standings: the order the teams were entered, strongest first"),
        ("random", "At random: a draw the event file keeps"),
    ]
    seeding = models.CharField(max_length=20, choices=SEEDINGS, default="standings")
    seed = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club:event", args=[self.pk])

    @property
    def individual(self) -> bool:
        """A progressive night: each entry is one player, seated four to a table (the
        format says: `games.events.formats`)."""
        return events.format_for(self.pairing).individual

    def bump(self) -> None:
        """The event changed: its board and standings are drawn again."""
        Event.objects.filter(pk=self.pk).update(version=models.F("version") + 1)


class EventTeam(models.Model):
    """A team of two, entered in the event; `position` is its number in the event's file."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)
    players = models.JSONField()
    withdrawn = models.BooleanField(default=False)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "position"], name="one_team_per_position")
        ]

    def __str__(self) -> str:
        return self.name


class CardTable(models.Model):
    """Table N of the room: the app's card table every round's game at that number is played
    on, so its scoring link, printed on the table card, works all evening."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="cards")
    number = models.PositiveSmallIntegerField()
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="card")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_card_per_number")
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.event}"


class EventRound(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="event_rounds")
    number = models.PositiveSmallIntegerField()
    byes = models.JSONField(default=list)  # team positions sitting this round out
    # A most-wins event's rounds are its session's, then its playoff's.
    stage = models.CharField(
        max_length=10, choices=[("session", "Session"), ("playoff", "Playoff")], default="session"
    )
    # The round's clock: when time is called for every table still playing.
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    time_called = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of {self.event}"


class Seating(models.Model):
    """Who plays at one table in one round, and the game they play there."""

    round = models.ForeignKey(EventRound, on_delete=models.CASCADE, related_name="seatings")
    number = models.PositiveSmallIntegerField()
    teams = models.JSONField()  # two team positions: the first sits in seats 1 and 3
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="seating")
    # A player of the other side confirmed the result on the scoring phone.
    confirmed_by = models.CharField(max_length=80, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The director changed the game after its result was confirmed (the log says what).
    corrected_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_seating_per_table")
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.round}"


class Penalty(models.Model):
    """A penalty on a team in one table's game: points off its score there, a forfeit, or
    `tricks` of hand `hand` given to the opponents (the game counted scored again)."""

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="penalties")
    team = models.PositiveSmallIntegerField()  # the team's position
    points = models.PositiveIntegerField(default=0)
    forfeit = models.BooleanField(default=False)
    hand = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks = models.PositiveSmallIntegerField(default=0)
    reason = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"penalty on team {self.team} at {self.seating}"


class LogEntry(models.Model):
    """Every change to an event, with who made it and when."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log")
    at = models.DateTimeField(auto_now_add=True)
    who = models.CharField(max_length=150)
    what = models.CharField(max_length=300)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return self.what

    @classmethod
    def write(cls, event: Event, who: object, what: str) -> "LogEntry":
        """A line of the log, cut to fit its columns however long the names in it are."""
        name = getattr(who, "get_username", lambda: str(who))()
        return cls.objects.create(event=event, who=_fit(name, 150), what=_fit(what, 300))


def _fit(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "\N{HORIZONTAL ELLIPSIS}"


class EventImport(models.Model):
    """An event file read and checked whole, its tables' games being imported a slice at a
    time (`club.imports.import_some`), each game in a short transaction of its own so the
    room's other tables keep playing. The event itself (teams, rounds, tables, penalties) is
    made in one short transaction once every game is in: until then there is no event to
    show, and an import cut short is taken up again where it stopped, or discarded whole."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_imports"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    name = models.CharField(max_length=200)
    # The event without its games: settings, teams, each round's tables and byes, penalties.
    plan = models.JSONField()
    # Card table number (as text) -> the pk of the app's table its games are played on.
    tables = models.JSONField(default=dict)
    # The games to import, and whether every one is staged (only a sealed import is imported).
    total = models.PositiveIntegerField(default=0)
    sealed = models.BooleanField(default=False)
    event = models.OneToOneField(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="imported_from"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"import of {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("club:import_event_progress", args=[self.pk])


class EventImportGame(models.Model):
    """One table's game of an event being imported, as a game file, until it is made."""

    staged = models.ForeignKey(EventImport, on_delete=models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    data = models.TextField()
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["staged", "round", "number"], name="one_import_game_per_table"
            )
        ]

    def __str__(self) -> str:
        return f"round {self.round}, table {self.number} of {self.staged}"
