"""The exact-bid family Oh Hell and Wizard share: a bid is made only by taking exactly as many
tricks as bid, and tables disagree on what that is worth and what a miss costs.

Every way of scoring the sources give is a setting here (what an exact bid earns, what a trick
is worth and when, what a miss costs, a zero bid's own value, squared bids) plus the hook: the
dealer, bidding last, may not bid so that the bids add up to the cards dealt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..results import signed
from ..sources import PAGAT, WIKIPEDIA_OH_HELL, WIZARD_RULES
from .base import CardPreset, CardSetting

EXACT = "exact"
ALWAYS = "always"

NONE = "none"
PER_TRICK_OFF = "per_trick_off"
FLAT = "flat"
BID = "bid"
SQUARED_OFF = "squared_off"
MADE_VALUE = "made_value"
MISS_PENALTIES = (NONE, PER_TRICK_OFF, FLAT, BID, SQUARED_OFF, MADE_VALUE)

SHARED = "shared"
MADE_BIDS = "made_bids"

LIMIT = 1_000


@dataclass(frozen=True)
class ContractScoring:
    """How an exact bid scores and what a miss costs, and the hook."""

    exact_bonus: int = 10
    trick_value: int = 1
    tricks_count: str = EXACT
    miss_penalty: str = NONE
    miss_value: int = 1
    zero_bid_value: int | None = None
    squared: bool = False
    hook: bool = True
    hook_on_last_hand: bool = True
    tie_break: str = SHARED

    @property
    def scale(self) -> int:
        return 1

    def made(self, bid: int, tricks: int) -> bool:
        """An exact bid: the tricks are the bid, no more and no fewer."""
        return bid == tricks

    def tie_points(self, bid: int, tricks: int) -> int:
        """What a hand counts toward breaking a tie: the bid, when it was made exactly (and
        the table breaks ties on made bids), else nothing."""
        return bid if self.tie_break == MADE_BIDS and self.made(bid, tricks) else 0

    def made_points(self, bid: int) -> int:
        """What a bid scores when it is made exactly."""
        if bid == 0 and self.zero_bid_value is not None:
            return self.zero_bid_value
        return self.exact_bonus + self.trick_value * (bid * bid if self.squared else bid)

    def hook_applies(self, number: int, last: int) -> bool:
        return self.hook and (self.hook_on_last_hand or number != last)

    def hook_lifted(self, number: int, last: int) -> bool:
        return self.hook and not self.hook_applies(number, last)

    def score(self, bid: int, tricks: int) -> tuple[int, str]:
        """A player's points for taking `tricks` on a bid of `bid`, and why in words."""
        said = f"bid {bid}, took {tricks}"
        if self.made(bid, tricks):
            if bid == 0 and self.zero_bid_value is not None:
                return (
                    self.zero_bid_value,
                    f"{said}: a zero bid made, {signed(self.zero_bid_value)}",
                )
            counted = bid * bid if self.squared else bid
            points = self.exact_bonus + self.trick_value * counted
            times = f"{bid}²" if self.squared else f"{bid}"
            if self.trick_value == 0 or counted == 0:
                sum_words = f"{self.exact_bonus}"
            elif self.trick_value == 1:
                sum_words = f"{self.exact_bonus} + {times}"
            else:
                sum_words = f"{self.exact_bonus} + {times} at {self.trick_value}"
            return points, f"{said}: exact, {sum_words} = {signed(points)}"
        off = abs(bid - tricks)
        earned = self.trick_value * tricks if self.tricks_count == ALWAYS else 0
        penalty = self.penalty(bid, off)
        points = earned - penalty
        parts = []
        if self.tricks_count == ALWAYS:
            parts.append(f"{tricks} trick{'s' if tricks != 1 else ''} {signed(earned)}")
        if self.miss_penalty != NONE:
            parts.append(f"{self.penalty_words(bid, off)} {signed(-penalty)}")
        reason = "over" if tricks > bid else "under"
        detail = ", ".join(parts) if parts else "no score"
        return points, f"{said}: missed by {off} ({reason}), {detail}" + (
            f" = {signed(points)}" if len(parts) > 1 else ""
        )

    def penalty(self, bid: int, off: int) -> int:
        if self.miss_penalty == PER_TRICK_OFF:
            return self.miss_value * off
        if self.miss_penalty == FLAT:
            return self.miss_value
        if self.miss_penalty == BID:
            return self.miss_value * bid
        if self.miss_penalty == SQUARED_OFF:
            return self.miss_value * off * off
        if self.miss_penalty == MADE_VALUE:
            return self.made_points(bid)
        return 0

    def penalty_words(self, bid: int, off: int) -> str:
        each = f" at {self.miss_value}" if self.miss_value != 1 else ""
        if self.miss_penalty == PER_TRICK_OFF:
            return f"{off} off{each}"
        if self.miss_penalty == FLAT:
            return "a miss"
        if self.miss_penalty == BID:
            return f"the bid of {bid} lost{each}"
        if self.miss_penalty == MADE_VALUE:
            return "what it would have made lost"
        return f"{off}² off{each}"


