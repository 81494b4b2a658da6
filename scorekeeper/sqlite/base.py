"""Django's SQLite backend, with writers taking turns in the order they came.

SQLite lets one transaction write at a time. A writer that finds the database locked sleeps
in SQLite's busy handler and tries again (after 1, 2, 5, ... up to 100 ms), so a process that
writes transaction after transaction (a restore, one game at a time) nearly always gets the lock
back first: another user's bid waited seconds behind a big restore.

So every write transaction (`transaction.atomic` starts them all with BEGIN IMMEDIATE) first
takes a turnstile, an exclusive `flock` on a file beside the database, shared by every process
and thread that opens it. A writer waiting for the turnstile says so with a shared lock on a
second file; a writer coming back for another turn first lets everyone already waiting through.
So another writer waits for at most the transaction under way and the ones queued before it,
and a restore still gets every other turn. PostgreSQL needs none of this: it locks rows.

The wait is bounded by the database's `timeout` option; past it the write goes on to SQLite as
before and SQLite's own busy timeout decides (no write can hang on the turnstile).
"""

from __future__ import annotations

import fcntl
import os
import time
from typing import IO

from django.db.backends.sqlite3 import base

# Seconds between tries while another writer holds the turnstile: short at first (a step holds
# it for a millisecond or two, and a waiter that sleeps past the release leaves the database
# idle), then longer, so a writer waiting behind a restore's game costs little CPU.
FIRST_POLL = 0.00005
LAST_POLL = 0.002
POLITE_FOR = 1.0  # at most this long letting the writers already waiting go first


class Turnstile:
    """One connection's hold on the turnstile of one database file."""

    def __init__(self, database: str, timeout: float) -> None:
        self.timeout = timeout
        self._gate: IO[bytes] = open(f"{database}-writers", "a+b")  # noqa: SIM115
        self._queue: IO[bytes] = open(f"{database}-waiting", "a+b")  # noqa: SIM115
        self.held = False

    def enter(self) -> None:
        self._let_waiting_writers_go_first()
        fcntl.flock(self._queue, fcntl.LOCK_SH)  # "someone is waiting"
        try:
            self.held = self._poll(self._gate, fcntl.LOCK_EX, self.timeout)
        finally:
            fcntl.flock(self._queue, fcntl.LOCK_UN)

    def leave(self) -> None:
        if self.held:
            self.held = False
            fcntl.flock(self._gate, fcntl.LOCK_UN)

    def close(self) -> None:
        self.leave()
        self._gate.close()
        self._queue.close()

    def _let_waiting_writers_go_first(self) -> None:
        """Once nobody holds the queue file shared, every writer that was waiting has its turn
        (they leave the queue when they get the turnstile)."""
        if self._poll(self._queue, fcntl.LOCK_EX, POLITE_FOR):
            fcntl.flock(self._queue, fcntl.LOCK_UN)

    @staticmethod
    def _poll(file: IO[bytes], kind: int, limit: float) -> bool:
        deadline = time.monotonic() + limit
        pause = FIRST_POLL
        while True:
            try:
                fcntl.flock(file, kind | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(pause)
                pause = min(pause * 2, LAST_POLL)


class DatabaseWrapper(base.DatabaseWrapper):
    turnstile: Turnstile | None = None

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        name = str(self.settings_dict["NAME"])
        if self.turnstile is None and not self.is_in_memory_db() and os.path.isabs(name):
            timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
            self.turnstile = Turnstile(name, timeout)
        return connection

    def _start_transaction_under_autocommit(self) -> None:
        if self.turnstile is not None:
            self.turnstile.enter()
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]  # not in the stubs
        except BaseException:
            self._leave()
            raise

    def _commit(self):
        try:
            return super()._commit()  # type: ignore[misc]
        finally:
            self._leave()

    def _rollback(self):
        try:
            return super()._rollback()  # type: ignore[misc]
        finally:
            self._leave()

    def _close(self):
        try:
            return super()._close()  # type: ignore[misc]
        finally:
            if self.turnstile is not None:
                self.turnstile.close()
                self.turnstile = None

    def _leave(self) -> None:
        if self.turnstile is not None:
            self.turnstile.leave()
