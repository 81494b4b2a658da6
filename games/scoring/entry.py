"""What the table flow needs to know about bids, tricks and names, said once for every screen.

Forms and templates translate what this module says; they decide no rule themselves.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeGuard

import regex

from .limits import MAX_GAME_NAME, MAX_NOTE, MAX_PLAYER_NAME, MAX_PLAYER_NAME_CODE_POINTS
from .rules import BLIND_NIL, NIL, Rules

Bid = int | str
# A hand's bids and tricks per seat; a blank (None) is a side's figure written on the partner.
Bids = tuple[Bid | None, ...]
Tricks = tuple[int | None, ...]

_NILS = frozenset((NIL, BLIND_NIL))
# "blind_7" -> 7 for every count a hand can have: the replay looks bids up, it never parses.
_BLIND_COUNTS = {f"blind_{count}": count for count in range(18)}
_KEY = re.compile(r"(?:blind_)?(?:0|[1-9][0-9]?)")
# One user-perceived character (an extended grapheme cluster, Unicode Standard Annex #29).
_GRAPHEME = regex.compile(r"\X")


def is_nil(bid: object) -> TypeGuard[str]:
    """The one nil test: nil or blind nil (a blind number bid is not a nil)."""
    return type(bid) is str and bid in _NILS


def blind_bid(count: int) -> str:
    """The bid a player makes by bidding `count` tricks before looking, as a game file writes it."""
    return f"blind_{count}"


def blind_count(bid: object) -> int | None:
    """The tricks of a blind number bid ("blind_7" is 7); None for any other bid."""
    return _BLIND_COUNTS.get(bid) if type(bid) is str else None


def bid_tricks(bid: object) -> int | None:
    """The tricks an ordinary bid (a number, or a blind number) promises; None for nil or none."""
    if type(bid) is int:
        return bid
    return blind_count(bid)


def bid_label(bid: object) -> str:
    """A bid in players' words: "Nil", "Blind nil", "7", "Blind 7"; a blank bid is a dash."""
    if bid == NIL:
        return "Nil"
    if bid == BLIND_NIL:
        return "Blind nil"
    if bid is None:
        return "—"
    count = blind_count(bid)
    if count is not None:
        return f"Blind {count}"
    return str(bid)


def bid_key(bid: object) -> str:
    """The string a form posts for a bid; parse_bid_key turns it back."""
    if type(bid) is int and bid >= 0:
        return str(bid)
    if isinstance(bid, str) and (is_nil(bid) or blind_count(bid) is not None):
        return bid
    raise ValueError(f"not a bid: {bid!r}")


def parse_bid_key(key: str) -> Bid:
    """The bid a posted key stands for; ValueError for anything that is not a bid key."""
    if not isinstance(key, str):
        raise ValueError(f"not a bid key: {key!r}")
    if key in _NILS:
        return key
    if _KEY.fullmatch(key):
        return key if key.startswith("blind_") else int(key)
    raise ValueError(f"not a bid key: {key!r}")


def bidding_order(rules: Rules, first_bidder: int) -> list[int]:
    """The seats in the order they bid, starting with the first bidder."""
    return [(first_bidder + step) % rules.players for step in range(rules.players)]


def trails_by(rules: Rules, seat: int, scores: Sequence[int]) -> int:
    """How far the seat's side is behind the best other side (negative when it leads)."""
    side = rules.side_of(seat)
    best = max(score for index, score in enumerate(scores) if index != side)
    return best - scores[side]


def _behind_enough(needed: int | None, trailing: int | None) -> bool:
    return needed is None or trailing is None or trailing >= needed


def bid_options(
    rules: Rules,
    seat: int | None = None,
    scores: Sequence[int] | None = None,
    *,
    team: bool = False,
) -> tuple[Bid, ...]:
    """Every bid one seat may make at this table, as a bidding pad offers them.

    Given the seat and the sides' scores before the hand, bids allowed only when behind (blind
    nil, blind number bids) are offered only when the side trails enough; without them they are
    offered and checked with the hand. team=True gives the totals a side may bid as one (no nil).
    Checks that need the other bids (suicide, mirrors, the table's total) come with the hand.
    """
    if rules.variant == "blind_nil_all":
        return () if team else (BLIND_NIL,)
    if team and (not rules.partnerships or rules.variant == "suicide"):
        return ()
    trailing = None if seat is None or scores is None else trails_by(rules, seat, scores)
    nils: tuple[Bid, ...] = ()
    if not team:
        nils = (NIL,)
        blind_nil = rules.blind_nil and rules.variant not in ("whiz", "mirrors")
        if blind_nil and _behind_enough(rules.blind_nil_behind, trailing):
            nils = (NIL, BLIND_NIL)
    most = rules.tricks_per_hand
    first = 1 if rules.zero_is_nil else 0
    if team and rules.min_team_bid is not None:
        first = max(first, rules.min_team_bid)
    numbers = tuple(range(first, most + 1))
    blinds: tuple[Bid, ...] = ()
    lowest = rules.blind_bid_min
    if lowest is not None and _behind_enough(rules.blind_bid_behind, trailing):
        blinds = tuple(blind_bid(count) for count in range(max(lowest, first), most + 1))
    return (*nils, *numbers, *blinds)


def needs_bids(rules: Rules, number: int) -> bool:
    """Whether hand `number` (counted from 1) has a bid step: a first hand may bid itself."""
    return not (number == 1 and rules.first_hand_bids_itself is not None)


@dataclass(frozen=True, slots=True)
class TrickInput:
    """One entry of the tricks step: a side's total ("side_0") or one seat's tricks."""

    name: str
    seats: tuple[int, ...]


