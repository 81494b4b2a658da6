"""Score first, sign up later: a visitor's games kept under a guest user until they sign up.

A guest is a real `User` with an unusable password and a `Guest` mark, signed in through its
session only. Every owner check therefore keeps a guest's games private to that browser exactly
as an account's are private to the account. Signing up turns the same user into an account;
signing in to an existing account moves the guest's games there and deletes the guest.

A guest may run a club night too: the event is its own like its games, is kept by signing up,
moves with the games on signing in, and is counted in the warning before a sign-out deletes it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model, login
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection, models, transaction
from django.http import HttpRequest
from django.utils import timezone

from games.accounts import throttle
from games.accounts.models import Guest
from games.cards.models import CardsGame
from games.club.models import Event
from games.models import Game, account_counts
from games.scoring import limits

# Guests one address may start in WINDOW: a table's phones on one Wi-Fi start a few, and a
# script starting thousands is held back.
PER_ADDRESS = 20
WINDOW = timedelta(hours=1)
# The session says "guest" so pages can say so without a query; the Guest row is the truth
# for anything that changes data.
SESSION_FLAG = "guest"
SEEN_KEY = "guest_seen"
PURGE_BATCH = 200
BACKEND = "django.contrib.auth.backends.ModelBackend"


def is_guest(request: HttpRequest) -> bool:
    """For showing the guest's banner and links: no query."""
    return bool(request.user.is_authenticated and request.session.get(SESSION_FLAG))


def guest_id(user: AbstractBaseUser | AnonymousUser) -> int | None:
    """The user's id if it is a guest: the database's answer, for anything that changes data."""
    if not user.is_authenticated or user.pk is None:
        return None
    pk = int(user.pk)
    return pk if Guest.objects.filter(user_id=pk).exists() else None


def refusal_for(count: int) -> str:
    return (
        f"{count} games have been started without an account from this connection in the "
        "last hour. Wait an hour, or sign in or create an account to start one now."
    )


def start(request: HttpRequest) -> str | None:
    """Sign the visitor in as a new guest, or say why not now (too many from one address)."""
    address = throttle.client_address(request)
    since = timezone.now() - WINDOW
    with transaction.atomic():
        _serialise_address(address)
        recent = Guest.objects.filter(address=address, created_at__gte=since).count()
        if recent >= PER_ADDRESS:
            return refusal_for(recent)
        user = get_user_model().objects.create_user(username=f"guest-{secrets.token_hex(10)}")
        Guest.objects.create(user=user, address=address)
    login(request, user, backend=BACKEND)
    request.session[SESSION_FLAG] = True
    request.session[SEEN_KEY] = timezone.localdate().isoformat()
    return None


def may_start_game(request: HttpRequest) -> str | None:
    """Before a new game (of any kind) is made: the throttle's turn, and a visitor without an
    account becomes a guest. The reason it can't now, or None (the guest's session kept)."""
    refused = throttle.spend(request, throttle.NEW_GAME)
    if not refused and not request.user.is_authenticated:
        refused = start(request)
    if not refused:
        keep_alive(request)
    return refused


