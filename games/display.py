"""Turns a scored game into the rows a template shows. Formatting only: no rule is applied here."""

from dataclasses import dataclass

from games import scoring
from games.forms import bid_label


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


@dataclass(frozen=True)
class HandView:
    number: int
    dealer: str
    sides: tuple[SideHandView, ...]


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


def side_bids(players, seats, bids) -> str:
    return ", ".join(f"{players[seat]} {bid_label(bids[seat])}" for seat in seats)


def hands(result: scoring.GameResult) -> list[HandView]:
    """The scored hands, newest first, as the history shows them."""
    players = result.players
    rows = []
    for hand in reversed(result.hands):
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
                    )
                    for total, side in zip(result.sides, hand.sides, strict=True)
                ),
            )
        )
    return rows


@dataclass(frozen=True)
class PendingView:
    number: int
    dealer: str
    first_bidder: str
    contracts: tuple[tuple[str, str], ...]


def pending(result: scoring.GameResult) -> PendingView | None:
    """The hand being played: each side's contract, as the bids made it."""
    hand = result.pending
    if hand is None:
        return None
    players = result.players
    contracts = []
    for total, contract in zip(result.sides, hand.contracts, strict=True):
        nils = [
            f"{players[seat]} {bid_label(hand.bids[seat]).lower()}"
            for seat in total.seats
            if hand.bids[seat] in (scoring.NIL, scoring.BLIND_NIL)
        ]
        words = f"bid {contract}" if contract or not nils else ""
        words = ", ".join(part for part in [words, *nils] if part)
        contracts.append((total.name, words))
    return PendingView(
        number=hand.number,
        dealer=players[hand.dealer],
        first_bidder=players[hand.first_bidder],
        contracts=tuple(contracts),
    )
