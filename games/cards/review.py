"""Looking back at a card game: its rules in words, What if? and statistics by player.

Everything here reads and replays; nothing writes. The rules card says every setting of the
game as played, the schedule it deals, and where the table changed its preset. What if? scores
the same played hands under other rules (`card_games.replay`, which refuses a hand that could
not have been played under them, naming it). The statistics replay each of an account's card
games from its hands, read in one query for all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.cards.models import CardsGame, CardsHand
from games.scoring import card_games
from games.scoring.card_games import CardGame, CardSetting, GameRules
from games.scoring.card_games.table import Recorded


def units_text(units: int, scale: int, *, sign: bool = False) -> str:
    return card_games.points_text(units, scale, sign=sign)


def names_text(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Ben", "Ann, Ben and Cat"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


# ---- The rules card -------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleLine:
    setting: CardSetting
    words: str
    changed: bool  # the table changed its preset here
    preset_words: str


@dataclass(frozen=True)
class DealLine:
    number: int
    cards: int
    dealer: str


@dataclass(frozen=True)
class RulesCard:
    kind: CardGame
    preset: card_games.CardPreset
    lines: tuple[RuleLine, ...]
    deals: tuple[DealLine, ...]

    @property
    def changes(self) -> int:
        return sum(line.changed for line in self.lines)


def deals(rules: GameRules, players: Sequence[str]) -> tuple[DealLine, ...]:
    """Each hand of a whole game: the cards each player is dealt and who deals (the first
    player deals the first hand, then the deal passes round)."""
    sizes = rules.hand_sizes(len(players))
    return tuple(
        DealLine(number, cards, players[(number - 1) % len(players)])
        for number, cards in enumerate(sizes, start=1)
    )


def rules_card(game: CardsGame) -> RulesCard:
    """The game's rules in words: each setting, the schedule, and where the preset was changed."""
    kind = game.kind
    rules = game.rules_obj()
    preset = game.preset
    as_preset = kind.preset_rules(preset.name)
    lines = []
    for setting in kind.settings:
        value = getattr(rules, setting.name)
        preset_value = getattr(as_preset, setting.name)
        lines.append(
            RuleLine(
                setting=setting,
                words=setting.explain(value),
                changed=value != preset_value,
                preset_words=setting.explain(preset_value),
            )
        )
    return RulesCard(kind, preset, tuple(lines), deals(rules, game.players))


# ---- What if? -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerCompare:
    name: str
    total: str
    other_total: str
    ahead: bool  # on the top total (the winner, once the game is over)
    other_ahead: bool


@dataclass(frozen=True)
class CellCompare:
    name: str
    points: str
    other_points: str
    words: str
    other_words: str

    @property
    def differs(self) -> bool:
        return self.points != self.other_points


@dataclass(frozen=True)
class HandCompare:
    number: int
    cards: int
    cells: tuple[CellCompare, ...]

    @property
    def differs(self) -> bool:
        return any(cell.differs for cell in self.cells)


@dataclass(frozen=True)
class RuleChange:
    label: str
    game_words: str
    other_words: str


