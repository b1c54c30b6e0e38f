"""``grade`` reads the same hands as ``settle``: every hostile hand of the settle corpus, given as a grade
request's ``hand``, is refused in one clean line naming the field under ``hand.``, exit 2, nothing on stdout."""

from __future__ import annotations

import pytest

from tests.test_fuzz_settle import CORPUS, assert_one_clean_line, case_text, run

GRADE_CASES = [pytest.param(case_text(case), case["field"], id=case["name"]) for case in CORPUS["cases"]]


@pytest.mark.parametrize(("text", "field"), GRADE_CASES)
def test_a_hostile_hand_in_a_grade_request_is_one_line_naming_the_field(
    monkeypatch: pytest.MonkeyPatch, text: str, field: str
) -> None:
    request = '{"hand": ' + text + ', "steps": []}'
    code, out, err = run(["grade"], request.encode("utf-8", "surrogatepass"), monkeypatch)
    assert (code, out) == (2, ""), err
    assert_one_clean_line(err)
    assert err.startswith("uth-trainer grade: "), err
    if field != "input":  # a hand that reads as JSON: its field, under the request's "hand"
        assert err.startswith(f"uth-trainer grade: hand.{field}"), err
