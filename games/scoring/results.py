"""What scoring a game produces: frozen values the web app and the result file are built from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, TypedDict

from .entry import Bid, Bids, Tricks
from .rules import Rules


class TermJSON(TypedDict):
    text: str
    points: int


class SideHandJSON(TypedDict):
    points: int
    score: int
    bags: int
    explanation: list[str]
    bags_taken: int
    contract: int
    tricks_toward: int
    tricks: int
    made: bool | None
    terms: list[TermJSON]
    sets: int
    sets_in_a_row: int


class HandJSON(TypedDict):
    number: int
    teams: list[SideHandJSON]
    dealer: int
    first_bidder: int
    leader: int
    bids: list[Bid | None] | None
    tricks: list[int | None]


class PendingJSON(TypedDict):
    number: int
    dealer: int
    first_bidder: int
    leader: int
    bids_itself: bool
    bids: list[Bid | None] | None
    contracts: list[int]
    nil_bidders: list[int]


class SideTotalJSON(TypedDict):
    players: list[str]
    score: int
    bags: int
    name: str
    seats: list[int]
    sets: int
    bags_taken: int


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


class Term(NamedTuple):
    """One term of a side's points in a hand; its words are formatted only when asked for."""

    points: int
    template: str
    args: tuple[object, ...] = ()

    @property
    def text(self) -> str:
        return self.template.format(*self.args) if self.args else self.template

    @property
    def explanation(self) -> str:
        return f"{self.text}: {signed(self.points)}"

    def to_json(self) -> TermJSON:
        return {"text": self.text, "points": self.points}


_SIDE_FIELDS = (
    "points", "score", "bags", "bags_taken", "contract", "tricks_toward", "tricks", "made",
    "terms", "sets", "sets_in_a_row",
)  # fmt: skip


def _figure(index: int) -> Any:
    """One of a SideHand's figures, read from its tuple of figures; typed by the annotation
    it is assigned to."""
    return property(lambda side: side._figures[index])


class SideHand:
    """One side's part of a hand: the points it made and the running totals after it.

    Immutable. Its terms (the explanation in words) are worked out only when a page asks for
    them, by the same code that scored the hand, from what the replay kept beside the figures:
    a write replays every hand of the game and reads the words of none.
    """

    __slots__ = ("_figures", "_terms")
    _figures: tuple[Any, ...]  # ten figures and what the terms come from: typed by _figure
    _terms: tuple[Term, ...] | None

    def __init__(
        self,
        points: int,
        score: int,
        bags: int,
        bags_taken: int,
        contract: int,
        tricks_toward: int,
        tricks: int,
        made: bool | None,
        terms: tuple[Term, ...],
        sets: int = 0,
        sets_in_a_row: int = 0,
    ) -> None:
        figures = (points, score, bags, bags_taken, contract, tricks_toward, tricks, made)
        set_figures(self, (*figures, sets, sets_in_a_row, None))
        set_terms(self, tuple(terms))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a SideHand is immutable: {name} can't be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a SideHand is immutable: {name} can't be deleted")

    # Its figures, in the order the replay gives them; the last is what the terms come from.
    points: int = _figure(0)
    score: int = _figure(1)
    bags: int = _figure(2)
    bags_taken: int = _figure(3)
    contract: int = _figure(4)
    tricks_toward: int = _figure(5)
    tricks: int = _figure(6)
    made: bool | None = _figure(7)
    sets: int = _figure(8)  # times the side has been set in the game so far
    sets_in_a_row: int = _figure(9)  # ... and in a row, up to this hand

    @property
    def terms(self) -> tuple[Term, ...]:
        terms = self._terms
        if terms is None:
            from .engine import side_terms

            terms = side_terms(self._figures[10])
            set_terms(self, terms)
        return terms

    def _key(self) -> tuple[object, ...]:
        figures = self._figures
        return (*figures[:8], self.terms, figures[8], figures[9])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SideHand):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = zip(_SIDE_FIELDS, self._key(), strict=True)
        return "SideHand({})".format(", ".join(f"{name}={value!r}" for name, value in shown))

    def __reduce__(self) -> tuple[type[SideHand], tuple[object, ...]]:
        """A copy or a pickle keeps the terms in words, not what they are worked out from."""
        return SideHand, self._key()

    @property
    def explanation(self) -> tuple[str, ...]:
        return tuple(term.explanation for term in self.terms)

    def to_json(self) -> SideHandJSON:
        return {
            "points": self.points,
            "score": self.score,
            "bags": self.bags,
            "explanation": list(self.explanation),
            "bags_taken": self.bags_taken,
            "contract": self.contract,
            "tricks_toward": self.tricks_toward,
            "tricks": self.tricks,
            "made": self.made,
            "terms": [term.to_json() for term in self.terms],
            "sets": self.sets,
            "sets_in_a_row": self.sets_in_a_row,
        }


# The slots' own setters: how a SideHand, which can't be set otherwise, is filled.
set_figures = vars(SideHand)["_figures"].__set__
set_terms = vars(SideHand)["_terms"].__set__