@dataclass(frozen=True)
class Comparison:
    names: tuple[str, ...]
    result: card_games.Result
    other: card_games.Result
    players: tuple[PlayerCompare, ...]
    hands: tuple[HandCompare, ...]
    changes: tuple[RuleChange, ...]
    unscored: int  # played hands past the end of the game under the other rules

    @property
    def same_rules(self) -> bool:
        return not self.changes

    @property
    def changed_hands(self) -> tuple[HandCompare, ...]:
        return tuple(hand for hand in self.hands if hand.differs)

    @property
    def still_going(self) -> bool:
        """The game as played is over, but under the other rules more hands would be dealt."""
        return self.result.finished and not self.other.finished

    @property
    def hands_to_come(self) -> int:
        return self.other.hands_in_game - len(self.other.hands)

    def _leaders(self, result: card_games.Result) -> str:
        return names_text([self.names[seat] for seat in result.winners])

    def verdict(self) -> str:
        """The outcome in a sentence: who wins (or leads) as played and under the other rules."""
        if self.same_rules:
            return "Those are the rules this game was played by: nothing changes."
        if not self.result.hands:
            return "No hand has been played yet: there is nothing to score again."
        played, other = self.result, self.other
        before, after = self._leaders(played), self._leaders(other)
        same = played.winners == other.winners
        several = len(other.winners) > 1
        was_several = len(played.winners) > 1
        would_win = "would share the win" if several else "would win"
        would_lead = "would share the lead" if several else "would lead"
        won = f"{before} {'shared the win' if was_several else 'won'} this game"
        leads = f"{before} {'share the lead' if was_several else 'leads'}"
        if played.finished and other.finished:
            if same:
                return f"The same result: {after} {'share the win' if several else 'wins'}."
            return f"Another result: {after} {would_win}, where {won}."
        if played.finished:
            start = f"Under these rules the game would not be over yet: {after} {would_lead}"
            return f"{start}." if same else f"{start}, where {won}."
        if other.finished:
            start = f"Under these rules the game would be over: {after} {would_win}"
            return f"{start}." if same else f"{start}, where {leads} this game."
        if same:
            return f"The same lead: {leads}."
        return f"Another leader: {after} {would_lead}, where {leads} this game."


def rule_changes(kind: CardGame, rules: GameRules, other: GameRules) -> tuple[RuleChange, ...]:
    """The settings whose values differ, with both values in words."""
    return tuple(
        RuleChange(
            setting.label,
            setting.explain(getattr(rules, setting.name)),
            setting.explain(getattr(other, setting.name)),
        )
        for setting in kind.settings
        if getattr(rules, setting.name) != getattr(other, setting.name)
    )


def compare(game: CardsGame, hands: Sequence[Recorded], other_rules: GameRules) -> Comparison:
    """The game's played hands scored as played and under `other_rules`, side by side.

    Played hands past the other rules' last hand are left out of the other scoring (that game
    would have ended sooner: `unscored`). A hand that could not have been played under the
    other rules (another hand size, a bid out of range, the hook) raises CardGameError naming it.
    """
    names = tuple(game.players)
    played = [hand.as_input() for hand in hands if hand.played]
    result = card_games.replay(game.rules_obj(), names, played)
    last = len(other_rules.hand_sizes(len(names)))
    other = card_games.replay(other_rules, names, played[:last])
    scale = result.scale
    players = tuple(
        PlayerCompare(
            name=name,
            total=units_text(result.standings[seat].score, scale),
            other_total=units_text(other.standings[seat].score, scale),
            ahead=bool(result.hands) and seat in result.winners,
            other_ahead=bool(other.hands) and seat in other.winners,
        )
        for seat, name in enumerate(names)
    )
    compared = tuple(
        HandCompare(
            number=hand.number,
            cards=hand.cards,
            cells=tuple(
                CellCompare(
                    name=name,
                    points=units_text(hand.points[seat], scale, sign=True),
                    other_points=units_text(other_hand.points[seat], scale, sign=True),
                    words=hand.words[seat],
                    other_words=other_hand.words[seat],
                )
                for seat, name in enumerate(names)
            ),
        )
        for hand, other_hand in zip(result.hands, other.hands, strict=False)
    )
    return Comparison(
        names=names,
        result=result,
        other=other,
        players=players,
        hands=compared,
        changes=rule_changes(game.kind, game.rules_obj(), other_rules),
        unscored=len(played) - len(other.hands),
    )


# ---- Statistics by player -------------------------------------------------------------------


