"""Nothing the settings file holds stops the app from starting: any bytes, any JSON, any value for any key gives
settings that are valid (the defaults where needed) and at most one short line for the user; the file is set aside
only when nothing in it can be used."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from trainer.settings import DEFAULTS, FIELD_NAMES, Settings, SettingsStore

ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10,
)
HOSTILE_TEXT = st.sampled_from([
    "1" + "0" * 400, "9" * 5000, "1e999999", "-1e400", "NaN", "Infinity", "[" * 5000, "{" * 50, '"\u202e"',
    '"\\u0000"', '"\\ud800"', "true", "null", "0.1", "7",
])


def _load(store: SettingsStore, data: bytes) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    for stale in store.path.parent.iterdir():
        stale.unlink()
    store.path.write_bytes(data)
    settings, message = store.load()
    assert isinstance(settings, Settings)
    Settings(**settings.as_dict())  # every field valid together
    if message is not None:
        assert "\n" not in message and message.isprintable(), message
        assert len(message) < 1000 + 80 * len(FIELD_NAMES)


def _store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(tmp_path / "config" / "settings.json")


@hypothesis_settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from([*FIELD_NAMES, "version", "unknown"]), value=ANY_JSON)
def test_any_value_for_any_key_starts_with_valid_settings(tmp_path: Path, key: str, value: Any) -> None:
    data = {**DEFAULTS.to_json(), key: value}
    _load(_store(tmp_path), json.dumps(data, allow_nan=True).encode())


@hypothesis_settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from([*FIELD_NAMES, "version"]), raw=HOSTILE_TEXT)
def test_hostile_numbers_and_nesting_for_any_key_start_with_valid_settings(
    tmp_path: Path, key: str, raw: str
) -> None:
    text = json.dumps(DEFAULTS.to_json())[:-1] + f', "{key}": {raw}}}'
    _load(_store(tmp_path), text.encode("utf-8", "surrogatepass"))


@hypothesis_settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_any_bytes_start_with_valid_settings(tmp_path: Path, data: bytes) -> None:
    _load(_store(tmp_path), data)


@hypothesis_settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=600), insert=st.text(max_size=10))
def test_a_settings_file_cut_or_spliced_anywhere_starts_with_valid_settings(
    tmp_path: Path, cut: int, insert: str
) -> None:
    text = json.dumps(DEFAULTS.to_json(), indent=2)
    _load(_store(tmp_path), (text[:cut] + insert + text[cut:]).encode("utf-8", "surrogatepass"))


CORPUS = json.loads((Path(__file__).parent / "data" / "fuzz_settings.json").read_text(encoding="utf-8"))


def test_every_corpus_file_starts_with_valid_settings_and_keeps_what_the_user_had(tmp_path: Path) -> None:
    for case in CORPUS["cases"]:
        data = bytes.fromhex(case["hex"]) if "hex" in case else "".join(
            text * times for text, times in case["parts"]).encode("utf-8", "surrogatepass")
        store = SettingsStore(tmp_path / case["name"] / "settings.json")
        _load(store, data)
        kept = [path.read_bytes() for path in store.path.parent.iterdir()]
        assert data in kept, f"{case['name']}: the file the user had is kept (in place or set aside)"
