"""`manage.py bench` end to end: a short run on loopback, and the word when wrk is missing."""

import json
import os
import shutil

import pytest

from tests.foundation.processes import manage


def run_manage(*args, env=None, timeout=240):
    env = {**os.environ, **(env or {})}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-for-the-bench-tests-0123456789")
    return manage(env, *args, timeout=timeout)


def test_without_wrk_the_bench_says_how_to_install_it():
    done = run_manage("bench", env={"PATH": "/nonexistent"})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "CommandError: wrk is not installed: apt-get install wrk"
    ]


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed")
def test_a_short_bench_measures_every_endpoint_and_writes_the_report(tmp_path):
    path = tmp_path / "report.json"
    done = run_manage(
        "bench", "--duration", "1", "--warmup", "0", "--connections", "4", "--report", str(path)
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(path.read_text())
    endpoints = {e["key"]: e for e in report["endpoints"]}
    assert list(endpoints) == ["healthz", "game", "fragment", "watch", "home", "record"]
    for key, e in endpoints.items():
        if not e["available"]:
            assert key == "watch"
            assert e["reason"]
            continue
        assert e["requests"] > 0, key
        assert e["non_2xx_3xx"] == 0, key
        assert e["socket_errors"] == 0, key
        assert e["p50_ms"] <= e["p95_ms"] <= e["p99_ms"], key
    assert endpoints["healthz"]["queries"] == 1
    assert endpoints["healthz"]["ratio_to_healthz"] == 1.0
    posts = endpoints["record"]["posts"]
    assert posts["ok"] > 0
    assert posts["conflict"] == posts["invalid"] == posts["other"] == 0
    assert set(endpoints["record"]["queries"]) == {"bids", "tricks"}
    assert report["engine"]["hands_per_second"] > 0
    first = report["bytes"]["first_page_load"]
    assert [part["encoding"] for part in first["parts"][1:]] == ["br"] * (len(first["parts"]) - 1)
    assert first["bytes"] == sum(part["bytes"] for part in first["parts"])
    assert report["bytes"]["htmx_swap"]["bytes"] < first["parts"][0]["uncompressed"]
    assert "req/s" in done.stdout
    assert f"report written to {path}" in done.stdout
