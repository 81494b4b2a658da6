"""Settings come from the environment; production refuses to start without a secret key."""

import json
import secrets
import sqlite3
from contextlib import closing

import pytest
from django.utils.module_loading import import_string
from whitenoise.storage import CompressedManifestStaticFilesStorage

from scorekeeper.settings import env_flag, env_list
from tests.foundation.processes import BASE_DIR, django_settings, manage, marked_line, python


def test_production_without_a_secret_key_fails_at_start_naming_the_variable(env):
    result = manage(env, "check")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_an_empty_secret_key_variable_counts_as_missing(env):
    result = manage({**env, "DJANGO_SECRET_KEY": "   "}, "check")

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_laptop_secret_key_is_read_from_the_key_file(env, tmp_path):
    key = secrets.token_urlsafe(50)
    key_file = tmp_path / "laptop-secret-key"
    key_file.write_text(key + "\n")

    values = django_settings({**env, "DJANGO_SECRET_KEY_FILE": str(key_file)}, "SECRET_KEY")

    assert values["SECRET_KEY"] == key


def test_secret_key_variable_wins_over_the_key_file(env, tmp_path):
    key_file = tmp_path / "laptop-secret-key"
    key_file.write_text("key-from-the-file")
    env = {**env, "DJANGO_SECRET_KEY_FILE": str(key_file), "DJANGO_SECRET_KEY": "key-from-env"}

    assert django_settings(env, "SECRET_KEY")["SECRET_KEY"] == "key-from-env"


def test_debug_without_any_key_still_refuses_to_start(env):
    """No fixed development key: with it, anyone could forge a session for a DEBUG server."""
    result = manage({**env, "DJANGO_DEBUG": "1"}, "check")

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr
    assert "django-insecure" not in result.stdout + result.stderr


def test_debug_is_off_when_the_variable_is_unset(env):
    values = django_settings({**env, "DJANGO_SECRET_KEY": "k" * 50}, "DEBUG", "WHITENOISE_MAX_AGE")

    assert values["DEBUG"] is False
    assert values["WHITENOISE_MAX_AGE"] >= 60 * 60 * 24 * 365


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, False),
        ("", False),
        ("0", False),
        ("false", False),
        ("off", False),
        ("1", True),
        ("true", True),
        (" Yes ", True),
        ("ON", True),
    ],
)
def test_flags_are_on_only_for_explicit_yes_values(monkeypatch, value, expected):
    if value is None:
        monkeypatch.delenv("SPADES_TEST_FLAG", raising=False)
    else:
        monkeypatch.setenv("SPADES_TEST_FLAG", value)

    assert env_flag("SPADES_TEST_FLAG") is expected


def test_lists_are_split_on_commas_and_trimmed(monkeypatch):
    monkeypatch.setenv("SPADES_TEST_LIST", " a.example ,b.example,, ")

    assert env_list("SPADES_TEST_LIST") == ["a.example", "b.example"]


def test_check_deploy_is_clean_with_the_production_variables(production_env):
    result = manage(production_env, "check", "--deploy")

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_check_deploy_fails_while_reset_mail_would_only_reach_the_console(production_env):
    env = {key: value for key, value in production_env.items() if key != "DJANGO_EMAIL_HOST"}

    result = manage(env, "check", "--deploy")

    assert result.returncode != 0
    assert "mail.E001" in result.stdout + result.stderr


def test_check_deploy_warns_when_https_is_not_declared(production_env):
    env = {key: value for key, value in production_env.items() if key != "DJANGO_HTTPS"}

    result = manage(env, "check", "--deploy")

    output = result.stdout + result.stderr
    assert "security.W004" in output  # no HSTS
    assert "security.W008" in output  # no SSL redirect
    assert "security.W012" in output  # session cookie not secure


HTTPS_SETTINGS = (
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_REDIRECT_EXEMPT",
)