def _rate(part: int | float, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass
class PlayerFigures:
    """One player's figures in one kind of game, over an account's games of that kind."""

    name: str
    scale: int
    games: int = 0
    finished: int = 0
    wins: int = 0  # finished games on the top total (a shared top total: a win each)
    hands: int = 0  # hands played out
    made: int = 0  # hands whose bid was made (exactly; Call Break: at least the call)
    units: int = 0  # points scored, in the game's units

    @property
    def made_rate(self) -> float | None:
        return _rate(self.made, self.hands)

    @property
    def points_per_hand(self) -> float | None:
        return _rate(self.units / self.scale, self.hands)

    @property
    def points_per_hand_text(self) -> str:
        rate = self.points_per_hand
        return "—" if rate is None else f"{rate:.1f}"


@dataclass(frozen=True)
class KindReport:
    kind: CardGame
    games: int
    players: list[PlayerFigures]

    @property
    def made_words(self) -> str:
        """What the column of bids made counts, for this game."""
        return "Calls made" if self.kind.name == "call_break" else "Exact bids"


@dataclass(frozen=True)
class Report:
    kinds: list[KindReport]
    games: int
    unreadable: int  # games whose hands no longer replay under their rules


def seat_figures(
    rules: GameRules, result: card_games.Result, played: Sequence[card_games.HandInput]
) -> list[PlayerFigures]:
    """Each seat's figures in one replayed game, in seat order."""
    lines = []
    for seat, standing in enumerate(result.standings):
        figures = PlayerFigures(standing.name, result.scale, games=1, units=standing.score)
        if result.finished:
            figures.finished = 1
            figures.wins = int(seat in result.winners)
        figures.hands = len(played)
        figures.made = sum(rules.made(hand.bids[seat], hand.tricks[seat]) for hand in played)
        lines.append(figures)
    return lines


@dataclass
class _Tally:
    kind: CardGame
    games: int = 0
    players: dict[str, PlayerFigures] = field(default_factory=dict)

    def add(self, lines: Iterable[PlayerFigures]) -> None:
        self.games += 1
        for line in lines:
            key = line.name.casefold()
            figures = self.players.setdefault(key, PlayerFigures(line.name, line.scale))
            for name in ("games", "finished", "wins", "hands", "made", "units"):
                setattr(figures, name, getattr(figures, name) + getattr(line, name))


def _hands_by_game(owner: Any) -> dict[int, list[card_games.HandInput]]:
    """Every played hand of the owner's card games, by game, in order: one query."""
    rows = (
        CardsHand.objects.filter(game__owner=owner)
        .order_by("game_id", "number")
        .values_list("game_id", "cards", "bids", "tricks")
    )
    hands: dict[int, list[card_games.HandInput]] = {}
    for game_id, cards, bids, tricks in rows.iterator(chunk_size=2000):
        if tricks is not None:
            hands.setdefault(game_id, []).append(
                card_games.HandInput(cards, tuple(bids), tuple(tricks))
            )
    return hands


def for_owner(owner: Any) -> Report:
    """Statistics over an owner's card games, by game and by player: two queries (the games,
    then every hand of them), each game replayed. A player is known by name without regard
    to case, spelt as in the most recently changed game; most games first."""
    games = list(
        CardsGame.objects.filter(owner=owner)
        .order_by("-updated_at", "-pk")
        .only("pk", "game", "players", "rules")
    )
    hands = _hands_by_game(owner)
    tallies = {name: _Tally(kind) for name, kind in card_games.GAMES.items()}
    unreadable = 0
    for game in games:
        tally = tallies.get(game.game)
        played = hands.get(game.pk, [])
        try:
            if tally is None:
                raise card_games.CardGameError(f"unknown game {game.game}")
            rules = game.rules_obj()
            result = card_games.replay(rules, game.players, played)
        except card_games.CardGameError:
            unreadable += 1
            continue
        tally.add(seat_figures(rules, result, played))
    kinds = [
        KindReport(
            tally.kind,
            tally.games,
            sorted(tally.players.values(), key=lambda p: (-p.games, p.name.casefold())),
        )
        for tally in tallies.values()
        if tally.games
    ]
    return Report(kinds=kinds, games=len(games), unreadable=unreadable)
