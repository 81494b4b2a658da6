"""What the room board (and the desk) shows, drawn from the event as it is now.

The board's live part is drawn here for its polls and for its pushed updates alike. A busy room
moves it on at every step, so it is put together from pieces drawn once each: a table's line at
its game's version, the standings at the event's results (`reads.results_version`).

Where the updates are pushed, every part drawn carries `data-seq`, the moment its drawing began:
a part drawn later shows at least every change committed before that moment, so a phone keeps,
for each part, the one drawn last (static/js/board.js), whichever order the network delivers
them in.

On a projector the board shows everything without scrolling: each list (the tables, where the
teams sit, the standings, the places) shows a page at a time where it doesn't fit, turned by
static/js/board_pages.js; on a phone, or without JavaScript, it lists everything.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db.models import F
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games.club import reads
from games.club.models import Event, EventRound, EventTeam, Seating
from games.scoring.gamefile import JSONObject


def drawn_at() -> str:
    """When a drawing begins, in microseconds: the order of the parts a phone is sent."""
    return str(time.time_ns() // 1000)


def context(event: Event, *, desk: bool = False) -> dict[str, object]:
    """What the board shows (or with `desk`, the director's desk, whose table numbers link to
    the games and whose standings explain each line); the caller has let the clock call the
    time first."""
    seq = drawn_at()
    current = event.event_rounds.order_by("-number").first()
    results = reads.results_version(event)
    state = reads.summary(event, results)
    push = settings.BOARD_PUSH and not desk  # the desk doesn't follow pushed updates
    where = room(event, current)
    return {
        "event": event,
        "state": state,
        "round": current,
        "lines": lines(event, current, seq=seq, push=push, desk=desk),
        "standings": standings(event, state, results, desk=desk),
        "byes": where.byes,
        "seats": where.seats,
        "tables": where.tables,
        "done": where.done,
        "final": final(event, state) if state["finished"] else None,
        "individual": event.individual,
        "seq": seq,
        "push": push,
        "desk": desk,
    }


def names(event_id: int, positions: Iterable[int]) -> dict[int, str]:
    """The event's teams (or players) at these positions, by name, in that order."""
    wanted = list(positions)
    teams = EventTeam.objects.filter(event_id=event_id, position__in=wanted)
    found = dict(teams.values_list("position", "name"))
    return {position: found[position] for position in wanted}


@dataclass(frozen=True)
class Room:
    """Where everyone is in a round: each team (or player) and its table (None for a bye),
    sorted by name so that a player finds theirs at a glance; the byes; how many tables are
    done of how many."""

    seats: list[tuple[str, int | None]]
    byes: list[str]
    tables: int
    done: int


def room(event: Event, round_: EventRound | None) -> Room:
    """The round's room, in two queries: its tables, and the names of those at them."""
    if round_ is None:
        return Room(seats=[], byes=[], tables=0, done=0)
    found = list(round_.seatings.values_list("number", "teams", "game__finished"))
    named = names(event.pk, [*(p for _, teams, _ in found for p in teams), *round_.byes])
    byes = [named[position] for position in round_.byes]
    seated = [(named[p], number) for number, teams, _ in found for p in teams]
    seats: list[tuple[str, int | None]] = [*seated, *((name, None) for name in byes)]
    seats.sort(key=lambda seat: (seat[0].casefold(), seat[0]))
    done = sum(1 for _, _, finished in found if finished)
    return Room(seats=seats, byes=byes, tables=len(found), done=done)


def final(event: Event, state: JSONObject) -> dict[str, object]:
    """The end of the event: who won (more than one where the top is shared) and every place,
    by name. The places are the summary's (`places`: an elimination's differ from its
    standings), or the standings' ranks where a summary doesn't tell them."""
    found = state.get("places")
    if found is None:
        found = [
            {"place": line["rank"], "shared": line["shared"], "team": line["team"]}
            for line in state["standings"]
        ]
    named = {line["team"]: line["name"] for line in state["standings"]}
    teams = [place["team"] for place in found]
    if state["winner"] is not None:
        teams.append(state["winner"])
    missing = [team for team in teams if team not in named]
    if missing:  # a team the standings leave out (none does today)
        named.update(names(event.pk, missing))
    places = [
        {"place": place["place"], "shared": place["shared"], "name": named[place["team"]]}
        for place in found
    ]
    if state["winner"] is not None:
        winners = [named[state["winner"]]]
    else:
        winners = [place["name"] for place in places if place["place"] == 1]
    return {"winners": winners, "places": places}


