"""The wrk side of the bench: the scripts it writes and the figures it reads back."""

import pytest

from tests.tools.bench import load

WRK_OUTPUT = """Running 5s test @ http://127.0.0.1:8000/healthz
  8 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.21ms    1.10ms  20.01ms   90.00%
  8000 requests in 5.00s, 1.20MB read
Requests/sec:   1600.00
Transfer/sec:    245.00KB
BENCH summary requests=8000 duration_us=5000000 p50_us=4100 p95_us=6000 p99_us=9500 status=3 \
connect=0 read=1 write=0 timeout=0
BENCH posts ok=120 conflict=2 invalid=0 other=1
"""


def test_figures_come_from_the_done_line_not_wrk_s_own_summary():
    result = load.parse_output(WRK_OUTPUT)
    assert result.requests == 8000
    assert result.rps == pytest.approx(1600.0)
    assert (result.p50_ms, result.p95_ms, result.p99_ms) == (4.1, 6.0, 9.5)
    assert result.non_2xx_3xx == 3
    assert result.socket_errors == 1
    assert result.posts == {"ok": 120, "conflict": 2, "invalid": 0, "other": 1}


def test_output_without_figures_is_an_error_that_shows_the_output():
    with pytest.raises(RuntimeError, match="unable to connect"):
        load.parse_output("unable to connect to 127.0.0.1:1 Connection refused")


def test_header_values_are_quoted_for_lua_and_line_breaks_refused():
    assert load.lua_string('a "b" \\c') == '"a \\"b\\" \\\\c"'
    with pytest.raises(ValueError, match="plain header"):
        load.lua_string("x\r\nInjected: 1")


def test_the_post_script_sends_the_form_fields_each_step_needs():
    script = load.post_script(
        {"Cookie": "sessionid=abc; csrftoken=t", "X-CSRFToken": "t"},
        {"bid_0": "3", "bid_1": "nil"},
        {"side_0": "7"},
    )
    assert 'BIDS = "bid_0=3&bid_1=nil"' in script
    assert 'TRICKS = "side_0=7"' in script
    assert 'wrk.headers["X-CSRFToken"] = "t"' in script
    assert 'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"' in script
    assert "/bids/" in script
    assert "/tricks/" in script
    assert "BENCH posts" in script


def test_a_get_script_only_reads():
    script = load.get_script({"HX-Request": "true"})
    assert 'wrk.method = "GET"' in script
    assert "request = function" not in script


def test_only_loopback_is_loaded(tmp_path):
    with pytest.raises(ValueError, match="loopback"):
        load.run_wrk(
            "http://10.0.0.1:80/", "", seconds=1, connections=1, threads=1, work_dir=tmp_path
        )
