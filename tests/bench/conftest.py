"""The bench's and the room's end-to-end runs are `make bench`'s and `make room`'s to do
(gunicorn, wrk, phones), not `make test`'s: pytest collects them only when they are named,
`.venv/bin/python -m pytest tests/bench/test_bench_run.py tests/bench/test_room_run.py`."""

collect_ignore = ["test_bench_run.py", "test_room_run.py"]
