"""What the progress store says, in Spanish: levels, refusals of a path, profile errors, import results."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from trainer.i18n.translation import speaking
from trainer.store.db import StoreError
from trainer.store.instructor import Exam
from trainer.store.safepath import WriteError, writable_target
from trainer.store.skills import Level
from trainer.store.store import Store


def test_levels_are_shown_in_spanish_and_kept_in_english() -> None:
    with speaking("es"):
        assert [level.shown for level in Level] == ["nuevo", "aprendiendo", "practicado", "listo para la mesa"]
    assert Level.TABLE_READY.value == "table-ready" and Level.TABLE_READY.shown == "table-ready"


def test_a_folder_named_as_the_file_to_write_is_refused_in_spanish(tmp_path: Path) -> None:
    with speaking("es"), pytest.raises(WriteError) as refused:
        writable_target(tmp_path)
    assert str(refused.value) == f"{tmp_path} es una carpeta, no un archivo: se deja como está; indique un archivo"


def test_a_fifo_is_named_in_spanish(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with speaking("es"), pytest.raises(WriteError, match="es un FIFO \\(tubería con nombre\\), no un archivo"):
        writable_target(fifo)


def test_profile_errors_are_in_spanish(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    try:
        store.add_profile("Ana")
        with speaking("es"):
            with pytest.raises(StoreError, match=r"^ya existe un perfil llamado 'Ana'$"):
                store.add_profile("Ana")
            with pytest.raises(StoreError, match=r"^no hay ningún perfil llamado 'Bo' \(perfiles: Ana\)$"):
                store.profile("Bo")
            with pytest.raises(StoreError, match=r"^un perfil necesita un nombre$"):
                store.add_profile("   ")
    finally:
        store.close()


def test_an_exam_definition_is_refused_in_spanish() -> None:
    exam = Exam("", "no-such-drill", hands=0, pass_mark=0, time_limit_minutes=0)
    with speaking("es"):
        problems = exam.problems()
    assert problems[0] == "un examen necesita un nombre"
    assert "no hay ningún ejercicio llamado 'no-such-drill'" in problems[1]
    assert "el número de manos debe ser de 1 a 500" in problems
