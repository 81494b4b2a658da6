"""Counters of sign-in attempts, shared by every worker through the database; guests."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class SignInCounter(models.Model):
    """Attempts in the current window for one (username, address), or for one address alone
    (username "")."""

    username = models.CharField(max_length=150, blank=True)
    address = models.CharField(max_length=64)
    attempts = models.PositiveIntegerField(default=0)
    window_start = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["address", "username"], name="one_counter_per_key")
        ]

    def __str__(self) -> str:
        who = f"{self.username!r} from {self.address}" if self.username else self.address
        return f"{self.attempts} sign-in attempts for {who}"


class Guest(models.Model):
    """Marks a user made for a visitor who started a game without an account.

    A guest is a real user with an unusable password, signed in through its session only, so
    every owner check treats its games as it treats an account's. Signing up removes the mark.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="guest"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Moved on (at most daily) while the guest keeps coming back; purge_guests reads it.
    last_seen = models.DateTimeField(default=timezone.now, db_index=True)
    # Where it was started from (as throttle.client_address gives it): guests started from one
    # address are counted to slow down anyone making them in bulk.
    address = models.CharField(max_length=64, blank=True)

    class Meta:
        indexes = [models.Index(fields=["address", "created_at"], name="guest_by_address")]

    def __str__(self) -> str:
        return f"guest {self.user_id} since {self.created_at:%Y-%m-%d}"
