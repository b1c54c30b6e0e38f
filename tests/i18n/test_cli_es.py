"""The command line in Spanish: ``--lang es``, the language chosen in Settings, argparse's own words; the
``settle`` and ``grade`` JSON stay English (a contract)."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from trainer.cli import build_parser, main
from trainer.i18n.catalogue import marked_texts
from trainer.i18n.translation import current_language, speaking

HAND = {
    "table": {"banking": "house", "trips_paytable": "UTH-01"},
    "dealer": ["Kh", "7d"], "board": ["2c", "9d", "Ts", "Jh", "3s"],
    "seats": [{"seat": 1, "hole": ["Ah", "Qd"], "ante": 10, "blind": 10, "play": 40, "trips": 5}],
}


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    try:
        code = main(argv)
    except SystemExit as exit_:  # --help and argparse's errors end the parse
        code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def command_line_texts() -> set[str]:
    """The English texts the command line's own modules mark, longer than a word or two."""
    return {message.id for message in marked_texts() if isinstance(message.id, str) and len(message.id) > 14
            and any(path.startswith("trainer/cli/") for path, _line in message.locations)}


def every_help(parser_words: str) -> list[str]:
    """``--help`` of the command, of each command and of each action, as the parser prints it."""
    parser = build_parser()
    pages = [parser.format_help()]
    for action in parser._subparsers._group_actions if parser._subparsers else ():  # argparse keeps them there
        for command in getattr(action, "choices", {}).values():
            pages.append(command.format_help())
            for sub in command._subparsers._group_actions if command._subparsers else ():
                pages += [each.format_help() for each in getattr(sub, "choices", {}).values()]
    return pages


@pytest.mark.parametrize("argv", [["--lang", "es", "--help"], ["--lang=es", "--help"]])
def test_help_is_in_spanish_with_lang_es(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _err = run(argv, monkeypatch)
    assert code == 0
    assert out.startswith("uso: uth-trainer")
    assert "argumentos posicionales:" in out and "opciones:" in out
    assert "Sin comando, abre la mesa." in out
    assert "muestra esta ayuda y termina" in out
    assert "dónde se guardan sus archivos" in out


def test_no_english_text_of_the_command_line_is_left_in_any_spanish_help() -> None:
    english = command_line_texts()
    assert len(english) > 40
    with speaking("es"):
        pages = every_help("es")
    assert len(pages) > 10
    joined = re.sub(r"\s+", " ", "\n".join(pages))
    left = sorted(text for text in english if re.sub(r"\s+", " ", text) in joined)
    assert not left, left


def test_argparse_errors_are_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _out, err = run(["--lang", "es", "profile", "bogus"], monkeypatch)
    assert code == 2
    assert "error: argumento ACTION: opción no válida: 'bogus' (elija entre" in err


def test_a_plural_is_the_right_form(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _err = run(["--lang", "es", "--data-dir", str(tmp_path), "profile", "add", "Ana"], monkeypatch)
    assert (code, out.strip()) == (0, "Añadido Ana")
    code, out, _err = run(["--lang", "es", "--data-dir", str(tmp_path), "profile", "list"], monkeypatch)
    assert (code, out.strip()) == (0, "Ana  0 ítems")
    code, out, _err = run(["--lang", "es", "--data-dir", str(tmp_path), "profile", "show", "Ana"], monkeypatch)
    assert out.splitlines()[:2] == ["Ana: 0 ítems", "Dominio:"]


def test_settle_json_stays_english_when_spanish_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    english = run(["settle"], monkeypatch, json.dumps(HAND))
    spanish = run(["--lang", "es", "settle"], monkeypatch, json.dumps(HAND))
    assert english[0] == spanish[0] == 0
    assert spanish[1] == english[1]
    assert json.loads(spanish[1])["dealer"]["hand"] == "high card"


def test_a_bad_line_of_settle_jsonl_is_answered_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    english = run(["settle", "--jsonl"], monkeypatch, "{}\n")
    spanish = run(["--lang", "es", "settle", "--jsonl"], monkeypatch, "{}\n")
    assert spanish[1] == english[1] and '"error"' in spanish[1]


def test_the_language_chosen_in_settings_is_spoken_without_lang(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "uth-dealer-trainer"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"language": "es"}), encoding="utf-8")
    code, out, _err = run(["--help"], monkeypatch)
    assert code == 0 and out.startswith("uso: ") and current_language() == "es"
    code, out, _err = run(["--lang", "en", "--help"], monkeypatch)
    assert code == 0 and out.startswith("usage: ")


def test_without_a_choice_the_system_language_is_spoken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    # LANG, not LANGUAGE: the C library reads LANGUAGE too and keeps the messages it translated by it for the rest
    # of the process (an operating system error said in Spanish in a later test)
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    code, out, _err = run(["--help"], monkeypatch)
    assert code == 0 and out.startswith("uso: ")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _err = run(["--help"], monkeypatch)
    assert code == 0 and out.startswith("usage: ")


def test_a_language_the_trainer_does_not_speak_is_refused_by_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _out, err = run(["--lang", "fr", "--help"], monkeypatch)
    assert code == 2 and "--lang" in err and "'fr'" in err
