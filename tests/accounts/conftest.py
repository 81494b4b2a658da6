"""What the account tests share: signing in the way a browser posts the form."""

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD


@pytest.fixture
def sign_in(client):
    """Post the sign-in form; `address` is the connection's address (REMOTE_ADDR)."""

    def post(username="owner", password=PASSWORD, *, address="203.0.113.7", using=None, **extra):
        return (using or client).post(
            reverse("login"),
            {"username": username, "password": password},
            REMOTE_ADDR=address,
            **extra,
        )

    return post
