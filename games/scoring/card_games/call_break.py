"""Call Break: 4 players, 13 cards each, spades always trump; each calls 1 to 8 tricks.

A call is made by taking at least as many tricks: it scores the call, plus 0.1 a trick over it.
A failed call loses the call (or, in some apps, only the tricks short). The game is 5 deals.
Scores are counted in whole tenths, never binary floats.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..gamefile import JSONValue
from ..sources import A23, CALLBREAK_XYZ, PAGAT, WINZO
from .base import CardGame, CardGameError, CardPreset, CardSetting, points_text, to_tenths

PLAYERS = 4
CARDS = 13
CALL = "call"
SHORTFALL = "shortfall"
SCALE = 10  # tenths to a point


@dataclass(frozen=True)
class CallBreakRules:
    bid_min: int = 1
    bid_max: int = 8
    overtrick_value: float = 0.1
    deals: int = 5
    failure: str = CALL

    def __post_init__(self) -> None:
        if self.bid_min > self.bid_max:
            raise CardGameError(
                f"rules.bid_min: the lowest call ({self.bid_min}) is above the highest "
                f"({self.bid_max})"
            )
        if to_tenths(self.overtrick_value) is None:
            raise CardGameError("rules.overtrick_value: expected a number with one decimal")

    @property
    def scale(self) -> int:
        return SCALE

    @property
    def overtrick_tenths(self) -> int:
        return to_tenths(self.overtrick_value) or 0

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        return (CARDS,) * self.deals

    def bid_range(self, cards: int) -> tuple[int, int]:
        return self.bid_min, self.bid_max

    def hook_applies(self, number: int, last: int) -> bool:
        return False

    def hook_lifted(self, number: int, last: int) -> bool:
        return False

    def made(self, bid: int, tricks: int) -> bool:
        """A call is made by taking at least as many tricks."""
        return tricks >= bid

    def tie_points(self, bid: int, tricks: int) -> int:
        return 0  # a tie on the top total is shared

    def score(self, bid: int, tricks: int) -> tuple[int, str]:
        said = f"called {bid}, took {tricks}"
        if self.made(bid, tricks):
            over = tricks - bid
            points = bid * SCALE + over * self.overtrick_tenths
            if over and self.overtrick_tenths:
                each = points_text(self.overtrick_tenths, SCALE, sign=False)
                return points, (
                    f"{said}: made, {bid} + {over} over at {each} = {points_text(points, SCALE)}"
                )
            extra = f" ({over} over, worth nothing)" if over else ""
            return points, f"{said}: made{extra}, {points_text(points, SCALE)}"
        if self.failure == SHORTFALL:
            short = bid - tricks
            points = -short * SCALE
            return points, f"{said}: failed by {short}, {points_text(points, SCALE)}"
        points = -bid * SCALE
        return points, f"{said}: failed, the call lost, {points_text(points, SCALE)}"


SETTINGS: tuple[CardSetting, ...] = (
    CardSetting(
        "bid_min", "int", "Lowest call",
        "The fewest tricks a player may call.",
        minimum=0, maximum=CARDS, value_text="Calls of at least {}",
    ),
    CardSetting(
        "bid_max", "int", "Highest call",
        "The most tricks a player may call.",
        minimum=1, maximum=CARDS, value_text="Calls of at most {}",
    ),
    CardSetting(
        "overtrick_value", "tenths", "Tricks over the call",
        "What each trick taken beyond a made call adds.",
        choices=((0.1, "Each trick over the call adds 0.1"),
                 (0, "Tricks over the call add nothing")),
    ),
    CardSetting(
        "deals", "int", "Deals",
        "How many deals make a game.",
        minimum=1, maximum=50, value_text="{} deal{s} a game",
    ),
    CardSetting(
        "failure", "choice", "A failed call",
        "What a player loses for taking fewer tricks than they called.",
        choices=((CALL, "A failed call loses the call"),
                 (SHORTFALL, "A failed call loses only the tricks short")),
    ),
)  # fmt: skip

PRESETS: dict[str, CardPreset] = {
    "call_break": CardPreset(
        "call_break",
        "Call Break",
        "Calls of 1 to 8; a made call scores the call and 0.1 a trick over; a failed call "
        "loses the call; five deals.",
        f"{PAGAT}, {CALLBREAK_XYZ}",
        {"bid_min": 1, "bid_max": 8, "overtrick_value": 0.1, "deals": 5, "failure": CALL},
    ),
    "call_break_short": CardPreset(
        "call_break_short",
        "Call Break, three deals",
        "As Call Break, over three deals.",
        WINZO,
        {"bid_min": 1, "bid_max": 8, "overtrick_value": 0.1, "deals": 3, "failure": CALL},
    ),
    "call_break_shortfall": CardPreset(
        "call_break_shortfall",
        "Call Break, failure costs the shortfall",
        "Calls of 1 to 13; a made call scores the call and 0.1 a trick over; a failed call "
        "loses only the tricks it was short.",
        A23,
        {"bid_min": 1, "bid_max": 13, "overtrick_value": 0.1, "deals": 5, "failure": SHORTFALL},
        departures=f"{A23} writes a failure's score as “Bid-Wins”; we read it as a loss of "
        "the tricks short, as its other scores are gains. It doesn't say how many rounds: "
        "five, as the others.",
    ),
}


def _make(**values: JSONValue) -> CallBreakRules:
    return CallBreakRules(**values)  # each value checked by its setting (`CardGame.rules`)


GAME = CardGame(
    name="call_break",
    title="Call Break",
    min_players=PLAYERS,
    max_players=PLAYERS,
    settings=SETTINGS,
    defaults={},
    presets=PRESETS,
    default_preset="call_break",
    make=_make,
)

__all__ = ["GAME", "CallBreakRules"]
