"""Sign-ups, reset e-mails and new games are limited per address, with the sign-in's clear 429."""

from datetime import timedelta

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail
from django.db import connection
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from games.accounts import throttle
from games.models import Game
from tests.conftest import PASSWORD
from tests.web.conftest import HX
from tests.web.test_new_game import new_game_data

pytestmark = pytest.mark.django_db

CLUB = "198.51.100.20"
HOME = "203.0.113.7"


def sign_up(number: int, address: str = CLUB, **extra):
    """A new phone creates account `number`."""
    data = {"username": f"player{number}", "password1": PASSWORD, "password2": PASSWORD}
    return Client().post(reverse("signup"), data, REMOTE_ADDR=address, **extra)


def test_sign_ups_from_one_address_are_refused_past_the_limit_and_say_why():
    statuses = [sign_up(number).status_code for number in range(throttle.SIGNUP.per_address)]
    assert statuses == [302] * throttle.SIGNUP.per_address

    refused = sign_up(99)

    assertContains(refused, "Too many new accounts from this connection. Wait", status_code=429)
    assert "<html" in refused.content.decode()
    assert not refused.wsgi_request.user.is_authenticated
    assert sign_up(100, address=HOME).status_code == 302


def test_a_refused_sign_up_reaches_htmx_as_the_form_with_its_message(monkeypatch):
    monkeypatch.setattr(throttle, "SIGNUP", throttle.Limit("signup", 1, timedelta(hours=1), "x"))
    assert sign_up(1).status_code == 302

    refused = sign_up(2, headers=HX)

    assert refused.status_code == 429
    body = refused.content.decode()
    assert body.lstrip().startswith("<form")
    assert "Too many x from this connection" in body


def test_a_sign_up_the_form_refuses_is_not_counted(monkeypatch):
    monkeypatch.setattr(throttle, "SIGNUP", throttle.Limit("signup", 1, timedelta(hours=1), "x"))
    mismatched = {"username": "zoe", "password1": PASSWORD, "password2": "another"}
    for _ in range(3):
        assert Client().post(reverse("signup"), mismatched, REMOTE_ADDR=CLUB).status_code == 422

    assert sign_up(1).status_code == 302


def test_behind_a_proxy_each_client_address_has_its_own_sign_up_limit(settings, monkeypatch):
    settings.TRUSTED_PROXIES = 1
    monkeypatch.setattr(throttle, "SIGNUP", throttle.Limit("signup", 1, timedelta(hours=1), "x"))
    proxy = "10.0.0.2"

    assert sign_up(1, proxy, HTTP_X_FORWARDED_FOR=CLUB).status_code == 302
    assert sign_up(2, proxy, HTTP_X_FORWARDED_FOR=CLUB).status_code == 429
    assert sign_up(3, proxy, HTTP_X_FORWARDED_FOR=f"{CLUB}, {HOME}").status_code == 302


def test_password_reset_e_mails_from_one_address_are_limited(make_user):
    user = make_user("ann")
    user.email = "ann@example.com"
    user.save()
    client = Client()
    form = {"email": "ann@example.com"}
    for _ in range(throttle.PASSWORD_RESET.per_address):
        response = client.post(reverse("password_reset"), form, REMOTE_ADDR=CLUB)
        assert response.status_code == 302

    refused = client.post(reverse("password_reset"), form, REMOTE_ADDR=CLUB)

    assertContains(refused, "Too many password reset e-mails from this connection", status_code=429)
    assert len(mail.outbox) == throttle.PASSWORD_RESET.per_address
    assert client.post(reverse("password_reset"), form, REMOTE_ADDR=HOME).status_code == 302


def test_new_games_from_one_address_are_limited_signed_in_or_not(owner_client, monkeypatch):
    monkeypatch.setattr(
        throttle, "NEW_GAME", throttle.Limit("new-game", 2, timedelta(hours=1), "new games")
    )
    url = reverse("new_game")
    assert owner_client.post(url, new_game_data(), REMOTE_ADDR=CLUB).status_code == 302
    assert Client().post(url, new_game_data(), REMOTE_ADDR=CLUB).status_code == 302  # a guest

    refused = owner_client.post(url, new_game_data(), REMOTE_ADDR=CLUB)

    assertContains(refused, "Too many new games from this connection. Wait", status_code=429)
    assert Game.objects.count() == 2
    assert owner_client.post(url, new_game_data(), REMOTE_ADDR=HOME).status_code == 302


def test_the_refusal_says_how_long_is_left_in_the_window(monkeypatch):
    monkeypatch.setattr(throttle, "SIGNUP", throttle.Limit("signup", 0, timedelta(hours=1), "x"))
    monkeypatch.setattr(throttle.time, "time", lambda: 3600 * 1000 + 60 * 45 + 10)

    assertContains(sign_up(1), "Wait 15 minutes and try again.", status_code=429)


@pytest.mark.django_db(transaction=True)
def test_a_sign_up_hashes_its_password_before_taking_the_write_lock(monkeypatch):
    """On SQLite a write transaction holds the one write lock: hashing inside it made every
    other table's tap wait while accounts were being made."""
    inside: list[bool] = []
    encode = MD5PasswordHasher.encode

    def noting(self, password, salt):
        inside.append(connection.in_atomic_block)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", noting)

    assert sign_up(1).status_code == 302
    assert inside == [False]
