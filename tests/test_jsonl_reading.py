"""``settle --jsonl`` reads its input in pieces: the lines it makes of them are the lines read one at a time,
however the pieces fall (a line across pieces, a line past the limit ending in a later piece, no last newline)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.cli import settle_stream
from trainer.cli.settle_stream import TOO_LONG, line_batches, read_lines

LINES = st.lists(st.one_of(st.binary(max_size=30), st.sampled_from([b"", b"{}", b"x" * 12, b"y" * 13])),
                 max_size=12)


@given(lines=LINES, last_newline=st.booleans(), chunk=st.integers(min_value=1, max_value=40))
def test_pieces_give_the_lines_read_one_at_a_time(lines: list[bytes], last_newline: bool, chunk: int) -> None:
    data = b"\n".join(line.replace(b"\n", b" ") for line in lines) + (b"\n" if last_newline and lines else b"")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settle_stream, "MAX_LINE_BYTES", 12)
        patch.setattr(settle_stream, "CHUNK_BYTES", chunk)
        one_by_one = list(read_lines(io.BytesIO(data)))
        pieces = [line for batch in line_batches(io.BytesIO(data)) for line in batch]
    assert pieces == one_by_one


def test_a_line_past_the_limit_is_one_error_and_the_next_line_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settle_stream, "MAX_LINE_BYTES", 10)
    monkeypatch.setattr(settle_stream, "CHUNK_BYTES", 4)
    data = b"{}\n" + b"z" * 25 + b"\n[1]\n" + b"w" * 11
    pieces = [line for batch in line_batches(io.BytesIO(data)) for line in batch]
    assert pieces == [b"{}\n", TOO_LONG, b"[1]\n", TOO_LONG]


@given(numbers=st.lists(st.tuples(st.booleans(), st.integers(min_value=1, max_value=60)), min_size=1, max_size=6))
def test_integers_read_the_same_however_long(numbers: list[tuple[bool, int]]) -> None:
    """Python's own integer reading is used only where no integer is too long: the values (an Unreadable for one
    past 40 characters) are those the reader with its own integer hook gives."""
    from trainer import jsonin

    text = "[" + ", ".join(("-" if negative else "") + "7" * digits for negative, digits in numbers) + "]"
    assert repr(jsonin.loads(text)) == repr(jsonin._DECODER.decode(text))
