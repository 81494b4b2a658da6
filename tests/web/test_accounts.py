"""Accounts: sign up (and be signed in), sign in (with guessing slowed), sign out by POST only."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains

from games import throttle
from games.models import LoginFailure
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
    assertContains(response, "Please enter a correct username and password.", status_code=422)
    assert "_auth_user_id" not in client.session


def test_sign_in_goes_back_to_the_page_asked_for_but_never_off_site(client, owner):
    data = {"username": "owner", "password": PASSWORD, "next": "/games/new/"}
    assert client.post(reverse("login"), data)["Location"] == "/games/new/"
    client.post(reverse("logout"))
    for target in ["https://evil.example/steal", "//evil.example", "0", "home"]:
        client.post(reverse("logout"))
        data["next"] = target
        assert client.post(reverse("login"), data)["Location"] == reverse("home"), target


def test_repeated_failures_for_one_name_are_refused_for_a_while(client, owner):
    for _ in range(throttle.PER_USERNAME):
        client.post(reverse("login"), {"username": "owner", "password": "wrong"})
    # Even the right password is refused now, and says why.
    response = client.post(reverse("login"), {"username": "OWNER", "password": PASSWORD})
    assertContains(response, "Too many failed sign-ins. Wait 15 minutes", status_code=429)
    assert "_auth_user_id" not in client.session


def test_refusals_end_when_the_window_has_passed(client, owner):
    for _ in range(throttle.PER_USERNAME):
        client.post(reverse("login"), {"username": "owner", "password": "wrong"})
    LoginFailure.objects.update(at=timezone.now() - throttle.WINDOW - timedelta(seconds=1))
    response = client.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    assert response.status_code == 302


def test_one_address_guessing_many_names_is_refused(client, make_user):
    for number in range(throttle.PER_ADDRESS):
        client.post(reverse("login"), {"username": f"name{number}", "password": "wrong"})
    make_user("fresh")
    response = client.post(reverse("login"), {"username": "fresh", "password": PASSWORD})
    assert response.status_code == 429


def test_a_successful_sign_in_clears_that_names_failures(client, owner):
    for _ in range(throttle.PER_USERNAME - 1):
        client.post(reverse("login"), {"username": "owner", "password": "wrong"})
    assert (
        client.post(reverse("login"), {"username": "owner", "password": PASSWORD}).status_code
        == 302
    )
    assert not LoginFailure.objects.filter(username="owner").exists()


def test_htmx_sign_in_errors_come_back_as_the_form_alone(client, owner):
    response = client.post(
        reverse("login"), {"username": "owner", "password": "wrong"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 422
    body = response.content.decode()
    assert body.lstrip().startswith('<form id="login-form"')
    assert "<html" not in body