def _serialise_address(address: str) -> None:
    """Starts from one address count and create one after the other, so parallel posts can't
    overshoot the limit. SQLite's IMMEDIATE transactions already hold the write lock here;
    PostgreSQL takes a lock on the address until the transaction ends."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"guest:{address}"])


def keep_alive(request: HttpRequest) -> None:
    """A returning guest's session is saved again once a day: its cookie and its row live on
    (sessions are otherwise saved only when they change), and purge_guests sees it is used."""
    today = timezone.localdate().isoformat()
    if not is_guest(request) or request.session.get(SEEN_KEY) == today:
        return
    Guest.objects.filter(user_id=int(request.user.pk or 0)).update(last_seen=timezone.now())
    request.session[SEEN_KEY] = today


def forget_flag(request: HttpRequest) -> None:
    request.session.pop(SESSION_FLAG, None)
    request.session.pop(SEEN_KEY, None)


# The apps whose rows a user owns: the games, and the club nights (events) it directs.
OWNING_APPS = ("games", "club", "cards")


def owned_relations() -> list[models.ForeignObject[Any, Any]]:
    """Every foreign key to the user from the games and the club: what a guest owns and must
    move (an event's teams, rounds and games come along under the event and the games)."""
    user_model = get_user_model()
    return [
        relation.field
        for relation in user_model._meta.related_objects
        if relation.one_to_many and relation.related_model._meta.app_label in OWNING_APPS
    ]


class MoveRefused(Exception):
    """Moving a guest's games would take an account over its limits; nothing was moved."""


def move_to(guest_id: int, account: AbstractBaseUser) -> int:
    """Move everything the guest owns to `account`, all or nothing, then delete the guest.

    Returns the number of games moved (0 if the guest was already gone: a second tab).
    """
    with transaction.atomic():
        if not lock(guest_id):
            return 0
        # The account's row is locked too: two phones moving guests into one account at once
        # are checked against the limits one after the other.
        get_user_model().objects.select_for_update().filter(pk=account.pk).first()
        moving_games, moving_hands = account_counts(guest_id)
        have_games, have_hands = account_counts(account.pk)
        passed = limits.account_limits_passed(have_games, have_hands, moving_games, moving_hands)
        if "games" in passed:
            raise MoveRefused(
                f"This phone's {moving_games} guest games would take your account's "
                f"{have_games} games past the {limits.MAX_ACCOUNT_GAMES:,} an account keeps. "
                "Nothing was moved and you are still playing as a guest."
            )
        if "hands" in passed:
            raise MoveRefused(
                f"This phone's guest games hold {moving_hands} hands, and your account's games "
                f"{have_hands}: an account keeps at most {limits.MAX_ACCOUNT_HANDS:,}. "
                "Nothing was moved and you are still playing as a guest."
            )
        for field in owned_relations():
            field.model._default_manager.filter(**{field.attname: guest_id}).update(
                **{field.name: account}
            )
        get_user_model().objects.filter(pk=guest_id).delete()
    return moving_games


def lock(user_id: int) -> bool:
    """Hold the guest's mark until the transaction ends; False if it is not a guest now."""
    return Guest.objects.select_for_update().filter(user_id=user_id).first() is not None


def become_account(user: AbstractBaseUser) -> bool:
    """The guest's mark removed: its user is now an account (the form has set a name and a
    password). False if it was not a guest any more."""
    deleted, _ = Guest.objects.filter(user_id=user.pk).delete()
    return deleted > 0


@dataclass(frozen=True)
class Holdings:
    """What a guest holds: its games outside club nights, and the club nights it directs (a
    night's tables play games of their own, counted with the night)."""

    games: int
    events: int

    def __str__(self) -> str:
        """ "3 games", "2 games and 1 club night", "1 club night"."""
        said = [_counted(self.games, "game")] if self.games or not self.events else []
        if self.events:
            said.append(_counted(self.events, "club night"))
        return " and ".join(said)

    @property
    def one(self) -> bool:
        return self.games + self.events == 1


def _counted(count: int, thing: str) -> str:
    return f"{count} {thing}{'s' if count != 1 else ''}"


def holdings(user_id: int) -> Holdings:
    return Holdings(
        games=Game.objects.filter(owner_id=user_id, seating__isnull=True).count()
        + CardsGame.objects.filter(owner_id=user_id).count(),
        events=Event.objects.filter(owner_id=user_id).count(),
    )


def end(user_id: int) -> None:
    """A guest signing out: nobody can reach its games and events again, so they go with it
    (the sign-out page counts both first: `sign_out`)."""
    with transaction.atomic():
        if Guest.objects.filter(user_id=user_id).exists():
            get_user_model().objects.filter(pk=user_id).delete()


def abandoned(days: int) -> models.QuerySet[Guest]:
    """Guests not seen, and with no game changed, for `days` days."""
    cutoff = timezone.now() - timedelta(days=days)
    recent_games = Game.objects.filter(owner_id=models.OuterRef("user_id"), updated_at__gte=cutoff)
    recent_cards = CardsGame.objects.filter(
        owner_id=models.OuterRef("user_id"), updated_at__gte=cutoff
    )
    return Guest.objects.filter(last_seen__lt=cutoff, created_at__lt=cutoff).exclude(
        models.Exists(recent_games) | models.Exists(recent_cards)
    )


def purge(days: int) -> int:
    """Delete abandoned guests with their games, a batch at a time; how many were deleted."""
    ids = list(abandoned(days).values_list("user_id", flat=True))
    deleted = 0
    for first in range(0, len(ids), PURGE_BATCH):
        batch = ids[first : first + PURGE_BATCH]
        with transaction.atomic():
            # Asked again inside the transaction: a guest back since the list was read stays.
            still = list(
                abandoned(days).filter(user_id__in=batch).values_list("user_id", flat=True)
            )
            get_user_model().objects.filter(pk__in=still).delete()
        deleted += len(still)
    return deleted
