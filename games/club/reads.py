"""What a club night comes to, read and never stored: its versions, its standings and next round.

The writes are `club.services`; this module only reads. What an event comes to (its standings,
its next round, its winner) is worked out by the pure `games.events` package from the event's
`spades-event/1` file (`club.eventfile.write`), exactly as `manage.py event` reads an exported
file, and cached under the versions that move it.
"""

import hashlib
import json
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Q, Sum

from games import events
from games.club import eventfile
from games.club.models import Event, EventRound, Seating
from games.models import Game
from games.scoring.gamefile import JSONObject


@dataclass(frozen=True)
class Polled:
    """An event as one poll of its board reads it: the event, its latest round (the clock's)
    and its games' versions added up (with the event's own, the board's ETag)."""

    event: Event
    latest_round: EventRound | None
    games_version: int

    @property
    def version(self) -> str:
        return version(self.event, self.games_version)


def board_event(token: str) -> Polled | None:
    """The event of a board's token, with what each poll of the board needs. A room of phones
    polls twice a second each: three small queries cost a quarter less than one that joined
    them, most of whose time went to building its SQL."""
    event = Event.objects.filter(board_token=token).first()
    if event is None:
        return None
    latest = event.event_rounds.order_by("-number").first()
    return Polled(event, latest, games_version(event))


def latest_round(event: Event) -> EventRound | None:
    """The round being played: the latest paired."""
    return event.event_rounds.order_by("-number").first()


def games_version(event: Event) -> int:
    found = Game.objects.filter(seating__round__event=event).aggregate(total=Sum("version"))
    return found["total"] or 0


def version(event: Event, games: int | None = None) -> str:
    """What the event shows moves on with this: its own version and its games' versions
    (`games`, where the caller has read them already). A digest, since the public board sends
    it as its ETag: it names no database id."""
    moved = games_version(event) if games is None else games
    text = f"{event.pk}-{event.version}-{moved}"
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def results_version(event: Event) -> str:
    """What the standings, the next round and the winner move on with: the event's own
    version and its games that count (finished, or with a penalty: a forfeit counts a game
    still being played). A hand at a table still playing counts for nothing there yet, so at a
    busy night the standings are worked out when a game ends, not at every step."""
    finished = (
        Game.objects.filter(seating__round__event=event)
        .filter(Q(finished=True) | Q(seating__penalties__isnull=False))
        .distinct()
        .order_by("pk")
        .values_list("pk", "version")
    )
    digest = hashlib.blake2b(json.dumps(list(finished)).encode(), digest_size=12).hexdigest()
    return f"{event.pk}-{event.version}-{digest}"


def summary(event: Event, results: str | None = None) -> JSONObject:
    """The standings, the next round and the winner, cached until the event changes or one of
    its games ends, or changes after its end (`results`: its `results_version`, where the
    caller has read it already)."""
    key = f"event-summary:{results or results_version(event)}"
    found: JSONObject | None = cache.get(key)
    if found is None:
        found = events.summarize(events.parse_event_file(eventfile.write(event)))
        cache.set(key, found, 60 * 60)
    return found


def summary_if_session_ended(event: Event, after: int) -> JSONObject:
    """A most-wins event's summary as if its session had been `after` rounds long: the
    playoff's seeds and first round when the director ends the session early."""
    data = eventfile.write(event)
    data["event"]["rounds"] = after
    return events.summarize(events.parse_event_file(data))


def confirmers(game: Game) -> list[str]:
    """Who may confirm a finished table's result: the players of the side that did not win,
    or in a draw every player (each side confirms the other's score)."""
    sides = game.rules_obj().sides
    if game.winner is None:
        seats = [seat for side in sides for seat in side]
    else:
        seats = [seat for index, side in enumerate(sides) if index != game.winner for seat in side]
    return [game.players[seat] for seat in sorted(seats)]


def table_state(seating: Seating, game: Game) -> str:
    """Where a table's result stands, in the words the board and the desk show."""
    corrected = seating.corrected_at is not None
    if game.finished:
        if corrected:
            return "Corrected by the director"
        if seating.confirmed_by:
            return f"Done, confirmed by {seating.confirmed_by}"
        return "Done, not confirmed"
    playing = "Playing" if game.time_called is None else "Time called"
    return f"{playing}, corrected by the director" if corrected else playing


def table_sides(positions: list[int], named: dict[int, str]) -> tuple[str, str]:
    """A table's two sides by name: two teams, or at a progressive table the partners of
    seats 1 and 3 against those of seats 2 and 4."""
    found = [named.get(position, "?") for position in positions]
    if len(found) == 4:
        return (f"{found[0]} & {found[2]}", f"{found[1]} & {found[3]}")
    return (found[0], found[1])
