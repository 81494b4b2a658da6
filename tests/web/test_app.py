"""The installable app as the server sends it: the manifest, its icons and the service worker."""

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from games.views import app

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_every_page_links_the_manifest_and_names_the_worker(client):
    html = client.get(reverse("home")).content.decode()
    assert f'<link rel="manifest" href="{reverse("manifest")}">' in html
    assert f'<meta name="service-worker" content="{reverse("service_worker")}">' in html


def test_the_manifest_is_served_as_one_with_icons_of_both_sizes(client):
    response = client.get(reverse("manifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Spades scorekeeper"
    assert data["start_url"] == "/"
    assert data["scope"] == "/"
    assert data["display"] == "standalone"
    pngs = {icon["sizes"]: icon for icon in data["icons"] if icon["type"] == "image/png"}
    assert set(pngs) == {"192x192", "512x512"}
    for sizes, icon in pngs.items():
        assert icon["src"].startswith(settings.STATIC_URL)
        file = STATIC / icon["src"].removeprefix(settings.STATIC_URL)
        width, height = png_size(file)
        assert f"{width}x{height}" == sizes
    purposes = {icon.get("purpose") for icon in data["icons"]}
    assert {"any", "maskable"} <= purposes


def test_the_worker_is_javascript_for_the_whole_site(client):
    response = client.get(reverse("service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert reverse("service_worker") == "/sw.js", "a worker's scope is the folder it is served from"
    source = response.content.decode()
    assert source.startswith("const VERSION = ")
    assert 'addEventListener("fetch"' in source


def test_the_worker_keeps_files_that_exist(client):
    source = client.get(reverse("service_worker")).content.decode()
    line = next(line for line in source.splitlines() if line.startswith("const STATIC_FILES"))
    files = json.loads(line.split("=", 1)[1].rstrip(";"))
    assert len(files) == len(app.STATIC_FILES)
    for url in files:
        assert url.startswith(settings.STATIC_URL)
        assert (STATIC / url.removeprefix(settings.STATIC_URL)).is_file(), url
    assert any(url.endswith("app.js") for url in files)
    assert any(url.endswith("htmx.min.js") for url in files)


def test_the_worker_keeps_every_module_and_stylesheet_of_the_scoring_screen():
    """A module loaded only when used (read aloud, What if?) must open offline too."""
    modules = {f"js/app/{path.name}" for path in (STATIC / "js" / "app").glob("*.js")}
    assert modules
    assert modules <= set(app.STATIC_FILES)
    assert {"css/app.css", "css/pages.css", "js/app.js"} <= set(app.STATIC_FILES)


def test_the_worker_version_follows_the_files_it_keeps(client, settings):
    before = app.worker_settings()
    settings.STATIC_URL = "/assets/"
    after = app.worker_settings()
    version = [line for line in before.splitlines() if line.startswith("const VERSION")]
    assert version[0] not in after, "a changed file list must give the worker a new version"


def test_the_app_files_are_read_only(client):
    for name in ("manifest", "service_worker"):
        assert client.post(reverse(name)).status_code == 405
        assert client.head(reverse(name)).status_code == 200


def test_the_public_watch_page_is_no_part_of_the_app(client, make_game):
    game = make_game()
    html = client.get(reverse("table_watch", args=[game.table.watch_token])).content.decode()
    assert 'rel="manifest"' not in html
    assert 'name="service-worker"' not in html
    assert 'id="app-alert"' in html, "its failed refreshes are still explained"
