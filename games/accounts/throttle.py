"""Slows password guessing without letting a stranger lock an owner out, and limits per address
the other things that cost the server or others (sign-ups, reset e-mails, new games).

Attempts are counted per (username, address) and per address, never per username alone: five
wrong passwords for "victim" from one address lock that address out of "victim", not the owner
at home. An attempt is counted *before* its password is checked, with the counters locked, so
parallel guesses can't all slip in under the limit; a success or a form that never reached the
password check gives its place back.

A phone that has signed in to a name before holds a device cookie for it (OWASP's "device
cookies"): its attempts for that name are counted for that phone alone, so a neighbour on the
same Wi-Fi who locks the address out of the name does not lock out the owner's own phone.
"""

import ipaddress
import math
import secrets
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.signing import BadSignature
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from games.accounts.models import SignInCounter

WINDOW = timedelta(minutes=15)
PER_USERNAME = 5  # per (username, address)
PER_ADDRESS = 20
MAX_USERNAME = 150
# Each window's first attempt also clears out this many expired counters.
CLEANUP_BATCH = 100


@dataclass(frozen=True)
class Attempt:
    username: str
    address: str

    def keys(self) -> list[str]:
        """The counters this attempt uses: the address's own ("") and the pair's."""
        return sorted({"", self.username})


def normalised_username(raw: str) -> str:
    """The name as Django signs it in (stripped, NFKC, as the sign-in form does), casefolded
    because sign-up refuses names that differ only in case."""
    name = unicodedata.normalize("NFKC", str(raw).strip()).strip().casefold()
    # NUL can't be stored in PostgreSQL text, and no real username has one.
    return unicodedata.normalize("NFKC", name).replace("\x00", "")[:MAX_USERNAME]


