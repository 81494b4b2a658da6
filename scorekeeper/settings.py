"""Settings for the Spades scorekeeper, read from the environment.

A laptop install needs nothing set: `make run` keeps a generated secret key in `.secret_key`.
A deployment sets DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DATABASE_URL and DJANGO_HTTPS=1.
"""

import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG")
HTTPS = env_flag("DJANGO_HTTPS")


def _secret_key() -> str:
    key = os.environ.get("DJANGO_SECRET_KEY", "").strip()
    if key:
        return key
    key_file = Path(os.environ.get("DJANGO_SECRET_KEY_FILE", BASE_DIR / ".secret_key"))
    if key_file.is_file():
        key = key_file.read_text().strip()
        if key:
            return key
    # No fixed fallback, even with DEBUG: anyone could forge this app's sessions and tokens.
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set. Set it to a long random string, for example the output "
        "of: python -c 'import secrets; print(secrets.token_urlsafe(50))' "
        "(on a laptop, `make run` creates one for you in .secret_key)."
    )


SECRET_KEY = _secret_key()

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")


def _public_url() -> str:
    """Where other phones reach this app, for the share page's links when the page was opened on
    the laptop's own loopback address (`make run HOST=0.0.0.0` sets it to the laptop's address
    on the local network). Empty: links use the address each page was opened on."""
    url = os.environ.get("DJANGO_PUBLIC_URL", "").strip().rstrip("/")
    if url and not url.startswith(("http://", "https://")):
        raise ImproperlyConfigured(
            f"DJANGO_PUBLIC_URL must start with http:// or https://, e.g. "
            f"http://192.168.1.20:8000 (got {url!r})."
        )
    return url


PUBLIC_URL = _public_url()

INSTALLED_APPS = [
    "scorekeeper",
    # The host's read-mostly admin at /admin/ (games.admin.host_site, staff only): the simple
    # config, since the site is ours and registers its models itself, not by autodiscovery.
    "django.contrib.admin.apps.SimpleAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "games",
    "games.accounts",
    "games.club",
    "games.cards",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "scorekeeper.middleware.unroutable_paths",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "scorekeeper.middleware.offline_owner",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite by default; PostgreSQL (or anything dj-database-url reads) through DATABASE_URL.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers carry on while a phone writes; IMMEDIATE transactions take the write
    # lock at BEGIN, and the busy timeout makes a second writer wait its turn there instead of
    # failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A file, not memory, so a live server thread and a gunicorn under test share it.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("DJANGO_TEST_DB", str(BASE_DIR / ".test-db.sqlite3"))
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

SESSION_COOKIE_AGE = 60 * 60 * 24 * 90
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"


def _trusted_proxies() -> int:
    value = os.environ.get("DJANGO_TRUSTED_PROXIES", "").strip() or "0"
    if not value.isdigit():
        raise ImproperlyConfigured(
            f"DJANGO_TRUSTED_PROXIES must be a whole number of reverse proxies, not {value!r}."
        )
    return int(value)


# How many reverse proxies in front of the app append to X-Forwarded-For: sign-in throttling
# reads the client's address that many entries from the end (0: the connection's own address).
TRUSTED_PROXIES = _trusted_proxies()

# Password reset e-mails: printed to the console unless an SMTP server is configured.
if os.environ.get("DJANGO_EMAIL_HOST", "").strip():
    _smtp = {
        "host": os.environ["DJANGO_EMAIL_HOST"].strip(),
        "username": os.environ.get("DJANGO_EMAIL_USER", ""),
        "password": os.environ.get("DJANGO_EMAIL_PASSWORD", ""),
        "use_ssl": env_flag("DJANGO_EMAIL_USE_SSL"),
        "timeout": 10,
    }
    _smtp["use_tls"] = not _smtp["use_ssl"] and env_flag("DJANGO_EMAIL_USE_TLS", default=True)
    if os.environ.get("DJANGO_EMAIL_PORT", "").strip():
        _smtp["port"] = int(os.environ["DJANGO_EMAIL_PORT"])
    MAILERS = {
        "default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": _smtp}
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_EMAIL_FROM", "").strip() or "webmaster@localhost"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "scorekeeper.storage.StaticFilesStorage"},
}
WHITENOISE_MAX_AGE = 60 * 60 * 24 * 365 if not DEBUG else 0

