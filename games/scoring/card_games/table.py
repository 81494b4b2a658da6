"""Where a card game stands at the table: the hand being played, its step, who bids when.

A game at the table is its recorded hands in order; every hand but the last is played out, and
the last may have its bids in and its tricks still to come. From that and the rules this says
what the phone asks next (each player's bid, then each player's tricks, or nothing: the game
is over), how many cards the hand deals, who deals, the order the table bids in (the player
after the dealer first, the dealer last) and, under the hook, the bid the dealer may not make.
It also checks one step's entries before they are written, with a message for each player's
entry, so the table is told what to change next to the key it tapped. Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import GameRules, HandInput, forbidden_bid

BIDS = "bids"
TRICKS = "tricks"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Recorded:
    """One stored hand: the cards dealt to each player, the bids, and the tricks once played."""

    cards: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...] | None = None

    @property
    def played(self) -> bool:
        return self.tricks is not None

    def as_input(self) -> HandInput:
        assert self.tricks is not None
        return HandInput(self.cards, self.bids, self.tricks)


@dataclass(frozen=True, slots=True)
class Step:
    """What the table enters next. `number` is the hand (for OVER: the last one played)."""

    kind: str
    number: int
    hands_in_game: int
    cards: int = 0
    dealer: int = 0
    order: tuple[int, ...] = ()  # seats in the order they bid and lead: dealer's left first
    bid_low: int = 0
    bid_high: int = 0
    hook: bool = False  # the dealer may not make the bids add up to the cards
    hook_lifted: bool = False  # a game under the hook lifts it for this hand (the last)
    bids: tuple[int, ...] = ()  # the tricks step's bids

    @property
    def last_hand(self) -> bool:
        return self.number == self.hands_in_game


def order_from(dealer: int, players: int) -> tuple[int, ...]:
    """The seats from the dealer's left round to the dealer."""
    return tuple((dealer + 1 + offset) % players for offset in range(players))


def deal_carried_on(players: Sequence[str], hands_played: int) -> list[str]:
    """The players in the same order of play for the next game, the deal carrying on round the
    table: whoever would have dealt the next hand deals first."""
    turn = hands_played % len(players)
    return [*players[turn:], *players[:turn]]


def step_of(rules: GameRules, players: int, hands: Sequence[Recorded]) -> Step:
    """The step the table is at after `hands` (assumed valid: the replay checks them)."""
    sizes = rules.hand_sizes(players)
    last = len(sizes)
    pending = hands[-1] if hands and not hands[-1].played else None
    number = len(hands) if pending is not None else len(hands) + 1
    if number > last:
        return Step(OVER, last, last)
    dealer = (number - 1) % players
    cards = sizes[number - 1]
    low, high = rules.bid_range(cards)
    return Step(
        kind=TRICKS if pending is not None else BIDS,
        number=number,
        hands_in_game=last,
        cards=cards,
        dealer=dealer,
        order=order_from(dealer, players),
        bid_low=low,
        bid_high=high,
        hook=rules.hook_applies(number, last),
        hook_lifted=rules.hook_lifted(number, last),
        bids=pending.bids if pending is not None else (),
    )


def dealer_may_not_bid(step: Step, bids: Sequence[int | None]) -> int | None:
    """Under the hook, the bid the dealer may not make once the others' bids are `bids` (by
    seat; the dealer's own is passed over); None when there is none (or no hook)."""
    if not step.hook:
        return None
    others = [bid for seat, bid in enumerate(bids) if seat != step.dealer]
    if any(bid is None for bid in others):
        return None
    return forbidden_bid(step.cards, sum(bid for bid in others if bid is not None))


def bids_problems(step: Step, names: Sequence[str], bids: Sequence[int]) -> dict[int | None, str]:
    """What is wrong with a hand's bids, by seat (None: the step as a whole), in words for the
    table: a bid out of range, or the dealer's bid breaking the hook."""
    problems: dict[int | None, str] = {}
    if len(bids) != len(names):
        return {None: f"Expected {len(names)} bids, one per player."}
    for seat, bid in enumerate(bids):
        if not step.bid_low <= bid <= step.bid_high:
            problems[seat] = (
                f"{names[seat]}'s bid must be {step.bid_low} to {step.bid_high} in this hand."
            )
    if not problems:
        forbidden = dealer_may_not_bid(step, bids)
        if forbidden is not None and bids[step.dealer] == forbidden:
            problems[step.dealer] = hook_words(step, names, forbidden)
    return problems


def hook_words(step: Step, names: Sequence[str], forbidden: int) -> str:
    """Why the dealer may not bid `forbidden`: the hook, in a sentence."""
    cards = f"{step.cards} card{'s' if step.cards != 1 else ''}"
    return (
        f"{names[step.dealer]} deals, and under the hook may not bid {forbidden}: "
        f"the bids would add up to the {cards} dealt."
    )


def tricks_problem(step: Step, tricks: Sequence[int]) -> str | None:
    """What is wrong with a hand's tricks as a whole: one count a player, adding up to the
    cards dealt."""
    if len(tricks) != len(step.order):
        return f"Expected {len(step.order)} trick counts, one per player."
    total = sum(tricks)
    if total != step.cards:
        played = f"{step.cards} trick{'s were' if step.cards != 1 else ' was'} played"
        return f"The tricks add up to {total}, but {played}."
    return None


__all__ = [
    "BIDS",
    "OVER",
    "TRICKS",
    "Recorded",
    "Step",
    "bids_problems",
    "deal_carried_on",
    "dealer_may_not_bid",
    "hook_words",
    "order_from",
    "step_of",
    "tricks_problem",
]
