"""The table's entry steps, as rules: which step a game waits for, and the marks a step's form
carries so that a tap sent late is checked against the game as it then is.

Pure: the write path (`games.services`) checks a posted step with these, and the pages that
draw the forms (`games.fragments`) draw them with the same, so neither reads the other."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .entry import Bid, bid_key, needs_bids
from .rules import Rules


@dataclass(frozen=True)
class Step:
    """An entry step a game waits for: the bids of the next hand, or the tricks of the hand
    being played; a hand that bids itself ("unbid") starts with its tricks."""

    kind: Literal["bids", "tricks", "unbid"]
    number: int

    @property
    def form(self) -> Literal["bids", "tricks"]:
        """The form that enters it: an unbid hand's tricks are entered like any others."""
        return "bids" if self.kind == "bids" else "tricks"


def due_step(rules: Rules, recorded: int, playing: bool, over: bool) -> Step | None:
    """The step a game waits for, given its hands recorded so far, whether the last of them
    is being played (its tricks not in yet) and whether the game is over."""
    if over:
        return None
    if playing:
        return Step("tricks", recorded)
    number = recorded + 1
    return Step("bids" if needs_bids(rules, number) else "unbid", number)


def bids_mark(bids: Sequence[Bid | None] | None) -> str:
    """The bids a tricks form was drawn against, as the form carries them ("4,nil,3,3"; a
    blank bid is empty): a tap kept on a phone and sent later is checked against them."""
    if bids is None:
        return ""
    return ",".join("" if bid is None else bid_key(bid) for bid in bids)


def players_mark(players: Sequence[str]) -> str:
    """The players a step's form was drawn for, as the form carries them: a step kept on a
    phone while its table was reseated (`services.reseat`) is refused, not recorded for other
    players."""
    text = json.dumps(list(players), ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def steps_recorded(recorded: int, playing: bool) -> int:
    """The entry steps recorded in `recorded` hands: two a hand (its bids and its tricks; a
    hand that bids itself counts two as well), one for the last if it is still being played."""
    return 2 * recorded - playing


def time_call_is_last(
    time_called: int | None, time_called_after: int | None, recorded: int, playing: bool
) -> bool:
    """Whether the time call is the newest thing recorded: no step has been recorded since."""
    return time_called is not None and time_called_after == steps_recorded(recorded, playing)
