"""Every byte ``settle`` prints stays as it was: 3,000 varied hands (tests/settle_golden.py) against the digests
recorded in tests/data/settle_golden.txt, in one process and in two worker processes."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from tests.settle_golden import EXPECTED, ROOM_PAYTABLES, fingerprints, golden_hands, inputs_digest
from trainer.cli.settle_stream import settle_line
from trainer.engine.paytables import load_paytables


def expected() -> tuple[str, list[str]]:
    first, *digests = EXPECTED.read_text(encoding="utf-8").splitlines()
    return first.removeprefix("inputs "), digests


def test_the_hands_are_the_ones_the_digests_were_made_from() -> None:
    inputs, digests = expected()
    lines = golden_hands()
    assert inputs_digest(lines) == inputs
    assert len(digests) == len(lines)


def test_every_hand_settles_exactly_as_recorded() -> None:
    _inputs, digests = expected()
    lines = golden_hands()
    different = [index for index, (got, want) in enumerate(zip(fingerprints(lines), digests, strict=True))
                 if got != want]
    assert not different, f"{len(different)} hands settle differently, the first: {lines[different[0]]}"


def test_workers_print_the_same_bytes_as_one_process() -> None:
    lines = golden_hands()[:900]
    data = ("\n".join(lines) + "\n").encode()
    tables = load_paytables([ROOM_PAYTABLES])
    want = "".join(settle_line(line.encode() + b"\n", tables) + "\n" for line in lines).encode()
    command = [sys.executable, "-m", "trainer", "settle", "--jsonl", "--paytables", str(ROOM_PAYTABLES)]
    for workers in ("1", "2"):
        done = subprocess.run([*command, "--workers", workers], input=data, capture_output=True, timeout=300,
                              check=False)
        assert done.returncode == 0, done.stderr
        assert hashlib.sha256(done.stdout).hexdigest() == hashlib.sha256(want).hexdigest(), workers


def test_hands_settle_the_same_when_the_kept_plans_start_again_often(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.engine import settlement

    monkeypatch.setattr(settlement, "MOST_KEPT", 40)
    _inputs, digests = expected()
    lines = golden_hands()[:400]
    assert fingerprints(lines) == digests[:400]
