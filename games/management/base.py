"""What the project's commands share."""

import io
import sys
from collections.abc import Callable
from typing import IO, Any, Protocol, TextIO, TypeVar

from django.core.management.base import BaseCommand, CommandError

from games.events import EventFileError
from games.scoring import GameFileError
from games.scoring.limits import STREAM_IMPORT_ABOVE

T = TypeVar("T")


class PlayerCommand(BaseCommand):
    """A command whose errors are one plain line on stderr, for people, not a traceback.

    From the command line Django would print "CommandError: " before the message; players
    get the message alone. Called from code (`call_command`), the error is raised as usual."""

    from_command_line = False

    def run_from_argv(self, argv: list[str]) -> None:
        self.from_command_line = True
        super().run_from_argv(argv)

    def execute(self, *args: Any, **options: Any) -> str | None:
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if self.from_command_line and not options.get("traceback"):
                self.stderr.write(str(error))
                sys.exit(error.returncode)
            raise

    def read_file(self, path: str) -> bytes | str:
        """The bytes of `path` (standard input for -), or a one-line error that exits 2."""
        try:
            if path == "-":
                return sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
            with open(path, "rb") as handle:
                return handle.read()
        except OSError as error:
            reason = error.strerror or "cannot be read"
            raise CommandError(f"{path}: {reason}", returncode=2) from None

    def read_stream(self, path: str, read: Callable[["bytes | Readable"], T]) -> T:
        """What `read` makes of the file at `path` (standard input for -), given as its bytes
        when small or as a stream within the reader's bounds; a file that can't be read, or
        that `read` refuses, is one line that exits 2."""
        stream = open_stream(path)
        try:
            return read(stream)
        except (EventFileError, GameFileError) as error:
            raise CommandError(str(error), returncode=2) from None
        except OSError as error:
            reason = error.strerror or "cannot be read"
            raise CommandError(f"{path}: {reason}", returncode=2) from None
        finally:
            if isinstance(stream, io.IOBase):
                stream.close()


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


def open_stream(path: str) -> bytes | Readable:
    """The file at `path` (standard input for -): its bytes when small enough to read whole
    (as the app's import does: JSON errors then name their line), else a stream; a one-line
    error that exits 2 if it can't be read."""
    stdin: TextIO = sys.stdin  # a test may put a text stream without a buffer there
    try:
        if path == "-" and not hasattr(stdin, "buffer"):  # a test's text
            return str(stdin.read()).encode("utf-8", "surrogatepass")
        stream: IO[bytes] = stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
        start = stream.read(STREAM_IMPORT_ABOVE + 1)
    except OSError as error:
        reason = error.strerror or "cannot be read"
        raise CommandError(f"{path}: {reason}", returncode=2) from None
    if len(start) <= STREAM_IMPORT_ABOVE:
        if path != "-":
            stream.close()
        return start
    return _Joined(start, stream, close=path != "-")


class _Joined(io.RawIOBase):
    """The bytes already read, then the rest of the stream."""

    def __init__(self, start: bytes, rest: IO[bytes], *, close: bool) -> None:
        self.start = start
        self.rest = rest
        self.close_rest = close

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1, /) -> bytes:
        if self.start:
            size = len(self.start) if size < 0 else size
            chunk, self.start = self.start[:size], self.start[size:]
            return chunk
        return self.rest.read(size)

    def close(self) -> None:
        if self.close_rest:
            self.rest.close()
        super().close()
