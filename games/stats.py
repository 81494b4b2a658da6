"""Player statistics across a user's games, worked out by replaying every game.

Nothing here is stored: two queries fetch the games and all their hands, and each game's
`GameResult` says who bid what and how it went. A player is known by name, compared without
regard to case, because the same people sit down under the same names game after game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games import scoring
from games.models import Game


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    number_bids: int = 0  # hands where the player bid a number of tricks
    contracts_made: int = 0  # ... and the player's side made its contract
    times_set: int = 0  # ... and the side was set
    nils: int = 0
    nils_made: int = 0
    blind_nils: int = 0
    blind_nils_made: int = 0
    bags: int = 0  # bags the player's side took in the hands the player played

    @property
    def made_rate(self) -> float | None:
        return _rate(self.contracts_made, self.number_bids)

    @property
    def nil_rate(self) -> float | None:
        return _rate(self.nils_made, self.nils)

    @property
    def blind_nil_rate(self) -> float | None:
        return _rate(self.blind_nils_made, self.blind_nils)

    @property
    def bags_per_hand(self) -> float | None:
        return _rate(self.bags, self.hands)

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.finished)


@dataclass(frozen=True)
class Report:
    players: list[PlayerStats]
    games: int
    unreadable: int  # games whose hands no longer replay under their rules


def tally(results: Iterable[scoring.GameResult]) -> list[PlayerStats]:
    """Every player's numbers over the given games, most games first."""
    players: dict[str, PlayerStats] = {}
    for result in results:
        rules = result.rules
        seats = []
        for seat, name in enumerate(result.players):
            stats = players.setdefault(name.casefold(), PlayerStats(name))
            seats.append((seat, rules.side_of(seat), stats))
            stats.games += 1
            if result.finished:
                stats.finished += 1
                if result.winner == rules.side_of(seat):
                    stats.wins += 1
        for hand in result.hands:
            for seat, side_index, stats in seats:
                side = hand.sides[side_index]
                bid = hand.bids[seat]
                stats.hands += 1
                stats.bags += side.bags_taken
                if bid is None:
                    # The side bid as a team on the partner, or the hand bid itself.
                    continue
                if scoring.is_nil(bid):
                    made = hand.tricks[seat] == 0
                    if bid == scoring.BLIND_NIL:
                        stats.blind_nils += 1
                        stats.blind_nils_made += made
                    else:
                        stats.nils += 1
                        stats.nils_made += made
                else:
                    stats.number_bids += 1
                    stats.contracts_made += side.made is True
                    stats.times_set += side.made is False
    return sorted(players.values(), key=lambda p: (-p.games, p.name.casefold()))


def for_owner(user) -> Report:
    """Statistics over all of a user's games: one query for the games, one for their hands."""
    games = list(Game.objects.filter(owner=user).order_by("-updated_at", "-pk"))
    hands_by_game = Game.hands_by_game(games)
    results = []
    unreadable = 0
    for game in games:
        try:
            results.append(game.replay(hands_by_game[game.pk]))
        except scoring.ScoringError:
            unreadable += 1
    return Report(players=tally(results), games=len(games), unreadable=unreadable)