def test_https_turns_on_secure_cookies_hsts_and_the_ssl_redirect(production_env):
    values = django_settings(production_env, *HTTPS_SETTINGS)

    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 60 * 60 * 24 * 365
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_hsts_covers_only_this_host_unless_preload_is_asked_for(production_env):
    names = ("SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD")

    plain = django_settings(production_env, *names)
    asked = django_settings({**production_env, "DJANGO_HSTS_PRELOAD": "1"}, *names)

    assert plain["SECURE_HSTS_SECONDS"] >= 60 * 60 * 24 * 365
    assert plain["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is False
    assert plain["SECURE_HSTS_PRELOAD"] is False
    assert asked["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert asked["SECURE_HSTS_PRELOAD"] is True


def test_check_deploy_is_clean_with_preload_asked_for_too(production_env):
    result = manage({**production_env, "DJANGO_HSTS_PRELOAD": "1"}, "check", "--deploy")

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


def test_without_https_a_laptop_serves_plain_http(env):
    values = django_settings({**env, "DJANGO_SECRET_KEY": "k" * 50}, *HTTPS_SETTINGS)

    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SESSION_COOKIE_SECURE"] is False
    assert values["CSRF_COOKIE_SECURE"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["SECURE_PROXY_SSL_HEADER"] is None


_REQUEST_OVER_HTTP = """
import json
import django
django.setup()
from django.test import Client
client = Client()
health = client.get("/healthz")
home = client.get("/")
print("STATUS=" + json.dumps([health.status_code, home.status_code, home.get("Location")]))
"""


def test_https_redirects_pages_to_https_but_not_the_health_check(production_env, tmp_path):
    env = {
        **production_env,
        "DJANGO_ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    # The health check writes its heartbeat: the database must have its tables.
    assert manage(env, "migrate", "--noinput").returncode == 0

    result = python(env, _REQUEST_OVER_HTTP)

    assert result.returncode == 0, result.stderr
    health, home, location = json.loads(marked_line(result.stdout, "STATUS="))
    assert health == 200
    assert home == 301
    assert location == "https://testserver/"


def test_allowed_hosts_and_csrf_origins_are_comma_separated_lists(production_env):
    env = {
        **production_env,
        "DJANGO_ALLOWED_HOSTS": "spades.example, www.spades.example",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://spades.example,https://www.spades.example",
    }

    values = django_settings(env, "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS")

    assert values["ALLOWED_HOSTS"] == ["spades.example", "www.spades.example"]
    assert values["CSRF_TRUSTED_ORIGINS"] == [
        "https://spades.example",
        "https://www.spades.example",
    ]


def test_allowed_hosts_default_to_loopback_only(env):
    values = django_settings(
        {**env, "DJANGO_SECRET_KEY": "k" * 50}, "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"
    )

    assert values["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "[::1]"]
    assert values["CSRF_TRUSTED_ORIGINS"] == []


def test_default_database_is_a_tuned_sqlite_file_with_persistent_connections(env):
    database = django_settings({**env, "DJANGO_SECRET_KEY": "k" * 50}, "DATABASES")["DATABASES"][
        "default"
    ]

    assert database["ENGINE"] == "django.db.backends.sqlite3"  # Django's own, as shipped
    assert database["NAME"] == str(BASE_DIR / "db.sqlite3")
    assert "journal_mode=WAL" in database["OPTIONS"]["init_command"]
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert database["OPTIONS"]["timeout"] >= 5
    assert database["CONN_MAX_AGE"] > 0


_SQLITE_PRAGMAS = """
import json
import django
django.setup()
from django.db import connection
with connection.cursor() as cursor:
    pragmas = {}
    for name in ("journal_mode", "busy_timeout"):
        cursor.execute(f"PRAGMA {name}")
        pragmas[name] = cursor.fetchone()[0]
print("PRAGMAS=" + json.dumps(pragmas))
"""


def test_sqlite_connections_really_use_wal_and_wait_when_the_database_is_busy(env, tmp_path):
    database = tmp_path / "db.sqlite3"
    env = {**env, "DJANGO_SECRET_KEY": "k" * 50, "DATABASE_URL": f"sqlite:///{database}"}

    result = python(env, _SQLITE_PRAGMAS)

    assert result.returncode == 0, result.stderr
    pragmas = json.loads(marked_line(result.stdout, "PRAGMAS="))
    assert pragmas["journal_mode"] == "wal"
    assert pragmas["busy_timeout"] >= 5000
    # WAL is recorded in the file itself, so every later connection uses it too.
    with closing(sqlite3.connect(database)) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_postgres_database_url_selects_postgresql_without_sqlite_options(env):
    env = {
        **env,
        "DJANGO_SECRET_KEY": "k" * 50,
        "DATABASE_URL": "postgres://spades:s3cret@db.example:5433/spades",
    }

    database = django_settings(env, "DATABASES")["DATABASES"]["default"]

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["NAME"], database["USER"], database["PASSWORD"]) == (
        "spades",
        "spades",
        "s3cret",
    )
    assert (database["HOST"], database["PORT"]) == ("db.example", 5433)
    assert "init_command" not in database.get("OPTIONS", {})
    assert database["CONN_MAX_AGE"] > 0
    assert database["CONN_HEALTH_CHECKS"] is True


def test_static_files_use_whitenoise_compressed_manifest_storage_in_a_movable_root(env, tmp_path):
    """Whitenoise's hashed, compressed storage, as shipped, with Django's public switch that
    gives a module imported by another the hashed name its page's script tag loads."""
    env = {**env, "DJANGO_SECRET_KEY": "k" * 50, "DJANGO_STATIC_ROOT": str(tmp_path / "static")}

    values = django_settings(env, "STATIC_ROOT", "STORAGES", "MIDDLEWARE")

    assert values["STATIC_ROOT"] == str(tmp_path / "static")
    backend = values["STORAGES"]["staticfiles"]["BACKEND"]
    storage = import_string(backend)
    assert issubclass(storage, CompressedManifestStaticFilesStorage)
    assert storage.support_js_module_import_aggregation is True
    middleware = values["MIDDLEWARE"]
    assert middleware.index("whitenoise.middleware.WhiteNoiseMiddleware") == 1
    assert "django.middleware.gzip.GZipMiddleware" in middleware


_LOG_A_LINE = """
import logging
import django
django.setup()
logging.getLogger("games.foundation_test").info("marker-from-the-app")
"""


def test_application_logs_go_to_stdout(env):
    result = python({**env, "DJANGO_SECRET_KEY": "k" * 50}, _LOG_A_LINE)

    assert result.returncode == 0, result.stderr
    assert "INFO games.foundation_test: marker-from-the-app" in result.stdout
    assert "marker-from-the-app" not in result.stderr


def test_sessions_are_kept_in_the_database_so_signing_out_ends_them(env):
    """Without a shared cache each worker caches for itself, so sessions are read from the
    database: a sign-out in one worker ends the session in all (tests/web/test_sessions.py)."""
    postgres = {"DATABASE_URL": "postgres://u:p@db:5432/spades"}
    for database in ({}, postgres):
        values = django_settings(
            {**env, "DJANGO_SECRET_KEY": "k" * 50, **database}, "SESSION_ENGINE", "MIDDLEWARE"
        )

        assert values["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"
        assert "django.contrib.auth.middleware.AuthenticationMiddleware" in values["MIDDLEWARE"]


def test_without_a_shared_cache_each_worker_keeps_a_bounded_one_in_memory(env):
    cache = django_settings({**env, "DJANGO_SECRET_KEY": "k" * 50}, "CACHES")["CACHES"]["default"]

    assert cache["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert 1_000 <= cache["OPTIONS"]["MAX_ENTRIES"] <= 10_000


def test_a_shared_cache_serves_parts_to_every_instance_and_gives_up_quickly(env):
    """With Redis, every instance draws page parts through it, with short timeouts so a stalled
    Redis costs a fraction of a second; sessions stay in the database alone, so a sign-out
    holds whatever Redis does."""
    env = {**env, "DJANGO_SECRET_KEY": "k" * 50, "DJANGO_CACHE_URL": "redis://127.0.0.1:6379/3"}
    values = django_settings(env, "SESSION_ENGINE", "CACHES")

    assert values["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"
    cache = values["CACHES"]["default"]
    assert cache["BACKEND"] == "scorekeeper.cache.FailSafeRedisCache"
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/3"
    assert 0 < cache["OPTIONS"]["socket_connect_timeout"] <= 0.5
    assert 0 < cache["OPTIONS"]["socket_timeout"] <= 0.5


def test_pushed_board_updates_are_off_unless_asked_for_and_go_through_the_redis_cache(env):
    env = {**env, "DJANGO_SECRET_KEY": "k" * 50}
    assert django_settings(env, "BOARD_PUSH")["BOARD_PUSH"] is False

    asked = {**env, "DJANGO_BOARD_PUSH": "1", "DJANGO_CACHE_URL": "redis://:s%40cret@cache:6380/2"}
    values = django_settings(asked, "BOARD_PUSH", "EVENTSTREAM_REDIS")
    assert values["BOARD_PUSH"] is True
    assert values["EVENTSTREAM_REDIS"] == {
        "host": "cache",
        "port": 6380,
        "db": 2,
        "username": None,
        "password": "s@cret",
        "ssl": False,
    }


def test_pushed_board_updates_without_redis_stop_the_app_at_start(env):
    result = manage({**env, "DJANGO_SECRET_KEY": "k" * 50, "DJANGO_BOARD_PUSH": "1"}, "check")

    assert result.returncode != 0
    assert "DJANGO_BOARD_PUSH needs a Redis cache" in result.stderr


def test_trusted_proxies_default_to_none_and_come_from_the_environment(env):
    env = {**env, "DJANGO_SECRET_KEY": "k" * 50}

    assert django_settings(env, "TRUSTED_PROXIES")["TRUSTED_PROXIES"] == 0
    env["DJANGO_TRUSTED_PROXIES"] = "2"
    assert django_settings(env, "TRUSTED_PROXIES")["TRUSTED_PROXIES"] == 2


def test_a_malformed_proxy_count_stops_the_app_at_start(env):
    result = manage(
        {**env, "DJANGO_SECRET_KEY": "k" * 50, "DJANGO_TRUSTED_PROXIES": "one"}, "check"
    )

    assert result.returncode != 0
    assert "DJANGO_TRUSTED_PROXIES must be a whole number" in result.stderr


_MAILER = """
import json
import django
django.setup()
from django.conf import settings
from django.core.mail import mailers
mailer = mailers["default"]
fields = ("host", "port", "username", "password", "use_tls", "use_ssl", "timeout")
values = {name: getattr(mailer, name, None) for name in fields}
values["class"] = type(mailer).__module__
values["from"] = settings.DEFAULT_FROM_EMAIL
print("MAILER=" + json.dumps(values))
"""


def mailer(env):
    result = python({**env, "DJANGO_SECRET_KEY": "k" * 50}, _MAILER)
    assert result.returncode == 0, result.stderr
    return json.loads(marked_line(result.stdout, "MAILER="))


def test_reset_mail_goes_to_the_console_when_no_smtp_server_is_set(env):
    assert mailer(env)["class"] == "django.core.mail.backends.console"


def test_reset_mail_goes_out_by_smtp_with_tls_when_a_server_is_set(env):
    values = mailer(
        {
            **env,
            "DJANGO_EMAIL_HOST": "smtp.example.com",
            "DJANGO_EMAIL_USER": "spades",
            "DJANGO_EMAIL_PASSWORD": "s3cret",
            "DJANGO_EMAIL_FROM": "Spades <spades@example.com>",
        }
    )

    assert values["class"] == "django.core.mail.backends.smtp"
    assert (values["host"], values["port"]) == ("smtp.example.com", 587)
    assert (values["username"], values["password"]) == ("spades", "s3cret")
    assert (values["use_tls"], values["use_ssl"]) == (True, False)
    assert values["timeout"] > 0
    assert values["from"] == "Spades <spades@example.com>"


def test_smtp_over_ssl_on_its_own_port(env):
    values = mailer(
        {
            **env,
            "DJANGO_EMAIL_HOST": "smtp.example.com",
            "DJANGO_EMAIL_USE_SSL": "1",
            "DJANGO_EMAIL_PORT": "2465",
        }
    )

    assert (values["port"], values["use_tls"], values["use_ssl"]) == (2465, False, True)