def lines(
    event: Event, round_: EventRound | None, *, seq: str, push: bool, desk: bool
) -> list[str]:
    """Each table's line of a round. A step changes one table's line: the board draws that
    one and takes the others from the cache, as drawn at their games' versions. The desk's
    lines (with their links) and pushed ones (which carry the moment they were drawn, which a
    copy would misstate) are drawn every time."""
    if round_ is None:
        return []
    if desk or push:
        seatings = list(round_.seatings.select_related("game"))
        seated = _names_at(event, seatings)
        return [line(seating, seated, seq, push, desk) for seating in seatings]
    # Each line as it stood at its game's version and the event's (a confirmation, a name), and
    # at the director's correction of its result.
    found = round_.seatings.annotate(game_version=F("game__version"))
    keys = {
        seating.pk: (
            f"board-line:{event.pk}-{event.version}-{seating.game_id}-{seating.game_version}"
            f"-{_corrected(seating)}"
        )
        for seating in found
    }
    drawn = cache.get_many(list(keys.values()))
    missing = [pk for pk, key in keys.items() if key not in drawn]
    if missing:
        seatings = list(Seating.objects.filter(pk__in=missing).select_related("game"))
        seated = _names_at(event, seatings)
        new = {keys[seating.pk]: line(seating, seated, seq, push, desk) for seating in seatings}
        cache.set_many(new, 10 * 60)
        drawn.update(new)
    return [drawn[key] for key in keys.values() if key in drawn]


def _corrected(seating: Seating) -> str:
    """When the director corrected the table's result, for a cache key ("" if never)."""
    corrected = getattr(seating, "corrected_at", None)
    return "" if corrected is None else str(corrected.timestamp())


def _names_at(event: Event, seatings: list[Seating]) -> dict[int, str]:
    """The names of every team seated at these tables, by position."""
    return names(event.pk, {position for seating in seatings for position in seating.teams})


def line(seating: Seating, named: dict[int, str], seq: str, push: bool, desk: bool) -> str:
    """One table's line: its teams, score, hand and state."""
    game = seating.game
    table = {
        "number": seating.number,
        "teams": reads.table_sides(seating.teams, named),
        "scores": game.scores or [0, 0],
        "hands": game.hand_count,
        "finished": game.finished,
        "state": reads.table_state(seating, game),
        "game": game,
    }
    context = {"table": table, "seq": seq, "push": push, "desk": desk}
    html = render_to_string("club/board.html#table_row", context)
    return mark_safe(html.strip())  # the template's output, escaped; strip() gave a plain str


def standings(event: Event, state: JSONObject, results: str, *, desk: bool = False) -> str:
    """The standings, drawn once for each version of the event's results (`results`). The
    desk's explain each line game by game; the board's, read across a room, don't."""
    key = f"board-standings:{results}:{'desk' if desk else 'room'}"
    html = cache.get(key)
    if html is None:
        found = state.get("playoff")
        context = {
            "state": state,
            "individual": event.individual,
            "playoff": playoff(found, names(event.pk, found["seeds"])) if found else None,
            "desk": desk,
        }
        html = render_to_string("club/board.html#standings", context)
        cache.set(key, html, 60 * 60)
    return str(html)


def playoff(found: JSONObject, seeds: dict[int, str]) -> dict[str, object]:
    """A most-wins event's playoff by name: its seeds, best first, and who is still in."""
    alive = set(found["alive"])
    return {
        "size": found["size"],
        "started": found["started"],
        "seeds": [(name, seed in alive) for seed, name in seeds.items()],
        "games": found.get("games", []),  # a summary cached before it told them has none
    }


def poll_etag(event: Event, version: str | None = None) -> tuple[str, str]:
    """The board's ETag at the event's version, and the headers its polls send it back in (the
    polled part sends its own ETag, so the 304 reaches htmx, which then leaves the board as it
    is, instead of the browser answering from its cache)."""
    etag = f'"{version or reads.version(event)}"'
    return etag, json.dumps({"If-None-Match": etag})


# One thread of a worker draws a new version of a board while the others wait for it: every
# phone following a busy night asks for the same new part at once, and threads drawing it side
# by side would only take turns on the interpreter anyway.
_drawing = threading.Lock()


def live_part(event: Event, etag: str, poll_headers: str) -> str:
    """The board's live part at this version (`etag`): drawn once, then from the cache."""
    key = f"board-live:{etag}"
    html = cache.get(key)
    if html is None:
        with _drawing:
            html = cache.get(key)
            if html is None:
                html = render_to_string(
                    "club/board.html#live", {**context(event), "poll_headers": poll_headers}
                )
                cache.set(key, html, 10 * 60)
    return str(html)


def table_row(seating: Seating) -> str:
    """One table's line of the board, as a pushed update draws it after a step."""
    seq = drawn_at()
    seated = names(seating.round.event_id, seating.teams)
    return line(seating, seated, seq, push=True, desk=False)
