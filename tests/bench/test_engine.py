"""The engine's own speed test: it runs, and the game it times is legal and long."""

from games.scoring import score_game
from tests.tools.bench import engine


def test_bench_runs_and_prints_hands_per_second(capsys):
    rate = engine.main(["--hands", "50", "--repeat", "1"])
    output = capsys.readouterr().out
    assert "scored 50 hands" in output
    assert "hands per second" in output
    assert rate > 0


def test_bench_game_is_legal_and_long():
    result = score_game(engine.BENCH_RULES, engine.make_hands(200))
    assert len(result.hands) == 200
    assert not result.finished
