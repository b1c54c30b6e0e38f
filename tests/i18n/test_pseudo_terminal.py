"""The terminal in the pseudo-language: every drill of ``quiz`` (its brief, hand, questions, feedback to a wrong
and a right-looking answer, the help, the score) and every command's ``--help`` show no word that escaped the
catalogue (:mod:`tests.gui.pseudo_support` reads the words as it does on the screens)."""

from __future__ import annotations

import re

import pytest

from tests.gui.pseudo_support import escaped
from tests.i18n.test_cli_es import every_help, run
from trainer.drills.base import all_drills
from trainer.i18n.pseudo import PSEUDO
from trainer.i18n.translation import speaking

ANSWERS = "take\npay 20\n?\nsiguiente\nfee 4\n3\nn\n52\n"
"""Answers of every kind, right or wrong: each drill says something back to some of them."""
def shown(text: str) -> str:
    """``text`` without what the trainee typed (said back in quotes)."""
    for typed in ANSWERS.split():
        text = text.replace(f"'{typed}'", "").replace(f"'{typed} ", "'")
    for line in ANSWERS.splitlines():
        text = text.replace(f"'{line}'", "")
    return text


@pytest.mark.parametrize("drill", list(all_drills()))
def test_every_drill_in_the_terminal(drill: str, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["--lang", PSEUDO, "quiz", "--topic", drill, "--count", "1", "--seed", "4"], monkeypatch,
                         ANSWERS)
    assert code in (0, 1), err
    assert out.count("\n") > 3
    assert not (found := escaped([("out", shown(out)), ("err", shown(err))])), "\n".join(found)


def test_every_help_page(monkeypatch: pytest.MonkeyPatch) -> None:
    with speaking(PSEUDO):
        pages = every_help("")
    assert len(pages) > 5
    assert not (found := escaped([("help", syntax_left_out(page)) for page in pages])), "\n".join(found)


def syntax_left_out(page: str) -> str:
    """A help page without what is typed as it is: the usage paragraph, the commands' names, ``{choices}``, the
    options' metavariables (``NAME``, ``FILE``), a URL's form, the JSON's keys (a contract in English) and the
    languages' codes."""
    page = page.split("\n\n", 1)[1] if "\n\n" in page else ""
    page = re.sub(r"\S+://\S+|\"[a-z_]+\"|\((?:[a-z]{2,3}, )+[a-z]{2,3};", " ", page)  # a URL, JSON keys, languages
    page = re.sub(r"\{[^{}]*\}", " ", page)
    page = re.sub(r"\b[A-Z][A-Z_]+\b", " ", page)
    return re.sub(r"(?m)^ {2,4}[a-z][a-z-]*(?= |$)", " ", page)
