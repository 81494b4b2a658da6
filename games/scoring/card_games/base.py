"""The shape every bid-and-tricks game shares: its settings, a hand's inputs, the replay.

Oh Hell, Wizard and Call Break are scored the same way at the table: each player bids, takes
tricks, and the hand's points follow from the two. Each game is a `CardGame` (its players, its
settings and presets, how to make its rules from a file's "rules"), its rules a frozen
dataclass following `GameRules`, and `replay` turns the rules, the players and the hands into
standings with every hand explained in words. Players score alone: no sides, no bags.

Scores are whole numbers of the game's unit (`GameRules.scale` units to a point: Call Break
counts tenths), so no sum is ever a binary float; `points_value` shows them as numbers.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Protocol

from ..errors import GameFileError, ScoringError
from ..gamefile import JSONObject, JSONValue
from ..rules import describe, setting_problem


class CardGameError(GameFileError):
    """A card game's file, rules, players or hands break a rule; the message is one line,
    naming the hand (`hand 3: ...`) or the place in the file (`rules.bid_max: ...`)."""

    def __init__(self, message: str, *, number: int | None = None, field: str | None = None):
        super().__init__(message, number=number, field=field)


def is_whole(value: JSONValue) -> bool:
    """An int that isn't a bool (JSON's true is not 1 here)."""
    return type(value) is int


@dataclass(frozen=True, slots=True)
class CardSetting:
    """One setting of a card game, with the words a player needs to choose it."""

    name: str
    kind: str  # "int", "optional_int", "bool", "choice" or "tenths" (a number like 0.1)
    label: str
    meaning: str
    choices: tuple[tuple[JSONValue, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    value_text: str = ""  # ints: "{}" for the value; bools: the words for true
    off_text: str = ""  # optional ints: the words for null; bools: the words for false

    def check(self, value: JSONValue) -> str | None:
        """The problem with a value for this setting, or None when it is acceptable."""
        allowed = [choice for choice, _ in self.choices]
        if self.kind != "tenths":
            return setting_problem(self.kind, value, allowed, self.minimum, self.maximum)
        tenths = to_tenths(value)
        if tenths is None or tenths not in [to_tenths(choice) for choice in allowed]:
            numbers = ", ".join(str(choice) for choice in allowed)
            return f"expected one of {numbers}, got {describe(value)}"
        return None

    def explain(self, value: JSONValue) -> str:
        """Plain words for what this setting does with the given value."""
        if self.kind in ("choice", "tenths"):
            for choice, words in self.choices:
                if choice == value:
                    return words
            return describe(value)
        if self.kind == "bool":
            return self.value_text if value else self.off_text
        if value is None:
            return self.off_text
        return self.value_text.format(value, s="" if value in (1, -1) else "s")

    def options(self, default: JSONValue) -> list[tuple[str, bool]]:
        """Every option in words for the rules page, and whether it is `default`."""
        if self.kind in ("choice", "tenths"):
            return [(words, choice == default) for choice, words in self.choices]
        if self.kind == "bool":
            return [(self.value_text, default is True), (self.off_text, default is False)]
        span = f"Any whole number from {self.minimum} to {self.maximum}"
        if default is None:
            return [(self.off_text, True), (span, False)]
        options = [(self.explain(default), True), (span, False)]
        if self.kind == "optional_int":
            options.append((self.off_text, False))
        return options


def to_tenths(value: JSONValue) -> int | None:
    """A number with at most one decimal as whole tenths (0.1 is 1), or None if it isn't one."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return None
    try:
        tenths = Decimal(str(value)) * 10
    except ArithmeticError:
        return None
    if not tenths.is_finite() or tenths != tenths.to_integral_value() or abs(tenths) > 10**6:
        return None
    return int(tenths)


@dataclass(frozen=True, slots=True)
class CardPreset:
    """A named set of values for some of a game's settings, citing where it comes from."""

    name: str
    title: str
    description: str
    source: str
    values: Mapping[str, JSONValue] = field(default_factory=dict)
    departures: str = ""  # where it departs from its source, said plainly


