"""The health check's one row: writing it is how `/healthz` knows the database takes writes."""

from django.db import models


class Heartbeat(models.Model):
    """Rewritten by every health check; nothing reads it back."""

    beat = models.DateTimeField()

    def __str__(self) -> str:
        return f"healthy at {self.beat:%Y-%m-%d %H:%M:%S}"
