"""Everything the replay loop needs about a table, worked out once per rules and players."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .errors import ScoringError
from .rules import Rules


class Table:
    __slots__ = (
        "bag_limit",
        "bag_points",
        "bidding_limits",
        "big_bid",
        "boston",
        "boston_by_bid",
        "both_nil",
        "mode",
        "names",
        "nil_values",
        "partner",
        "rules",
        "seats",
        "sets_matter",
        "side_names",
        "side_of",
        "sides",
        "tricks",
        "zero_is_nil",
    )

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
        self.nil_values = {"nil": rules.nil_value, "blind_nil": rules.blind_nil_value}
        self.mode = rules.failed_nil_tricks
        self.bag_points = rules.bag_points
        self.bag_limit = rules.bag_limit
        # How a Boston scores ("bonus" or "win"); None when taking every trick earns nothing.
        self.boston = None if rules.boston == "none" else rules.boston
        self.boston_by_bid = rules.boston_needs == "bid"
        # Whether being set can end the game, so that each set is counted in words.
        self.sets_matter = rules.sets_to_lose is not None or rules.sets_in_a_row_to_lose is not None
        # The smallest contract scored as a big bid, and how; None when big bids score as usual.
        self.big_bid = None if rules.big_bid == "none" else (rules.big_bid_min, rules.big_bid)
        self.both_nil = rules.both_nil if rules.partnerships else "separate"
        self.zero_is_nil = rules.zero_is_nil
        # Whether a hand's bids can break any rule beyond their shape and range.
        self.bidding_limits = (
            rules.variant != "classic"
            or not rules.blind_nil
            or rules.blind_nil_behind is not None
            or rules.min_team_bid is not None
            or rules.min_total_bid is not None
            or rules.ban_exact_total
            or rules.blind_bid_behind is not None
            or self.both_nil == "forbidden"
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