@dataclass(frozen=True, slots=True)
class HandInput:
    """One hand as it was played: the cards each player was dealt, the bids and the tricks,
    in seat order."""

    cards: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand scored: each player's points and running totals (in the game's units), and
    a line of words for each player saying why."""

    number: int
    cards: int
    dealer: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    name: str
    score: int  # in the game's units


@dataclass(frozen=True, slots=True)
class Result:
    """A replayed game: standings in seat order, each hand, whether the schedule is played out,
    and the seats with the top total (more than one on a tie: they share the win)."""

    scale: int
    standings: tuple[Standing, ...]
    hands: tuple[HandScore, ...]
    hands_in_game: int
    finished: bool
    winners: tuple[int, ...]

    def value(self, units: int) -> int | float:
        return points_value(units, self.scale)

    def to_json(self, *, explain: bool = False) -> JSONObject:
        """The result as `manage.py score` prints it."""
        hands = []
        for hand in self.hands:
            row: JSONObject = {
                "number": hand.number,
                "points": [self.value(points) for points in hand.points],
                "totals": [self.value(total) for total in hand.totals],
            }
            if explain:
                row["cards"] = hand.cards
                row["dealer"] = hand.dealer
                row["explanation"] = list(hand.words)
            hands.append(row)
        return {
            "players": [
                {"name": standing.name, "score": self.value(standing.score)}
                for standing in self.standings
            ],
            "hands": hands,
            "finished": self.finished,
            "winners": list(self.winners),
        }


def points_value(units: int, scale: int) -> int | float:
    """Units as a number: whole points as an int, tenths as a float with one decimal (made from
    whole tenths, so it prints as 3.2, never 3.2000000000000002)."""
    if scale == 1:
        return units
    return float(Decimal(units) / scale)


def points_text(units: int, scale: int, *, sign: bool = True) -> str:
    """Units in words: "+12", "-20", "+3.2", "0"."""
    text = str(abs(units)) if scale == 1 else f"{Decimal(abs(units)) / scale:.1f}"
    if not sign or units == 0:
        return text if units >= 0 else f"-{text}"
    return f"+{text}" if units > 0 else f"-{text}"


class GameRules(Protocol):
    """What the replay needs of one game's rules."""

    @property
    def scale(self) -> int:
        """Units to a point: 1, or 10 for a game scored in tenths."""
        ...

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        """The cards each player is dealt in each hand of a whole game, in order."""
        ...

    def bid_range(self, cards: int) -> tuple[int, int]:
        """The lowest and highest bid allowed in a hand of `cards` cards."""
        ...

    def hook_applies(self, number: int, last: int) -> bool:
        """Whether the dealer's bid may not make the bids add up to the cards, in hand
        `number` of a game of `last` hands."""
        ...

    def hook_lifted(self, number: int, last: int) -> bool:
        """Whether a game played under the hook lifts it for hand `number` (the last hand,
        where the table's rules say so): the table says it, as players ask."""
        ...

    def score(self, bid: int, tricks: int) -> tuple[int, str]:
        """A player's points (in units) for taking `tricks` on a bid of `bid`, and why in
        words (without the player's name)."""
        ...

    def made(self, bid: int, tricks: int) -> bool:
        """Whether a bid was made: the rule the score follows (exactly, or at least the call)."""
        ...

    def tie_points(self, bid: int, tricks: int) -> int:
        """What a hand counts toward breaking a tie on the top total (0 where ties are
        shared): of the players level on top, those with the most win."""
        ...


@dataclass(frozen=True)
class CardGame:
    """One game: its name and title, its players, settings and presets, and how its rules
    are made (`make` takes every setting's value by name)."""

    name: str
    title: str
    min_players: int
    max_players: int
    settings: tuple[CardSetting, ...]
    defaults: Mapping[str, JSONValue]
    presets: Mapping[str, CardPreset]
    default_preset: str
    make: Callable[..., GameRules]
    check_players: Callable[[GameRules, int], str | None] = field(
        default=lambda rules, players: None
    )

    @property
    def settings_by_name(self) -> dict[str, CardSetting]:
        return {setting.name: setting for setting in self.settings}

    def values(self, rules: GameRules) -> JSONObject:
        return {setting.name: getattr(rules, setting.name) for setting in self.settings}

    @property
    def players_text(self) -> str:
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players} to {self.max_players} players"

    def preset_rules(self, name: str) -> GameRules:
        return self.rules({"preset": name})

    def differences(self, rules: GameRules, other: GameRules) -> list[str]:
        """The settings whose values differ between two rules of this game, in words."""
        return [
            setting.explain(getattr(rules, setting.name))
            for setting in self.settings
            if getattr(rules, setting.name) != getattr(other, setting.name)
        ]

    def rules(self, spec: JSONValue) -> GameRules:
        """The rules a file's "rules" object names: the game's defaults, then its preset's
        values, then each setting given. CardGameError naming `rules.<setting>` otherwise."""
        if spec is None:
            spec = {}
        if not isinstance(spec, dict):
            raise CardGameError(f"rules: expected an object, got {kind_of(spec)}")
        preset_name = spec.get("preset", self.default_preset)
        if not isinstance(preset_name, str) or preset_name not in self.presets:
            known = ", ".join(self.presets)
            raise CardGameError(
                f"rules.preset: unknown preset {describe(preset_name)} for {self.title}; "
                f"choose one of: {known}"
            )
        values = {**self.defaults, **self.presets[preset_name].values}
        by_name = self.settings_by_name
        for key, value in spec.items():
            if key == "preset":
                continue
            setting = by_name.get(key)
            if setting is None:
                close = difflib.get_close_matches(str(key), list(by_name), n=1)
                hint = f"; did you mean {close[0]}?" if close else ""
                raise CardGameError(f"rules.{str(key)[:40]}: not a setting of {self.title}{hint}")
            problem = setting.check(value)
            if problem:
                raise CardGameError(f"rules.{key}: {problem}")
            values[key] = value
        try:
            return self.make(**values)
        except CardGameError:
            raise
        except ScoringError as error:
            raise CardGameError(f"rules: {error}") from None


