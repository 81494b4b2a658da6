"""The bench's verdicts and table: ratios to /healthz from the same run, targets beside them."""

from games.benchmark import report


def endpoint(key, rps, p99, **extra):
    return {
        "key": key,
        "label": key,
        "method": "GET",
        "path": "/",
        "available": True,
        "requests": int(rps * 5),
        "duration_s": 5.0,
        "rps": rps,
        "p50_ms": p99 / 3,
        "p95_ms": p99 / 2,
        "p99_ms": p99,
        "non_2xx_3xx": 0,
        "socket_errors": 0,
        "queries": 2,
        "queries_first": 3,
        **extra,
    }


def sample() -> dict:
    endpoints = [
        endpoint("healthz", 1000.0, 10.0, queries=1, queries_first=1),
        endpoint("game", 250.0, 60.0),
        endpoint("fragment", 500.0, 20.0),
        {"key": "watch", "label": "watch", "available": False, "reason": "no /watch/ URL"},
        endpoint("record", 100.0, 40.0, queries={"bids": 9, "tricks": 10}, posts={"ok": 500}),
    ]
    report.judge(endpoints)
    return {
        "database": {"vendor": "sqlite", "description": "SQLite (a fresh temporary file)"},
        "server": {"workers": 2, "address": "127.0.0.1:1234"},
        "load": {"connections": 8, "threads": 8, "duration_s": 5, "warmup_s": 1},
        "endpoints": endpoints,
        "engine": {"hands_per_second": 123456.0, "hands": 1000, "repeat": 20},
        "bytes": {
            "first_page_load": {
                "bytes": 20_000,
                "target_bytes": report.FIRST_LOAD_TARGET_BYTES,
                "meets_target": True,
                "parts": [
                    {
                        "path": "/games/1/",
                        "encoding": "gzip",
                        "bytes": 20_000,
                        "uncompressed": 80_000,
                    }
                ],
            },
            "htmx_swap": {
                "bytes": 3000,
                "parts": [
                    {"path": "/games/1/", "encoding": "gzip", "bytes": 3000, "uncompressed": 9000}
                ],
            },
        },
    }


def test_throughput_is_judged_against_healthz_from_the_same_run():
    by_key = {e["key"]: e for e in sample()["endpoints"]}
    assert by_key["healthz"]["ratio_to_healthz"] == 1.0
    assert by_key["game"]["ratio_to_healthz"] == 0.25
    assert by_key["game"]["meets_ratio"] is False  # target 30%
    assert by_key["fragment"]["meets_ratio"] is True  # 50% against 40%
    assert by_key["record"]["target_ratio"] is None
    assert by_key["game"]["meets_p99"] is False
    assert by_key["fragment"]["meets_p99"] is True
    assert "ratio_to_healthz" not in by_key["watch"]


def test_the_table_prints_figures_targets_and_what_was_not_measured():
    text = report.render(sample())
    assert "SQLite (a fresh temporary file)" in text
    game = next(line for line in text.splitlines() if line.startswith("game "))
    assert "250.0" in game
    assert "25%" in game
    assert "MISS" in game
    assert ">=30%" in game
    assert "watch                         not available: no /watch/ URL" in text
    assert "9 + 10" in text
    assert "3/2" in game
    assert "posts: 500 recorded" in text
    assert "123,456 hands per second" in text
    assert "first page load: 19.5 KB compressed (target < 30.0 KB: ok)" in text


def test_the_report_is_json(tmp_path):
    path = tmp_path / "report.json"
    report.write(sample(), path)
    assert '"hands_per_second": 123456.0' in path.read_text()
