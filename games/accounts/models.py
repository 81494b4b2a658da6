"""Counters of sign-in attempts, shared by every worker through the database."""

from django.db import models


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
