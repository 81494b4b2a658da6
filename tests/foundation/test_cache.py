"""The Redis cache answers as an empty cache when Redis is not there, and logs why once."""

import logging
import socket
import time

import pytest

from scorekeeper import cache as failsafe
from scorekeeper.cache import FailSafeRedisCache


@pytest.fixture
def unreachable(monkeypatch):
    with socket.socket() as sock:  # a port where nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setattr(failsafe, "_resting_until", {})
    return FailSafeRedisCache(
        f"redis://127.0.0.1:{port}/0",
        {"OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25}},
    )


def test_every_call_answers_as_an_empty_cache_would(unreachable):
    assert unreachable.get("k", "default") == "default"
    assert unreachable.set("k", "v") is None
    assert unreachable.add("k", "v") is False
    assert unreachable.get_many(["k", "l"]) == {}
    assert unreachable.get_or_set("k", lambda: "drawn") == "drawn"
    assert unreachable.delete("k") is False
    assert unreachable.has_key("k") is False
    assert unreachable.touch("k") is False
    unreachable.delete_many(["k"])
    unreachable.clear()
    with pytest.raises(ValueError, match="not found"):
        unreachable.incr("counter")


def test_a_failure_is_logged_once_and_redis_left_alone_for_a_while(unreachable, caplog):
    with caplog.at_level(logging.WARNING, logger="scorekeeper.cache"):
        unreachable.get("k")
        started = time.monotonic()
        for _ in range(100):
            unreachable.get("k")
        spent = time.monotonic() - started

    assert unreachable.resting()
    assert spent < 0.05  # no connection tried while resting
    warnings = [record for record in caplog.records if record.name == "scorekeeper.cache"]
    assert len(warnings) == 1
    assert "Cache unreachable" in warnings[0].getMessage()


def test_the_health_check_asks_redis_even_while_workers_rest(unreachable):
    unreachable.get("k")

    assert unreachable.reachable() is False
