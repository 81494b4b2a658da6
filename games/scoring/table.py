"""Everything the replay loop needs about a table, worked out once per rules and players."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .errors import ScoringError
from .rules import Rules


class Table:
    __slots__ = ("names", "partner", "rules", "seats", "side_names", "side_of", "sides", "tricks")

    def __init__(self, rules: Rules, names: tuple[str, ...]):
        self.rules = rules
        self.names = names
        self.tricks = rules.tricks_per_hand
        self.seats = len(names)
        self.sides = rules.sides
        self.side_of = tuple(rules.side_of(seat) for seat in range(self.seats))
        self.side_names = tuple(" + ".join(names[seat] for seat in side) for side in self.sides)
        self.partner = tuple(
            next((other for other in self.sides[side] if other != seat), None)
            for seat, side in enumerate(self.side_of)
        )


def default_players(count: int) -> tuple[str, ...]:
    return tuple(f"Seat {seat + 1}" for seat in range(count))


@lru_cache(maxsize=256)
def _table(rules: Rules, names: tuple[str, ...]) -> Table:
    return Table(rules, names)


def table_for(rules: Rules, players: Sequence[str] | None = None) -> Table:
    if not isinstance(rules, Rules):
        raise ScoringError("rules must be a Rules object")
    if players is None:
        names = default_players(rules.players)
    else:
        names = tuple(players)
        if len(names) != rules.players:
            raise ScoringError(f"expected {rules.players} players, got {len(names)}")
        if not all(isinstance(name, str) for name in names):
            raise ScoringError("player names must be text")
    return _table(rules, names)
