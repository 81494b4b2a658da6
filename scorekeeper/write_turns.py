"""Fair turns at SQLite's write lock.

SQLite has one write lock for the whole database. A writer that finds it taken sleeps in
SQLite's busy handler, in sleeps that grow to 100 ms, while writers that are awake keep taking
the lock as it comes free: with eight phones writing without pause a step's median wait was
20 ms and its p99 1.4 s. So a write takes its turn before its `BEGIN IMMEDIATE`: one writer a
process, in the order they asked (a queue), and one process at a time (an advisory lock on a
file beside the database, which the kernel hands over the moment it is let go, waking the
waiter at once instead of after its next sleep). The transaction then finds SQLite's lock
free, except against writes that don't take turns (a sign-in, a session saved), which SQLite's
busy timeout still waits for.

PostgreSQL queues row locks itself, and an in-memory database has one process: neither takes
turns. Nor does a write inside a transaction already open (the turn, or SQLite's lock, is
already held by then), so a write that waits for its turn never holds the lock another waits
for."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction

if sys.platform != "win32":
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    TURNS_ACROSS_PROCESSES = True
else:  # no advisory file locks: turns within each process only
    TURNS_ACROSS_PROCESSES = False

    def _lock(fd: int) -> None:
        pass

    _unlock = _lock


class _Queue:
    """A lock taken in the order it was asked for: a thread that lets it go and asks again at
    once (a restore's next game) queues behind those already waiting."""

    def __init__(self) -> None:
        self._changed = threading.Condition(threading.Lock())
        self._next = 0
        self._serving = 0

    def __enter__(self) -> None:
        with self._changed:
            ticket = self._next
            self._next += 1
            while ticket != self._serving:
                self._changed.wait()

    def __exit__(self, *exc: object) -> None:
        with self._changed:
            self._serving += 1
            self._changed.notify_all()


_in_process = _Queue()
_held = threading.local()
# The open turn file of each database, per process: a file opened before a fork would be
# shared by the children, and a lock on it would not keep them apart.
_files: dict[tuple[int, str], int] = {}
_files_lock = threading.Lock()


def _turn_file(database: str) -> int | None:
    in_memory = database == ":memory:" or database.startswith("file:")
    if not TURNS_ACROSS_PROCESSES or not database or in_memory:
        return None
    key = (os.getpid(), database)
    with _files_lock:
        fd = _files.get(key)
        if fd is None:
            fd = os.open(f"{database}-turn", os.O_RDWR | os.O_CREAT, 0o600)
            _files[key] = fd
        return fd


@contextmanager
def turn_at(database: str) -> Iterator[None]:
    """Wait for a write's turn at the SQLite database in file `database`, and hold it until
    the block ends. A thread that holds a turn already just carries on."""
    depth: int = getattr(_held, "depth", 0)
    if depth:
        _held.depth = depth + 1
        try:
            yield
        finally:
            _held.depth = depth
        return
    fd = _turn_file(database)
    with _in_process:
        if fd is not None:
            _lock(fd)
        _held.depth = 1
        try:
            yield
        finally:
            _held.depth = 0
            if fd is not None:
                _unlock(fd)


@contextmanager
def write_turn(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """This write's turn at the database's write lock (SQLite only; `turn_at`)."""
    connection = connections[using]
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    with turn_at(str(connection.settings_dict["NAME"])):
        yield


@contextmanager
def writing(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """One write transaction, in its turn (`write_turn`)."""
    with write_turn(using), transaction.atomic(using=using):
        yield
