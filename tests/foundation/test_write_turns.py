"""Writes take turns at SQLite's write lock: within a process, across processes, and never
against themselves."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time

import pytest
from django.db import connection

from scorekeeper import write_turns

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL queues row locks itself"
)


def test_a_second_thread_waits_for_the_first_writes_turn(tmp_path):
    database = str(tmp_path / "db.sqlite3")
    order: list[str] = []
    first_in = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with write_turns.turn_at(database):
            order.append("first in")
            first_in.set()
            release.wait(5)
            order.append("first out")

    def follow() -> None:
        first_in.wait(5)
        with write_turns.turn_at(database):
            order.append("second in")

    threads = [threading.Thread(target=hold), threading.Thread(target=follow)]
    for thread in threads:
        thread.start()
    first_in.wait(5)
    time.sleep(0.3)  # the second thread is waiting for its turn: it may not enter yet
    assert order == ["first in"]
    release.set()
    for thread in threads:
        thread.join(5)
    assert order == ["first in", "first out", "second in"]


def test_another_process_waits_for_this_ones_turn(tmp_path):
    database = str(tmp_path / "db.sqlite3")
    script = textwrap.dedent(
        f"""
        import time
        from scorekeeper import write_turns
        print("asking", flush=True)
        started = time.monotonic()
        with write_turns.turn_at({database!r}):
            print(round(time.monotonic() - started, 3), flush=True)
        """
    )
    with write_turns.turn_at(database):
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "asking"
        time.sleep(0.5)
        assert child.poll() is None, "the other process took a turn that was not its own"
    out, _ = child.communicate(timeout=20)
    assert child.returncode == 0
    assert float(out) >= 0.4


@pytest.mark.django_db(transaction=True)
def test_a_write_inside_a_write_takes_no_second_turn():
    """Nested writes (a service calling another) must not wait for the turn they hold."""
    done = threading.Event()

    def nested() -> None:
        with write_turns.writing(), write_turns.writing():
            done.set()

    thread = threading.Thread(target=nested)
    thread.start()
    thread.join(10)
    assert done.is_set()


@pytest.mark.django_db(transaction=True)
def test_a_writing_block_is_one_transaction():
    from django.contrib.auth.models import User

    def fail_inside() -> None:
        with write_turns.writing():
            User.objects.create(username="kept-only-if-committed")
            raise RuntimeError

    with pytest.raises(RuntimeError):
        fail_inside()
    assert not User.objects.filter(username="kept-only-if-committed").exists()


def test_a_writer_that_asks_again_at_once_queues_behind_the_one_waiting(tmp_path):
    """A restore's next game may not take the turn back from a tap that was waiting for it."""
    database = str(tmp_path / "db.sqlite3")
    order: list[str] = []
    tap_asking = threading.Event()

    def restore() -> None:
        for game in range(1, 201):
            with write_turns.turn_at(database):
                order.append(f"game {game}")
                if game == 1:
                    tap_asking.wait(5)
                    time.sleep(0.3)  # the tap is now waiting for the turn

    def tap() -> None:
        while not order:
            time.sleep(0.001)
        tap_asking.set()
        with write_turns.turn_at(database):
            order.append("tap")

    threads = [threading.Thread(target=restore), threading.Thread(target=tap)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert order[:3] == ["game 1", "tap", "game 2"]