def client_address(request: HttpRequest) -> str:
    """The address the request came from, behind settings.TRUSTED_PROXIES reverse proxies.

    Each trusted proxy appends the address it saw to X-Forwarded-For, so the client is the
    entry that many places from the end; anything further left came from the client and could
    be forged. IPv6 addresses count by their /64, the block one household or server gets.
    """
    address = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            address = hops[-proxies] if len(hops) >= proxies else hops[0]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return str(request.META.get("REMOTE_ADDR", ""))[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


DEVICE_COOKIE = "spades_device"
DEVICE_SALT = "games.accounts.throttle.device"
DEVICE_AGE = timedelta(days=365)
# Counters of a device are kept beside the addresses', under this mark (no address has one).
DEVICE_MARK = "device:"


def attempt_for(request: HttpRequest) -> Attempt:
    """The attempt counted for this phone's own device cookie if it holds one for this name,
    else for the address it comes from."""
    username = normalised_username(request.POST.get("username", ""))
    return Attempt(
        username=username, address=device_of(request, username) or client_address(request)
    )


def device_of(request: HttpRequest, username: str) -> str | None:
    """The counters' key of this phone's device cookie, if it was given for `username`."""
    try:
        value = request.get_signed_cookie(DEVICE_COOKIE, salt=DEVICE_SALT, max_age=DEVICE_AGE)
    except (KeyError, BadSignature):
        return None
    nonce, _, name = str(value).partition(":")
    if not username or not nonce or name != username:
        return None
    return DEVICE_MARK + nonce


def remember_device(response: HttpResponse, attempt: Attempt) -> None:
    """A successful sign-in: this phone gets a new device cookie for the name."""
    response.set_signed_cookie(
        DEVICE_COOKIE,
        f"{secrets.token_urlsafe(16)}:{attempt.username}",
        salt=DEVICE_SALT,
        max_age=int(DEVICE_AGE.total_seconds()),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _limit(key: str) -> int:
    return PER_ADDRESS if key == "" else PER_USERNAME


def _locked_counters(attempt: Attempt, now: datetime) -> list[SignInCounter]:
    """This attempt's counters, created if new and locked until the transaction ends.

    Always locked in the same order (the address's first), so two attempts never deadlock. A
    counter deleted as expired while we waited is simply created again.
    """
    keys = attempt.keys()
    for _ in range(3):
        new = [
            SignInCounter(address=attempt.address, username=key, window_start=now) for key in keys
        ]
        SignInCounter.objects.bulk_create(new, ignore_conflicts=True)
        counters = list(
            SignInCounter.objects.select_for_update()
            .filter(address=attempt.address, username__in=keys)
            .order_by("username")
        )
        if len(counters) == len(keys):
            return counters
    raise RuntimeError("sign-in counters kept disappearing")  # pragma: no cover


def _refusal(wait: timedelta) -> str:
    minutes = max(1, math.ceil(wait.total_seconds() / 60))
    return (
        f"Too many failed sign-ins. Wait {minutes} minute{'s' if minutes != 1 else ''} "
        "and try again."
    )


def begin(attempt: Attempt) -> str | None:
    """Count this attempt before its password is checked, or say why it is refused for now."""
    now = timezone.now()
    with transaction.atomic():
        counters = _locked_counters(attempt, now)
        fresh = False
        for counter in counters:
            if counter.window_start <= now - WINDOW:
                counter.attempts, counter.window_start = 0, now
            fresh = fresh or counter.attempts == 0
        full = [counter for counter in counters if counter.attempts >= _limit(counter.username)]
        if full:
            return _refusal(max(counter.window_start for counter in full) + WINDOW - now)
        for counter in counters:
            counter.attempts += 1
            counter.save(update_fields=["attempts", "window_start"])
        if fresh:
            _forget_expired(now)
    return None


def _forget_expired(now: datetime) -> None:
    """Delete a batch of expired counters, skipping any that another attempt holds."""
    expired = SignInCounter.objects.select_for_update(skip_locked=True).filter(
        window_start__lte=now - WINDOW
    )
    ids = list(expired.values_list("pk", flat=True)[:CLEANUP_BATCH])
    if ids:
        SignInCounter.objects.filter(pk__in=ids).delete()


def give_back(attempt: Attempt) -> None:
    """The attempt never reached a password check: it doesn't count."""
    SignInCounter.objects.filter(address=attempt.address, username__in=attempt.keys()).update(
        attempts=Greatest(F("attempts") - 1, 0)
    )


def succeeded(attempt: Attempt) -> None:
    """The right password: this name's failures from this address are forgotten, and the
    address gets back the place this attempt took."""
    if attempt.username:
        SignInCounter.objects.filter(address=attempt.address, username=attempt.username).update(
            attempts=0
        )
    SignInCounter.objects.filter(address=attempt.address, username="").update(
        attempts=Greatest(F("attempts") - 1, 0)
    )


@dataclass(frozen=True)
class Limit:
    """How often one address may do something that costs the server or other players."""

    action: str
    per_address: int
    window: timedelta
    what: str  # in "Too many {what} from this connection"


# A club's phones share one address: these leave room for a whole room's evening.
SIGNUP = Limit("signup", 10, timedelta(hours=1), "new accounts")
PASSWORD_RESET = Limit("password-reset", 5, timedelta(hours=1), "password reset e-mails")
NEW_GAME = Limit("new-game", 60, timedelta(hours=1), "new games")
# An event file costs a read of up to its bounds and a slice of imports: a director imports
# one now and then, so a handful an hour, per address and per account (`spend_account`).
EVENT_IMPORT = Limit("event-import", 10, timedelta(hours=1), "event imports")


def spend(request: HttpRequest, limit: Limit) -> str | None:
    """Count one `limit.action` for the request's address; the refusal if it is over.

    Counted in Django's cache, in fixed windows: shared by every instance with Redis, per
    worker without it. A cache that is down counts nothing, so these limits pause while it is
    (sign-in's counters are in the database and never do).
    """
    return _spend(limit, client_address(request), "from this connection")


def spend_account(user: Any, limit: Limit) -> str | None:
    """Count one `limit.action` for the signed-in account (a guest's too), as `spend` does
    for an address, `limit.per_address` a window: one account can't spread its imports over
    many addresses."""
    return _spend(limit, f"user:{user.pk}", "from this account")


def _spend(limit: Limit, who: str, where: str) -> str | None:
    window = int(limit.window.total_seconds())
    now = time.time()
    start = int(now // window) * window
    key = f"limit:{limit.action}:{who}:{start}"
    cache.add(key, 0, window)
    try:
        count = cache.incr(key)
    except ValueError:  # evicted, or the cache is unreachable
        count = 1
    if count <= limit.per_address:
        return None
    minutes = max(1, math.ceil((start + window - now) / 60))
    return (
        f"Too many {limit.what} {where}. Wait {minutes} "
        f"minute{'s' if minutes != 1 else ''} and try again."
    )
