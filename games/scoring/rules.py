"""The table's rules: every setting a Spades table may disagree on, with plain-language help."""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, fields
from typing import Any

from .errors import RulesError
from .limits import MAX_HANDS

NIL = "nil"
BLIND_NIL = "blind_nil"

GROUPS = ("Players and game end", "Bags", "Nil and blind nil", "Bidding", "Bonuses")


def describe(value: Any) -> str:
    """Show a value the way it is written in a game file (true, null, "text")."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def setting_problem(
    kind: str, value: Any, allowed: list[Any], minimum: int | None, maximum: int | None
) -> str | None:
    """The problem with `value` for a setting of this `kind` ("int", "optional_int", "bool",
    or "choice" among `allowed`), in a game file's words, or None when it is acceptable: one
    rule for Spades' settings and the card games'. JSON's true is not 1 here, nor 3.0 a 3."""
    if kind == "bool":
        return None if type(value) is bool else f"expected true or false, got {describe(value)}"
    if kind == "choice":
        if not (value is None or isinstance(value, str)) or value not in allowed:
            options = ", ".join(describe(choice) for choice in allowed)
            return f"expected one of {options}, got {describe(value)}"
        return None
    if value is None and kind == "optional_int":
        return None
    if type(value) is not int:
        expected = "a whole number or null" if kind == "optional_int" else "a whole number"
        return f"expected {expected}, got {describe(value)}"
    if minimum is not None and value < minimum:
        return f"must be at least {minimum}, got {value}"
    if maximum is not None and value > maximum:
        return f"must be at most {maximum}, got {value}"
    return None