def side_total_allowed(bids: Sequence[object], seats: Sequence[int]) -> bool:
    """Whether a side's tricks may be entered as one total: partners, none of whom bid nil."""
    return len(seats) > 1 and not any(is_nil(bids[seat]) for seat in seats)


def trick_inputs(rules: Rules, bids: Sequence[object] | None) -> list[TrickInput]:
    """The entries the tricks step asks for: a side's total where nobody on it bid nil, each
    nil bidder and their partner on their own. `bids` is None in a hand that bids itself."""
    if bids is None:
        bids = (None,) * rules.players
    inputs = []
    for index, seats in enumerate(rules.sides):
        if side_total_allowed(bids, seats):
            inputs.append(TrickInput(f"side_{index}", tuple(seats)))
        else:
            inputs.extend(TrickInput(f"tricks_{seat}", (seat,)) for seat in seats)
    return inputs


# Characters that end a line, whatever the platform calls them.
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
_JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner
_TAGS = range(0xE0020, 0xE0080)  # emoji tag characters, as in the flag of Scotland


def _is_tag(char: str) -> bool:
    return ord(char) in _TAGS


def name_length(name: str) -> int:
    """How many characters a reader sees: "👩🏽‍🦱Zoë" is 4, however many code points make it."""
    return len(_GRAPHEME.findall(name))


def _character_problem(name: str) -> str | None:
    """Line breaks, control codes and invisible formatting, except where joiners join."""
    found = _bad_character(name)
    return None if found is None else found[1]


def _bad_character(name: str) -> tuple[int, str] | None:
    """Where the first character a name may not hold is, and what is wrong with it."""
    for index, char in enumerate(name):
        if char in _LINE_BREAKS:
            return index, "the name contains a line break: a name is one line"
        category = unicodedata.category(char)
        if category == "Cc":
            return index, "the name contains a tab or another control character"
        if category == "Cs":
            return index, "the name contains a broken character (half of a pair)"
        if category == "Zs" and char != " ":
            return index, "the name contains an unusual space: use an ordinary space"
        if category != "Cf":
            continue
        before = name[index - 1] if index else ""
        after = name[index + 1] if index + 1 < len(name) else ""
        if char in _JOINERS and _joinable(before) and _joinable(after):
            continue
        if _is_tag(char) and before and (_is_tag(before) or not before.isspace()):
            continue
        return index, "the name contains an invisible formatting character"
    return None


def mended_game_name(name: str) -> str:
    """A game's name as `game_name_problem` accepts it, kept as close as it can be: a line
    break, control code or unusual space becomes a space, an invisible mark that joins nothing
    goes, and a name too long is cut to whole characters. For names stored before the rule
    held for every game (a migration mends them), so every account's backup imports."""
    while (found := _bad_character(name)) is not None:
        index, _ = found
        category = unicodedata.category(name[index])
        space = category in ("Cc", "Zs") or name[index] in _LINE_BREAKS
        name = name[:index] + (" " if space else "") + name[index + 1 :]
    characters = _GRAPHEME.findall(name.strip())
    while characters and game_name_problem("".join(characters)) is not None:
        characters.pop()
    return "".join(characters).strip()


def _joinable(char: str) -> bool:
    """A joiner stands between two visible characters, never at an end or next to a space."""
    return bool(char) and not char.isspace() and char not in _JOINERS


def player_name_problem(name: str) -> str | None:
    """What is wrong with a player's name, or None: one line of 1 to 40 characters as a reader
    counts them (a joined emoji is one), with no control codes or stray invisible marks."""
    if not isinstance(name, str):
        return "the name must be text"
    name = name.strip()
    if not name:
        return "the name is empty"
    problem = _character_problem(name)
    if problem:
        return problem
    if name_length(name) > MAX_PLAYER_NAME:
        return f"the name is longer than {MAX_PLAYER_NAME} characters"
    if len(name) > MAX_PLAYER_NAME_CODE_POINTS:
        # Only joined emoji get here: each one is several code points under one character.
        return "the name has too many joined emoji: keep it shorter"
    return None


def game_name_problem(name: str) -> str | None:
    """What is wrong with a game's (optional) name, or None: the players' rule (one line, no
    control codes or stray invisible marks, joined emoji and flags welcome), at most
    MAX_GAME_NAME characters as a reader counts them and as the column stores them. The
    new-game form and the game file both ask here, so what one takes the other takes."""
    if not isinstance(name, str):
        return "the name must be text"
    name = name.strip()
    problem = _character_problem(name)
    if problem:
        return problem
    if name_length(name) > MAX_GAME_NAME:
        return f"the name is longer than {MAX_GAME_NAME} characters"
    if len(name) > MAX_GAME_NAME:
        # Only joined emoji get here: each one is several code points under one character.
        return "the name has too many joined emoji: keep it shorter"
    return None


def duplicate_name(names: Sequence[str]) -> int | None:
    """The index of the first name that repeats an earlier one (ignoring case), or None."""
    seen = set()
    for index, name in enumerate(names):
        key = name.strip().casefold()
        if key in seen:
            return index
        seen.add(key)
    return None


def note_problem(note: str) -> str | None:
    """What is wrong with a note on a game or a hand, or None: one printable line, not too long."""
    if not isinstance(note, str):
        return "the note must be text"
    note = note.strip()
    if not note.isprintable():
        return "the note contains a line break, tab or control code"
    if len(note) > MAX_NOTE:
        return f"the note is longer than {MAX_NOTE} characters"
    return None