SETTINGS: tuple[CardSetting, ...] = (
    CardSetting(
        "exact_bonus", "int", "Exact bid bonus",
        "What a player earns for taking exactly the tricks they bid, besides the tricks.",
        minimum=0, maximum=LIMIT, value_text="An exact bid earns {} point{s}",
    ),
    CardSetting(
        "trick_value", "int", "A trick's value",
        "What each trick taken is worth (when tricks count: see the next setting).",
        minimum=0, maximum=LIMIT, value_text="Each trick is worth {} point{s}",
    ),
    CardSetting(
        "tricks_count", "choice", "When tricks count",
        "Whether tricks score only on an exact bid, or every trick taken scores.",
        choices=(
            (EXACT, "Tricks score only when the bid is exact"),
            (ALWAYS, "Every trick taken scores, exact bid or not"),
        ),
    ),
    CardSetting(
        "miss_penalty", "choice", "A missed bid",
        "What a player loses for taking more or fewer tricks than they bid.",
        choices=(
            (NONE, "A missed bid loses nothing"),
            (PER_TRICK_OFF, "A missed bid loses the miss value for each trick over or under"),
            (FLAT, "A missed bid loses the miss value once, however far off"),
            (BID, "A missed bid loses the miss value times the bid"),
            (SQUARED_OFF, "A missed bid loses the miss value times the square of the tricks off"),
            (MADE_VALUE, "A missed bid loses what it would have scored made"),
        ),
    ),
    CardSetting(
        "miss_value", "int", "Miss value",
        "The points a missed bid's penalty is counted in (see A missed bid).",
        minimum=0, maximum=LIMIT, value_text="A miss is counted in {} point{s}",
    ),
    CardSetting(
        "zero_bid_value", "optional_int", "A zero bid made",
        "What an exact bid of zero scores, where a table gives it a value of its own.",
        minimum=-LIMIT, maximum=LIMIT, value_text="A zero bid made scores {} point{s}",
        off_text="A zero bid made scores like any exact bid",
    ),
    CardSetting(
        "squared", "bool", "Squared bids",
        "Whether an exact bid's tricks count as the bid squared (10 + bid² for a bid made).",
        value_text="An exact bid's tricks count as the bid squared",
        off_text="An exact bid's tricks count once each",
    ),
    CardSetting(
        "hook", "bool", "The hook",
        "Whether the dealer, bidding last, may not bid so that the bids add up to the cards "
        "dealt, so that someone must miss.",
        value_text="The dealer may not make the bids add up to the cards (the hook)",
        off_text="Any bids, whatever they add up to",
    ),
    CardSetting(
        "hook_on_last_hand", "bool", "The hook on the last hand",
        "Whether the hook still holds in the game's last hand, or is lifted there.",
        value_text="The hook holds on the last hand too",
        off_text="The hook is lifted on the last hand",
    ),
    CardSetting(
        "tie_break", "choice", "Ties",
        "Who wins when players finish level on the top total.",
        choices=(
            (SHARED, "Players level on the top total share the win"),
            (MADE_BIDS, "Of the players level on top, the one whose made bids add up to most "
             "wins"),
        ),
    ),
)  # fmt: skip

# What each preset sets; a game's own defaults (its schedule, its hook) stay as they are.
PRESETS: dict[str, CardPreset] = {
    preset.name: preset
    for preset in (
        CardPreset(
            "oh_hell",
            "Oh Hell: 10 + bid",
            "An exact bid scores 10 plus the bid; any other result scores nothing.",
            PAGAT,
            {
                "exact_bonus": 10, "trick_value": 1, "tricks_count": EXACT,
                "miss_penalty": NONE, "miss_value": 1, "zero_bid_value": None, "squared": False,
            },
        ),
        CardPreset(
            "oh_hell_every_trick",
            "Oh Hell: a point a trick + 10",
            "Every trick taken scores a point, and an exact bid 10 more.",
            f"{WIKIPEDIA_OH_HELL} (“basic scoring”), {PAGAT} variations",
            {
                "exact_bonus": 10, "trick_value": 1, "tricks_count": ALWAYS,
                "miss_penalty": NONE, "miss_value": 1, "zero_bid_value": None, "squared": False,
            },
        ),
        CardPreset(
            "wizard",
            "Wizard: 20 + 10 a trick, -10 a trick off",
            "An exact bid scores 20 plus 10 a trick; a miss loses 10 for each trick over or "
            "under.",
            WIZARD_RULES,
            {
                "exact_bonus": 20, "trick_value": 10, "tricks_count": EXACT,
                "miss_penalty": PER_TRICK_OFF, "miss_value": 10, "zero_bid_value": None,
                "squared": False,
            },
        ),
    )
}  # fmt: skip


def contract_values(rules: Any) -> dict[str, Any]:
    return {setting.name: getattr(rules, setting.name) for setting in SETTINGS}