def replayed_side(
    figures: tuple[int | bool | None, ...], source: object, terms: tuple[Term, ...] | None
) -> SideHand:
    """A SideHand as the replay builds it: its ten figures, what its terms are worked out from
    (`engine.side_terms` reads it) and the terms themselves when the replay explained the hand
    (None: worked out when first asked for)."""
    side: SideHand = object.__new__(SideHand)
    set_figures(side, (*figures, source))
    set_terms(side, terms)
    return side


@dataclass(frozen=True, slots=True)
class HandResult:
    number: int
    dealer: int
    first_bidder: int
    bids: Bids  # a blank (None) bid: the side's bid is on the partner, or the hand bids itself
    tricks: Tricks
    sides: tuple[SideHand, ...]
    # Who leads the first trick: the player on the dealer's left, whoever bids first.
    leader: int = 0
    bids_itself: bool = False

    def to_json(self) -> HandJSON:
        return {
            "number": self.number,
            "teams": [side.to_json() for side in self.sides],
            "dealer": self.dealer,
            "first_bidder": self.first_bidder,
            "leader": self.leader,
            "bids": None if self.bids_itself else list(self.bids),
            "tricks": list(self.tricks),
        }


@dataclass(frozen=True, slots=True)
class PendingHand:
    """The last hand, bid but not yet played: enough to show what each side must take."""

    number: int
    dealer: int
    first_bidder: int
    bids: Bids
    # Each side's contract; in a hand that bids itself, the least it must take.
    contracts: tuple[int, ...]
    nil_bidders: tuple[int, ...]
    leader: int = 0
    bids_itself: bool = False

    def to_json(self) -> PendingJSON:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "first_bidder": self.first_bidder,
            "leader": self.leader,
            "bids_itself": self.bids_itself,
            "bids": None if self.bids_itself else list(self.bids),
            "contracts": list(self.contracts),
            "nil_bidders": list(self.nil_bidders),
        }


@dataclass(frozen=True, slots=True)
class SideTotal:
    players: tuple[str, ...]
    seats: tuple[int, ...]
    score: int
    bags: int
    name: str
    sets: int = 0
    # Every bag the side took in the game, never reduced by a penalty: what "fewer bags"
    # settles a tie on.
    bags_taken: int = 0

    def to_json(self) -> SideTotalJSON:
        return {
            "players": list(self.players),
            "score": self.score,
            "bags": self.bags,
            "name": self.name,
            "seats": list(self.seats),
            "sets": self.sets,
            "bags_taken": self.bags_taken,
        }


@dataclass(frozen=True, slots=True)
class GameResult:
    rules: Rules
    players: tuple[str, ...]
    sides: tuple[SideTotal, ...]
    hands: tuple[HandResult, ...]
    pending: PendingHand | None
    finished: bool
    # The one winning side; None while the game goes on and in a draw.
    winner: int | None
    ended_after: int | None
    # Why it ended: "target" (a side reached the winning score), "floor" (a side fell to the
    # losing score), "boston" (a side took every trick where that wins), "sets" or
    # "sets_in_a_row" (a side was set too often), "hand_limit" (its last hand was played),
    # "time_called" (the hand in play when the time was called was played out), "fewer_bags"
    # (a shared top score went to the side with fewer bags), "tie_block" (a block of hands
    # settled a shared top score), or "draw" (it ended with the top score shared); None while
    # it goes on.
    ended_by: str | None
    unscored_hands: int
    next_dealer: int
    next_first_bidder: int
    # Every winning side: empty while the game goes on, one normally, several in a draw.
    winners: tuple[int, ...] = ()
    # How the game ended, in plain words ("Ann + Cat reached 500"); None while it goes on.
    ending: str | None = None
    next_leader: int = 0
    # The hand during which the time was called, if it was.
    time_called: int | None = None
    # While the game plays on from a shared top score: what it plays for, in words.
    tie: str | None = None

    @property
    def played(self) -> int:
        """Hands scored in the game so far."""
        return len(self.hands)

    @property
    def recorded(self) -> int:
        """Hands recorded: the scored ones, any a lenient replay left unscored, and the one
        being played."""
        return len(self.hands) + self.unscored_hands + (self.pending is not None)

    def hand(self, number: int) -> HandResult:
        """Hand `number`'s result (numbered from 1); IndexError for a hand not scored."""
        if not 1 <= number <= len(self.hands):
            raise IndexError(f"this result holds no hand {number}")
        return self.hands[number - 1]

    def needs(self, side: int) -> int:
        """Points the side still needs to reach the winning score (0 once it is there)."""
        return max(0, self.rules.target_score - self.sides[side].score)

    def to_json(self) -> dict[str, object]:
        """The result file's object: its teams, hands and pending hand in the shapes above."""
        return {
            "teams": [side.to_json() for side in self.sides],
            "hands": [hand.to_json() for hand in self.hands],
            "finished": self.finished,
            "winner": self.winner,
            "winners": list(self.winners),
            "ended_after": self.ended_after,
            "ended_by": self.ended_by,
            "ending": self.ending,
            "unscored_hands": self.unscored_hands,
            "pending": self.pending.to_json() if self.pending else None,
            "next_dealer": self.next_dealer,
            "next_first_bidder": self.next_first_bidder,
            "next_leader": self.next_leader,
            "time_called": self.time_called,
            "tie": self.tie,
        }
