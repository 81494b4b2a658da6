"""The bench's end-to-end run is `make bench`'s to do (a minute or two of gunicorn and wrk), not
`make test`'s: pytest collects it only when it is named,
`.venv/bin/python -m pytest tests/bench/test_bench_run.py`."""

collect_ignore = ["test_bench_run.py"]
