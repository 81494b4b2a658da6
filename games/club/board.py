"""What the room board (and the desk) shows, drawn from the event as it is now.

The board's live part is drawn here for its polls and for its pushed updates alike. Every part
drawn carries `data-seq`, the moment its drawing began: a part drawn later shows at least every
change committed before that moment, so a phone keeps, for each part, the one drawn last
(static/js/board.js), whichever order the network delivers them in.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string

from games.club import services
from games.club.forms import ranking_words
from games.club.models import Event, EventRound, EventTeam, Seating


def drawn_at() -> str:
    """When a drawing begins, in microseconds: the order of the parts a phone is sent."""
    return str(time.time_ns() // 1000)


def tables(round_: EventRound | None, teams: dict[int, Any]) -> list[dict[str, Any]]:
    """Each table of a round as the desk and the board show it."""
    if round_ is None:
        return []
    return [table(seating, teams) for seating in round_.seatings.select_related("game")]


def table(seating: Seating, teams: dict[int, Any]) -> dict[str, Any]:
    game = seating.game
    return {
        "number": seating.number,
        "teams": sides(seating.teams, teams),
        "scores": game.scores or [0, 0],
        "hands": game.hand_count,
        "finished": game.finished,
        "confirmed": seating.confirmed_by,
        "time_called": game.time_called,
        "game": game,
    }


def sides(positions: list[int], teams: dict[int, Any]) -> tuple[str, str]:
    """A table's two sides by name: two teams, or at a progressive table the partners of
    seats 1 and 3 against those of seats 2 and 4."""
    if len(positions) == 4:
        names = [teams[position].name for position in positions]
        return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")
    first, second = (teams[position] for position in positions)
    return (first.name, second.name)


def context(event: Event) -> dict[str, Any]:
    """What the desk and the board show; the caller has let the clock call the time first."""
    seq = drawn_at()
    teams = {team.position: team for team in event.teams.all()}
    current = event.event_rounds.order_by("-number").first()
    state = services.summary(event)
    return {
        "event": event,
        "state": state,
        "round": current,
        "tables": tables(current, teams),
        "byes": [teams[position].name for position in (current.byes if current else [])],
        "ranking_words": ranking_words(list(event.ranking)),
        "individual": event.individual,
        "playoff": playoff(state, teams),
        "seq": seq,
        # Rows that take pushed updates; the desk, which does not follow pushes, turns it off.
        "push": settings.BOARD_PUSH,
    }


def playoff(state: dict[str, Any], teams: dict[int, Any]) -> dict[str, Any] | None:
    """A most-wins event's playoff by name: its seeds, best first, and who is still in."""
    found = state.get("playoff")
    if found is None:
        return None
    alive = set(found["alive"])
    return {
        "size": found["size"],
        "started": found["started"],
        "seeds": [(teams[seed].name, seed in alive) for seed in found["seeds"]],
        "games": found.get("games", []),  # a summary cached before it told them has none
    }


def poll_etag(event: Event) -> tuple[str, str]:
    """The board's ETag at the event's version, and the headers its polls send it back in (the
    polled part sends its own ETag, so the 304 reaches htmx, which then leaves the board as it
    is, instead of the browser answering from its cache)."""
    etag = f'"{services.version(event)}"'
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
    teams = {
        team.position: team
        for team in EventTeam.objects.filter(
            event_id=seating.round.event_id, position__in=seating.teams
        )
    }
    row = table(seating, teams)
    html = render_to_string("club/board.html#table_row", {"table": row, "seq": seq, "push": True})
    return html.strip()
