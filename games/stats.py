"""Player statistics across a user's games, kept with each game so the page never replays.

Every write to a game saves each seat's figures for that game (`PlayerRecord`, rebuilt by
`Game.save_summary` from the same replay as the summary), and the page asks the database to add
them up: the same few queries whether the account holds ten games or five thousand. A player is
known by name, compared without regard to case, because the same people sit down under the same
names game after game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from django.db.models import Count, Exists, Max, OuterRef, Sum

from games import scoring
from games.models import Game, PlayerRecord
from scorekeeper.write_turns import writing

# At most this many games replayed for one look at the page; the rest on the next look. A
# table's games are one or two; a restore keeps its games' figures itself.
REFRESH_AT_ONCE = 500


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    number_bids: int = 0  # hands where the player bid a number of tricks
    contracts_made: int = 0  # ... and the player's side made its contract
    times_set: int = 0  # ... and the side was set
    nils: int = 0
    nils_made: int = 0
    blind_nils: int = 0
    blind_nils_made: int = 0
    bags: int = 0  # bags the player's side took in the hands the player played

    @property
    def made_rate(self) -> float | None:
        return _rate(self.contracts_made, self.number_bids)

    @property
    def nil_rate(self) -> float | None:
        return _rate(self.nils_made, self.nils)

    @property
    def blind_nil_rate(self) -> float | None:
        return _rate(self.blind_nils_made, self.blind_nils)

    @property
    def bags_per_hand(self) -> float | None:
        return _rate(self.bags, self.hands)

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.finished)

    def add(self, other: PlayerStats) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))


# The figures that add up across games; a PlayerRecord keeps each of them but `games`.
COUNTS = tuple(field.name for field in fields(PlayerStats) if field.name != "name")
KEPT = tuple(name for name in COUNTS if name != "games")


@dataclass(frozen=True)
class Report:
    players: list[PlayerStats]
    games: int
    unreadable: int  # games whose hands no longer replay under their rules


def seats(result: scoring.GameResult) -> list[PlayerStats]:
    """Each seat's figures in one game, in seat order: what a PlayerRecord keeps."""
    rules = result.rules
    lines = []
    for seat, name in enumerate(result.players):
        side_index = rules.side_of(seat)
        stats = PlayerStats(name, games=1)
        if result.finished:
            stats.finished = 1
            stats.wins = int(result.winner == side_index)
        for hand in result.hands:
            side = hand.sides[side_index]
            bid = hand.bids[seat]
            stats.hands += 1
            stats.bags += side.bags_taken
            if bid is None:
                # The side bid as a team on the partner, or the hand bid itself.
                continue
            if bid == scoring.NIL:
                stats.nils += 1
                stats.nils_made += hand.tricks[seat] == 0
            elif bid == scoring.BLIND_NIL:
                stats.blind_nils += 1
                stats.blind_nils_made += hand.tricks[seat] == 0
            else:
                stats.number_bids += 1
                stats.contracts_made += side.made is True
                stats.times_set += side.made is False
        lines.append(stats)
    return lines


def _ranked(players: Iterable[PlayerStats]) -> list[PlayerStats]:
    return sorted(players, key=lambda p: (-p.games, p.name.casefold()))


def tally(results: Iterable[scoring.GameResult]) -> list[PlayerStats]:
    """Every player's numbers over the given games (the newest first), most games first.

    A name spelt two ways is shown as the first game given spells it.
    """
    players: dict[str, PlayerStats] = {}
    for result in results:
        for line in seats(result):
            players.setdefault(line.name.casefold(), PlayerStats(line.name)).add(line)
    return _ranked(players.values())


def records_for(game: Game, lines: list[PlayerStats]) -> list[PlayerRecord]:
    """The rows kept for these figures of `game`'s seats (`seats`), at its version."""
    return [
        PlayerRecord(
            game=game,
            seat=seat,
            game_version=game.version,
            name=line.name,
            name_key=line.name.casefold(),
            **{name: getattr(line, name) for name in KEPT},
        )
        for seat, line in enumerate(lines)
    ]


def keep_figures(replayed: Iterable[tuple[Game, scoring.GameResult]]) -> None:
    """Keep each seat's figures of these replays, at their games' versions: one statement."""
    rows = [row for game, result in replayed for row in records_for(game, seats(result))]
    if rows:
        PlayerRecord.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["game", "seat"],
            update_fields=["game_version", "name", "name_key", *KEPT],
        )


def refresh(owner: Any) -> int:
    """Replay the owner's games whose figures are older than the game (a step leaves them
    so: `Game.save_summary`) and keep their figures; the number replayed. A game that no
    longer replays under its rules keeps none, and counts as unreadable."""
    current = PlayerRecord.objects.filter(
        game=OuterRef("pk"), seat=0, game_version=OuterRef("version")
    )
    stale = list(
        Game.objects.filter(owner=owner)
        .exclude(Exists(current))
        .order_by("-updated_at", "-pk")[:REFRESH_AT_ONCE]
    )
    if not stale:
        return 0
    hands = Game.hands_by_game(stale)
    replayed = []
    for game in stale:
        try:
            replayed.append((game, game.replay(hands[game.pk])))
        except scoring.ScoringError:
            continue
    with writing():
        keep_figures(replayed)
    return len(stale)


def for_owner(user: Any) -> Report:
    """Statistics over all of a user's games, added up by the database: three queries, and
    three more when steps were recorded since the last look (`refresh`).

    Rows come back per spelling of a name; the spelling shown is the one in the most recently
    changed game, as `tally` shows it.
    """
    refresh(user)
    counts = Game.objects.filter(owner=user).aggregate(
        games=Count("pk"),
        unreadable=Count("pk", filter=~Exists(PlayerRecord.objects.filter(game=OuterRef("pk")))),
    )
    spellings = (
        PlayerRecord.objects.filter(game__owner=user)
        .values("name_key", "name")
        .annotate(
            games=Count("pk"),
            last_changed=Max("game__updated_at"),
            last_game=Max("game_id"),
            **{name: Sum(name) for name in KEPT},
        )
        .order_by("-last_changed", "-last_game")
    )
    players: dict[str, PlayerStats] = {}
    for row in spellings:
        figures: dict[str, Any] = dict(row)
        line = PlayerStats(row["name"], **{name: figures[name] for name in COUNTS})
        players.setdefault(row["name_key"], PlayerStats(row["name"])).add(line)
    return Report(
        players=_ranked(players.values()), games=counts["games"], unreadable=counts["unreadable"]
    )
