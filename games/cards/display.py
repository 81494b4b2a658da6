"""What the card table's pages show, worked out from one replay of the recorded hands: the
score bar, the step, each hand in a row with its words, and the outcome."""

from __future__ import annotations

from dataclasses import dataclass

from games.cards.models import CardsGame
from games.scoring import card_games
from games.scoring.card_games.table import OVER, Recorded, Step, step_of


@dataclass(frozen=True)
class PlayerLine:
    seat: int
    name: str
    total: str
    winner: bool
    dealer: bool
    bid: int | None  # in the hand being played
    bid_words: str


@dataclass(frozen=True)
class HandRow:
    number: int
    cards: int
    dealer: str
    cells: list[tuple[str, int, int, str, str]]  # name, bid, took, points, total
    words: tuple[str, ...]
    note: str


def units_text(units: int, scale: int, *, sign: bool = False) -> str:
    return card_games.points_text(units, scale, sign=sign)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class TableView:
    game: CardsGame
    kind: card_games.CardGame
    rules: card_games.GameRules
    hands: list[Recorded]
    notes: dict[int, str]
    result: card_games.Result
    step: Step

    @classmethod
    def of(cls, game: CardsGame) -> TableView:
        return cls.build(game, *game.recorded_with_notes())

    @classmethod
    def build(cls, game: CardsGame, hands: list[Recorded], notes: dict[int, str]) -> TableView:
        """The view of hands already read (a write's own, so its answer reads nothing)."""
        rules = game.rules_obj()
        return cls(
            game=game,
            kind=game.kind,
            rules=rules,
            hands=hands,
            notes=notes,
            result=game.replay(hands),
            step=step_of(rules, len(game.players), hands),
        )

    @property
    def names(self) -> list[str]:
        return list(self.game.players)

    @property
    def scale(self) -> int:
        return self.rules.scale

    def dealer_name(self) -> str:
        return self.names[self.step.dealer]

    def first_name(self) -> str:
        return self.names[self.step.order[0]] if self.step.order else ""

    def standings(self) -> list[PlayerLine]:
        step = self.step
        finished = self.result.finished
        lines = []
        for seat, standing in enumerate(self.result.standings):
            bid = step.bids[seat] if step.kind == "tricks" else None
            lines.append(
                PlayerLine(
                    seat=seat,
                    name=standing.name,
                    total=units_text(standing.score, self.scale),
                    winner=finished and seat in self.result.winners,
                    dealer=step.kind != OVER and seat == step.dealer,
                    bid=bid,
                    bid_words="" if bid is None else f"bid {bid}",
                )
            )
        return lines

    def rows(self) -> list[HandRow]:
        """Every played hand, newest first."""
        rows = []
        for hand, scored in zip(self.hands, self.result.hands, strict=False):  # pending last
            assert hand.tricks is not None
            cells = [
                (
                    name,
                    hand.bids[seat],
                    hand.tricks[seat],
                    units_text(scored.points[seat], self.scale, sign=True),
                    units_text(scored.totals[seat], self.scale),
                )
                for seat, name in enumerate(self.names)
            ]
            rows.append(
                HandRow(
                    number=scored.number,
                    cards=scored.cards,
                    dealer=self.names[scored.dealer],
                    cells=cells,
                    words=scored.words,
                    note=self.notes.get(scored.number, ""),
                )
            )
        return rows[::-1]

    @property
    def played(self) -> int:
        return len(self.result.hands)

    @property
    def hands_in_game(self) -> int:
        return self.result.hands_in_game

    def last_step(self) -> str | None:
        """What an undo takes back, in words; None when nothing is recorded."""
        if not self.hands:
            return None
        number = len(self.hands)
        return f"hand {number}'s {'tricks' if self.hands[-1].played else 'bids'}"

    def outcome(self) -> str:
        """Who won, in a sentence, once the game is over."""
        winners = [self.names[seat] for seat in self.result.winners]
        top = self.result.standings[self.result.winners[0]].score if winners else 0
        score = units_text(top, self.scale)
        if len(winners) == 1:
            return f"{winners[0]} wins with {score} points."
        together = ", ".join(winners[:-1]) + f" and {winners[-1]}"
        return f"A tie: {together} share the win with {score} points."

    def schedule_words(self) -> str:
        """The game's length in words: how many hands, and the cards in the one being played."""
        return f"{plural(self.hands_in_game, 'hand')} in all"

    def hook_words(self) -> str:
        if not self.step.hook:
            return ""
        return (
            f"The hook: {self.dealer_name()} deals and bids last, and may not bid so that the "
            f"bids add up to {plural(self.step.cards, 'card')}."
        )
