"""Hardening: a Content Security Policy with no inline script or style, framing refused, a
strict referrer policy, and request bodies kept small."""

import re

import pytest
from django.urls import reverse

from games.models import Hand
from tests.conftest import quiet_hands

pytestmark = pytest.mark.django_db


def pages(game):
    return [
        reverse("home"),
        reverse("games"),
        reverse("new_game"),
        reverse("import_game"),
        reverse("players"),
        reverse("rules_reference"),
        game.get_absolute_url(),
        reverse("edit_hand", args=[game.pk, 1]),
        reverse("rules_card", args=[game.pk]),
        reverse("compare", args=[game.pk]) + "?preset=partner_helps",
        reverse("share", args=[game.pk]),
        reverse("table_watch", args=[game.table.watch_token]),
    ]


def assert_security_headers(response, url):
    """The policy every page of ours is sent with: scripts and styles from our own files only,
    never framed, no referrer to other sites, no type sniffing."""
    assert response.status_code == 200, url
    csp = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";") if part.strip())
    assert directives["script-src"] == "'self'", url
    assert directives["style-src"] == "'self'", url
    assert directives["frame-ancestors"] == "'none'", url
    assert directives["default-src"] == "'self'", url
    assert response["X-Frame-Options"] == "DENY", url
    assert response["Referrer-Policy"] == "same-origin", url
    assert response["X-Content-Type-Options"] == "nosniff", url


def test_every_page_sends_the_security_headers(owner_client, make_game):
    game = make_game(quiet_hands(2))
    for url in pages(game):
        assert_security_headers(owner_client.get(url), url)


def test_no_page_has_inline_script_style_or_handlers(owner_client, make_game):
    """The CSP would block them, so the page would silently break: there must be none."""
    game = make_game(quiet_hands(2))
    for url in pages(game):
        html = owner_client.get(url).content.decode()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, f"inline script on {url}"
        assert "<style" not in html, url
        assert not re.search(r"\sstyle=", html), f"style attribute on {url}"
        assert not re.search(r"\son[a-z]+=", html), f"event handler attribute on {url}"
        assert not re.search(r"""src=["']https?://""", html), f"outside resource on {url}"
        assert not re.search(r"""<link[^>]+href=["']https?://""", html), f"outside file on {url}"


def test_a_huge_form_post_is_refused_and_changes_nothing(owner_client, make_game):
    game = make_game(quiet_hands(1))
    data = {"hand": "2", "bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
    data["padding"] = "x" * (3 * 1024 * 1024)
    response = owner_client.post(reverse("post_bids", args=[game.pk]), data)
    assert response.status_code == 400
    assert Hand.objects.filter(game=game).count() == 1


def test_too_many_fields_are_refused(owner_client, make_game):
    game = make_game(quiet_hands(1))
    data = {f"field{n}": "1" for n in range(1000)}
    response = owner_client.post(reverse("post_bids", args=[game.pk]), data)
    assert response.status_code == 400
    assert Hand.objects.filter(game=game).count() == 1


def test_posts_without_a_csrf_token_are_refused(client, owner, make_game):
    from django.test import Client

    phone = Client(enforce_csrf_checks=True)
    phone.force_login(owner)
    game = make_game(quiet_hands(1))
    data = {"hand": "2", "bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
    for headers in (None, {"HX-Request": "true"}):
        response = phone.post(reverse("post_bids", args=[game.pk]), data, headers=headers)
        assert response.status_code == 403
    assert Hand.objects.filter(game=game).count() == 1


def test_a_refused_request_explains_itself(owner_client, make_game):
    game = make_game(quiet_hands(1))
    data = {"hand": "2", "padding": "x" * (3 * 1024 * 1024)}
    response = owner_client.post(reverse("post_bids", args=[game.pk]), data)
    assert response.status_code == 400
    assert "nothing was saved" in response.content.decode()


def test_an_expired_form_explains_itself(owner, make_game):
    from django.test import Client

    phone = Client(enforce_csrf_checks=True)
    phone.force_login(owner)
    game = make_game(quiet_hands(1))
    response = phone.post(reverse("undo", args=[game.pk]), {"version": "1"})
    assert response.status_code == 403
    assert "That form has expired" in response.content.decode()


def test_a_missing_page_says_so_without_revealing_anything(client):
    response = client.get("/games/12345/")
    assert response.status_code == 404
    assert "Nothing here" in response.content.decode()
