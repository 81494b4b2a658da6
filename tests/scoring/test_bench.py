from games.scoring import bench


def test_bench_runs_and_prints_hands_per_second(capsys):
    rate = bench.main(["--hands", "50", "--repeat", "1"])
    output = capsys.readouterr().out
    assert "scored 50 hands" in output
    assert "hands per second" in output
    assert rate > 0


def test_bench_game_is_legal_and_long():
    result = bench.score_game(bench.BENCH_RULES, bench.make_hands(200))
    assert len(result.hands) == 200
    assert not result.finished