# Rendered parts of pages, kept per game version: each worker holds its own, or several app
# instances share one Redis (DJANGO_CACHE_URL=redis://host:6379/0). Every key carries the
# database's generation (games.generation), so a restored database never reads parts cached
# from its future.
CACHE_URL = os.environ.get("DJANGO_CACHE_URL", "")
CACHES: dict[str, dict[str, Any]]
if CACHE_URL:
    CACHES = {
        "default": {
            # Django's RedisCache, for which a Redis that is down or stalled is a miss: every
            # call gives up after these timeouts and the page is drawn from the database.
            "BACKEND": "scorekeeper.cache.FailSafeRedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "spades",
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
            "KEY_FUNCTION": "games.generation.make_key",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            # Entries average about 3 KB (a history row, a game's standings; a 200-hand game's
            # watch page, the largest, 53 KB): some 15 MB a worker, the least recently used
            # third dropped when full. Django's default of 300 would hold about ten games.
            "OPTIONS": {"MAX_ENTRIES": 5_000},
            "KEY_FUNCTION": "games.generation.make_key",
        }
    }

# The rules a game at a club night's table obeys beyond the game's own (a confirmed result stays
# confirmed, the clock or the director calls the time): every write of such a game asks them
# first (`games.services.TableRules`).
GAME_TABLE_RULES = "games.club.table_rules.EventTableRules"

# The room board's updates, pushed to the phones following it as server-sent events
# (django-eventstream) and fanned out to every instance through the same Redis. On with
# DJANGO_BOARD_PUSH where an async server (`make push`) answers the board's /push/ address
# beside gunicorn; without it (as `make run` serves) the board polls. With it, the board still
# polls every 10 s, in case a pushed update went astray.
BOARD_PUSH = env_flag("DJANGO_BOARD_PUSH")
if BOARD_PUSH:
    if not CACHE_URL.startswith(("redis://", "rediss://")):
        raise ImproperlyConfigured(
            "DJANGO_BOARD_PUSH needs a Redis cache (DJANGO_CACHE_URL=redis://host:6379/0): "
            "the pushed updates reach every instance's followers through it."
        )
    _redis = urlsplit(CACHE_URL)
    EVENTSTREAM_REDIS = {
        "host": _redis.hostname or "localhost",
        "port": _redis.port or 6379,
        "db": int(_redis.path.strip("/") or 0),
        "username": unquote(_redis.username) if _redis.username else None,
        "password": unquote(_redis.password) if _redis.password else None,
        "ssl": _redis.scheme == "rediss",
    }

# Sessions live in the database and are read from it on every request, so signing out (or
# changing the password, or turning a scoring link off) ends them on the server at once, on
# every worker and instance, whatever the cache does: a copied cookie stops working. A session
# read through Redis (cached_db) could come back to life from a copy that a stalled Redis kept
# while the session was deleted.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Game files are small: a thousand hands is well under 200 KB.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 400

# Security headers; the CSP allows no inline script or style.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
}
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    # Every subdomain, and the browsers' preload list, only when the domain's owner asks: both
    # bind hosts this app knows nothing of, and a preload is slow to undo.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_HSTS_PRELOAD")
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD")
    if not SECURE_HSTS_PRELOAD:
        # `check --deploy` would ask for both; plain HSTS is the choice, not an oversight.
        SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "stream": "ext://sys.stdout",
        }
    },
    "root": {"handlers": ["stdout"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django.request": {"level": "WARNING"},
        "django.server": {"level": "WARNING"},
    },
}
