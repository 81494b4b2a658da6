"""The health check costs one database round trip; HTML leaves the server gzip-compressed."""

import gzip

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_healthz_answers_ok_after_exactly_one_query(client, django_assert_num_queries):
    with django_assert_num_queries(1) as queries:
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")
    assert "no-cache" in response["Cache-Control"]
    assert queries.captured_queries[0]["sql"].upper().startswith("SELECT 1")


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
