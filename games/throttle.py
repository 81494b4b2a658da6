"""Slows password guessing: failed sign-ins are counted per username and per address.

Counts live in the database, so every gunicorn worker sees the same ones.
"""

from datetime import timedelta

from django.db.models import Count, Min, Q
from django.utils import timezone

from games.models import LoginFailure

WINDOW = timedelta(minutes=15)
PER_USERNAME = 5
PER_ADDRESS = 20


def refusal(username: str, address: str | None) -> str | None:
    """Why this sign-in is refused for now, or None if it may be tried."""
    username = username.casefold()
    since = timezone.now() - WINDOW
    for_user = Q(username=username)
    for_address = Q(address=address) if address else Q(pk__in=[])
    counts = LoginFailure.objects.filter(for_user | for_address, at__gte=since).aggregate(
        user=Count("pk", filter=for_user),
        address=Count("pk", filter=for_address),
        first=Min("at"),
    )
    if counts["user"] < PER_USERNAME and counts["address"] < PER_ADDRESS:
        return None
    wait = counts["first"] + WINDOW - timezone.now()
    minutes = max(1, round(wait.total_seconds() / 60))
    return (
        f"Too many failed sign-ins. Wait {minutes} minute{'s' if minutes != 1 else ''} "
        "and try again."
    )


def record_failure(username: str, address: str | None) -> None:
    LoginFailure.objects.create(username=username.casefold()[:150], address=address or None)
    LoginFailure.objects.filter(at__lt=timezone.now() - WINDOW).delete()


def forget(username: str) -> None:
    LoginFailure.objects.filter(username=username.casefold()).delete()