@dataclass(frozen=True, slots=True)
class Setting:
    """One rule setting with the words a player needs to choose it."""

    name: str
    kind: str  # "int", "optional_int", "bool" or "choice"
    default: Any
    label: str
    meaning: str
    group: str
    # The values a choice takes (None, where listed, is null in a game file) and their words.
    choices: tuple[tuple[str | None, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # For ints: a template for the value ("{}"); for bools: the words for true.
    value_text: str = ""
    # For optional ints: the words for null; for bools: the words for false.
    off_text: str = ""

    def check(self, value: Any) -> str | None:
        """The problem with a value for this setting, or None when it is acceptable."""
        allowed = [choice for choice, _ in self.choices]
        return setting_problem(self.kind, value, allowed, self.minimum, self.maximum)

    def explain(self, value: Any) -> str:
        """Plain words for what this setting does when it has the given value."""
        if self.kind == "choice":
            return dict(self.choices).get(value, describe(value))
        if self.kind == "bool":
            return self.value_text if value else self.off_text
        if value is None:
            return self.off_text
        return self.value_text.format(value, s="" if value in (1, -1) else "s")


def _int(
    name: str,
    default: int,
    label: str,
    meaning: str,
    group: str,
    text: str,
    minimum: int,
    maximum: int,
) -> Setting:
    return Setting(
        name, "int", default, label, meaning, group,
        minimum=minimum, maximum=maximum, value_text=text,
    )  # fmt: skip


def _optional(
    name: str,
    default: int | None,
    label: str,
    meaning: str,
    group: str,
    text: str,
    off: str,
    minimum: int,
    maximum: int,
) -> Setting:
    return Setting(
        name, "optional_int", default, label, meaning, group,
        minimum=minimum, maximum=maximum, value_text=text, off_text=off,
    )  # fmt: skip


def _bool(
    name: str, default: bool, label: str, meaning: str, group: str, yes: str, no: str
) -> Setting:
    return Setting(name, "bool", default, label, meaning, group, value_text=yes, off_text=no)


def _choice(
    name: str,
    default: str | None,
    label: str,
    meaning: str,
    group: str,
    choices: tuple[tuple[str | None, str], ...],
) -> Setting:
    return Setting(name, "choice", default, label, meaning, group, choices=choices)


_END, _BAGS, _NIL, _BIDDING, _BONUS = GROUPS
LIMIT = 1_000_000

SETTINGS: tuple[Setting, ...] = (
    _int("players", 4, "Players", "How many people play: 2, 3 or 4.", _END,
         "{} players", 2, 4),
    _bool("partnerships", True, "Partnerships",
          "Whether partners sitting opposite each other score together (4 players only).", _END,
          "Partners opposite each other score together",
          "Everyone scores alone (cutthroat)"),
    _int("target_score", 500, "Winning score", "A side that reaches this score ends the game.",
         _END, "The game ends when a side reaches {} point{s}", 1, LIMIT),
    _optional("losing_score", -200, "Losing score",
              "A side that falls to this score or lower ends the game; if the top score is "
              "shared then, the game is a draw.", _END,
              "The game ends when a side falls to {} point{s} or lower",
              "No losing score: a side can fall as low as it likes", -LIMIT, LIMIT),
    _optional("sets_to_lose", None, "Sets that lose",
              "A side set this many times in a game loses at once; the best of the others wins.",
              _END, "A side set {} time{s} in the game loses at once",
              "Being set never loses the game by itself", 1, 100),
    _optional("sets_in_a_row_to_lose", None, "Sets in a row that lose",
              "A side set this many hands running loses at once; the best of the others wins.",
              _END, "A side set {} hand{s} in a row loses at once",
              "Sets in a row never lose the game by themselves", 1, 100),
    _optional("hand_limit", None, "Hand limit",
              "A game ends after this many hands (or earlier at the winning or losing score); "
              "the highest score wins.", _END,
              "The game ends after hand {}: the highest score wins",
              "No hand limit: the game goes on until a side wins or loses", 1, MAX_HANDS),
    _choice("tie_rule", None, "Ties",
            "How a top score shared at the end of a game is settled.", _END, (
                (None, "A top score shared at the winning score, the hand limit or a time call "
                       "plays on a hand at a time; shared at the losing score or by sets, it is "
                       "a draw"),
                ("play_on", "While the top score is shared at the end, another hand is played"),
                ("draw", "A top score shared at the end is a draw"),
                ("fewer_bags", "Of the sides sharing the top score at the end, the one that took "
                               "fewer bags in the game wins; still level, another hand is played"),
                ("block", "A top score shared at the end plays a block of more hands, decided "
                          "only at the block's end; still level, another block"),
            )),
    _int("tie_block_hands", 3, "Hands in a tie block",
         "How many hands a tie block plays when ties are settled by a block.", _END,
         "A tie block is {} hand{s}", 1, 20),
    _optional("bag_limit", 10, "Bag limit", "How many bags cost a side the bag penalty.", _BAGS,
              "The penalty is due at every {} bag{s}", "Bags never cost a penalty", 1, 100),
    _int("bag_penalty", 100, "Bag penalty",
         "Points a side loses each time it reaches the bag limit.", _BAGS,
         "Reaching the bag limit costs {} point{s}", 0, 10_000),
    _int("bag_points", 1, "Points per bag", "Points each overtrick (bag) scores.", _BAGS,
         "Each bag scores {} point{s}", 0, 100),
    _optional("bag_back", None, "Bag back",
              "Bags are counted in cycles of this many, in place of the bag limit: each full "
              "cycle pays the bag-back points to every other side, and the bagging side pays no "
              "bag penalty.", _BAGS,
              "Every {} bag{s} a side takes pay the bag-back points to each other side",
              "Bags never pay the other sides", 1, 100),
    _int("bag_back_points", 50, "Bag-back points",
         "Points each other side gains when a side completes a bag-back cycle.", _BAGS,
         "A bag-back cycle pays {} point{s} to each other side", 0, 10_000),
    _choice("overtricks", "bags", "Overtricks",
            "What the tricks a side takes over its contract are worth.", _BAGS, (
                ("bags", "Each overtrick is a bag"),
                ("none", "No overs: overtricks score nothing and count no bags"),
            )),
    _bool("bags_carry_over", True, "Bags carry over",
          "Whether bags beyond the limit count toward the next penalty.", _BAGS,
          "Bags beyond the limit count toward the next penalty",
          "After a penalty the bag count starts again at 0"),
    _int("nil_value", 100, "Nil value", "Points won for a made nil and lost for a failed one.",
         _NIL, "A nil wins or loses {} point{s}", 0, 10_000),
    _int("blind_nil_value", 200, "Blind nil value",
         "Points won for a made blind nil and lost for a failed one.", _NIL,
         "A blind nil wins or loses {} point{s}", 0, 10_000),
    _bool("zero_is_nil", True, "A bid of 0 is nil",
          "Whether bidding 0 means bidding nil.", _NIL,
          "Bidding 0 means bidding nil",
          "A bid of 0 is an ordinary bid: every trick taken is a bag"),
    _choice("failed_nil_tricks", "bags", "Failed nil tricks",
            "What happens to the tricks a player takes after bidding nil.", _NIL, (
                ("bags", "A failed nil's tricks don't help the partner; each is a bag"),
                ("help_partner", "A failed nil's tricks count toward the partner's bid"),
                ("ignored", "A failed nil's tricks count for nothing"),
                ("bags_only", "A failed nil's tricks score nothing and don't help the partner, "
                              "but each counts as a bag toward the penalty"),
            )),
    _bool("nil_partner_exact", False, "Nil partner bids exactly",
          "Whether the partner of a nil bidder must take exactly their bid with their own "
          "tricks.", _NIL,
          "A nil bidder's partner must take exactly their bid: over or under, the partner is "
          "set and the nil fails too",
          "A nil bidder's partner needs at least their bid, as any contract"),
    _choice("both_nil", "separate", "Both partners nil",
            "How a side is scored when both partners bid nil (or blind nil).", _NIL, (
                ("separate", "Each nil is scored on its own"),
                ("joint", "Both partners nil score the both-nil value if both make it, "
                          "and nothing if either fails"),
                ("unit", "Both partners nil win the both-nil value if both make it and lose "
                         "it if either fails; their tricks count for nothing"),
                ("forbidden", "Both partners may not bid nil in the same hand"),
            )),
    _int("both_nil_value", 200, "Both-nil value",
         "Points for both partners making nil, when they score as one.", _NIL,
         "Both partners nil are worth {} point{s} when they score as one", 0, 10_000),
    _optional("blind_nil_behind", None, "Blind nil only when behind",
              "How far a side must trail before one of its players may bid blind nil.", _NIL,
              "Blind nil only when the side trails by {} point{s} or more",
              "Blind nil is allowed at any score", 0, 10_000),
    _bool("blind_nil", True, "Blind nil allowed", "Whether blind nil may be bid at all.", _NIL,
          "Blind nil may be bid", "Nobody may bid blind nil"),
    _optional("min_team_bid", None, "Minimum side bid",
              "The smallest total a side's number bids may add up to; a nil bidder's partner "
              "must bid it alone.", _BIDDING,
              "A side must bid at least {} trick{s} unless all its players bid nil",
              "A side may bid as few tricks as it likes", 1, 17),
    _optional("min_total_bid", None, "Minimum total bid",
              "The smallest total all the number bids of a hand may add up to.", _BIDDING,
              "All the bids of a hand must add up to at least {} trick{s}",
              "The bids of a hand may add up to as few tricks as they like", 1, 17),
    _bool("ban_exact_total", False, "Bids may not total the tricks",
          "Whether the number bids of a hand may add up to exactly the tricks in it.", _BIDDING,
          "The bids of a hand may not add up to exactly the tricks in it",
          "The bids of a hand may add up to any total"),
    _optional("blind_bid_min", None, "Blind bids",
              "The smallest number a player may bid blind, before looking at the cards; a side "
              "with a blind bid scores its contract doubled, made or set.", _BIDDING,
              "A player may bid {} or more blind, before looking: the contract scores double",
              "No blind number bids", 1, 17),
    _optional("blind_bid_behind", None, "Blind bids only when behind",
              "How far a side must trail before one of its players may make a blind number bid.",
              _BIDDING, "Blind number bids only when the side trails by {} point{s} or more",
              "Blind number bids are allowed at any score", 0, 10_000),
    _optional("first_hand_bids_itself", None, "First hand bids itself",
              "Whether nobody bids in the first hand: each side's contract is the tricks it "
              "takes, with this minimum.", _BIDDING,
              "Nobody bids in the first hand: a side taking {} or more scores 10 a trick "
              "without bags, fewer is set for that many",
              "Every hand is bid, the first one too", 0, 17),
    _choice("variant", "classic", "Variant", "Extra limits on what players may bid.", _BIDDING, (
        ("classic", "Classic: any bid"),
        ("suicide", "Suicide: on each side one partner bids nil and the other a number"),
        ("mirrors", "Mirrors: everyone bids the spades they hold (nil for none), so the bids "
                    "add up to 13 with 3 or 4 players"),
        ("whiz", "Whiz: nil or a number, no blind nil"),
        ("blind_nil_all", "Blind nil for all: everyone bids blind nil"),
    )),
    _choice("first_bidder", "dealer_left", "First to bid",
            "Who bids first; the player on the dealer's left leads the first trick either way.",
            _BIDDING, (
                ("dealer_left", "The player on the dealer's left bids first and leads"),
                ("dealer", "The dealer bids first; the player on the dealer's left leads"),
            )),
    _choice("set_scoring", "bid", "What a set costs",
            "How many points a side loses when it takes fewer tricks than its contract.",
            _BIDDING, (
                ("bid", "A set side loses 10 for each trick of its contract"),
                ("missed", "A set side loses 10 for each trick it was short"),
            )),
    _choice("big_bid", "none", "Big bids",
            "What a side whose contract is the big-bid size or more scores.", _BONUS, (
                ("none", "A big contract scores 10 a trick like any other"),
                ("double", "A big contract scores (or loses) 20 a trick: 10 for 200"),
                ("flat", "A big contract made scores the big-bid points instead of 10 a trick; "
                         "set, it loses the big-bid penalty"),
                ("bonus", "A big contract made scores 10 a trick plus the big-bid points; "
                          "set, it loses 10 a trick plus the big-bid penalty"),
            )),
    _int("big_bid_min", 10, "Big-bid size", "The smallest contract that counts as a big bid.",
         _BONUS, "A contract of {} or more is a big bid (when big bids score differently)",
         1, 17),
    _int("big_bid_made", 200, "Big bid made",
         "Points for making a big contract (flat, or on top of 10 a trick).", _BONUS,
         "A big bid made scores {} point{s} (flat, or as a bonus)", 0, 10_000),
    _int("big_bid_set", 200, "Big bid set",
         "Points lost for a big contract set (flat, or on top of 10 a trick).", _BONUS,
         "A big bid set loses {} point{s} (flat, or as a penalty)", 0, 10_000),
    _choice("boston", "none", "Boston",
            "What a side earns for a Boston: taking every trick of a hand.", _BONUS, (
                ("none", "Taking every trick earns nothing extra"),
                ("bonus", "A Boston earns the Boston bonus"),
                ("win", "A Boston wins the game at once"),
            )),
    _choice("boston_needs", "every_trick", "What makes a Boston",
            "Whether a side only has to take every trick, or must also have bid them all.",
            _BONUS, (
                ("every_trick", "A side that makes its bid by taking every trick has a Boston"),
                ("bid", "Only a side that bid every trick of the hand and took them all has "
                        "a Boston"),
            )),
    _int("boston_bonus", 200, "Boston bonus",
         "Points a side earns for a Boston.", _BONUS,
         "A Boston earns {} point{s} (when Boston is a bonus)", 0, 10_000),
)  # fmt: skip

SETTINGS_BY_NAME: dict[str, Setting] = {setting.name: setting for setting in SETTINGS}


@dataclass(frozen=True)
class Rules:
    """A table's complete rules; the defaults are the `standard` preset."""

    players: int = 4
    partnerships: bool = True
    target_score: int = 500
    losing_score: int | None = -200
    sets_to_lose: int | None = None
    sets_in_a_row_to_lose: int | None = None
    hand_limit: int | None = None
    tie_rule: str | None = None
    tie_block_hands: int = 3
    bag_limit: int | None = 10
    bag_penalty: int = 100
    bag_points: int = 1
    bag_back: int | None = None
    bag_back_points: int = 50
    overtricks: str = "bags"
    bags_carry_over: bool = True
    nil_value: int = 100
    blind_nil_value: int = 200
    zero_is_nil: bool = True
    failed_nil_tricks: str = "bags"
    nil_partner_exact: bool = False
    both_nil: str = "separate"
    both_nil_value: int = 200
    blind_nil_behind: int | None = None
    blind_nil: bool = True
    min_team_bid: int | None = None
    min_total_bid: int | None = None
    ban_exact_total: bool = False
    blind_bid_min: int | None = None
    blind_bid_behind: int | None = None
    first_hand_bids_itself: int | None = None
    variant: str = "classic"
    first_bidder: str = "dealer_left"
    set_scoring: str = "bid"
    big_bid: str = "none"
    big_bid_min: int = 10
    big_bid_made: int = 200
    big_bid_set: int = 200
    boston: str = "none"
    boston_needs: str = "every_trick"
    boston_bonus: int = 200

    def __post_init__(self) -> None:
        for setting in SETTINGS:
            problem = setting.check(getattr(self, setting.name))
            if problem:
                raise RulesError(problem, setting.name)
        combination = self._combination_problem()
        if combination:
            raise RulesError(*combination)

    def _combination_problem(self) -> tuple[str, str] | None:
        if self.partnerships and self.players != 4:
            return "partnerships need 4 players", "partnerships"
        variant = self.variant
        if not self.partnerships:
            if variant == "suicide":
                return "suicide needs partnerships", "variant"
            if self.both_nil != "separate":
                return "both partners bidding nil needs partnerships", "both_nil"
            if self.nil_partner_exact:
                return "a nil bidder's partner needs partnerships", "nil_partner_exact"
        if variant == "blind_nil_all":
            if not self.blind_nil:
                return "everyone bids blind nil in this variant, so blind nil must be allowed", (
                    "blind_nil"
                )
            if self.blind_nil_behind is not None:
                return (
                    "everyone bids blind nil in this variant, so it can't depend on the score",
                    "blind_nil_behind",
                )
            if self.both_nil == "forbidden":
                return "everyone bids blind nil in this variant, so both partners do", "both_nil"
            if self.min_total_bid is not None:
                return "everyone bids blind nil in this variant, so the bids total 0", (
                    "min_total_bid"
                )
        if self.blind_bid_min is not None and variant in ("mirrors", "whiz", "blind_nil_all"):
            return f"{variant} has no blind number bids: leave blind bids off", "blind_bid_min"
        if variant == "mirrors" and self.ban_exact_total and self.players == 4:
            return (
                "in mirrors four players' bids always add up to the 13 tricks",
                "ban_exact_total",
            )
        if self.losing_score is not None and self.target_score <= self.losing_score:
            return (
                f"must be below the winning score ({self.target_score}), got {self.losing_score}",
                "losing_score",
            )
        tricks = self.tricks_per_hand
        for name in ("min_team_bid", "min_total_bid", "blind_bid_min", "first_hand_bids_itself"):
            value = getattr(self, name)
            if value is not None and value > tricks:
                return f"can't be more than the {tricks} tricks in a hand", name
        if self.big_bid != "none" and self.big_bid_min > tricks:
            return f"can't be more than the {tricks} tricks in a hand", "big_bid_min"
        return None

    @property
    def tricks_per_hand(self) -> int:
        return 17 if self.players == 3 else 13

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def to_dict(self) -> dict[str, Any]:
        return {setting.name: getattr(self, setting.name) for setting in SETTINGS}

    def differences(self, other: Rules | None = None) -> list[str]:
        other = other if other is not None else Rules()
        return [
            setting.name
            for setting in SETTINGS
            if getattr(self, setting.name) != getattr(other, setting.name)
        ]

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Build rules from a preset name plus overrides, as a game file writes them."""
        from .presets import get_preset

        if not isinstance(data, dict):
            raise RulesError(f"expected an object with a preset and settings, got {describe(data)}")
        preset_name = data.get("preset", "standard")
        if not isinstance(preset_name, str):
            raise RulesError(f"expected a preset name, got {describe(preset_name)}", "preset")
        try:
            preset = get_preset(preset_name)
        except RulesError as error:
            raise RulesError(error.problem, "preset") from None
        values = dict(preset.overrides)
        for name, value in data.items():
            if name == "preset":
                continue
            if name == "ten_for_200":
                values["big_bid"] = _ten_for_200(value, data.get("big_bid"))
                continue
            setting = SETTINGS_BY_NAME.get(name) if isinstance(name, str) else None
            if setting is None:
                close = difflib.get_close_matches(str(name), SETTINGS_BY_NAME, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                raise RulesError(f"unknown setting {describe(name)}{hint}".replace('"', "'"))
            problem = setting.check(value)
            if problem:
                raise RulesError(problem, name)
            values[name] = value
        return cls(**values)


def _ten_for_200(value: Any, big_bid: Any) -> str:
    """The old `ten_for_200` switch, read as the `big_bid` setting it became."""
    if type(value) is not bool:
        raise RulesError(f"expected true or false, got {describe(value)}", "ten_for_200")
    meant = "double" if value else "none"
    if big_bid is not None and (big_bid == "double") != value:
        raise RulesError(
            f'ten_for_200 is the old name for big_bid "double", and says {describe(value)} '
            f"while big_bid says {describe(big_bid)}",
            "ten_for_200",
        )
    return meant if big_bid is None else big_bid


RULE_FIELDS = tuple(field.name for field in fields(Rules))
assert set(RULE_FIELDS) == set(SETTINGS_BY_NAME), "every setting must be a Rules field"
