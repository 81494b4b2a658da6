"""How fast a long game replays: `python -m tests.tools.bench.engine [--hands 1000] [--repeat 20]`.

Pure Python like the engine it times, so it runs without Django set up.
"""

from __future__ import annotations

import argparse
import random
import time

from games.scoring import BLIND_NIL, NIL, Hand, Rules, score_game

BENCH_RULES = Rules(target_score=1_000_000, losing_score=None)


def make_hands(count: int, seed: int = 2024) -> list[Hand]:
    """A legal, varied game: mostly number bids, some nils and blind nils, some failed."""
    chance = random.Random(seed)
    hands = []
    for _ in range(count):
        tricks = [0, 0, 0, 0]
        for _ in range(13):
            tricks[chance.randrange(4)] += 1
        bids = []
        for seat in range(4):
            roll = chance.random()
            if roll < 0.08:
                bids.append(NIL)
            elif roll < 0.10:
                bids.append(BLIND_NIL)
            else:
                bids.append(max(1, min(13, tricks[seat] + chance.choice((-1, 0, 0, 1)))))
        hands.append(Hand(tuple(bids), tuple(tricks)))
    return hands


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description="Time the replay of a long Spades game.")
    parser.add_argument("--hands", type=int, default=1000, help="hands in the game")
    parser.add_argument("--repeat", type=int, default=20, help="replays to time (best is kept)")
    options = parser.parse_args(argv)
    hands = make_hands(options.hands)
    best = float("inf")
    for _ in range(max(1, options.repeat)):
        start = time.perf_counter()
        result = score_game(BENCH_RULES, hands)
        best = min(best, time.perf_counter() - start)
    scored = len(result.hands)
    rate = scored / best if best > 0 else float("inf")
    print(f"scored {scored} hands in {best * 1000:.2f} ms: {rate:,.0f} hands per second")
    return rate


if __name__ == "__main__":
    main()
