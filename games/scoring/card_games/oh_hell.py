"""Oh Hell: 3 to 7 players, each for themselves, a hand size set by a schedule.

The game is the schedule's hands and ends after its last one. The scoring is the exact-bid
family's (`contract`), with the hook on by default: every source's dealer may not bid so that
the bids add up to the cards dealt.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..gamefile import JSONValue
from .base import CardGame, CardGameError, CardSetting, GameRules
from .contract import PRESETS, SETTINGS, ContractScoring

DOWN_UP = "down_up"
UP_DOWN = "up_down"
UP = "up"
DOWN = "down"
PACK = 52
MIN_PLAYERS = 3
MAX_PLAYERS = 7


def default_max_cards(players: int) -> int:
    """The first hand's size the sources give: 10 cards for 3 to 5 players, 8 for 6, 7 for 7."""
    return {6: 8, 7: 7}.get(players, 10)


def schedule_sizes(schedule: str, most: int) -> tuple[int, ...]:
    """The cards dealt in each hand: down_up is most..1..most, up_down 1..most..1, up 1..most
    and down most..1 (the turn of a down_up or up_down schedule is played once)."""
    up = tuple(range(1, most + 1))
    down = tuple(reversed(up))
    if schedule == UP:
        return up
    if schedule == DOWN:
        return down
    if schedule == UP_DOWN:
        return up + down[1:]
    return down + up[1:]


@dataclass(frozen=True)
class OhHellRules(ContractScoring):
    schedule: str = DOWN_UP
    max_cards: int | None = None

    def most_cards(self, players: int) -> int:
        return self.max_cards if self.max_cards is not None else default_max_cards(players)

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        return schedule_sizes(self.schedule, self.most_cards(players))

    def bid_range(self, cards: int) -> tuple[int, int]:
        return 0, cards


def check_players(rules: GameRules, players: int) -> str | None:
    """A max_cards the pack can't deal to this many players, in words."""
    if (
        isinstance(rules, OhHellRules)
        and rules.max_cards is not None
        and rules.max_cards * players > PACK
    ):
        return (
            f"rules.max_cards: {players} players can be dealt at most {PACK // players} cards "
            f"each from {PACK}, not {rules.max_cards}"
        )
    return None


OH_HELL_SETTINGS: tuple[CardSetting, ...] = (
    CardSetting(
        "schedule", "choice", "Schedule",
        "How many cards each hand deals; the game ends after the schedule's last hand.",
        choices=(
            (DOWN_UP, "From the most cards down to 1, then back up"),
            (UP_DOWN, "From 1 card up to the most, then back down"),
            (UP, "From 1 card up to the most"),
            (DOWN, "From the most cards down to 1"),
        ),
    ),
    CardSetting(
        "max_cards", "optional_int", "Most cards",
        "The largest hand the schedule deals.",
        minimum=1, maximum=PACK // MIN_PLAYERS, value_text="At most {} card{s} a hand",
        off_text="10 cards for 3 to 5 players, 8 for 6, 7 for 7",
    ),
    *SETTINGS,
)  # fmt: skip


def _make(**values: JSONValue) -> OhHellRules:
    return OhHellRules(**values)  # each value checked by its setting (`CardGame.rules`)


GAME = CardGame(
    name="oh_hell",
    title="Oh Hell",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    settings=OH_HELL_SETTINGS,
    defaults={"hook": True, "hook_on_last_hand": True, "schedule": DOWN_UP, "max_cards": None},
    presets=PRESETS,
    default_preset="oh_hell",
    make=_make,
    check_players=check_players,
)

__all__ = ["GAME", "CardGameError", "OhHellRules", "schedule_sizes"]
