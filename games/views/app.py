"""What makes the site an installable app: the web app manifest and the service worker.

Both are served from the site root, not /static/: a service worker only controls pages at or
below its own address, and both name files whose static URLs carry a content hash in production.
"""

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from games.views.base import HtmxHttpRequest

# Kept by the service worker for offline use: everything a saved page needs to draw itself.
STATIC_FILES = [
    "css/app.css",
    "css/pages.css",
    "css/cards.css",
    "js/app.js",
    # The scoring screen's modules (static/js/app/), those loaded only when used included, so
    # a phone that installed the app finds each of them offline.
    "js/app/notices.js",
    "js/app/outbox.js",
    "js/app/offline.js",
    "js/app/device.js",
    "js/app/speech.js",
    "js/app/errors.js",
    "js/app/dealers.js",
    "js/app/query.js",
    "js/app/hook.js",
    "vendor/htmx/htmx.min.js",
    "favicon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
]
ICON_SIZES = (192, 512)


@require_safe
@cache_control(max_age=60 * 60)
def manifest(request: HtmxHttpRequest) -> JsonResponse:
    """Name, colours and icons for "Add to Home screen"; the app opens on the list of games."""
    icons = [
        {
            "src": static(f"icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for size in ICON_SIZES
        # The spade sits inside the safe zone, so the same picture can be cut to any shape.
        for purpose in ("any", "maskable")
    ]
    icons.append({"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"})
    data = {
        "name": "Spades scorekeeper",
        "short_name": "Spades",
        "description": "Score a game of Spades at the table, hand by hand.",
        "id": reverse("home"),
        "start_url": reverse("home"),
        "scope": reverse("home"),
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#f7f7f4",
        "theme_color": "#14532d",
        "icons": icons,
    }
    return JsonResponse(data, content_type="application/manifest+json")


@cache
def worker_source() -> str:
    return (Path(settings.BASE_DIR) / "static" / "js" / "sw.js").read_text(encoding="utf-8")


def worker_settings() -> str:
    """The lines that start the worker: the files to keep, and a version that changes with them
    or with the worker's code, so a new deployment replaces the old caches."""
    files = [static(name) for name in STATIC_FILES]
    version = hashlib.sha256(json.dumps([files, worker_source()]).encode()).hexdigest()[:12]
    return (
        f"const VERSION = {json.dumps(version)};\n"
        f"const STATIC_PREFIX = {json.dumps(settings.STATIC_URL)};\n"
        f"const STATIC_FILES = {json.dumps(files)};\n"
        # The offline page's look: the stylesheet under the name the worker keeps (hashed).
        f"const STYLESHEET = {json.dumps(static('css/app.css'))};\n"
    )


@require_safe
def service_worker(request: HtmxHttpRequest) -> HttpResponse:
    """The worker's script from static/js/sw.js, at the root so its scope is the whole site."""
    response = HttpResponse(
        worker_settings() + worker_source(), content_type="text/javascript; charset=utf-8"
    )
    response["Service-Worker-Allowed"] = reverse("home")
    # Browsers look for a new worker on every visit; a cached copy would delay an update.
    response["Cache-Control"] = "no-cache"
    return response
