"""Figures taken one request at a time: queries in process, bytes over HTTP, the watch poll."""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass

import brotli
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import Resolver404, resolve

from games.models import Game
from tests.tools import server
from tests.tools.bench import seed

ASSET = re.compile(r'<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"|<script[^>]*\bsrc="([^"]+)"')
WATCH_LINK = re.compile(r'hx-get="(/t/[^"]+)"')
ACCEPT = {"Accept-Encoding": "br, gzip"}


def count_queries(client: Client, method: str, path: str, **kwargs) -> tuple[int, int]:
    """(queries, status) for one request through the whole middleware stack."""
    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(path, **kwargs)
    return len(captured.captured_queries), response.status_code


def decoded(headers: dict, body: bytes) -> bytes:
    encoding = {k.lower(): v for k, v in headers.items()}.get("content-encoding", "")
    if encoding == "br":
        return brotli.decompress(body)
    if encoding == "gzip":
        return gzip.decompress(body)
    return body


def _part(port: int, path: str, headers: dict) -> dict:
    status, got, body = server.get(port, path, {**ACCEPT, **headers})
    lower = {k.lower(): v for k, v in got.items()}
    if status != 200:
        raise RuntimeError(f"GET {path} answered {status}, not 200")
    return {
        "path": path,
        "encoding": lower.get("content-encoding", "identity"),
        "bytes": len(body),
        "uncompressed": len(decoded(got, body)),
    }


def page_weight(port: int, path: str, headers: dict) -> dict:
    """The compressed bodies of a first visit: the page, then every stylesheet and script."""
    status, got, body = server.get(port, path, {**ACCEPT, **headers})
    if status != 200:
        raise RuntimeError(f"GET {path} answered {status}, not 200")
    html = decoded(got, body).decode()
    lower = {k.lower(): v for k, v in got.items()}
    parts = [
        {
            "path": path,
            "encoding": lower.get("content-encoding", "identity"),
            "bytes": len(body),
            "uncompressed": len(html.encode()),
        }
    ]
    for match in ASSET.finditer(html):
        asset = match.group(1) or match.group(2)
        parts.append(_part(port, asset, {}))
    return {"bytes": sum(p["bytes"] for p in parts), "parts": parts}


def swap_weight(port: int, path: str, headers: dict) -> dict:
    part = _part(port, path, {**headers, "HX-Request": "true"})
    return {"bytes": part["bytes"], "parts": [part]}


def record_swap(port: int, game_id: int, headers: dict, steps: dict[str, dict]) -> dict:
    """What htmx receives after each step of the game's next hand, posted over HTTP.

    `headers` carry the writer's session, CSRF token and HX-Request; `steps` the form of each
    step in order ("bids", then "tricks").
    """
    parts = {}
    for step, data in steps.items():
        current, number = seed.next_step(game_id)
        if current != step:
            raise RuntimeError(f"game {game_id} expected {current}, not {step}")
        path = f"/games/{game_id}/{step}/"
        form = {"hand": str(number), **data}
        status, got, body = server.post(port, path, form, {**ACCEPT, **headers})
        if status != 200:
            raise RuntimeError(f"POST {path} answered {status}, not 200")
        lower = {k.lower(): v for k, v in got.items()}
        parts[step] = {
            "path": path,
            "encoding": lower.get("content-encoding", "identity"),
            "bytes": len(body),
            "uncompressed": len(decoded(got, body)),
        }
    return parts


@dataclass(frozen=True)
class Watch:
    page: str | None  # the full watch page
    poll: str | None  # the request a watching phone repeats
    poll_headers: dict  # what it sends when nothing changed (If-None-Match)
    why_not: str = ""  # why the page or the poll is missing


def find_watch(game_id: int, port: int) -> Watch:
    """The watch page, its polling request and the ETag that makes the poll a 304."""
    table = Game.objects.select_related("table").get(pk=game_id).table
    watch_path = f"/t/{table.watch_token}/"
    try:
        resolve(watch_path)
    except Resolver404:
        return Watch(None, None, {}, "no /t/<token>/ URL in this build")
    watch_page = Client().get(watch_path)
    if watch_page.status_code != 200:
        return Watch(None, None, {}, f"GET {watch_path} answered {watch_page.status_code}")
    poll = WATCH_LINK.search(watch_page.content.decode())
    poll_path = poll.group(1) if poll else watch_path
    headers = {"HX-Request": "true"}
    status, got, _ = server.get(port, poll_path, headers)
    etag = {k.lower(): v for k, v in got.items()}.get("etag")
    if status != 200 or not etag:
        why = f"GET {poll_path} (htmx) answered {status} without an ETag"
        return Watch(watch_path, None, {}, why)
    headers = {**headers, "If-None-Match": etag}
    status, _, _ = server.get(port, poll_path, headers)
    if status != 304:
        why = f"GET {poll_path} with If-None-Match answered {status}, not 304"
        return Watch(watch_path, None, {}, why)
    return Watch(watch_path, poll_path, headers)
