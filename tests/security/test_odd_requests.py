"""Odd requests get a plain answer, never a 500: a body in the wrong encoding, control characters
in a URL, a forged Host header. The error pages themselves never read the request again."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.urls import reverse

from scorekeeper import errors
from tests.conftest import PASSWORD, QUIET_HAND

pytestmark = pytest.mark.django_db

LATIN_1 = "application/x-www-form-urlencoded; charset=latin-1"
UNREADABLE = "That request couldn't be read"


@pytest.fixture
def browser(owner):
    """A signed-in browser that checks CSRF for real and never raises a view's exception."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(owner)
    client.get(reverse("home"))
    return client


@pytest.fixture
def game(make_game):
    return make_game([QUIET_HAND])


def urls(game):
    return [
        reverse("login"),
        reverse("signup"),
        reverse("logout"),
        reverse("new_game"),
        reverse("import_game"),
        reverse("post_bids", args=[game.pk]),
        reverse("undo", args=[game.pk]),
        reverse("share", args=[game.pk]),
        reverse("password_change"),
    ]


@pytest.mark.parametrize("with_token", [True, False], ids=["csrf-header", "no-token"])
def test_a_form_posted_in_another_encoding_is_a_400_not_a_500(browser, game, with_token):
    token = {"X-CSRFToken": browser.cookies["csrftoken"].value} if with_token else {}
    before = (game.version, game.hand_count)
    for url in urls(game):
        body = f"username=Zo\xe9&password={PASSWORD}".encode("latin-1")
        response = browser.generic("POST", url, body, content_type=LATIN_1, headers=token)
        assert response.status_code == 400, url
        assert UNREADABLE in response.content.decode(), url
    game.refresh_from_db()
    assert (game.version, game.hand_count) == before


def test_an_unknown_page_posted_in_another_encoding_is_a_404(browser):
    token = {"X-CSRFToken": browser.cookies["csrftoken"].value}
    response = browser.generic("POST", "/nowhere/", b"a=\xe9", content_type=LATIN_1, headers=token)
    assert response.status_code == 404


def test_a_forged_host_header_is_a_400_page(client):
    response = Client(raise_request_exception=False).get("/", headers={"host": "evil.example"})
    assert response.status_code == 400
    assert UNREADABLE in response.content.decode()


@pytest.mark.parametrize("char", ["%00", "%01", "%0A", "%1B", "%7F", "%C2%85"])
def test_control_characters_in_a_url_are_a_404_before_any_query(
    client, game, char, django_assert_num_queries
):
    token = game.table.watch_token
    paths = [
        f"/t/{token[:5]}{char}{token[5:]}/",
        f"/t/{token}{char}/live/",
        f"/watch/{token[:5]}{char}{token[5:]}/",
        f"/games/{game.pk}{char}/",
        f"/accounts/reset/MQ{char}/set-password/",
    ]
    for path in paths:
        with django_assert_num_queries(0):
            response = client.get(path)
        assert response.status_code == 404, path
        assert "Nothing here" in response.content.decode()


def test_ordinary_unicode_in_a_url_still_reaches_its_view(client, game):
    """Only control characters are turned away: an accented token is simply not found."""
    assert client.get("/t/caf%C3%A9/").status_code == 404
    assert client.get("/watch/caf%C3%A9/").status_code == 404
    assert client.get(reverse("table_watch", args=[game.table.watch_token])).status_code == 200


def test_the_error_pages_are_ours(owner):
    request = RequestFactory().get("/")
    request.user = owner
    forbidden = errors.permission_denied(request, PermissionDenied())
    assert forbidden.status_code == 403
    assert "That isn't allowed" in forbidden.content.decode()
    crashed = errors.server_error(request)
    assert crashed.status_code == 500
    assert "Something went wrong on our side" in crashed.content.decode()


def test_the_project_uses_those_error_pages():
    from scorekeeper import urls

    assert (urls.handler400, urls.handler403, urls.handler404, urls.handler500) == (
        "scorekeeper.errors.bad_request",
        "scorekeeper.errors.permission_denied",
        "scorekeeper.errors.page_not_found",
        "scorekeeper.errors.server_error",
    )
