"""Fixtures for the foundation tests: a controlled environment for child processes."""

import secrets

import pytest

from tests.foundation.processes import clean_env


@pytest.fixture
def env(tmp_path):
    """No project variables set and no secret key file: production with nothing configured."""
    return clean_env(tmp_path / "missing-secret-key")


@pytest.fixture
def production_env(env):
    """The variables a deployment behind HTTPS sets."""
    return {
        **env,
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "example.com",
        "DJANGO_HTTPS": "1",
        "DJANGO_EMAIL_HOST": "smtp.example.com",
    }
