"""What the settings file reader says, in Spanish: the same notes, each in the language spoken."""

from __future__ import annotations

from pathlib import Path

from trainer.i18n.translation import speaking
from trainer.settings.file import SettingsStore
from trainer.settings.record import from_json


def test_the_notes_on_a_settings_file_are_in_spanish() -> None:
    with speaking("es"):
        _settings, notes = from_json({"colour": "red", "muted": "yes", "banking": "player-dealer", "seats": 7})
    assert notes[0] == "clave desconocida 'colour' ignorada"
    assert notes[1] == "'muted' vuelve a no: 'yes' no es verdadero ni falso"
    assert notes[2] == "'seats' vuelve a 6: una mesa con jugador-crupier tiene 6 u 8 posiciones, no 7"


def test_a_file_that_is_no_settings_file_is_set_aside_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with speaking("es"):
        _settings, message = SettingsStore(path).load()
    assert message is not None
    assert message.startswith(f"El archivo de configuración {path} no es un archivo de configuración (")
    assert message.endswith("y se usan los valores por omisión.")
    assert not path.exists() and len(list(tmp_path.glob("settings.json.bad-*"))) == 1
