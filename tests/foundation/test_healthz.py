"""The health check says what works (a write to the database, the cache) in one query; HTML
leaves the server gzip-compressed."""

import gzip
import socket
from types import SimpleNamespace
from unittest import mock

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.urls import reverse

from scorekeeper import health
from scorekeeper.models import Heartbeat

pytestmark = pytest.mark.django_db

# The cache the settings configure: Redis with DJANGO_CACHE_URL (CI's PostgreSQL pass), else
# each worker's own memory.
CACHE = "reachable" if settings.CACHE_URL else "local"


@pytest.fixture(autouse=True)
def _write_on_the_next_check(monkeypatch):
    """Each test's first check writes, whatever an earlier test's check did."""
    monkeypatch.setattr(health, "_last_write", float("-inf"))


def test_healthz_reports_each_part_as_json_after_exactly_one_query(
    client, django_assert_num_queries
):
    with django_assert_num_queries(1) as queries:
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "writable", "cache": CACHE}
    assert response["Content-Type"].startswith("application/json")
    assert "no-cache" in response["Cache-Control"]
    assert "heartbeat" in queries.captured_queries[0]["sql"].lower()


def test_healthz_proves_the_database_takes_a_write(client):
    client.get("/healthz")
    first = Heartbeat.objects.get().beat
    health._last_write = float("-inf")

    client.get("/healthz")

    assert Heartbeat.objects.count() == 1
    assert Heartbeat.objects.get().beat > first


def test_a_second_check_within_a_second_is_one_round_trip_without_a_write(
    client, django_assert_num_queries
):
    client.get("/healthz")
    with django_assert_num_queries(1) as queries:
        response = client.get("/healthz")

    assert response.json()["database"] == "writable"
    assert queries.captured_queries[0]["sql"].upper().startswith("SELECT 1")


def test_a_database_that_refuses_writes_is_a_503_a_load_balancer_reads_as_down(client):
    with mock.patch.object(
        health, "_write", side_effect=OperationalError("attempt to write a readonly database")
    ):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "not writable", "cache": CACHE}


def test_a_full_disk_is_named_when_the_write_fails(client):
    with mock.patch.object(
        health, "_write", side_effect=OperationalError("database or disk is full")
    ):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["database"] == "disk full"


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the disk under a SQLite file")
def test_a_nearly_full_disk_under_sqlite_is_down_even_while_one_row_still_fits(client):
    nearly_full = SimpleNamespace(total=10**9, used=10**9 - 4096, free=4096)
    with mock.patch.object(health.shutil, "disk_usage", return_value=nearly_full):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "disk full", "cache": CACHE}


def test_an_unreachable_redis_is_degraded_not_down(client, settings):
    with socket.socket() as sock:  # a port where nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    settings.CACHES = {
        "default": {
            **settings.CACHES["default"],
            "BACKEND": "scorekeeper.cache.FailSafeRedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
        }
    }

    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "writable", "cache": "unreachable"}


def test_healthz_is_the_named_url():
    assert reverse("healthz") == "/healthz"


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_healthz_refuses_anything_but_get_and_head(client, method):
    response = getattr(client, method)("/healthz")

    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"


def test_healthz_answers_head_like_get_without_a_body(client):
    response = client.head("/healthz")

    assert response.status_code == 200
    assert response.content == b""


def test_welcome_page_is_gzip_compressed_for_clients_that_accept_it(client):
    response = client.get("/", headers={"accept-encoding": "gzip, deflate, br"})

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    html = gzip.decompress(response.content).decode()
    assert html.lower().startswith("<!doctype html>")
    assert len(response.content) < len(html.encode())


def test_welcome_page_is_plain_for_clients_that_do_not_accept_gzip(client):
    response = client.get("/")

    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
    assert response.content.decode().lower().startswith("<!doctype html>")
