"""The room board's pushed updates: once a change is committed, the part of the board it moved
is drawn once and sent to every phone following the board (server-sent events through
django-eventstream, fanned out to every instance by Redis).

A step at a table sends that table's line; a change that moves a result, or the event itself
(a round paired, a clock, a penalty, a confirmation), sends the whole live part. Off unless
settings.BOARD_PUSH. The drawing and sending run on a few threads of the worker, after the
commit: a step's answer never waits for them, and a Redis that stalls holds up those threads,
not a scorer. While the cache finds Redis unreachable nothing is queued; the boards' slow poll
catches them up.

The push server (`make push`, scorekeeper.asgi) hears every instance's updates through one
subscription to Redis. django-eventstream's own listener (its views.RedisListener) is started
with the first stream and ends for good when its connection to Redis fails, so after an outage
the server sent nothing, to old streams or new, until restarted. `Subscription` keeps it up
instead: started with the server, it subscribes again after a failure (after 0.5, 1, 2, then
every 5 s) and says whether it listens, which the push server's /healthz answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, transaction
from django_eventstream import send_event
from django_eventstream.views import RedisListener, get_listener_manager

from games.club import board, reads
from games.club.models import Event, EventRound, Seating

logger = logging.getLogger(__name__)

# A push mostly waits on the database and Redis, so a busy worker keeps several going (one
# thread made the room's updates queue: 1.4 s at p95 against 0.22 s with four, `make room`).
# The order they go out in doesn't matter: each part carries when it was drawn (board.py).
_sender = ThreadPoolExecutor(max_workers=4, thread_name_prefix="board-push")


def channel(event_id: int) -> str:
    return f"board-{event_id}"


def game_changed(game_id: int) -> None:
    """A game moved on (a step, a correction, a time call), as its event's rules hear from
    the game's services (`club.table_rules`): its table's line is pushed, or the whole live
    part if a result moved (the standings change with it)."""
    _after_commit(_push_game, game_id)


def event_changed(event_id: int) -> None:
    """The event moved on: its whole live part is pushed."""
    _after_commit(_push_event, event_id)


def _after_commit(job: Callable[[int], None], pk: int) -> None:
    if settings.BOARD_PUSH:
        transaction.on_commit(lambda: _queue(job, pk))


def _queue(job: Callable[[int], None], pk: int) -> None:
    resting = getattr(cache, "resting", None)
    if resting is not None and resting():
        return  # Redis is unreachable: nothing would arrive
    _sender.submit(_run, job, pk)


def _run(job: Callable[[int], None], pk: int) -> None:
    close_old_connections()  # this thread's connection, as a request's would be
    try:
        job(pk)
    except Exception:
        logger.exception("The board's update was not pushed (%s %s)", job.__name__, pk)


def _push_game(game_id: int) -> None:
    seating = Seating.objects.filter(game_id=game_id).select_related("game", "round__event").first()
    if seating is None:
        return  # not a club table's game
    event = seating.round.event
    if _results_moved(event):
        _push_live(event)
        return
    latest = EventRound.objects.filter(event=event).order_by("-number").first()
    if latest is None or latest.pk != seating.round_id:
        return  # the board shows the latest round's tables only
    send_event(channel(event.pk), f"game-{game_id}", board.table_row(seating), json_encode=False)


def _push_event(event_id: int) -> None:
    event = Event.objects.filter(pk=event_id).first()
    if event is not None:
        _results_moved(event)  # the whole part carries this version's results
        _push_live(event)


def _results_moved(event: Event) -> bool:
    """Whether the standings moved since the board was last pushed whole: the first to see a
    new results version pushes the whole part."""
    return bool(cache.add(f"board-pushed:{reads.results_version(event)}", True, 60 * 60))


def _push_live(event: Event) -> None:
    etag, poll_headers = board.poll_etag(event)
    html = board.live_part(event, etag, poll_headers).strip()
    send_event(channel(event.pk), "live", html, json_encode=False)


# ---- The push server's side: its one subscription to Redis, kept up ----

# Seconds between attempts to subscribe again, the last repeated while Redis stays away.
RESUBSCRIBE_AFTER = (0.5, 1.0, 2.0, 5.0)
# How long a new connection may take to answer before the attempt counts as failed (a paused
# Redis accepts connections and answers nothing).
PING_WITHIN = 2.0


class Subscription:
    """The push server's subscription to the boards' updates in Redis, subscribed again
    whenever it fails. `state` is "starting" until the first attempt ends, then "listening"
    or "not listening"; `problem` says why not."""

    def __init__(self) -> None:
        self.state = "starting"
        self.problem = ""
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Subscribe from this event loop on (the push server's start); nothing to do where
        no Redis is configured."""
        manager = get_listener_manager()
        if manager.redis_listener is None or self.task is not None:
            return
        # The library would start its own listener with the first stream; this one is kept up.
        with manager.lock:
            manager.redis_listener_started = True
        self.task = asyncio.get_running_loop().create_task(self._keep_listening())

    async def stop(self) -> None:
        if self.task is None:
            return
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        self.task = None

    async def _keep_listening(self) -> None:
        failures = 0
        while True:
            listener = RedisListener()  # a new connection each time
            get_listener_manager().redis_listener = listener
            try:
                await asyncio.wait_for(listener.redis_client.ping(), PING_WITHIN)
                self.state, self.problem = "listening", ""
                if failures:
                    logger.warning("The push server listens to Redis again")
                failures = 0
                await listener.listen()  # returns or raises only when the connection ends
                self.problem = "the subscription ended"
            except Exception as error:  # a refused connection, a timeout, a reset
                self.problem = str(error) or type(error).__name__
            finally:
                self.state = "not listening"
                await listener.redis_client.aclose()
            if failures == 0:
                logger.warning("The push server hears nothing from Redis: %s", self.problem)
            await asyncio.sleep(RESUBSCRIBE_AFTER[min(failures, len(RESUBSCRIBE_AFTER) - 1)])
            failures += 1


subscription = Subscription()
