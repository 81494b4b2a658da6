"""Games for the bench, recorded through `games.services` as a table would leave them."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from games import scoring, services
from games.models import Game, Hand
from tests.tools.bench.engine import make_hands

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
HOME_GAMES = 50
PAGE_HANDS = 20
LONG_HANDS = 200  # the long game the record_long load posts to
# Each wrk thread records into this many games in turn, so that in a run of a few thousand
# posts each game grows by about ten hands: the load measures games of the length it names.
GAMES_PER_THREAD = 12
# Bids and tricks the load posts: Ann + Cat bid 7 and take 7, Ben + Dan bid 6 and take 6.
POST_BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "3"}
POST_TRICKS = {"side_0": "7", "side_1": "6"}
# A game that never ends, so the load can post hand after hand to it.
ENDLESS = {"preset": "standard", "target_score": 1_000_000, "losing_score": None}
# A long evening: twenty hands still leave the game open.
LONG = {"preset": "standard", "target_score": 2_000, "losing_score": -1_000}


@dataclass(frozen=True)
class Seeded:
    reader: object  # owns exactly HOME_GAMES games, one of them the PAGE_HANDS-hand game
    writer: object  # owns the games the load posts to
    page_game: int
    post_games: tuple[tuple[int, ...], ...]  # per wrk thread, GAMES_PER_THREAD of PAGE_HANDS
    query_game: int  # the writer's game for counting the queries of a post in process
    long_games: tuple[tuple[int, ...], ...]  # per wrk thread, GAMES_PER_THREAD of LONG_HANDS
    long_query_game: int


def create(user, rules_spec: dict, hands, name: str = "") -> Game:
    rules = scoring.Rules.from_dict(rules_spec)
    return services.create_game(
        user,
        name=name,
        players=PLAYERS,
        rules=rules,
        preset=rules_spec.get("preset", "standard"),
        first_dealer=0,
        hands=hands,
    )


def long_game_hands(count: int) -> list[scoring.Hand]:
    """`count` varied hands that leave a LONG game unfinished (the first seed that does)."""
    rules = scoring.Rules.from_dict(LONG)
    for seed in range(100):
        hands = make_hands(count, seed=seed)
        result = scoring.score_game(rules, hands, strict=False)
        if not result.finished:
            return hands
    raise RuntimeError(f"no seed below 100 gives {count} hands that leave the game open")


def evening_hands(seed: int) -> list[scoring.Hand]:
    """A standard game to 500: played to the end, or stopped part way with a hand bid."""
    rules = scoring.Rules.from_dict({"preset": "standard"})
    hands = make_hands(40, seed=1000 + seed)
    result = scoring.score_game(rules, hands, strict=False)
    end = result.ended_after or len(hands)
    if seed % 3:
        return hands[:end]
    stop = max(0, min(end - 1, seed % 9))
    played = hands[:stop]
    if seed % 2:
        played.append(scoring.Hand(bids=hands[stop].bids, tricks=None))
    return played


def home_games(reader) -> Game:
    """The reader's HOME_GAMES games, what home lists: the PAGE_HANDS-hand game (returned),
    and evenings played to the end or stopped part way."""
    page = create(reader, LONG, long_game_hands(PAGE_HANDS), name="Friday at Cat's")
    for number in range(HOME_GAMES - 1):
        create(reader, {"preset": "standard"}, evening_hands(number))
    return page


def seed(threads: int, games_per_thread: int = GAMES_PER_THREAD) -> Seeded:
    """Two bench users: one with HOME_GAMES games for reading, one with games to post to."""
    users = get_user_model().objects
    users.filter(username__in=["bench-reader", "bench-writer"]).delete()
    reader = users.create_user("bench-reader")
    writer = users.create_user("bench-writer")
    page = home_games(reader)
    starting = long_game_hands(PAGE_HANDS)
    posts = tuple(
        tuple(create(writer, ENDLESS, starting).pk for _ in range(games_per_thread))
        for _ in range(threads)
    )
    query = create(writer, ENDLESS, starting)
    long_start = make_hands(LONG_HANDS)
    long_posts = tuple(
        tuple(create(writer, ENDLESS, long_start).pk for _ in range(games_per_thread))
        for _ in range(threads)
    )
    long_query = create(writer, ENDLESS, long_start)
    return Seeded(
        reader=reader,
        writer=writer,
        page_game=page.pk,
        post_games=posts,
        query_game=query.pk,
        long_games=long_posts,
        long_query_game=long_query.pk,
    )


def next_step(game_id: int) -> tuple[str, int]:
    """What the table records next in a game: ("bids", n) or ("tricks", n)."""
    last = Hand.objects.filter(game_id=game_id).order_by("-number").first()
    if last is None:
        return "bids", 1
    if last.tricks is None:
        return "tricks", last.number
    return "bids", last.number + 1
