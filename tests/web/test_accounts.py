"""Accounts: sign up (and be signed in), sign in, sign out by POST only."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pytest_django.asserts import assertContains

from tests.conftest import PASSWORD
from tests.web.conftest import HX

pytestmark = pytest.mark.django_db

SIGNUP = {"username": "zoe", "password1": PASSWORD, "password2": PASSWORD}


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_signing_up_signs_you_in(client, headers):
    assert client.get(reverse("signup"), headers=headers).status_code == 200
    response = client.post(reverse("signup"), SIGNUP, headers=headers)
    if headers:
        assert response.status_code == 200
        assert response["HX-Redirect"] == reverse("home")
    else:
        assert response.status_code == 302
        assert response["Location"] == reverse("home")
    assert get_user_model().objects.filter(username="zoe").exists()
    assertContains(client.get("/"), "Your games")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (SIGNUP | {"password2": "something else entirely"}, "password2"),
        (SIGNUP | {"password1": "123", "password2": "123"}, "password2"),
        (SIGNUP | {"username": ""}, "username"),
        (SIGNUP | {"username": "owner"}, "username"),
    ],
)
@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_bad_signup_says_why_next_to_the_field(client, owner, data, field, headers):
    response = client.post(reverse("signup"), data, headers=headers)
    assert response.status_code == 422
    assert field in response.context["form"].errors
    assert get_user_model().objects.count() == 1
    body = response.content.decode()
    assert ("<html" in body) is not bool(headers)


def test_signed_in_visitors_skip_the_signup_page(owner_client):
    response = owner_client.get(reverse("signup"))
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_sign_in_and_out(client, owner):
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    assert response.status_code == 302
    assertContains(client.get("/"), "Your games")
    assert client.get(reverse("logout")).status_code == 405  # a link can't sign you out
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assertContains(client.get("/"), "Keep score at the Spades table")


def test_a_wrong_password_is_refused(client, owner):
    response = client.post(reverse("login"), {"username": "owner", "password": "nope"})
    assert response.status_code == 200
    assertContains(response, "Please enter a correct username and password.")
