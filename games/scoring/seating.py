"""Who sits where in a game: its seats, sides and partners, named for the words players read."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .errors import ScoringError
from .rules import Rules


class Seating:
    """The players of a game around its table under its rules: what the checks and the scoring
    ask about seats (whose side, whose partner, what a side is called) on every hand, worked
    out once per rules and players (`seating_for`)."""

    __slots__ = (
        "names",
        "partner",
        "rules",
        "seats",
        "side_names",
        "side_of",
        "sides",
        "tricks_per_hand",
    )

    def __init__(self, rules: Rules, names: tuple[str, ...]):
        self.rules = rules
        self.names = names  # one a seat, in playing order
        self.seats = len(names)
        self.sides = rules.sides  # each side's seats
        self.side_of = tuple(rules.side_of(seat) for seat in range(self.seats))
        self.side_names = tuple(" + ".join(names[seat] for seat in side) for side in self.sides)
        # Each seat's partner; None where everyone plays alone.
        self.partner = tuple(
            next((other for other in self.sides[side] if other != seat), None)
            for seat, side in enumerate(self.side_of)
        )
        # 13, or 17 with three players: the cards dealt out to the seats.
        self.tricks_per_hand = rules.tricks_per_hand


def default_players(count: int) -> tuple[str, ...]:
    return tuple(f"Seat {seat + 1}" for seat in range(count))


@lru_cache(maxsize=256)
def _seating(rules: Rules, names: tuple[str, ...]) -> Seating:
    return Seating(rules, names)


def seating_for(rules: Rules, players: Sequence[str] | None = None) -> Seating:
    """The seating of `players` (named by seat when None) under `rules`; ScoringError when
    they don't fit the rules."""
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
    return _seating(rules, names)