def kind_of(value: JSONValue) -> str:
    """What a JSON value is, in words, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {describe(value)}"
    if isinstance(value, str):
        return f"the text {describe(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _refusal(number: int) -> Callable[[str, str], CardGameError]:
    def refuse(problem: str, where: str) -> CardGameError:
        return CardGameError(f"hand {number}: {problem}", number=number, field=where)

    return refuse


def check_dealt(
    rules: GameRules,
    names: Sequence[str],
    cards: int,
    bids: Sequence[int],
    number: int,
    expected_cards: int,
) -> None:
    """Refuse a hand not dealt as the schedule deals it, or a bid out of range."""
    refuse = _refusal(number)
    if cards != expected_cards:
        raise refuse(
            f"the schedule deals {expected_cards} card{'s' if expected_cards != 1 else ''} "
            f"in hand {number}, not {describe(cards)}",
            "cards",
        )
    low, high = rules.bid_range(cards)
    for seat, bid in enumerate(bids):
        if not low <= bid <= high:
            raise refuse(
                f"{names[seat]} bid {describe(bid)}; a bid here is {low} to {high}", "bids"
            )


def check_hook(
    rules: GameRules, names: Sequence[str], cards: int, bids: Sequence[int], number: int, last: int
) -> None:
    """Refuse bids that add up to the cards dealt where the hook holds."""
    if rules.hook_applies(number, last) and sum(bids) == cards:
        dealer = (number - 1) % len(names)
        raise _refusal(number)(
            f"the bids add up to the {cards} card{'s' if cards != 1 else ''} dealt; "
            f"under the hook the dealer, {names[dealer]}, may not bid {bids[dealer]}",
            "bids",
        )


def check_hand(
    rules: GameRules,
    names: Sequence[str],
    hand: HandInput,
    number: int,
    expected_cards: int,
    last: int,
) -> None:
    """Refuse a hand that can't have been played under the rules: CardGameError naming it."""
    check_dealt(rules, names, hand.cards, hand.bids, number, expected_cards)
    refuse = _refusal(number)
    for seat, taken in enumerate(hand.tricks):
        if not 0 <= taken <= hand.cards:
            raise refuse(
                f"{names[seat]} took {describe(taken)} tricks; a player takes 0 to {hand.cards}",
                "tricks",
            )
    if sum(hand.tricks) != hand.cards:
        raise refuse(
            f"tricks add up to {sum(hand.tricks)}, but {hand.cards} "
            f"trick{'s were' if hand.cards != 1 else ' was'} played",
            "tricks",
        )
    check_hook(rules, names, hand.cards, hand.bids, number, last)


def forbidden_bid(cards: int, others: int) -> int | None:
    """The dealer's bid the hook forbids, given what the other players bid in all: the one
    that makes the bids add up to the cards, or None when no bid would."""
    bid = cards - others
    return bid if 0 <= bid <= cards else None


def replay(rules: GameRules, players: Sequence[str], hands: Sequence[HandInput]) -> Result:
    """Score every hand in order: standings, each hand's points, totals and words, whether the
    schedule is played out, and the winners. A pure function of its arguments."""
    names = tuple(players)
    count = len(names)
    sizes = rules.hand_sizes(count)
    last = len(sizes)
    totals = [0] * count
    tie_points = [0] * count
    scored = []
    for number, hand in enumerate(hands, start=1):
        if number > last:
            raise CardGameError(
                f"hand {number}: the game is over after hand {last} "
                f"(the schedule deals {last} hand{'s' if last != 1 else ''})",
                number=number,
            )
        if len(hand.bids) != count or len(hand.tricks) != count:
            raise CardGameError(
                f"hand {number}: expected {count} bids and {count} trick counts, one per player",
                number=number,
            )
        check_hand(rules, names, hand, number, sizes[number - 1], last)
        points = []
        words = []
        for seat in range(count):
            units, why = rules.score(hand.bids[seat], hand.tricks[seat])
            points.append(units)
            totals[seat] += units
            tie_points[seat] += rules.tie_points(hand.bids[seat], hand.tricks[seat])
            words.append(f"{names[seat]} {why}")
        scored.append(
            HandScore(
                number=number,
                cards=hand.cards,
                dealer=(number - 1) % count,
                points=tuple(points),
                totals=tuple(totals),
                words=tuple(words),
            )
        )
    top = max(totals) if totals else 0
    winners = [seat for seat, total in enumerate(totals) if total == top]
    best = max(tie_points[seat] for seat in winners) if winners else 0
    return Result(
        scale=rules.scale,
        standings=tuple(Standing(name, total) for name, total in zip(names, totals, strict=True)),
        hands=tuple(scored),
        hands_in_game=last,
        finished=len(scored) == last,
        winners=tuple(seat for seat in winners if tie_points[seat] == best),
    )
