"""Each HTML answer names the session its page belongs to, for the phone's offline copy."""

import re

import pytest
from django.test import Client

from scorekeeper.middleware import OFFLINE_OWNER

pytestmark = pytest.mark.django_db


def test_a_signed_in_page_names_its_session_by_a_digest_not_the_key(owner_client):
    response = owner_client.get("/")

    owner = response[OFFLINE_OWNER]
    assert re.fullmatch(r"[0-9a-f]{32}", owner)
    assert owner_client.cookies["sessionid"].value not in owner
    assert owner_client.get("/games/")[OFFLINE_OWNER] == owner


def test_two_sessions_are_two_owners_and_nobody_is_empty(owner, stranger):
    first, second = Client(), Client()
    first.force_login(owner)
    second.force_login(stranger)

    assert first.get("/")[OFFLINE_OWNER] != second.get("/")[OFFLINE_OWNER]
    assert Client().get("/")[OFFLINE_OWNER] == ""


def test_a_session_ended_by_a_password_change_elsewhere_owns_nothing(owner_client, owner):
    assert owner_client.get("/")[OFFLINE_OWNER]
    owner.set_password("a new table password 43")
    owner.save()

    assert owner_client.get("/rules/")[OFFLINE_OWNER] == ""


def test_only_html_answers_carry_it(owner_client):
    assert OFFLINE_OWNER not in owner_client.get("/healthz")
