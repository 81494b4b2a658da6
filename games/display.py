"""Turns a scored game into the rows a template shows. Formatting only: no rule is applied here."""

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import scoring


@dataclass(frozen=True)
class SideView:
    index: int
    name: str
    score: int
    bags: int
    bag_limit: int | None
    needs: int
    winner: bool
    plural: bool


@dataclass(frozen=True)
class SideHandView:
    name: str
    bids: str
    contract: int
    tricks: int
    points: int
    score: int
    bags: int
    made: bool | None
    explanation: tuple[str, ...]
    has_nil: bool = False
    # The terms a player would mention ("set", a nil, a bag penalty, Boston), in the words of
    # the explanation, for the history row to show without being opened.
    events: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandView:
    number: int
    dealer: str
    sides: tuple[SideHandView, ...]
    note: str = ""


def sides(result: scoring.GameResult) -> list[SideView]:
    return [
        SideView(
            index=index,
            name=side.name,
            score=side.score,
            bags=side.bags,
            bag_limit=result.rules.bag_limit,
            needs=result.needs(index),
            winner=result.winner == index,
            plural=len(side.players) > 1,
        )
        for index, side in enumerate(result.sides)
    ]


# The terms every hand has: a contract made and its bags. The others are what happened.
ROUTINE_TERMS = frozenset({"{} bid {}, took {}{}", "1 bag", "{} bags"})


def events(terms: Iterable[scoring.Term]) -> tuple[str, ...]:
    return tuple(term.explanation for term in terms if term.template not in ROUTINE_TERMS)


def side_bids(players: Sequence[str], seats: Sequence[int], bids: Sequence[Any] | None) -> str:
    """A side's bids in words: each seat's, a team's total, or none in a hand that bids itself."""
    if bids is None or all(bids[seat] is None for seat in seats):
        return "no bids (the hand bids itself)"
    given = [seat for seat in seats if bids[seat] is not None]
    if len(given) == 1 and len(seats) > 1:
        team = " + ".join(players[seat] for seat in seats)
        return f"{team} {scoring.bid_label(bids[given[0]]).lower()} as a team"
    return ", ".join(f"{players[seat]} {scoring.bid_label(bids[seat]).lower()}" for seat in seats)


def hands(
    result: scoring.GameResult,
    notes: Mapping[int, str] | None = None,
    numbers: Iterable[int] | None = None,
) -> list[HandView]:
    """The scored hands, newest first, as the history shows them (only `numbers`, if given),
    with the table's `notes` by hand number."""
    notes = notes or {}
    players = result.players
    rows = []
    chosen = (
        reversed(result.hands)
        if numbers is None
        else (result.hands[number - 1] for number in sorted(numbers, reverse=True))
    )
    for hand in chosen:
        rows.append(
            HandView(
                number=hand.number,
                dealer=players[hand.dealer],
                sides=tuple(
                    SideHandView(
                        name=total.name,
                        bids=side_bids(players, total.seats, hand.bids),
                        contract=side.contract,
                        tricks=side.tricks,
                        points=side.points,
                        score=side.score,
                        bags=side.bags,
                        made=side.made,
                        explanation=side.explanation,
                        has_nil=any(scoring.is_nil(hand.bids[seat]) for seat in total.seats),
                        events=events(side.terms),
                    )
                    for total, side in zip(result.sides, hand.sides, strict=True)
                ),
                note=notes.get(hand.number, ""),
            )
        )
    return rows


@dataclass(frozen=True)
class PendingView:
    number: int
    dealer: str
    first_bidder: str
    leader: str
    contracts: tuple[tuple[str, str], ...]


def pending(result: scoring.GameResult) -> PendingView | None:
    """The hand being played: each side's contract, as the bids made it."""
    hand = result.pending
    if hand is None:
        return None
    players = result.players
    contracts = []
    for total, contract in zip(result.sides, hand.contracts, strict=True):
        if hand.bids_itself:
            contracts.append((total.name, f"no bids: takes what it takes, at least {contract}"))
            continue
        nils = [
            f"{players[seat]} {scoring.bid_label(hand.bids[seat]).lower()}"
            for seat in total.seats
            if scoring.is_nil(hand.bids[seat])
        ]
        words = f"bid {contract}" if contract or not nils else ""
        words = ", ".join(part for part in [words, *nils] if part)
        contracts.append((total.name, words))
    return PendingView(
        number=hand.number,
        dealer=players[hand.dealer],
        first_bidder=players[hand.first_bidder],
        leader=players[hand.leader],
        contracts=tuple(contracts),
    )


@dataclass(frozen=True)
class OutcomeView:
    winner: str  # the winners' names, "and" between them in a draw
    plural: bool
    score: int
    ended_after: int | None
    how: str
    draw: bool = False


def outcome(result: scoring.GameResult) -> OutcomeView | None:
    """Who won (or drew) and why the game ended, in the words the banner uses."""
    if not result.finished or not result.winners:
        return None
    winners = [result.sides[index] for index in result.winners]
    return OutcomeView(
        winner=" and ".join(side.name for side in winners),
        plural=len(winners) > 1 or len(winners[0].players) > 1,
        score=winners[0].score,
        ended_after=result.ended_after,
        how=result.ending or "",
        draw=len(winners) > 1,
    )


def hand_line(result: scoring.GameResult, number: int) -> str:
    """What a hand scored, in one line: "Hand 6: Ann + Cat +81, Ben + Dan -50"."""
    hand = result.hands[number - 1]
    points = ", ".join(
        f"{total.name} {side.points:+d}" if side.points else f"{total.name} 0"
        for total, side in zip(result.sides, hand.sides, strict=True)
    )
    return f"Hand {number}: {points}"


def preset_title(preset: str) -> str:
    known = scoring.PRESETS.get(preset)
    return known.title if known else preset


def sentence(problem: str) -> str:
    """The engine's problems are clauses ("tricks add up to 12, ..."); a form shows sentences."""
    problem = problem.strip()
    if not problem:
        return problem
    problem = problem[0].upper() + problem[1:]
    return problem if problem.endswith((".", "!", "?")) else problem + "."


# A cell a spreadsheet runs as a formula starts with one of these (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")

Cell = str | int | None


def csv_cell(value: Cell) -> Cell:
    """One cell of a CSV the app writes, shown by a spreadsheet as written and never run:
    text that starts like a formula gets a single quote in front, as OWASP's "CSV Injection"
    page recommends ("=HYPERLINK(...)" becomes "'=HYPERLINK(...)"). Numbers stay numbers, and
    so does text that is a plain number ("-40")."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return value if _PLAIN_NUMBER.fullmatch(value) else "'" + value
    return value


def csv_row(values: Iterable[Cell]) -> list[Cell]:
    """A row of a CSV the app writes, every cell through `csv_cell`."""
    return [csv_cell(value) for value in values]
