"""The `card-game/1` file: one game of Oh Hell, Wizard or Call Break, read, checked and scored.

    {"format": "card-game/1", "game": "oh_hell" | "wizard" | "call_break",
     "name": "Friday" (optional), "note": "..." (optional),
     "rules": {"preset": ..., setting: value, ...},
     "players": [names in seat order; players[0] deals first],
     "hands": [{"cards": 5, "bids": [2, 0, 1], "tricks": [2, 1, 2]}, ...]}

`cards` is what each player was dealt (the tricks add up to it); left out, it is the one the
schedule deals. A hand may carry a "note". The last hand may leave out its "tricks" (or give
null): its bids are in and its tricks are still to come, as at the table; it is checked (the
cards the schedule deals, each bid in range, the hook) but not scored. Other keys are passed
over (kept in `extra`, for the app's own: an export's "id", "created", "finished"). Anything
that breaks a rule is a CardGameError with one line naming where: `hand 3: ...`,
`rules.bid_max: ...`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..entry import game_name_problem, note_problem
from ..gamefile import JSONObject, JSONValue, checked_names, read_json
from ..limits import MAX_CARD_GAME_FILE_BYTES, MAX_HANDS
from ..rules import describe
from . import call_break, oh_hell, wizard
from .base import (
    CardGame,
    CardGameError,
    GameRules,
    HandInput,
    Result,
    check_dealt,
    check_hook,
    is_whole,
    kind_of,
    replay,
)
from .table import Recorded

FORMAT = "card-game/1"
GAMES: dict[str, CardGame] = {
    game.name: game for game in (oh_hell.GAME, wizard.GAME, call_break.GAME)
}
MAX_CARD_PLAYERS = max(game.max_players for game in GAMES.values())
KNOWN_KEYS = ("format", "game", "name", "note", "rules", "players", "hands")


@dataclass(frozen=True)
class CardGameFile:
    """A game as its file holds it. `hands` are the hands played out; `pending` the last
    hand when its bids are in and its tricks to come; `notes` are by hand, the played ones
    then the pending one ("" for none)."""

    game: CardGame
    rules: GameRules
    rules_spec: JSONObject
    players: tuple[str, ...]
    hands: tuple[HandInput, ...]
    notes: tuple[str, ...]
    name: str | None = None
    note: str = ""
    pending: Recorded | None = None
    extra: JSONObject = field(default_factory=dict)

    def score(self) -> Result:
        return replay(self.rules, self.players, self.hands)

    def recorded(self) -> list[Recorded]:
        """Every hand as the table keeps it: the played ones, then the pending one."""
        hands = [Recorded(hand.cards, hand.bids, hand.tricks) for hand in self.hands]
        if self.pending is not None:
            hands.append(self.pending)
        return hands

    def to_dict(self) -> JSONObject:
        """The file as JSON values; `parse_card_file` reads it back to the same game."""
        data: JSONObject = {"format": FORMAT, "game": self.game.name}
        if self.name:
            data["name"] = self.name
        if self.note:
            data["note"] = self.note
        data["rules"] = dict(self.rules_spec)
        data["players"] = list(self.players)
        hands: list[JSONValue] = []
        for index, hand in enumerate(self.recorded()):
            item: JSONObject = {"cards": hand.cards, "bids": list(hand.bids)}
            if hand.tricks is not None:
                item["tricks"] = list(hand.tricks)
            if index < len(self.notes) and self.notes[index]:
                item["note"] = self.notes[index]
            hands.append(item)
        data["hands"] = hands
        data.update({key: value for key, value in self.extra.items() if key not in KNOWN_KEYS})
        return data


def get_game(name: JSONValue) -> CardGame:
    """The game a file's "game" names; CardGameError otherwise."""
    if not isinstance(name, str) or name not in GAMES:
        known = ", ".join(f'"{game}"' for game in GAMES)
        raise CardGameError(f"game: expected one of {known}, got {describe(name)}")
    return GAMES[name]


def _players(value: JSONValue, game: CardGame) -> tuple[str, ...]:
    span = f"{game.min_players} to {game.max_players}"
    if game.min_players == game.max_players:
        span = str(game.min_players)
    if not isinstance(value, list):
        raise CardGameError(f"players: expected a list of {span} names, got {kind_of(value)}")
    if not game.min_players <= len(value) <= game.max_players:
        raise CardGameError(f"players: {game.title} is played by {span} players, got {len(value)}")
    return checked_names(value, CardGameError, kind_of)


def _numbers(item: JSONObject, key: str, number: int, count: int, what: str) -> tuple[int, ...]:
    if key not in item or item[key] is None:
        raise CardGameError(
            f"hand {number}: {key} missing; expected {count} {what}", number=number, field=key
        )
    value = item[key]
    if not isinstance(value, list):
        raise CardGameError(
            f"hand {number}: {key} must be a list of {count} whole numbers, got {kind_of(value)}",
            number=number,
            field=key,
        )
    if len(value) != count:
        raise CardGameError(
            f"hand {number}: expected {count} {what}, one per player, got {len(value)}",
            number=number,
            field=key,
        )
    for seat, entry in enumerate(value, start=1):
        if not is_whole(entry):
            raise CardGameError(
                f"hand {number}: {key}: entry {seat} must be a whole number, got {kind_of(entry)}",
                number=number,
                field=key,
            )
    return tuple(value)


