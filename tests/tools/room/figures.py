"""What the room's load comes to, worked out from what each phone saw (pure, no Django).

A follower whose board is pushed has seen a step once an update carrying the step's game at
its new version arrived (`pushed_delays`). A polling follower has seen a step once a poll of
its board answered with it. The first poll sent
after the step's answer reached the scorer reads the database after the step's commit, so it
carries the step, or answers 304 because an earlier poll already did: the delay is counted
from the moment the scorer sent the step (an upper bound of the time from its commit) to the
answer that carried it. A 304 to such a poll when the board was last drawn by an answer that
came back before the step was even sent would be a board stuck on an old score: counted as
stale, and there should be none.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Request:
    sent: float
    answered: float
    status: int | str  # an HTTP status, or a word for a connection that failed

    @property
    def seconds(self) -> float:
        return self.answered - self.sent


@dataclass(frozen=True)
class Step(Request):
    event: int
    game: int | None = None
    version: int | None = None  # the game's version after the step, read from its answer


@dataclass(frozen=True)
class Arrival:
    """A pushed update reaching a follower: when, and each table's line in it (its game and
    that game's version)."""

    at: float
    shown: dict[int, int]


def percentile(values: Sequence[float], share: float) -> float | None:
    """The nearest-rank percentile (share 0.95 for p95); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))  # ceil(len * share), at least the first
    return ordered[int(rank) - 1]


@dataclass
class Seen:
    delays: list[float]
    stale: int = 0
    unseen: int = 0  # steps the run ended before this follower polled again


def board_delays(steps: Sequence[Step], polls: Sequence[Request]) -> Seen:
    """How long after each recorded step one follower's board showed it (its polls in order,
    the steps of its event)."""
    sent = [poll.sent for poll in polls]
    seen = Seen([])
    for step in steps:
        if step.status != 200:
            continue
        first = bisect_left(sent, step.answered)
        if first == len(polls):
            seen.unseen += 1
            continue
        poll = polls[first]
        if poll.status == 200:
            seen.delays.append(poll.answered - step.sent)
            continue
        if poll.status != 304:
            continue  # a failed poll is counted with the errors, not as a delay
        # The last answer that drew the board: it carried the step unless it came back
        # before the step was even sent.
        earlier = next(
            (p for p in reversed(polls[:first]) if p.status == 200 and p.answered >= step.sent),
            None,
        )
        if earlier is None:
            seen.stale += 1
        else:
            seen.delays.append(max(0.0, earlier.answered - step.sent))
    return seen


def pushed_delays(steps: Sequence[Step], arrivals: Sequence[Arrival]) -> Seen:
    """How long after each recorded step one follower's pushed board showed it: from the
    moment the scorer sent the step to the first update that carried the step's game at the
    step's version or later. A step no update carried is unseen (a push lost, or the run
    ended first)."""
    by_game: dict[int, list[tuple[float, int]]] = {}
    for arrival in sorted(arrivals, key=lambda a: a.at):
        for game, version in arrival.shown.items():
            by_game.setdefault(game, []).append((arrival.at, version))
    seen = Seen([])
    for step in steps:
        if step.status != 200 or step.game is None or step.version is None:
            continue
        lines = by_game.get(step.game, [])
        first = bisect_left(lines, (step.sent, -1))
        at = next((at for at, version in lines[first:] if version >= step.version), None)
        if at is None:
            seen.unseen += 1
        else:
            seen.delays.append(at - step.sent)
    return seen


def summary(requests: Sequence[Request]) -> dict[str, float | int | None]:
    """Count, failures and latency percentiles (milliseconds) of a kind of request."""
    good = [r.seconds * 1000 for r in requests if isinstance(r.status, int) and r.status < 500]
    statuses: dict[str, int] = {}
    for request in requests:
        statuses[str(request.status)] = statuses.get(str(request.status), 0) + 1
    return {
        "count": len(requests),
        "failed": sum(1 for r in requests if not isinstance(r.status, int) or r.status >= 500),
        "statuses": dict(sorted(statuses.items())),
        "p50_ms": _round(percentile(good, 0.50)),
        "p95_ms": _round(percentile(good, 0.95)),
        "p99_ms": _round(percentile(good, 0.99)),
        "max_ms": _round(max(good, default=None)),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)
