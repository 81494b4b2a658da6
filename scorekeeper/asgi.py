"""ASGI entry point, for the async server of the board's pushed updates (`make push`).

gunicorn's threaded workers (scorekeeper.wsgi) serve every page; this one holds the long-lived
server-sent-event streams of the phones following a room board, each an idle coroutine rather
than a thread, so a slow or silent phone ties up nothing.

Around Django's application: the server's lifespan starts its subscription to Redis, which is
subscribed again after any outage (`games.club.push.Subscription`), and its `/healthz` answers
503 while that subscription is down ("push": "not listening"), since a push server that hears
nothing pushes nothing; otherwise Django's own health check answers, as on the pages' server.
"""

import json
import os
from collections.abc import Awaitable, Callable, Mapping

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

django_application = get_asgi_application()

from games.club import push  # noqa: E402 (after Django is set up)

# ASGI's connection scope and messages: objects of text keys (the ASGI spec's, by type).
type Message = Mapping[str, object]
type Scope = dict[str, object]
type Receive = Callable[[], Awaitable[Message]]
type Send = Callable[[Message], Awaitable[None]]


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
    elif scope["type"] == "http" and scope["path"] == "/healthz" and not _can_push():
        await _cannot_push(send)
    else:
        await django_application(scope, receive, send)


def _can_push() -> bool:
    return push.subscription.state != "not listening"


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            push.subscription.start()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await push.subscription.stop()
            await send({"type": "lifespan.shutdown.complete"})
            return


async def _cannot_push(send: Send) -> None:
    body = json.dumps(
        {
            "status": "down",
            "push": "not listening",
            "problem": f"no updates from Redis ({push.subscription.problem}); subscribing again",
        }
    ).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"no-cache, no-store, must-revalidate, private, max-age=0"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})