def _hand(
    item: JSONValue, number: int, count: int, sizes: tuple[int, ...], last: bool
) -> tuple[Recorded, str]:
    if not isinstance(item, dict):
        raise CardGameError(
            f'hand {number}: expected an object with "cards", "bids" and "tricks", '
            f"got {kind_of(item)}",
            number=number,
        )
    cards = item.get("cards")
    if cards is None:
        cards = sizes[number - 1] if number <= len(sizes) else 0
    elif not is_whole(cards):
        raise CardGameError(
            f"hand {number}: cards must be a whole number, got {kind_of(cards)}",
            number=number,
            field="cards",
        )
    bids = _numbers(item, "bids", number, count, "bids")
    tricks = None
    if item.get("tricks") is not None or not last:
        tricks = _numbers(item, "tricks", number, count, "trick counts")
    note = item.get("note")
    if note is not None:
        problem = note_problem(note)
        if problem:
            raise CardGameError(
                f"hand {number}: note: {problem.removeprefix('the note ')}", number=number
            )
    return Recorded(cards, bids, tricks), (note or "").strip()


def _name(data: JSONObject) -> str | None:
    name = data.get("name")
    if name is None:
        return None
    if not isinstance(name, str):
        raise CardGameError(f"name: expected text, got {kind_of(name)}")
    problem = game_name_problem(name)
    if problem:
        raise CardGameError(f"name: {problem.removeprefix('the name ')}")
    return name.strip() or None


def _note(data: JSONObject) -> str:
    note = data.get("note")
    if note is None:
        return ""
    problem = note_problem(note)
    if problem:
        raise CardGameError(f"note: {problem.removeprefix('the note ')}")
    return str(note).strip()


def _check_pending(
    rules: GameRules, players: tuple[str, ...], hand: Recorded, number: int, sizes: tuple[int, ...]
) -> None:
    """A hand whose tricks are to come: dealt as the schedule says, each bid in range, the
    hook kept; CardGameError naming it, in the words the replay uses for a played hand."""
    last = len(sizes)
    if number > last:
        raise CardGameError(
            f"hand {number}: the game is over after hand {last} "
            f"(the schedule deals {last} hand{'s' if last != 1 else ''})",
            number=number,
            field="bids",
        )
    check_dealt(rules, players, hand.cards, hand.bids, number, sizes[number - 1])
    check_hook(rules, players, hand.cards, hand.bids, number, last)


def _parse(data: JSONValue) -> tuple[CardGameFile, Result]:
    data = read_json(data, MAX_CARD_GAME_FILE_BYTES)
    if not isinstance(data, dict):
        raise CardGameError(f"expected a JSON object for the game, got {kind_of(data)}")
    if data.get("format") != FORMAT:
        raise CardGameError(f'format: expected "{FORMAT}", got {describe(data.get("format"))}')
    if "game" not in data:
        raise CardGameError('game: missing; expected "oh_hell", "wizard" or "call_break"')
    game = get_game(data["game"])
    name = _name(data)
    note = _note(data)
    spec = data.get("rules", {})
    rules = game.rules(spec)
    if "players" not in data:
        raise CardGameError("players: missing; expected a list of names in seat order")
    players = _players(data["players"], game)
    problem = game.check_players(rules, len(players))
    if problem:
        raise CardGameError(problem)
    items = data.get("hands", [])
    if not isinstance(items, list):
        raise CardGameError(f"hands: expected a list, got {kind_of(items)}")
    if len(items) > MAX_HANDS:
        raise CardGameError(f"hands: more than {MAX_HANDS} hands")
    sizes = rules.hand_sizes(len(players))
    hands: list[HandInput] = []
    notes: list[str] = []
    pending: Recorded | None = None
    shape_error: CardGameError | None = None
    for number, item in enumerate(items, start=1):
        try:
            hand, hand_note = _hand(item, number, len(players), sizes, number == len(items))
        except CardGameError as error:
            shape_error = error
            break
        if hand.played:
            hands.append(hand.as_input())
        else:
            pending = hand
        notes.append(hand_note)
    # The first hand in order that breaks a rule is the one named, whether its shape or its
    # play is wrong: the hands before a badly written one are replayed first.
    result = replay(rules, players, hands)
    if shape_error is not None:
        raise shape_error
    if pending is not None:
        _check_pending(rules, players, pending, len(hands) + 1, sizes)
    file = CardGameFile(
        game=game,
        rules=rules,
        rules_spec=dict(spec) if isinstance(spec, dict) else {},
        players=players,
        hands=tuple(hands),
        notes=tuple(notes),
        name=name,
        note=note,
        pending=pending,
        extra={key: value for key, value in data.items() if key not in KNOWN_KEYS},
    )
    return file, result


def parse_card_file(data: JSONValue) -> CardGameFile:
    """Read a card game from a dict, JSON text or bytes; CardGameError with one line."""
    return _parse(data)[0]


def score_card_file(data: JSONValue) -> Result:
    """The replayed game in a card-game/1 file; CardGameError with one line."""
    return _parse(data)[1]
