"""What the director's desk shows, read from the event as it is now; it writes nothing.

The desk's changing part (the round, its tables, the standings and the log) is polled by the
director's page every few seconds with the event's version as its ETag (`poll_etag`), so a
poll with nothing new costs a few small queries and a 304. Each table is a card
(`TableCard`): its teams, score, hand and state, a penalty started from each team at it, and
the time called there while its game is being played.

The table cards to print before round 1 are those the next round to pair will need
(`tables_needed`); `club.services.make_cards` makes them, asking here which they are.
"""

import json
from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import QueryDict

from games.club import reads
from games.club.models import Event, EventRound, EventTeam, LogEntry
from games.scoring.gamefile import JSONObject

# How often the desk asks whether anything moved, in seconds.
POLL_SECONDS = 3
# The log lines the desk shows, newest first.
LOG_LINES = 30


@dataclass(frozen=True)
class Side:
    """One side of a table: its name (a team, or a progressive table's two partners) and its
    score in the table's game."""

    name: str
    score: int


@dataclass(frozen=True)
class Target:
    """A team (or a progressive night's player) at a table, as a penalty's target."""

    position: int
    name: str


@dataclass(frozen=True)
class TableCard:
    """One table of the round, as the desk's card shows it."""

    number: int
    game: int
    url: str
    sides: tuple[Side, Side]
    hands: int
    state: str
    finished: bool
    targets: tuple[Target, ...]
    # The director may call the time here: its game is started, still played, not called.
    can_call_time: bool


def names(event: Event) -> dict[int, str]:
    """Every team's (or player's) name by position."""
    teams: QuerySet[EventTeam] = EventTeam.objects.filter(event=event)
    return dict(teams.values_list("position", "name"))


def tables(round_: EventRound | None, named: dict[int, str], *, over: bool) -> list[TableCard]:
    """The round's tables as cards, in one query (the seatings with their games; `named`:
    the event's `names`); `over`: the event is over, so no time is called anywhere."""
    if round_ is None:
        return []
    seatings = list(round_.seatings.select_related("game"))
    cards = []
    for seating in seatings:
        game = seating.game
        scores = [*(game.scores or []), 0, 0]
        first, second = reads.table_sides(seating.teams, named)
        cards.append(
            TableCard(
                number=seating.number,
                game=game.pk,
                url=game.get_absolute_url(),
                sides=(Side(first, scores[0]), Side(second, scores[1])),
                hands=game.hand_count,
                state=reads.table_state(seating, game),
                finished=game.finished,
                targets=tuple(
                    Target(position, named.get(position, "?")) for position in seating.teams
                ),
                can_call_time=(
                    not over
                    and not game.finished
                    and game.time_called is None
                    and game.hand_count > 0
                ),
            )
        )
    return cards


def record(line: JSONObject) -> str:
    """A standings line's wins, draws and losses, and its byes apart: "0-0-0, 1 bye" (en
    dashes; a bye is no game won)."""
    played = "\N{EN DASH}".join(str(line[key]) for key in ("wins", "draws", "losses"))
    byes = line.get("byes", 0)
    if not byes:
        return played
    return f"{played}, {byes} bye" + ("" if byes == 1 else "s")


def standings(state: JSONObject) -> list[JSONObject]:
    """The summary's standings lines, each with its record in words (`record`)."""
    return [{**line, "record": record(line)} for line in state["standings"]]


def tables_needed(event: Event, state: JSONObject) -> list[int]:
    """The numbers of the tables the next round to pair will need, as the entries stand: the
    next round's own tables where it can be paired now; before round 1, while it waits for
    entries, half the teams still playing rounded up (a progressive night: a quarter of the
    players); otherwise none (a round is being played: its tables have their cards)."""
    pairing = state.get("next_round")
    if pairing:
        return sorted(table["table"] for table in pairing["tables"])
    if event.event_rounds.exists():
        return []
    playing = event.teams.filter(withdrawn=False).count()
    size = 4 if event.individual else 2
    count = -(-playing // size) if playing >= 2 else 0
    return list(range(1, count + 1))


def cards_missing(event: Event, state: JSONObject) -> list[int]:
    """The tables the next round needs that have no card yet."""
    needed = tables_needed(event, state)
    made = set(event.cards.filter(number__in=needed).values_list("number", flat=True))
    return [number for number in needed if number not in made]


def poll_etag(event: Event, version: str | None = None) -> tuple[str, str]:
    """The desk's ETag at the event's version (its own, its games'; `version` where the
    caller has read it), and the headers its poll sends it back in, so that a poll with
    nothing new is a 304 htmx leaves alone."""
    etag = f'"desk-{version or reads.version(event)}"'
    return etag, json.dumps({"If-None-Match": etag})


def playoff(state: JSONObject, named: dict[int, str]) -> dict[str, object] | None:
    """A most-wins event's playoff by name: its seeds, best first, each with whether it is
    still in, and its games in words; None for the other formats."""
    found = state.get("playoff")
    if not found:
        return None
    alive = set(found["alive"])
    return {
        "started": found["started"],
        "seeds": [(named.get(seed, "?"), seed in alive) for seed in found["seeds"]],
        "games": found.get("games", []),
    }


def live(event: Event, version: str | None = None) -> dict[str, object]:
    """What the desk's changing part shows: the round and its actions, the tables, the
    standings and the log (`version`: the event's `reads.version`, where the caller has read
    it)."""
    version = version or reads.version(event)
    current = reads.latest_round(event)
    state = reads.summary(event)
    over = bool(state["finished"])
    named = names(event) if current is not None or state.get("playoff") else {}
    cards = tables(current, named, over=over)
    etag, poll_headers = poll_etag(event, version)
    winner = None
    if state["winner"] is not None:
        winner = next(
            (line["name"] for line in state["standings"] if line["team"] == state["winner"]), None
        )
    still_playing = [card for card in cards if not card.finished]
    return {
        "event": event,
        "state": state,
        "round": current,
        "tables": cards,
        "byes": [named.get(position, "?") for position in current.byes] if current else [],
        "done": len(cards) - len(still_playing),
        "playoff": playoff(state, named),
        "winner": winner,
        "standings": standings(state),
        "individual": event.individual,
        # The round's clock is offered while its tables still play and the event goes on.
        "clock_offered": bool(
            current
            and event.round_minutes
            and current.clock_ends_at is None
            and not over
            and still_playing
        ),
        "call_time_offered": any(card.can_call_time for card in cards),
        "log": list(LogEntry.objects.filter(event=event)[:LOG_LINES]),
        "version": version,
        "etag": etag,
        "poll_headers": poll_headers,
        "poll_seconds": POLL_SECONDS,
    }


@dataclass(frozen=True)
class PenaltyFor:
    """A penalty started from a table's card: the round, the table and the team chosen."""

    round: int
    table: int
    team: int
    name: str


def penalty_for(event: Event, query: QueryDict) -> PenaltyFor | None:
    """The table and team a desk's address asks a penalty for (`?table=3&team=5`), in the
    round being played, or None where there is no such table or the team doesn't sit there."""
    try:
        table = int(query.get("table", ""))
        team = int(query.get("team", ""))
    except (TypeError, ValueError):
        return None
    if not (0 < table < 10_000 and 0 <= team < 10_000):
        return None
    current = reads.latest_round(event)
    if current is None:
        return None
    seating = current.seatings.filter(number=table).first()
    if seating is None or team not in seating.teams:
        return None
    name = names(event).get(team)
    if name is None:
        return None
    return PenaltyFor(round=current.number, table=table, team=team, name=name)
