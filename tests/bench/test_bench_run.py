"""`make bench` end to end: a short run on loopback, every endpoint measured, a report written.

It takes a minute or two of gunicorn and wrk, so `make test` leaves it out (conftest.py's
`collect_ignore`): run it by naming it, `.venv/bin/python -m pytest tests/bench/test_bench_run.py`.
"""

import json
import re
import shutil

import pytest

from tests.bench.test_bench_command import run_bench


@pytest.mark.usesdb  # the bench makes its database beside DATABASE_URL's
@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed")
def test_a_short_bench_measures_every_endpoint_and_writes_the_report(tmp_path):
    path = tmp_path / "report.json"
    done = run_bench(
        "--duration", "1", "--warmup", "0", "--connections", "4", "--report", str(path),
        "--restore-games", "60",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(path.read_text())
    # A backup restored over HTTP while hands are recorded: every game in, nothing failed.
    restored = report["restore"]
    assert (restored["games"], restored["imported"], restored["errors"]) == (60, 60, 0)
    assert restored["record"]["posts"] > 0
    assert restored["record"]["errors"] == 0
    assert "restore: 60 of 60 games" in done.stdout
    endpoints = {e["key"]: e for e in report["endpoints"]}
    assert list(endpoints) == [
        "healthz",
        "game",
        "fragment",
        "watch",
        "watch_page",
        "home",
        "record",
        "record_long",
    ]
    for key, e in endpoints.items():
        assert e["available"], key
        assert e["requests"] > 0, key
        assert e["non_2xx_3xx"] == 0, key
        assert e["socket_errors"] == 0, key
        assert e["p50_ms"] <= e["p95_ms"] <= e["p99_ms"], key
    assert endpoints["healthz"]["queries"] == 1
    assert endpoints["healthz"]["ratio_to_healthz"] == 1.0
    assert re.fullmatch(r"/t/[^/]+/", endpoints["watch_page"]["path"])
    for key in ("record", "record_long"):
        posts = endpoints[key]["posts"]
        assert posts["ok"] > 0, key
        assert posts["conflict"] == posts["invalid"] == posts["other"] == 0, key
        assert set(endpoints[key]["queries"]) == {"bids", "tricks"}, key
    assert endpoints["record_long"]["ratio_to_record"] > 0
    assert report["engine"]["hands_per_second"] > 0
    first = report["bytes"]["first_page_load"]
    assert [part["encoding"] for part in first["parts"][1:]] == ["br"] * (len(first["parts"]) - 1)
    assert first["bytes"] == sum(part["bytes"] for part in first["parts"])
    assert report["bytes"]["htmx_swap"]["bytes"] < first["parts"][0]["uncompressed"]
    swap = report["bytes"]["record_swap"]
    assert list(swap) == ["bids", "tricks"]
    for part in swap.values():
        assert part["encoding"] == "gzip"
        assert 0 < part["bytes"] < part["uncompressed"]
    verdicts = {target["name"]: target for target in report["targets"]}
    assert len(verdicts) == 12
    for name, target in verdicts.items():
        if "p99" in name:  # judged only at 8 connections
            assert target["ok"] is None, name
            assert target["note"] == "run at 4 connections", name
        else:
            assert target["ok"] in (True, False), name
    assert "req/s" in done.stdout
    assert "targets (reported, never enforced):" in done.stdout
    assert f"report written to {path}" in done.stdout
