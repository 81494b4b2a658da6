"""Winners play winners ("king of the hill"): each round pairs neighbours in the standings,
first with second, third with fourth, rematches and all; with an odd count the last team
sits out. It plays log2 of the field's rounds unless the event names a number."""

from __future__ import annotations

from ..pairings import Pairing, king_of_the_hill
from .base import Format, Progress


class KingOfTheHill(Format):
    name = "king_of_the_hill"

    def next_round(self, progress: Progress) -> Pairing | None:
        event = progress.event
        if len(event.rounds) >= self.planned_rounds(event):
            return None
        return king_of_the_hill(progress.ranked)
