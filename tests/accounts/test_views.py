"""Accounts: sign up (and be signed in), sign in, sign out by POST only, and passwords."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
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


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_short_password_is_refused_next_to_the_password_not_its_confirmation(
    client, owner, headers
):
    data = SIGNUP | {"password1": "123", "password2": "123"}
    response = client.post(reverse("signup"), data, headers=headers)
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert "password2" not in errors
    assert any("too short" in message for message in errors["password1"])
    body = response.content.decode()
    # The message sits in the password's own field, before the confirmation's label.
    assert body.index("too short") < body.index('for="id_password2"')
    assert body.index('for="id_password1"') < body.index("too short")
    assert get_user_model().objects.count() == 1


def test_a_mismatched_confirmation_is_said_under_the_confirmation(client, owner):
    data = SIGNUP | {"password2": "something else entirely"}
    errors = client.post(reverse("signup"), data).context["form"].errors
    assert list(errors) == ["password2"]


def test_signed_in_visitors_skip_the_signup_page(owner_client):
    response = owner_client.get(reverse("signup"))
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_sign_in_and_out(client, owner):
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    assert response.status_code == 302
    assertContains(client.get("/"), "Your games")
    # A link can't sign you out: it shows the button that does.
    page = client.get(reverse("logout"))
    assertContains(page, "You are signed in as <strong>owner</strong>.")
    assertContains(page, '<button type="submit" class="primary wide">Sign out</button>', html=True)
    assertContains(page, 'name="csrfmiddlewaretoken"')
    assertContains(client.get("/"), "Your games")
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


def test_htmx_sign_in_errors_come_back_as_the_form_alone(client, owner):
    response = client.post(
        reverse("login"), {"username": "owner", "password": "wrong"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 422
    body = response.content.decode()
    assert body.lstrip().startswith('<form id="login-form"')
    assert "<html" not in body


def test_signing_up_with_an_email_keeps_it_for_password_resets(client):
    client.post(reverse("signup"), SIGNUP | {"email": "zoe@example.com"})
    assert get_user_model().objects.get(username="zoe").email == "zoe@example.com"


def test_a_malformed_email_is_refused_next_to_its_field(client):
    response = client.post(reverse("signup"), SIGNUP | {"email": "not an address"})
    assert response.status_code == 422
    assert "email" in response.context["form"].errors


# --- sessions that end -------------------------------------------------------------------


def signed_in_copy(client):
    """A second browser holding a copy of `client`'s session cookie."""
    thief = Client()
    thief.cookies["sessionid"] = client.cookies["sessionid"].value
    return thief


def test_a_copied_session_cookie_stops_working_after_sign_out(client, owner):
    client.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    thief = signed_in_copy(client)
    assertContains(thief.get("/"), "Your games")

    client.post(reverse("logout"))

    assertContains(thief.get("/"), "Keep score at the Spades table")
    assert thief.get(reverse("games"))["Location"].startswith(reverse("login"))


def test_sign_out_from_htmx_loads_the_home_page(owner_client):
    response = owner_client.post(reverse("logout"), headers=HX)
    assert response["HX-Redirect"] == reverse("home")
    assert "_auth_user_id" not in owner_client.session


# --- changing a password ------------------------------------------------------------------

NEW_PASSWORD = "a brand new table password 7"


def change(old=PASSWORD, new1=NEW_PASSWORD, new2=NEW_PASSWORD):
    return {"old_password": old, "new_password1": new1, "new_password2": new2}


def test_changing_the_password_keeps_this_device_and_signs_out_the_others(client, owner):
    client.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    other_phone = Client()
    other_phone.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    assertContains(other_phone.get("/"), "Your games")

    response = client.post(reverse("password_change"), change())

    assert response["Location"] == reverse("home")
    owner.refresh_from_db()
    assert owner.check_password(NEW_PASSWORD)
    assertContains(client.get("/"), "Password changed.")
    assertContains(other_phone.get("/"), "Keep score at the Spades table")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (change(old="wrong"), "old_password"),
        (change(new2="something else"), "new_password2"),
        (change(new1="12345678", new2="12345678"), "new_password2"),
    ],
)
@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_bad_password_change_says_why_and_changes_nothing(
    owner_client, owner, data, field, headers
):
    response = owner_client.post(reverse("password_change"), data, headers=headers)
    assert response.status_code == 422
    assert field in response.context["form"].errors
    assert ("<html" in response.content.decode()) is not bool(headers)
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)


def test_changing_a_password_needs_a_signed_in_account(client):
    response = client.get(reverse("password_change"))
    assert response["Location"].startswith(reverse("login"))


def test_the_games_page_links_to_the_password_change(owner_client):
    assertContains(owner_client.get(reverse("games")), reverse("password_change"))


# --- resetting a forgotten password by e-mail --------------------------------------------


@pytest.fixture
def with_email(owner):
    owner.email = "owner@example.com"
    owner.save()
    return owner


def reset_link(message) -> str:
    match = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body)
    assert match, message.body
    return match.group(1)


def test_a_reset_link_sets_a_new_password_and_signs_out_everywhere(client, with_email):
    phone = Client()
    phone.force_login(with_email)

    response = client.post(reverse("password_reset"), {"email": "OWNER@example.com"})

    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["owner@example.com"]
    assert mail.outbox[0].subject == "Reset your Spades scorekeeper password"
    assert '"owner"' in mail.outbox[0].body
    # The link leads to a form at a URL without the token (kept out of Referer headers).
    form_page = client.get(reset_link(mail.outbox[0]), follow=True)
    assertContains(form_page, "Choose a new password")
    data = {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    done = client.post(form_page.redirect_chain[-1][0], data)
    assert done["Location"] == reverse("password_reset_complete")
    with_email.refresh_from_db()
    assert with_email.check_password(NEW_PASSWORD)
    assertContains(phone.get("/"), "Keep score at the Spades table")
    # Used once, the link is spent.
    assertContains(client.get(reset_link(mail.outbox[0]), follow=True), "That link doesn't work")


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, with_email):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


def test_a_forged_reset_link_changes_nothing(client, with_email):
    response = client.get(
        reverse("password_reset_confirm", args=["MQ", "set-password"]), follow=True
    )
    assertContains(response, "That link doesn't work")


def test_the_sign_in_page_offers_a_reset(client):
    assertContains(client.get(reverse("login")), reverse("password_reset"))
