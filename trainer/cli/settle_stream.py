"""``settle --jsonl``: one hand per input line, one result per output line, written before the next line is read.

Memory stays flat whatever the input's size: the input is read as it comes, in pieces of at most
:data:`CHUNK_BYTES` (a line longer than :data:`MAX_LINE_BYTES` is skipped to its end and answered with an error);
the lines a piece completes are settled and their results written and flushed before the next piece is read, so
a result never waits for a line that has not come yet. Every input line gets exactly one output line: a
settlement, or ``{"error": "..."}`` naming the field and the problem (a blank line: ``{"error": "empty line"}``).
No line ends the run.

With ``workers`` > 1 the lines are settled in that many processes and written in input order; lines are sent in
small batches, so a result can wait for the batch to fill or the input to end (for logs, not for a live pipe).

>>> import io
>>> out = io.StringIO()
>>> settle_stream(io.BytesIO(b'\\n[1e5000]\\n'), out)
0
>>> print(out.getvalue(), end="")
{"error": "empty line"}
{"error": "input: must be a JSON object with table, dealer, board and seats"}
"""

from __future__ import annotations

import io
import json
from collections import deque
from collections.abc import Iterator
from multiprocessing.pool import AsyncResult
from typing import IO, Any, TextIO

from trainer.engine.paytables import PaytableRegistry, load_paytables
from trainer.engine.validation import RoundError
from trainer.jsonin import JsonInputError, decode_utf8

MAX_LINE_BYTES = 1_000_000
"""A line longer than this is not read into memory: it gets an error line and the run goes on after it."""
BATCH_LINES = 100
"""With workers: lines sent to a process at a time."""
CHUNK_BYTES = 1 << 16
"""The input is read in pieces of at most this many bytes (whatever is there: a live pipe's line comes at once)."""

EMPTY_LINE = json.dumps({"error": "empty line"})


class _TooLong:
    """A line past :data:`MAX_LINE_BYTES` (its text is not kept)."""


TOO_LONG = _TooLong()


def settle_stream(source: IO[Any], out: TextIO, paytables: PaytableRegistry | None = None, *,
                  workers: int = 1) -> int:
    """Settle every line of ``source`` (bytes or text) onto ``out`` with ``paytables`` (the shipped ones by
    default); returns the exit status (0)."""
    tables = paytables or load_paytables()
    if workers <= 1:
        for lines in line_batches(source):
            out.write("".join([settle_line(line, tables) + "\n" for line in lines]))
            out.flush()
        return 0
    _settle_in_workers(source, out, workers, tables)
    return 0


def read_lines(source: IO[Any]) -> Iterator[bytes | str | _TooLong]:
    """The lines of ``source`` one at a time, each without its line ending; a line past the limit as TOO_LONG, given
    before the rest of it is read past."""
    while True:
        line = source.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n" if isinstance(line, bytes) else "\n"):
            yield TOO_LONG  # said before the rest is skipped: a line that never ends (/dev/zero) is answered too
            _skip_to_line_end(source)
            continue
        yield line


def line_batches(source: IO[Any]) -> Iterator[list[bytes | str | _TooLong]]:
    """The lines of ``source`` as they come: each batch holds the lines one read completed (a read takes what is
    there, at most :data:`CHUNK_BYTES`), each line with its line ending as :func:`read_lines` gives it. A source
    that cannot be read that way (text) gives its lines one at a time.

    >>> import io
    >>> list(line_batches(io.BytesIO(b'{}\\n\\n[1]')))
    [[b'{}\\n', b'\\n'], [b'[1]']]
    """
    read = getattr(source, "read1", None)
    if read is None or isinstance(source, io.TextIOBase):
        for line in read_lines(source):
            yield [line]
        return
    pending = b""  # the start of a line not yet ended
    skipping = False  # inside a line past the limit: the rest of it is dropped
    while True:
        chunk = read(CHUNK_BYTES)
        if not chunk:
            break
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                continue
            chunk, skipping = chunk[end + 1:], False
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        batch: list[bytes | str | _TooLong] = [TOO_LONG if len(line) > MAX_LINE_BYTES else line + b"\n"
                                               for line in lines]
        if len(pending) > MAX_LINE_BYTES:
            batch.append(TOO_LONG)
            pending, skipping = b"", True
        if batch:
            yield batch
    if pending:
        yield [pending]


def _skip_to_line_end(source: IO[Any]) -> None:
    while True:
        rest = source.readline(MAX_LINE_BYTES)
        if not rest or rest.endswith(b"\n" if isinstance(rest, bytes) else "\n"):
            return


def settle_line(line: bytes | str | _TooLong, paytables: PaytableRegistry) -> str:
    """One input line's output line: the settlement as JSON, or ``{"error": ...}``. Never raises."""
    from trainer.settle_io import settle_text

    try:
        if isinstance(line, _TooLong):
            raise RoundError("input", f"the line is longer than {MAX_LINE_BYTES:,} bytes")
        text = line if isinstance(line, str) else _decode(line)
        if not text.strip():
            return EMPTY_LINE
        return settle_text(text, paytables)
    except RoundError as exc:
        return _error(str(exc))
    except Exception as exc:  # one line must never end the run; the message says what happened
        return _error(f"input: could not be settled ({type(exc).__name__})")


def _decode(line: bytes) -> str:
    try:
        return decode_utf8(line)
    except JsonInputError as exc:
        raise RoundError("input", str(exc)) from None


def _error(message: str) -> str:
    return json.dumps({"error": message.encode("utf-8", "backslashreplace").decode("utf-8")}, ensure_ascii=False)


# --- worker processes ---------------------------------------------------------------------------------------

_worker_tables: PaytableRegistry | None = None


def _start_worker(paytables: PaytableRegistry) -> None:
    global _worker_tables
    _worker_tables = paytables


def _settle_batch(lines: list[bytes | str | _TooLong]) -> str:
    tables = _worker_tables or load_paytables()
    return "".join(settle_line(line, tables) + "\n" for line in lines)


def _batches(source: IO[Any]) -> Iterator[list[bytes | str | _TooLong]]:
    batch: list[bytes | str | _TooLong] = []
    for lines in line_batches(source):
        batch += lines
        while len(batch) >= BATCH_LINES:
            yield batch[:BATCH_LINES]
            batch = batch[BATCH_LINES:]
    if batch:
        yield batch


def _settle_in_workers(source: IO[Any], out: TextIO, workers: int, paytables: PaytableRegistry) -> None:
    """Batches to ``workers`` processes, at most two per process in flight, written back in input order.

    The workers get the pay tables the parent read (a pay-table file may be a pipe, read once); Ctrl-C ends
    them at once (:func:`~trainer.engine.processes.worker_pool`)."""
    from trainer.engine.processes import worker_pool

    pending: deque[AsyncResult[str]] = deque()
    with worker_pool(workers, initializer=_start_worker, initargs=(paytables,),
                     preload=("trainer.cli.settle_stream", "trainer.settle_io")) as pool:
        for batch in _batches(source):
            pending.append(pool.apply_async(_settle_batch, (batch,)))
            while pending and (pending[0].ready() or len(pending) >= 2 * workers):
                out.write(pending.popleft().get())
                out.flush()
        while pending:
            out.write(pending.popleft().get())
            out.flush()
