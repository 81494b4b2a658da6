"""`manage.py event FILE`: an event file's standings and next round, or one line saying what is
wrong with it.

The file is read as a stream within the event file's bounds (`games.events.EVENT_BOUNDS`, as
the app's import reads an upload): a file too large, too deep or too wide is refused as the
stream reaches the bound, before it costs more."""

import io
import json
import sys
from typing import IO, Any, Protocol

from django.core.management.base import CommandError, CommandParser

from games.events import EventFileError, parse_event_file, summarize
from games.management.base import PlayerCommand
from games.scoring.limits import STREAM_IMPORT_ABOVE


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


def open_stream(path: str) -> bytes | Readable:
    """The file at `path` (standard input for -): its bytes when small enough to read whole
    (as the app's import does: JSON errors then name their line), else a stream; a one-line
    error that exits 2 if it can't be read."""
    stdin: Any = sys.stdin
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


class Command(PlayerCommand):
    help = (
        "Read a spades-event/1 file (- reads standard input) and print its standings and next "
        "round's pairings as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the event file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        stream = open_stream(options["file"])
        try:
            summary = summarize(parse_event_file(stream))
        except EventFileError as error:
            raise CommandError(str(error), returncode=2) from None
        except OSError as error:
            raise CommandError(
                f"{options['file']}: {error.strerror or 'cannot be read'}", returncode=2
            ) from None
        finally:
            if isinstance(stream, io.IOBase):
                stream.close()
        self.stdout.write(json.dumps(summary, indent=2, ensure_ascii=False))
