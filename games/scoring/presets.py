"""Named rule sets that tables actually play, each citing where it comes from."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .errors import RulesError
from .rules import Rules
from .sources import (
    AMROZI,
    BLISS,
    CONTEST,
    COOKOUT,
    GUIDE,
    HOYLE,
    JOKERS,
    MAN2MAN,
    PAGAT,
    RTA3,
    TWO_PLAYER,
)


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    description: str
    source: str
    overrides: dict[str, Any] = field(default_factory=dict)
    # Where the preset departs from its source, said plainly; empty when it follows it exactly.
    departures: str = ""

    @cached_property
    def rules(self) -> Rules:
        return Rules(**self.overrides)

    def __hash__(self) -> int:
        return hash(self.name)


_PRESETS = (
    Preset(
        "standard",
        "Standard",
        "Partnership Spades to 500: nil 100, blind nil 200, 10 bags cost 100 and carry over.",
        f"{PAGAT} Spades, with the -200 losing score of {AMROZI}",
        departures=f"{PAGAT} sets no losing score; the -200 floor is {AMROZI}'s.",
    ),
    Preset(
        "partner_helps",
        "Failed nil helps the partner",
        "As standard, but a failed nil's tricks count toward the partner's bid.",
        f"{BLISS}; Dummies; open_spiel",
        {"failed_nil_tricks": "help_partner"},
        departures=f"Keeps standard's -200 losing score, which {BLISS} doesn't have.",
    ),
    Preset(
        "no_carry",
        "Bags start again",
        "As standard, but after a bag penalty the bag count goes back to 0.",
        f"{AMROZI} (the bags are emptied); {GUIDE} (the count resets to 0)",
        {"bags_carry_over": False},
        departures=f"Keeps the -200 losing score of {AMROZI}, which {GUIDE} doesn't have.",
    ),
    Preset(
        "hoyle",
        "Hoyle",
        "The dealer bids first, and when both partners bid nil they score only if both make it.",
        HOYLE,
        {"both_nil": "joint", "first_bidder": "dealer"},
        departures="Keeps standard's -200 losing score, which Hoyle doesn't have.",
    ),
    Preset(
        "bicycle",
        "Bicycle",
        "Nil is worth 50 and blind nil 100, and blind nil only for a side 100 or more behind.",
        "Bicycle Cards Spades rules",
        {"nil_value": 50, "blind_nil_value": 100, "blind_nil_behind": 100},
    ),
    Preset(
        "suicide",
        "Suicide",
        "On each side one partner must bid nil and the other a number.",
        f"{AMROZI}; MSN Zone",
        {"variant": "suicide"},
    ),
    Preset(
        "mirrors",
        "Mirrors",
        "Everyone bids the spades they hold, so the bids always add up to 13; no blind nil.",
        f"{AMROZI} (Mirrors); MSN Zone",
        {"variant": "mirrors", "blind_nil": False},
    ),
    Preset(
        "whiz",
        "Whiz",
        "Everyone bids nil or the spades they hold; no blind nil.",
        "MSN Zone (Whiz)",
        {"variant": "whiz", "blind_nil": False},
    ),
    Preset(
        "blind_nil_all",
        "Blind nil for all",
        "Everyone bids blind nil every hand.",
        f"{AMROZI} (the Blind Nil game)",
        {"variant": "blind_nil_all"},
    ),
    Preset(
        "cutthroat",
        "Cutthroat (4 players)",
        "Four players each scoring alone; nil is worth 50 and there is no blind nil.",
        "pagat.com Spades variations; MSN Zone cutthroat rooms",
        {"partnerships": False, "nil_value": 50, "blind_nil": False},
    ),
    Preset(
        "cutthroat3",
        "Cutthroat (3 players)",
        "Three players each scoring alone with 17 tricks a hand; nil 50, no blind nil.",
        "pagat.com Spades variations (three players, one card out)",
        {"players": 3, "partnerships": False, "nil_value": 50, "blind_nil": False},
    ),
    Preset(
        "two_player",
        "Two players",
        "Two players each drawing a 13-card hand from the stock; no blind nil.",
        "pagat.com Spades variations (two-player Spades)",
        {"players": 2, "partnerships": False, "blind_nil": False},
    ),
    Preset(
        "tournament",
        "Tournament",
        "Each side must bid at least 4, and blind nil only for a side 100 or more behind.",
        "pagat.com variations (the board of 4); VIP Spades tournament rules",
        {"min_team_bid": 4, "blind_nil_behind": 100},
    ),
    Preset(
        "short_game",
        "Short game",
        "As standard, but the game is won at 300 points.",
        "pagat.com and club rules for short games (200 to 350)",
        {"target_score": 300},
    ),
    Preset(
        "big_bids",
        "10 for 200 and Boston",
        "A bid of 10 or more scores 20 a trick, and taking every trick earns 200 more.",
        f"club rules ('10 for 200'); {BLISS} names the Boston",
        {"big_bid": "double", "boston": "bonus"},
    ),
    Preset(
        "cookout",
        "Cookout tournament",
        "To 350: a side bids at least 4, a bid of 10 or more wins or loses 150, a bid Boston "
        "is worth 200, and a side set twice loses.",
        COOKOUT,
        {
            "target_score": 350,
            "losing_score": None,
            "min_team_bid": 4,
            "big_bid": "flat",
            "big_bid_made": 150,
            "big_bid_set": 150,
            "boston": "bonus",
            "boston_needs": "bid",
            "boston_bonus": 50,
            "sets_to_lose": 2,
        },
        departures=(
            "Their sheets say a bid Boston is worth 200: here that is the 150 of a big bid plus "
            "a 50 Boston bonus. They don't mention nil or bags, so those are standard's."
        ),
    ),
    Preset(
        "jokers_wild",
        "Joker's Wild",
        "Bags score nothing, a bid of 10 made scores 200, a bid of 13 made wins, blind bids "
        "of 6 or more score double for a side 100 behind, and three sets lose.",
        JOKERS,
        {
            "bag_points": 0,
            "big_bid": "flat",
            "big_bid_set": 100,
            "boston": "win",
            "boston_needs": "bid",
            "blind_bid_min": 6,
            "blind_bid_behind": 100,
            "sets_to_lose": 3,
        },
        departures=(
            "The FAQ doesn't say what a failed bid of 10 costs; here it loses 100, like any "
            "set bid of 10. Nil, the winning score and the -200 losing score are standard's."
        ),
    ),
    Preset(
        "first_hand_bids_itself",
        "First hand bids itself",
        "Nobody bids the first hand: a side taking 4 or more scores 10 a trick. After that "
        "each side bids at least 4, there is no blind bidding, and a side set twice loses.",
        RTA3,
        {
            "first_hand_bids_itself": 4,
            "min_team_bid": 4,
            "blind_nil": False,
            "losing_score": None,
            "sets_to_lose": 2,
        },
        departures=(
            "Its semi-finals and final go to 500, as here; its round-robin games go to 350. "
            "The copy of the FAQ this preset was read from breaks off before it covers nil and "
            "bags, so those are standard's here: the full FAQ may differ."
        ),
    ),
    Preset(
        "contest_2017",
        "Two sets running or three in all",
        "To 350: a side set two hands in a row or three times in a game loses, and a side may "
        "bid 6 or more blind for double.",
        CONTEST,
        {
            "target_score": 350,
            "losing_score": None,
            "sets_to_lose": 3,
            "sets_in_a_row_to_lose": 2,
            "blind_bid_min": 6,
        },
        departures=(
            "Its 40-minute time limit is the scorer's Time called (or a club round's clock); a "
            "tie then plays on a hand at a time, where its sheet plays one overtime hand. Nil "
            "and bags are standard's."
        ),
    ),
    Preset(
        "tournament_8",
        "8-hand tournament game",
        "The game ends after 8 hands (or earlier at 500 or -200) and the higher score wins; a "
        "tie goes to the side that took fewer bags, then to one more hand at a time.",
        f"timed tournament sheets ({CONTEST}; {MAN2MAN}), cut by hands instead of minutes",
        {"hand_limit": 8, "tie_rule": "fewer_bags"},
        departures=(
            "Those sheets stop a game by the clock and play one overtime hand on a tie; no "
            "sheet we read fixes 8 hands or breaks a tie on bags. Both are what club nights "
            "ask for, and the bags rule is the one scorekeeping apps offer."
        ),
    ),
    Preset(
        "tournament_10",
        "10-hand tournament game",
        "As the 8-hand game, but the game ends after 10 hands.",
        f"timed tournament sheets ({CONTEST}; {MAN2MAN}), cut by hands instead of minutes",
        {"hand_limit": 10, "tie_rule": "fewer_bags"},
        departures=(
            "No sheet we read fixes 10 hands or breaks a tie on bags; see the 8-hand game."
        ),
    ),
    Preset(
        "thirty_minutes",
        "30-minute round",
        "To 300 with no overs and a board of 4, until the time is called after 30 minutes: the "
        "hand in play is finished and the leader wins; level, one more hand at a time.",
        MAN2MAN,
        {"target_score": 300, "overtricks": "none", "min_team_bid": 4, "tie_rule": "play_on"},
        departures=(
            "The 30 minutes are kept by whoever calls the time (the scorer's Time called, or a "
            "club round's clock). Its sheet plays one overtime hand and doesn't say what a "
            "second tie does; here play goes on a hand at a time. It names no losing score, so "
            "standard's -200 is kept, and nil and bags are standard's."
        ),
    ),
    Preset(
        "race_250",
        "Two-player race to 250",
        "Two players to 250: 5 bags cost 50 and carry over, -250 loses, two sets lose, and a "
        "tie is settled by a block of 3 more hands.",
        TWO_PLAYER,
        {
            "players": 2,
            "partnerships": False,
            "blind_nil": False,
            "target_score": 250,
            "losing_score": -250,
            "bag_limit": 5,
            "bag_penalty": 50,
            "sets_to_lose": 2,
            "tie_rule": "block",
        },
        departures=(
            "Its page plays to 200; the race here is to 250. It plays a tie on hand by hand; "
            "here a tie plays a block of 3 hands, decided at its end."
        ),
    ),
)

PRESETS: dict[str, Preset] = {preset.name: preset for preset in _PRESETS}


def get_preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise RulesError(f"unknown preset '{name}'; choose one of: {known}") from None
